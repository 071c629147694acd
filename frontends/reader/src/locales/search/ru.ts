import type { SearchCatalogue } from './en.js';

const ru: SearchCatalogue = {
  kinds: {
    label: 'Где искать',
    all: 'Везде',
    article: 'Статьи',
    user: 'Авторы',
    publication: 'Издания',
    photo: 'Фото',
  },
  filters: {
    label: 'Фильтры',
    sort: 'Порядок',
    relevance: 'Сначала самые подходящие',
    date: 'Сначала новые',
    category: 'Категория',
    anyCategory: 'Любая категория',
    language: 'Язык',
    anyLanguage: 'Любой язык',
    from: 'Опубликовано с',
    to: 'Опубликовано по',
    submit: 'Применить',
    reset: 'Сбросить фильтры',
    badRange: 'Дата окончания не может быть раньше даты начала.',
  },
  languages: {
    az: 'Азербайджанский',
    en: 'Английский',
    ru: 'Русский',
  },
  author: 'Автор',
  publication: 'Издание',
  photos: {
    title: 'Фото по запросу «{{query}}»',
    empty: 'По запросу «{{query}}» фото не найдено.',
    open: 'Открыть фото: {{caption}}',
    untitled: 'Фото из статьи «{{title}}»',
    from: 'Из статьи «{{title}}»',
  },
};

export default ru;
