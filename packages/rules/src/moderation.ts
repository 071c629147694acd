// The review queue's vocabulary, shared by the moderation service (its tables), the gateway (its schemas, hence the
// OpenAPI document) and the staff console (its filters): one list each, in the order the console offers them.

/** What a queue item reviews: `edit` is an edit of a published article (the published version stays live meanwhile). */
export const QUEUE_KINDS = ['article', 'translation', 'edit', 'comment'] as const;
export type QueueKind = (typeof QUEUE_KINDS)[number];

/**
 * Where an item stands: the automatic review runs in initialReview; what it passes on waits in underModeration for
 * staff; approved, rejected and revisionRequested are decided.
 */
export const QUEUE_STATES = ['underModeration', 'initialReview', 'approved', 'rejected', 'revisionRequested'] as const;
export type QueueState = (typeof QUEUE_STATES)[number];

/** The states a human may still decide. */
export const OPEN_QUEUE_STATES: readonly QueueState[] = ['initialReview', 'underModeration'];

export function isOpenQueueState(state: string): boolean {
  return (OPEN_QUEUE_STATES as readonly string[]).includes(state);
}

/**
 * What the automatic review made of an item: pending until it runs, then passed on to staff, rejected, or held for
 * staff (a signal it cannot judge alone).
 */
export const AUTO_DECISIONS = ['pending', 'pass', 'reject', 'hold'] as const;
export type AutoDecision = (typeof AUTO_DECISIONS)[number];

/** What a staff member decides on a queue item (a comment is approved or rejected, never sent back for revision). */
export const STAFF_DECISIONS = ['approve', 'reject', 'requestRevision'] as const;
export type StaffDecision = (typeof STAFF_DECISIONS)[number];

export function isStaffDecision(value: string): value is StaffDecision {
  return (STAFF_DECISIONS as readonly string[]).includes(value);
}

/** The longest note of a staff decision on a queue item (what the author reads when it is a rejection). */
export const DECISION_NOTE_MAX = 2000;

/** What readers report: a comment, or a published article. */
export const REPORT_KINDS = ['comment', 'article'] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];

/** A group of reports on one comment: waiting for triage, dismissed, or acted on (the comment removed). */
export const REPORT_STATES = ['open', 'dismissed', 'actioned'] as const;
export type ReportState = (typeof REPORT_STATES)[number];

/** What an audit entry acted on (a payout is the donations service's, moved by finance staff). */
export const AUDIT_SUBJECT_KINDS = ['article', 'translation', 'edit', 'comment', 'report', 'user', 'payout'] as const;
export type AuditSubjectKind = (typeof AUDIT_SUBJECT_KINDS)[number];

/** Every action the audit log records, automatic and human. */
export const AUDIT_ACTIONS = [
  'item.autoPass',
  'item.autoReject',
  'item.approve',
  'item.reject',
  'item.requestRevision',
  'report.dismiss',
  'report.removeComment',
  'ban.issue',
  'ban.lift',
  // Staff's moves of a payout (from the donations service's donations.payout.updated).
  'payout.markProcessing',
  'payout.markPaid',
  'payout.markFailed',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
