import type { Messages } from '@pencraft/i18n';
import type { ReaderMessages } from './en.js';

const az: Messages<ReaderMessages> = {
  nav: {
    home: 'Ana səhifə',
    search: 'Məqalələrdə axtar',
  },
  home: {
    heroTitle: 'Yaz, oxu və təcrübəni paylaş',
    heroText: 'Açıq təcrübə mübadiləsi üçün peşəkar mühit.',
    views: '150 000+ baxış',
    listTitle: 'Son məqalələr',
    empty: 'Hələ heç bir məqalə dərc olunmayıb.',
    emptyHint: 'İlk məqaləni siz yazın.',
    write: 'Məqalə yaz',
    error: 'Məqalələri yükləmək mümkün olmadı.',
  },
  card: {
    by: 'Müəllif: {{name}}',
    published: '{{date}} tarixində dərc olunub',
  },
  article: {
    notFound: 'Məqalə tapılmadı',
    notFoundText: 'O, silinmiş və ya hələ dərc olunmamış ola bilər.',
    error: 'Məqaləni yükləmək mümkün olmadı.',
    draft: 'Qaralama — yalnız siz görürsünüz',
    back: 'Ana səhifəyə qayıt',
    video: 'Video',
    code: 'Kod',
    image: 'Şəkil',
    link: 'Keçidi aç',
  },
  search: {
    title: 'Axtarış',
    label: 'Məqalələrdə axtar',
    placeholder: 'Nə axtarırsınız?',
    submit: 'Axtar',
    prompt: 'Məqalələrdə axtarmaq üçün bir neçə söz yazın.',
    results: '“{{query}}” üzrə nəticələr',
    empty: '“{{query}}” üzrə heç nə tapılmadı.',
    emptyHint: 'Başqa və ya daha az söz yoxlayın.',
    error: 'Axtarış alınmadı.',
    queryLength: 'Axtarış ən çox {{max}} simvol ola bilər.',
    queryChars: 'Axtarışda axtarıla bilməyən simvollar var.',
  },
};

export default az;
