// The moderation routes' shapes: the generated API client's (the gateway's OpenAPI document, tag `moderation`),
// under the console's names, plus the choices the console offers.
import type { Schemas } from '@pencraft/ui';
import type { BanReason } from '@pencraft/rules';

export type QueueItem = Schemas['ModerationQueueItem'];
export type QueueItemDetail = Schemas['ModerationItemDetail'];
export type ReportGroup = Schemas['ModerationReportGroup'];
export type Ban = Schemas['ModerationBan'];
export type AuditEntry = Schemas['ModerationAuditEntry'];
export type StaffMe = Schemas['ModerationMe'];
export type Paged<T> = { items: T[]; page: number; pageSize: number; hasMore: boolean };

export type ItemKind = QueueItem['kind'];
export type ItemState = QueueItem['state'];
export type Decision = Schemas['ModerationDecision']['decision'];
export type ReportState = ReportGroup['state'];
export type AuditAction = AuditEntry['action'];

export interface BanRequest {
  reason: BanReason;
  /** null = permanent. */
  days: number | null;
  note?: string;
}

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
