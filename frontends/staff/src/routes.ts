// What the staff console adds to the site (exposed as `./routes`): its pages under /staff and its strings. It adds
// no navigation entry: the console is for staff (moderators, finance), who open /staff themselves (the gateway refuses everyone
// else's calls whatever the page shows).
import type { RemoteManifest } from '@pencraft/ui';

const staff = {
  routes: [
    { path: '/staff', load: () => import('./pages/StaffHome.js') },
    { path: '/staff/queue', load: () => import('./pages/Queue.js') },
    { path: '/staff/items/:id', load: () => import('./pages/Item.js') },
    { path: '/staff/reports', load: () => import('./pages/Reports.js') },
    { path: '/staff/bans', load: () => import('./pages/Bans.js') },
    { path: '/staff/audit', load: () => import('./pages/Audit.js') },
    { path: '/staff/feedback', load: () => import('./pages/Feedback.js') },
    { path: '/staff/badges', load: () => import('./pages/Badges.js') },
    { path: '/staff/payouts', load: () => import('./pages/Payouts.js') },
    { path: '/staff/payouts/:id', load: () => import('./pages/Payout.js') },
    { path: '/staff/partners', load: () => import('./pages/Partners.js') },
    { path: '/staff/partners/:id', load: () => import('./pages/Partner.js') },
    { path: '/staff/partners/:id/webhooks', load: () => import('./pages/PartnerWebhooks.js') },
  ],
  navigation: [],
  namespaces: {
    staff: (language: string) => import(`./locales/${language}.ts`),
    staffFeedback: (language: string) => import(`./locales/feedback/${language}.ts`),
    staffBadges: (language: string) => import(`./locales/badges/${language}.ts`),
    staffPartners: (language: string) => import(`./locales/partners/${language}.ts`),
    staffWebhooks: (language: string) => import(`./locales/webhooks/${language}.ts`),
  },
} satisfies RemoteManifest;

export default staff;
