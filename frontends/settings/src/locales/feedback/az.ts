import type { SettingsFeedbackCatalogue } from './en.js';

const az: SettingsFeedbackCatalogue = {
  title: 'Rəylərim',
  text: 'Hesabınıza daxil olaraq göndərdiyiniz rəylər, ən yenisi əvvəldə, vəziyyəti və cavabımızla.',
  send: 'Rəy bildirin',
  empty: 'Hələ rəy göndərməmisiniz.',
  sent: 'Göndərilib',
  type: 'Növ',
  status: 'Vəziyyət',
  types: { enhancement: 'Təkmilləşdirmə', question: 'Sual', bug: 'Xəta' },
  statuses: { new: 'Yeni', answered: 'Cavablandırılıb', closed: 'Bağlanıb' },
  answer: 'Cavabımız',
  answeredAt: 'Cavab tarixi: {{date}}',
  pages: 'Rəylərinizin səhifələri',
  newer: 'Daha yeni',
  older: 'Daha köhnə',
  page: 'Səhifə {{page}}',
};

export default az;
