import type { Messages } from '@pencraft/i18n';
import type { StaffBadgesMessages } from './en.js';

const ru: Messages<StaffBadgesMessages> = {
  title: 'Значки',
  text: 'Выдайте пользователю значок бета-тестера или охотника за ошибками. Значок выдаётся один раз: повторная выдача ничего не меняет. Пользователь получит уведомление.',
  username: 'Имя пользователя',
  badge: 'Значок',
  submit: 'Выдать значок',
  granted: 'Теперь у @{{username}} есть значок «{{badge}}».',
  already: 'У @{{username}} уже был значок «{{badge}}».',
  errors: { username: 'Введите имя пользователя.' },
  names: { 'beta-tester': 'Бета-тестер', 'bug-hunter': 'Охотник за ошибками' },
};

export default ru;
