// What the reader adds to the site (exposed as `./routes`): its pages, its navigation entries and its strings.
// The shell reads this at run time, so a new page or string here ships with the reader alone.
import type { RemoteManifest } from '@pencraft/ui';

const reader = {
  routes: [
    { path: '/', load: () => import('./pages/Home.js') },
    // An article renders with the reader's strings only: the shell loads none of the others before it takes over.
    { path: '/a/:id', load: () => import('./pages/Article.js'), namespaces: ['reader'] },
    { path: '/preview/:token', load: () => import('./pages/Preview.js') },
    { path: '/c/:category', load: () => import('./pages/Category.js') },
    { path: '/top', load: () => import('./pages/Top.js') },
    // Writers ranked by rating or by points gained lately (strings: the standing namespace).
    { path: '/leaderboard', load: () => import('./pages/Leaderboard.js') },
    { path: '/collections/:id', load: () => import('./pages/Collection.js') },
    { path: '/search', load: () => import('./pages/Search.js') },
    // SPEC.md's personal page; the shell matches the "@" prefix (react-router matches whole segments only).
    { path: '/@:username', load: () => import('./pages/Profile.js') },
    // The feedback form (strings: the feedback namespace).
    { path: '/feedback', load: () => import('./feedback/FeedbackPage.js') },
    // Jobs publications post from their studio (strings: the jobs namespace).
    { path: '/jobs', load: () => import('./pages/Jobs.js') },
    { path: '/jobs/:id', load: () => import('./pages/Job.js') },
    // The site's documents, contact page and guides (src/site), one route per page so any other path is a 404.
    { path: '/docs', load: () => import('./site/DocumentsIndex.js') },
    { path: '/docs/agreement', load: () => import('./site/DocumentPage.js') },
    { path: '/docs/privacy', load: () => import('./site/DocumentPage.js') },
    { path: '/docs/payment', load: () => import('./site/DocumentPage.js') },
    { path: '/docs/gdpr', load: () => import('./site/DocumentPage.js') },
    { path: '/contactus', load: () => import('./site/ContactPage.js') },
    { path: '/guide/rules', load: () => import('./site/GuidePage.js') },
    { path: '/guide/rating', load: () => import('./site/GuidePage.js') },
    { path: '/guide/editor', load: () => import('./site/GuidePage.js') },
    { path: '/guide/bans', load: () => import('./site/GuidePage.js') },
  ],
  navigation: [
    { id: 'home', label: 'reader:nav.home', path: '/', placement: 'header', order: 0 },
    { id: 'search', label: 'reader:nav.search', path: '/search', placement: 'search', param: 'q' },
  ],
  namespaces: {
    reader: (language: string) => import(`./locales/${language}.ts`),
    home: (language: string) => import(`./locales/home/${language}.ts`),
    jobs: (language: string) => import(`./locales/jobs/${language}.ts`),
    feedback: (language: string) => import(`./locales/feedback/${language}.ts`),
    pages: (language: string) => import(`./locales/pages/${language}.ts`),
    search: (language: string) => import(`./locales/search/${language}.ts`),
    standing: (language: string) => import(`./locales/standing/${language}.ts`),
  },
} satisfies RemoteManifest;

export default reader;
