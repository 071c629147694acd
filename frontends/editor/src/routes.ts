// What the editor adds to the site (exposed as `./routes`): its page, its navigation entry and its strings.
// The shell reads this at run time, so a new page or string here ships with the editor alone.
import type { RemoteManifest } from '@pencraft/ui';

const editor = {
  routes: [
    // One route for /write and /write/{draftId}: the new draft gets its address without re-creating the editor.
    { path: '/write/:draftId?', load: () => import('./pages/Write.js') },
    { path: '/drafts', load: () => import('./pages/Drafts.js') },
    // The desk (src/desk): review status, an article's statistics, co-author invitations.
    { path: '/me/review', load: () => import('./desk/pages/ReviewStatus.js') },
    { path: '/me/articles/:id/stats', load: () => import('./desk/pages/ArticleStats.js') },
    { path: '/me/invitations', load: () => import('./desk/pages/Invitations.js') },
  ],
  navigation: [
    { id: 'write', label: 'editor:nav.write', path: '/write', placement: 'header', order: 10, icon: 'pen' },
    { id: 'drafts', label: 'editor:nav.drafts', path: '/drafts', placement: 'userMenu', signedIn: true, order: 20 },
    { id: 'review', label: 'desk:nav.review', path: '/me/review', placement: 'userMenu', signedIn: true, order: 21 },
    {
      id: 'invitations',
      label: 'desk:nav.invitations',
      path: '/me/invitations',
      placement: 'userMenu',
      signedIn: true,
      order: 22,
    },
  ],
  namespaces: {
    editor: (language: string) => import(`./locales/${language}.ts`),
    desk: (language: string) => import(`./desk/locales/${language}.ts`),
  },
} satisfies RemoteManifest;

export default editor;
