import type { Messages } from '@pencraft/i18n';
import type { StaffBadgesMessages } from './en.js';

const az: Messages<StaffBadgesMessages> = {
  title: 'Nişanlar',
  text: 'İstifadəçiyə beta-tester və ya xəta ovçusu nişanı verin. Nişan bir dəfə verilir: yenidən vermək heç nəyi dəyişmir. İstifadəçiyə bildiriş gedir.',
  username: 'İstifadəçi adı',
  badge: 'Nişan',
  submit: 'Nişanı ver',
  granted: '@{{username}} artıq {{badge}} nişanına sahibdir.',
  already: '@{{username}} bu nişana ({{badge}}) əvvəldən sahib idi.',
  errors: { username: 'İstifadəçi adını daxil edin.' },
  names: { 'beta-tester': 'Beta-tester', 'bug-hunter': 'Xəta ovçusu' },
};

export default az;
