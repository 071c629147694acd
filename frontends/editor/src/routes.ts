// What the editor adds to the site (exposed as `./routes`): its page, its navigation entry and its strings.
// The shell reads this at run time, so a new page or string here ships with the editor alone.
import type { RemoteManifest } from '@pencraft/ui';

const editor = {
  routes: [
    // One route for /write and /write/{draftId}: the new draft gets its address without re-creating the editor.
    { path: '/write/:draftId?', load: () => import('./pages/Write.js') },
    { path: '/drafts', load: () => import('./pages/Drafts.js') },
  ],
  navigation: [
    { id: 'write', label: 'editor:nav.write', path: '/write', placement: 'header', order: 10, icon: 'pen' },
    { id: 'drafts', label: 'editor:nav.drafts', path: '/drafts', placement: 'userMenu', signedIn: true, order: 20 },
  ],
  namespaces: {
    editor: (language: string) => import(`./locales/${language}.ts`),
  },
} satisfies RemoteManifest;

export default editor;
