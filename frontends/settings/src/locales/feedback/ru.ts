import type { SettingsFeedbackCatalogue } from './en.js';

const ru: SettingsFeedbackCatalogue = {
  title: 'Мои отзывы',
  text: 'Отзывы, отправленные вами из аккаунта, сначала новые, с их статусом и нашим ответом.',
  send: 'Отправить отзыв',
  empty: 'Вы ещё не отправляли отзывов.',
  sent: 'Отправлен',
  type: 'Тип',
  status: 'Статус',
  types: { enhancement: 'Улучшение', question: 'Вопрос', bug: 'Ошибка' },
  statuses: { new: 'Новый', answered: 'Отвечен', closed: 'Закрыт' },
  answer: 'Наш ответ',
  answeredAt: 'Ответ от {{date}}',
  pages: 'Страницы ваших отзывов',
  newer: 'Новее',
  older: 'Старее',
  page: 'Страница {{page}}',
};

export default ru;
