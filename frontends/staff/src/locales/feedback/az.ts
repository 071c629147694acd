import type { StaffFeedbackCatalogue } from './en.js';

const az: StaffFeedbackCatalogue = {
  intro:
    'İstifadəçilərin və qonaqların rəyləri, ən yenisi əvvəldə. Cavab istifadəçinin rəylər jurnalında görünür və göndərənə öz dilində e-poçtla gedir.',
  filters: 'Rəyləri süz',
  type: 'Növ',
  status: 'Vəziyyət',
  allTypes: 'Bütün növlər',
  allStatuses: 'Bütün vəziyyətlər',
  types: { enhancement: 'Təkmilləşdirmə', question: 'Sual', bug: 'Xəta' },
  statuses: { new: 'Yeni', answered: 'Cavablandırılıb', closed: 'Bağlanıb' },
  items: 'Rəylər',
  empty: 'Burada rəy yoxdur.',
  from: 'Göndərən: {{username}}',
  visitor: 'Göndərən: qonaq',
  sent: 'Göndərilib: {{date}}',
  answerBy: 'Cavab verən: {{staff}}',
  answerLabel: 'Cavab',
  answerHint: 'Ən çox {{max}} simvol; göndərənə e-poçtla gedir.',
  answerRequired: 'Əvvəlcə cavabı yazın.',
  send: 'Cavabı göndər',
  close: 'Bağla',
  answered: '«{{title}}» rəyinə cavab göndərildi.',
  closedDone: '«{{title}}» bağlandı.',
};

export default az;
