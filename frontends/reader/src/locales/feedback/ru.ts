import { FEEDBACK_MESSAGES } from '@pencraft/rules';
import type { FeedbackCatalogue } from './en.js';

const ru: FeedbackCatalogue = {
  title: 'Отправить отзыв',
  intro:
    'Предложите улучшение, задайте вопрос или сообщите об ошибке. Мы читаем каждое сообщение и отвечаем в рабочие дни.',
  answerToUser: 'Ответ появится в журнале ваших отзывов и придёт на почту.',
  answerToVisitor: 'Мы ответим на указанный адрес электронной почты.',
  log: 'Мои отзывы',
  subject: 'Тема',
  type: 'Тип',
  typePlaceholder: 'Выберите тип',
  types: { enhancement: 'Улучшение', question: 'Вопрос', bug: 'Ошибка' },
  description: 'Описание',
  descriptionHint: 'От {{min}} до {{max}} символов.',
  counter: '{{length}} из {{max}} символов',
  email: 'Ваш адрес электронной почты',
  submit: 'Отправить',
  captcha: 'Сначала пройдите проверку безопасности.',
  sent: 'Спасибо! Ваш отзыв отправлен.',
  sentToUser: 'Ответ появится в журнале ваших отзывов.',
  sentToVisitor: 'Мы ответим на ваш адрес электронной почты.',
  another: 'Отправить ещё отзыв',
  errors: FEEDBACK_MESSAGES.ru,
};

export default ru;
