// The studio's pages under /studio, in the order its navigation shows them. Each is a page of its own (its own
// chunk); `action` is the PUBLICATION_PERMISSIONS entry a role needs to see it (the gateway refuses the rest anyway).
import type { PublicationAction } from '@pencraft/rules';
import type { PageModule } from '@pencraft/ui';

export interface Section {
  /** The path segment under /studio ('' for the dashboard) and the key of its strings (`sections.<id>`). */
  id: string;
  path: string;
  action: PublicationAction;
  load: () => Promise<PageModule>;
}

export const SECTIONS: readonly Section[] = [
  { id: 'dashboard', path: '/studio', action: 'viewStudio', load: () => import('./pages/Dashboard.js') },
  { id: 'analytics', path: '/studio/analytics', action: 'viewStudio', load: () => import('./pages/Analytics.js') },
  { id: 'comments', path: '/studio/comments', action: 'viewStudio', load: () => import('./pages/Comments.js') },
  { id: 'members', path: '/studio/members', action: 'viewStudio', load: () => import('./pages/Members.js') },
  {
    id: 'subscribers',
    path: '/studio/subscribers',
    action: 'viewSubscribers',
    load: () => import('./pages/Subscribers.js'),
  },
  { id: 'articles', path: '/studio/articles', action: 'viewStudio', load: () => import('./pages/Articles.js') },
  { id: 'income', path: '/studio/income', action: 'viewIncome', load: () => import('./pages/Income.js') },
  { id: 'plans', path: '/studio/plans', action: 'managePlans', load: () => import('./pages/Plans.js') },
  { id: 'jobs', path: '/studio/jobs', action: 'manageJobs', load: () => import('./pages/Jobs.js') },
  { id: 'settings', path: '/studio/settings', action: 'editSettings', load: () => import('./pages/Settings.js') },
  { id: 'delete', path: '/studio/delete', action: 'delete', load: () => import('./pages/Deletion.js') },
];
