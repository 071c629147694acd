import { Language, ReportReason } from '@pencraft/contracts/common/v1/common';
import { banReasons, languages, queueKinds, reportReasons } from '@pencraft/contracts/enums';
import {
  auditActions,
  auditSubjectKinds,
  autoDecisions,
  queueStates,
  reportKinds,
  reportStates,
} from '@pencraft/contracts/enums/moderation';
import { isLang, isReportReason } from '@pencraft/rules';
import type * as pb from '@pencraft/contracts/moderation/v1/moderation';
import type { AuditRow } from './audit/audit.table.js';
import type { BanRow } from './bans/ban.table.js';
import type { QueueItemRow } from './queue/queue-item.table.js';
import type { ReportRow } from './reports/report.table.js';

const ms = (at: Date | null | undefined) => at?.getTime() ?? 0;
/** A stored report reason (empty when the reporter's service sent one this build does not know). */
const reportReasonOf = (reason: string) =>
  isReportReason(reason) ? reportReasons.toProto(reason) : ReportReason.REPORT_REASON_UNSPECIFIED;
const staffOf = (sub: string | null, username: string | null): pb.Staff | undefined =>
  sub ? { sub, username: username ?? '' } : undefined;

export function queueItemOf(row: QueueItemRow): pb.QueueItem {
  return {
    id: row.id,
    kind: queueKinds.toProto(row.kind),
    subjectId: row.subjectId,
    articleId: row.articleId,
    authorUid: row.authorUid,
    authorUsername: row.authorUsername,
    title: row.title,
    excerpt: row.excerpt,
    language: isLang(row.language) ? languages.toProto(row.language) : Language.LANGUAGE_UNSPECIFIED,
    isEdit: row.isEdit,
    state: queueStates.toProto(row.state),
    score: row.score,
    autoDecision: autoDecisions.toProto(row.autoDecision),
    signals: row.signals.map((signal) => ({ code: signal.code, weight: signal.weight, detail: signal.detail ?? '' })),
    decidedBy: staffOf(row.decidedBySub, row.decidedByUsername),
    note: row.note,
    submittedAtMs: ms(row.submittedAt),
    decidedAtMs: ms(row.decidedAt),
    updatedAtMs: ms(row.updatedAt),
  };
}

export function auditEntryOf(row: AuditRow): pb.AuditEntry {
  return {
    id: row.id,
    actor: { sub: row.actorSub, username: row.actorUsername },
    action: auditActions.toProto(row.action),
    subjectKind: auditSubjectKinds.toProto(row.subjectKind),
    subjectId: row.subjectId,
    itemId: row.itemId ?? '',
    note: row.note,
    atMs: ms(row.at),
  };
}

export function banOf(row: BanRow, now: Date): pb.Ban {
  return {
    id: row.id,
    uid: row.uid,
    username: row.username,
    reason: banReasons.toProto(row.reason),
    note: row.note,
    days: row.days ?? 0,
    startsAtMs: ms(row.startsAt),
    endsAtMs: ms(row.endsAt),
    liftedAtMs: ms(row.liftedAt),
    active: !row.liftedAt && row.startsAt <= now && (!row.endsAt || row.endsAt > now),
    issuedBy: { sub: row.issuedBySub, username: row.issuedByUsername },
    liftedBy: staffOf(row.liftedBySub, row.liftedByUsername),
  };
}

/** One comment's (or article's) reports in one state (rows newest first). */
export function reportGroupOf(rows: ReportRow[]): pb.ReportGroup {
  const newest = rows[0]!;
  const oldest = rows[rows.length - 1]!;
  const reasons = new Map<string, number>();
  for (const row of rows) reasons.set(row.reason, (reasons.get(row.reason) ?? 0) + 1);
  return {
    id: oldest.id,
    commentId: newest.commentId,
    articleId: newest.articleId,
    authorUid: newest.authorUid,
    excerpt: newest.excerpt,
    state: reportStates.toProto(newest.state),
    count: rows.length,
    reasons: [...reasons].map(([reason, count]) => ({ reason: reportReasonOf(reason), count })),
    reports: rows.slice(0, 20).map((row) => ({
      id: row.id,
      reporterUid: row.reporterUid,
      reason: reportReasonOf(row.reason),
      note: row.note,
      createdAtMs: ms(row.createdAt),
    })),
    firstReportedAtMs: ms(oldest.createdAt),
    lastReportedAtMs: ms(newest.createdAt),
    resolvedBy: staffOf(newest.resolvedBySub, newest.resolvedByUsername),
    resolvedAtMs: ms(newest.resolvedAt),
    kind: reportKinds.toProto(newest.kind),
  };
}
