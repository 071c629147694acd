import type { Messages } from '@pencraft/i18n';
import type { RatingMessages } from './en.js';

const az: Messages<RatingMessages> = {
  title: 'Reytinq jurnalı',
  text: 'Reytinqinizi nə, nə qədər və nə vaxt dəyişib. Reytinqiniz bu xalların cəmidir.',
  rating: 'Reytinqiniz',
  tier: 'Səviyyə',
  guide: 'Reytinq necə işləyir',
  empty: 'Reytinqiniz hələ dəyişməyib.',
  points: 'Xal',
  when: 'Vaxt',
  pages: 'Reytinq jurnalının səhifələri',
  newer: 'Daha yeni',
  older: 'Daha köhnə',
  page: 'Səhifə {{page}}',
  tiers: {
    bad: 'Sıfırdan aşağı',
    guest: 'Qonaq',
    amateur: 'Həvəskar',
    pro: 'Peşəkar',
    leader: 'Lider',
  },
  kinds: {
    articleUpvote: 'Məqalənizə müsbət səs (və ya geri götürülməsi)',
    articleDownvote: 'Məqalənizə mənfi səs (və ya geri götürülməsi)',
    commentUpvote: 'Şərhinizə müsbət səs (və ya geri götürülməsi)',
    commentDownvote: 'Şərhinizə mənfi səs (və ya geri götürülməsi)',
    commentPublished: 'Şərhiniz dərc olundu',
    articleReads: 'Məqalələriniz oxundu',
    articleApproved: 'Məqaləniz təsdiqləndi',
    articleRejected: 'Məqaləniz rədd edildi',
    commentRemoved: 'Şərhiniz şikayətdən sonra silindi',
    banned: 'Hesabınız bloklandı',
  },
};

export default az;
