import type { StaffFeedbackCatalogue } from './en.js';

const ru: StaffFeedbackCatalogue = {
  intro:
    'Отзывы пользователей и гостей, сначала новые. Ответ появляется в журнале отзывов пользователя и уходит отправителю письмом на его языке.',
  filters: 'Фильтр отзывов',
  type: 'Тип',
  status: 'Статус',
  allTypes: 'Все типы',
  allStatuses: 'Все статусы',
  types: { enhancement: 'Улучшение', question: 'Вопрос', bug: 'Ошибка' },
  statuses: { new: 'Новый', answered: 'Отвечен', closed: 'Закрыт' },
  items: 'Отзывы',
  empty: 'Здесь нет отзывов.',
  from: 'От {{username}}',
  visitor: 'От гостя',
  sent: 'Отправлен {{date}}',
  answerBy: 'Ответил(а) {{staff}}',
  answerLabel: 'Ответ',
  answerHint: 'До {{max}} символов; уходит отправителю письмом.',
  answerRequired: 'Сначала напишите ответ.',
  send: 'Отправить ответ',
  close: 'Закрыть',
  answered: 'Ответ на «{{title}}» отправлен.',
  closedDone: '«{{title}}» закрыт.',
};

export default ru;
