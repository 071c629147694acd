// What the settings remote adds to the site (exposed as `./routes`): its pages, its user-menu entry and its
// strings. The shell reads this at run time, so a new settings screen ships with this remote alone.
import type { RemoteManifest } from '@pencraft/ui';
import { SECTIONS } from './sections.js';

const settings = {
  routes: [
    { path: '/settings', load: () => import('./pages/SettingsIndex.js') },
    ...SECTIONS.map((section) => ({ path: `/settings/${section.id}`, load: section.load })),
  ],
  navigation: [
    {
      id: 'settings',
      label: 'settings:nav.settings',
      path: '/settings',
      placement: 'userMenu',
      signedIn: true,
      order: 50,
    },
  ],
  namespaces: {
    settings: (language: string) => import(`./locales/${language}.ts`),
    settingsFeedback: (language: string) => import(`./locales/feedback/${language}.ts`),
    settingsRating: (language: string) => import(`./locales/rating/${language}.ts`),
    settingsTokens: (language: string) => import(`./locales/tokens/${language}.ts`),
    uploads: (language: string) => import(`./uploads/locales/${language}.ts`),
  },
} satisfies RemoteManifest;

export default settings;
