import { describe, expect, it } from '@jest/globals';
import { ReportReason } from '@pencraft/contracts/common/v1/common';
import { AuditAction, AuditSubjectKind, ReportKind, ReportState } from '@pencraft/contracts/moderation/v1/moderation';
import { auditEntryOf, reportGroupOf } from './moderation.mappers.js';
import type { ReportRow } from './reports/report.table.js';

const AT = new Date('2026-11-27T12:00:00Z');

function report(id: string, reason: string): ReportRow {
  return {
    id,
    kind: 'article',
    commentId: 'a-1',
    articleId: 'a-1',
    authorUid: 'u-1',
    reporterUid: `r-${id}`,
    reason,
    note: '',
    excerpt: 'Title',
    state: 'open',
    resolvedBySub: null,
    resolvedByUsername: null,
    resolvedAt: null,
    createdAt: AT,
  };
}

describe('reportGroupOf', () => {
  it('answers the kind, the state and the reasons as the proto enums, a stored reason it does not know as unspecified', () => {
    const group = reportGroupOf([report('2', 'spam'), report('1', 'spam'), report('0', '')]);

    expect(group).toMatchObject({
      kind: ReportKind.REPORT_KIND_ARTICLE,
      state: ReportState.REPORT_STATE_OPEN,
      count: 3,
    });
    expect(group.reasons).toEqual([
      { reason: ReportReason.REPORT_REASON_SPAM, count: 2 },
      { reason: ReportReason.REPORT_REASON_UNSPECIFIED, count: 1 },
    ]);
    expect(group.reports.map((r) => r.reason)).toEqual([
      ReportReason.REPORT_REASON_SPAM,
      ReportReason.REPORT_REASON_SPAM,
      ReportReason.REPORT_REASON_UNSPECIFIED,
    ]);
  });
});

describe('auditEntryOf', () => {
  it('answers the action and the subject kind as the proto enums', () => {
    const entry = auditEntryOf({
      id: 'e-1',
      actorSub: 'system',
      actorUsername: 'auto-review',
      action: 'item.autoPass',
      subjectKind: 'article',
      subjectId: 'a-1',
      itemId: null,
      note: '',
      at: AT,
    });

    expect(entry).toMatchObject({
      action: AuditAction.AUDIT_ACTION_ITEM_AUTO_PASS,
      subjectKind: AuditSubjectKind.AUDIT_SUBJECT_KIND_ARTICLE,
      itemId: '',
    });
  });
});
