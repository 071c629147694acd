import type { Messages } from '@pencraft/i18n';
import type { SettingsMessages } from './en.js';

const ru: Messages<SettingsMessages> = {
  nav: {
    settings: 'Настройки',
    sections: 'Разделы настроек',
    back: '← Все настройки',
  },
  title: 'Настройки',
  groups: {
    profile: 'Профиль',
    account: 'Аккаунт',
    security: 'Безопасность',
    preferences: 'Предпочтения',
    danger: 'Удаление аккаунта',
  },
  sections: {
    profile: { title: 'Общие', hint: 'Имя, заголовок, о себе, дата рождения, страна, пол и ссылки' },
    pictures: { title: 'Фото профиля и баннер', hint: 'Изображения на странице вашего профиля' },
    username: { title: 'Имя пользователя', hint: 'Имя в адресе вашего профиля' },
    email: { title: 'Эл. почта', hint: 'Адрес для входа и писем' },
    password: { title: 'Пароль', hint: 'Смените пароль для входа' },
    phone: { title: 'Телефон', hint: 'Подтверждённый номер телефона' },
    mfa: { title: 'Двухфакторная аутентификация', hint: 'Код из приложения-аутентификатора при входе' },
    sessions: { title: 'Сеансы', hint: 'Где выполнен вход в ваш аккаунт' },
    log: { title: 'Действия с аккаунтом', hint: 'События пароля, эл. почты и подтверждения' },
    bans: { title: 'Блокировки', hint: 'Ограничения, наложенные на ваш аккаунт' },
    notifications: { title: 'Уведомления', hint: 'О чём вы получаете уведомления' },
    language: { title: 'Язык', hint: 'Язык интерфейса и наших писем' },
    theme: { title: 'Тема', hint: 'Тёмная, светлая или как на устройстве' },
    preferences: { title: 'Предпочтения', hint: 'Предпочтения по содержимому' },
    delete: { title: 'Удалить аккаунт', hint: 'Удалите аккаунт и всё, что в нём есть' },
  },
};

export default ru;
