import type { Messages } from '@pencraft/i18n';
import type { RatingMessages } from './en.js';

const ru: Messages<RatingMessages> = {
  title: 'Журнал рейтинга',
  text: 'Что изменило ваш рейтинг, на сколько и когда. Ваш рейтинг — сумма этих очков.',
  rating: 'Ваш рейтинг',
  tier: 'Уровень',
  guide: 'Как устроен рейтинг',
  empty: 'Ваш рейтинг пока не менялся.',
  points: 'Очки',
  when: 'Когда',
  pages: 'Страницы журнала рейтинга',
  newer: 'Новее',
  older: 'Старее',
  page: 'Страница {{page}}',
  tiers: {
    bad: 'Ниже нуля',
    guest: 'Гость',
    amateur: 'Любитель',
    pro: 'Профи',
    leader: 'Лидер',
  },
  kinds: {
    articleUpvote: 'Голос «за» вашей статье (или его отмена)',
    articleDownvote: 'Голос «против» вашей статьи (или его отмена)',
    commentUpvote: 'Голос «за» вашему комментарию (или его отмена)',
    commentDownvote: 'Голос «против» вашего комментария (или его отмена)',
    commentPublished: 'Ваш комментарий опубликован',
    articleReads: 'Ваши статьи прочитали',
    articleApproved: 'Ваша статья одобрена',
    articleRejected: 'Ваша статья отклонена',
    commentRemoved: 'Ваш комментарий удалён после жалобы',
    banned: 'Ваш аккаунт заблокирован',
  },
};

export default ru;
