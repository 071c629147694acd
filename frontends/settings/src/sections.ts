// The settings screens, grouped as the index shows them. Each is a page of its own (its own chunk) under
// /settings/<id>; the index and the side navigation are drawn from this list.
import type { PageModule } from '@pencraft/ui';

export type SectionGroup = 'profile' | 'account' | 'support' | 'security' | 'preferences' | 'danger';

export interface Section {
  /** The path segment under /settings and the key of its strings (`sections.<id>`). */
  id: string;
  group: SectionGroup;
  load: () => Promise<PageModule>;
}

export const GROUPS: readonly SectionGroup[] = ['profile', 'account', 'support', 'security', 'preferences', 'danger'];

export const SECTIONS: readonly Section[] = [
  { id: 'profile', group: 'profile', load: () => import('./pages/Profile.js') },
  { id: 'pictures', group: 'profile', load: () => import('./pages/Pictures.js') },
  { id: 'username', group: 'profile', load: () => import('./pages/Username.js') },
  { id: 'publication', group: 'profile', load: () => import('./pages/Publication.js') },
  { id: 'email', group: 'account', load: () => import('./pages/Email.js') },
  { id: 'phone', group: 'account', load: () => import('./pages/Phone.js') },
  // The uploads log (SPEC.md section 7's logs img): the editor images of the user, where each is used, delete.
  { id: 'uploads', group: 'account', load: () => import('./pages/Uploads.js') },
  // The rating log (SPEC.md section 7's logs rts) and the feedback log (logs fdb; the form is the reader's /feedback).
  { id: 'rating', group: 'account', load: () => import('./pages/RatingLog.js') },
  { id: 'feedback', group: 'account', load: () => import('./pages/FeedbackLog.js') },
  // Reader support (SPEC.md section 2's support system): the account, payouts, cards, supporters, activity, mine.
  { id: 'support', group: 'support', load: () => import('./pages/Support.js') },
  { id: 'support-payouts', group: 'support', load: () => import('./pages/SupportPayouts.js') },
  { id: 'support-cards', group: 'support', load: () => import('./pages/SupportCards.js') },
  { id: 'support-supporters', group: 'support', load: () => import('./pages/SupportSupporters.js') },
  { id: 'support-activity', group: 'support', load: () => import('./pages/SupportActivity.js') },
  { id: 'support-sent', group: 'support', load: () => import('./pages/SupportSent.js') },
  { id: 'security', group: 'security', load: () => import('./pages/Security.js') },
  { id: 'password', group: 'security', load: () => import('./pages/Password.js') },
  { id: 'mfa', group: 'security', load: () => import('./pages/Mfa.js') },
  { id: 'sessions', group: 'security', load: () => import('./pages/Sessions.js') },
  { id: 'log', group: 'security', load: () => import('./pages/AccountLog.js') },
  // Personal access tokens (issue #18): the writer's own tools on the partner surface.
  { id: 'tokens', group: 'security', load: () => import('./pages/AccessTokens.js') },
  { id: 'bans', group: 'security', load: () => import('./pages/Bans.js') },
  { id: 'notifications', group: 'preferences', load: () => import('./pages/Notifications.js') },
  { id: 'language', group: 'preferences', load: () => import('./pages/Language.js') },
  { id: 'theme', group: 'preferences', load: () => import('./pages/Theme.js') },
  { id: 'delete', group: 'danger', load: () => import('./pages/Deletion.js') },
];
