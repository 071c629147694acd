import type { Catalogue } from './types.js';

const en = {
  appName: 'Pencraft',
  description: 'A professional environment for an open exchange of experience',
  loading: 'Loading…',
  dialog: {
    success: 'Operation completed successfully!',
    failure: 'The operation failed, please try again.',
    successTitle: 'Done',
    failureTitle: 'Something went wrong',
    close: 'Close',
  },
  errors: {
    network: 'The server could not be reached. Check your connection and try again.',
    remoteFailed: 'This part of the page could not be loaded.',
  },
  actions: {
    retry: 'Try again',
    cancel: 'Cancel',
    close: 'Close',
    loadMore: 'Load more',
  },
  empty: 'Nothing here yet',
  readingTime: '{{count}} min read',
  date: {
    // Month names and the order of a long date: browsers lack Azerbaijani date data, so the catalogue has it.
    months: 'January,February,March,April,May,June,July,August,September,October,November,December',
    long: '{{month}} {{day}}, {{year}}',
  },
  languages: {
    az: 'Azərbaycanca',
    en: 'English',
    ru: 'Русский',
  },
};

export type CommonMessages = typeof en;

export const common: Catalogue<CommonMessages> = {
  en,
  az: {
    appName: 'Pencraft',
    description: 'Açıq təcrübə mübadiləsi üçün peşəkar mühit',
    loading: 'Yüklənir…',
    dialog: {
      success: 'Əməliyyat uğurla tamamlandı!',
      failure: 'Əməliyyat uğursuz oldu, xahiş edirik yenidən cəhd edin.',
      successTitle: 'Hazırdır',
      failureTitle: 'Xəta baş verdi',
      close: 'Bağla',
    },
    errors: {
      network: 'Serverlə əlaqə qurulmadı. İnternet bağlantınızı yoxlayıb yenidən cəhd edin.',
      remoteFailed: 'Səhifənin bu hissəsini yükləmək mümkün olmadı.',
    },
    actions: {
      retry: 'Yenidən cəhd et',
      cancel: 'Ləğv et',
      close: 'Bağla',
      loadMore: 'Daha çox göstər',
    },
    empty: 'Hələ heç nə yoxdur',
    readingTime: '{{count}} dəq oxuma',
    date: {
      months: 'yanvar,fevral,mart,aprel,may,iyun,iyul,avqust,sentyabr,oktyabr,noyabr,dekabr',
      long: '{{day}} {{month}} {{year}}',
    },
    languages: {
      az: 'Azərbaycanca',
      en: 'English',
      ru: 'Русский',
    },
  },
  ru: {
    appName: 'Pencraft',
    description: 'Профессиональная среда для открытого обмена опытом',
    loading: 'Загрузка…',
    dialog: {
      success: 'Операция успешно выполнена!',
      failure: 'Операция не удалась, пожалуйста, попробуйте ещё раз.',
      successTitle: 'Готово',
      failureTitle: 'Что-то пошло не так',
      close: 'Закрыть',
    },
    errors: {
      network: 'Не удалось связаться с сервером. Проверьте подключение и попробуйте ещё раз.',
      remoteFailed: 'Не удалось загрузить эту часть страницы.',
    },
    actions: {
      retry: 'Повторить',
      cancel: 'Отмена',
      close: 'Закрыть',
      loadMore: 'Показать ещё',
    },
    empty: 'Здесь пока ничего нет',
    readingTime: '{{count}} мин чтения',
    date: {
      months: 'января,февраля,марта,апреля,мая,июня,июля,августа,сентября,октября,ноября,декабря',
      long: '{{day}} {{month}} {{year}} г.',
    },
    languages: {
      az: 'Azərbaycanca',
      en: 'English',
      ru: 'Русский',
    },
  },
};
