// The settings strings in English, the reference: az and ru have exactly these keys (checked by the types and
// locales.spec.ts). Each language is its own chunk, loaded when the settings namespace is first needed.
const en = {
  nav: {
    settings: 'Settings',
    sections: 'Settings sections',
    back: '← All settings',
  },
  title: 'Settings',
  groups: {
    profile: 'Profile',
    account: 'Account',
    security: 'Security',
    preferences: 'Preferences',
    danger: 'Account deletion',
  },
  sections: {
    profile: { title: 'General', hint: 'Full name, headline, bio, birth date, country, gender and links' },
    pictures: { title: 'Profile picture and banner', hint: 'The images on your profile page' },
    username: { title: 'Username', hint: 'The name in the address of your profile' },
    email: { title: 'E-mail', hint: 'The address you sign in with and receive mail at' },
    password: { title: 'Password', hint: 'Change the password you sign in with' },
    phone: { title: 'Phone', hint: 'A verified phone number' },
    mfa: { title: 'Two-factor authentication', hint: 'A code from an authenticator app at sign-in' },
    sessions: { title: 'Sessions', hint: 'Where your account is signed in' },
    log: { title: 'Account activity', hint: 'Password, e-mail and confirmation events' },
    bans: { title: 'Bans', hint: 'Restrictions placed on your account' },
    notifications: { title: 'Notifications', hint: 'What you are notified about' },
    language: { title: 'Language', hint: 'The language of the interface and of our mails' },
    theme: { title: 'Theme', hint: 'Dark, light or as your device' },
    preferences: { title: 'Preferences', hint: 'Content preferences' },
    delete: { title: 'Delete account', hint: 'Delete your account and everything in it' },
  },
};

export type SettingsMessages = typeof en;
export default en;
