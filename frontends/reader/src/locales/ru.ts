import type { Messages } from '@pencraft/i18n';
import type { ReaderMessages } from './en.js';

const ru: Messages<ReaderMessages> = {
  nav: {
    home: 'Главная',
    search: 'Поиск статей',
  },
  home: {
    heroTitle: 'Пишите, читайте и делитесь опытом',
    heroText: 'Профессиональная среда для открытого обмена опытом.',
    views: '150 000+ просмотров',
    listTitle: 'Новые статьи',
    empty: 'Пока не опубликовано ни одной статьи.',
    emptyHint: 'Напишите первую.',
    write: 'Написать статью',
    error: 'Не удалось загрузить статьи.',
  },
  card: {
    by: 'Автор: {{name}}',
    published: 'Опубликовано {{date}}',
  },
  article: {
    notFound: 'Статья не найдена',
    notFoundText: 'Возможно, она удалена или ещё не опубликована.',
    error: 'Не удалось загрузить статью.',
    draft: 'Черновик — его видите только вы',
    back: 'Вернуться на главную',
    video: 'Видео',
    code: 'Код',
    image: 'Изображение',
    link: 'Открыть ссылку',
  },
  search: {
    title: 'Поиск',
    label: 'Поиск статей',
    placeholder: 'Что вы ищете?',
    submit: 'Найти',
    prompt: 'Введите несколько слов, чтобы найти статьи.',
    results: 'Результаты по запросу «{{query}}»',
    empty: 'По запросу «{{query}}» ничего не найдено.',
    emptyHint: 'Попробуйте другие или меньше слов.',
    error: 'Поиск не удался.',
    queryLength: 'Поисковый запрос может быть не длиннее {{max}} символов.',
    queryChars: 'В запросе есть символы, по которым нельзя искать.',
  },
};

export default ru;
