// The moderation routes' shapes: the generated API client's (the gateway's OpenAPI document, tag `moderation`),
// under the console's names, plus the choices the console offers.
import type { Schemas } from '@pencraft/ui';
import {
  AUDIT_ACTIONS,
  QUEUE_KINDS,
  QUEUE_STATES,
  REPORT_STATES as RULES_REPORT_STATES,
  type BanReason,
} from '@pencraft/rules';

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

// The choices the console offers: the lists the gateway's schemas are built from (packages/rules/src/moderation.ts).
export const ITEM_KINDS: readonly ItemKind[] = QUEUE_KINDS;
export const ITEM_STATES: readonly ItemState[] = QUEUE_STATES;
export const REPORT_STATES: readonly ReportState[] = RULES_REPORT_STATES;
export { AUDIT_ACTIONS };

// Payouts (the gateway's tag donations, staff routes): the queue's rows, one payout's detail and the moves.
export type StaffPayout = Schemas['StaffPayout'];
export type StaffPayoutDetail = Schemas['StaffPayoutDetail'];
export type PayoutAction = Schemas['StaffPayoutAction'];
export type PayoutState = StaffPayout['state'];
export type PayoutMove = Schemas['StaffPayoutStateBody'];
export { PAYOUT_STATES, PAYOUT_TRANSITIONS, PAYOUT_NOTE_MAX, PAYOUT_REFERENCE_MAX } from '@pencraft/rules';
