import type { SearchCatalogue } from './en.js';

const az: SearchCatalogue = {
  kinds: {
    label: 'Nədə axtarılsın',
    all: 'Hər şey',
    article: 'Məqalələr',
    user: 'Müəlliflər',
    publication: 'Nəşrlər',
    photo: 'Şəkillər',
  },
  filters: {
    label: 'Filtrlər',
    sort: 'Sıralama',
    relevance: 'Ən uyğun əvvəl',
    date: 'Ən yeni əvvəl',
    category: 'Kateqoriya',
    anyCategory: 'İstənilən kateqoriya',
    language: 'Dil',
    anyLanguage: 'İstənilən dil',
    from: 'Dərc tarixindən',
    to: 'Dərc tarixinədək',
    submit: 'Tətbiq et',
    reset: 'Filtrləri sıfırla',
    badRange: 'Son tarix başlanğıc tarixindən əvvəl ola bilməz.',
  },
  languages: {
    az: 'Azərbaycan dili',
    en: 'İngilis dili',
    ru: 'Rus dili',
  },
  author: 'Müəllif',
  publication: 'Nəşr',
  photos: {
    title: '“{{query}}” üçün şəkillər',
    empty: '“{{query}}” üçün şəkil tapılmadı.',
    open: 'Şəkli aç: {{caption}}',
    untitled: '“{{title}}” məqaləsindən şəkil',
    from: '“{{title}}” məqaləsindən',
  },
};

export default az;
