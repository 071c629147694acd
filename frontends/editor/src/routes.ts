// What the editor adds to the site (exposed as `./routes`): its page, its navigation entry and its strings.
// The shell reads this at run time, so a new page or string here ships with the editor alone.
import type { RemoteManifest } from '@pencraft/ui';

const editor = {
  routes: [{ path: '/write', load: () => import('./pages/Write.js') }],
  navigation: [{ id: 'write', label: 'editor:nav.write', path: '/write', placement: 'header', order: 10, icon: 'pen' }],
  namespaces: {
    editor: (language: string) => import(`./locales/${language}.ts`),
  },
} satisfies RemoteManifest;

export default editor;
