// The moderation routes' shapes (the gateway's /api/moderation/*, tag `moderation`), as the staff console reads them.
import type { BanReason, ReportReason } from '@pencraft/rules';

export type ItemKind = 'article' | 'translation' | 'comment';
export type ItemState = 'initialReview' | 'underModeration' | 'approved' | 'rejected' | 'revisionRequested';
export type Decision = 'approve' | 'reject' | 'requestRevision';
export type AutoDecision = 'pending' | 'pass' | 'reject' | 'hold';
export type ReportState = 'open' | 'dismissed' | 'actioned';
export type AuditAction =
  | 'item.autoPass'
  | 'item.autoReject'
  | 'item.approve'
  | 'item.reject'
  | 'item.requestRevision'
  | 'report.dismiss'
  | 'report.removeComment'
  | 'ban.issue'
  | 'ban.lift';

export const ITEM_KINDS: readonly ItemKind[] = ['article', 'translation', 'comment'];
export const ITEM_STATES: readonly ItemState[] = [
  'underModeration',
  'initialReview',
  'approved',
  'rejected',
  'revisionRequested',
];
export const REPORT_STATES: readonly ReportState[] = ['open', 'dismissed', 'actioned'];
export const AUDIT_ACTIONS: readonly AuditAction[] = [
  'item.autoPass',
  'item.autoReject',
  'item.approve',
  'item.reject',
  'item.requestRevision',
  'report.dismiss',
  'report.removeComment',
  'ban.issue',
  'ban.lift',
];

export interface Paged<T> {
  items: T[];
  page: number;
  pageSize: number;
  hasMore: boolean;
}

export interface Actor {
  sub: string;
  username: string;
}

export interface Signal {
  code: string;
  weight: number;
  detail?: string;
}

export interface QueueItem {
  id: string;
  kind: ItemKind;
  subjectId: string;
  articleId: string;
  authorUid: string;
  authorUsername: string;
  title: string;
  excerpt: string;
  language: string;
  isEdit: boolean;
  state: ItemState;
  score: number;
  autoDecision: AutoDecision;
  signals: Signal[];
  decidedBy: Actor | null;
  note: string;
  submittedAt: string;
  decidedAt: string | null;
  updatedAt: string;
}

export interface Ban {
  id: string;
  uid: string;
  username: string;
  reason: BanReason;
  note: string;
  days: number | null;
  startsAt: string;
  endsAt: string | null;
  liftedAt: string | null;
  active: boolean;
  issuedBy: Actor;
  liftedBy: Actor | null;
}

export interface AuditEntry {
  id: string;
  actor: Actor;
  action: AuditAction;
  subjectKind: 'article' | 'translation' | 'comment' | 'report' | 'user';
  subjectId: string;
  itemId: string | null;
  note: string;
  at: string;
}

export interface AuthorHistory {
  articlesSubmitted: number;
  articlesApproved: number;
  articlesRejected: number;
  revisionsRequested: number;
  commentsSubmitted: number;
  commentsRejected: number;
  reportsAgainst: number;
  bans: number;
  activeBan: Ban | null;
}

export interface QueueItemDetail {
  item: QueueItem;
  content: { title: string; description: string; text: string };
  author: {
    uid: string;
    username: string;
    fullname: string;
    registeredAt: string | null;
    rating: number;
    confirmed: boolean;
    history: AuthorHistory;
  };
  decisions: AuditEntry[];
}

export interface Report {
  id: string;
  reporterUid: string;
  reason: ReportReason;
  note: string;
  createdAt: string;
}

export interface ReportGroup {
  id: string;
  commentId: string;
  articleId: string;
  authorUid: string;
  excerpt: string;
  state: ReportState;
  count: number;
  reasons: Partial<Record<ReportReason, number>>;
  reports: Report[];
  firstReportedAt: string;
  lastReportedAt: string;
  resolvedBy: Actor | null;
  resolvedAt: string | null;
}

export interface StaffMe {
  sub: string;
  username: string;
  roles: Array<'moderator' | 'admin'>;
}

export interface BanRequest {
  reason: BanReason;
  /** null = permanent. */
  days: number | null;
  note?: string;
}
