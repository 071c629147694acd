// The codecs of the moderation service's contract (queues, reports, audit entries, automatic decisions). A module of
// their own, so that a service loads the generated code of the contracts it uses, not every one's (issue #19, memory).
import {
  AUDIT_ACTIONS,
  AUDIT_SUBJECT_KINDS,
  AUTO_DECISIONS,
  QUEUE_STATES,
  REPORT_KINDS,
  REPORT_STATES,
} from '@pencraft/rules';
import { protoEnum } from '../enums.js';
import {
  AuditAction,
  AuditSubjectKind,
  AutoDecision,
  QueueState,
  ReportKind,
  ReportState,
} from '../gen/moderation/v1/moderation.js';

export const queueStates = protoEnum<QueueState, (typeof QUEUE_STATES)[number]>('QueueState', QueueState, QUEUE_STATES);
export const reportKinds = protoEnum<ReportKind, (typeof REPORT_KINDS)[number]>('ReportKind', ReportKind, REPORT_KINDS);
export const reportStates = protoEnum<ReportState, (typeof REPORT_STATES)[number]>(
  'ReportState',
  ReportState,
  REPORT_STATES,
);
export const auditSubjectKinds = protoEnum<AuditSubjectKind, (typeof AUDIT_SUBJECT_KINDS)[number]>(
  'AuditSubjectKind',
  AuditSubjectKind,
  AUDIT_SUBJECT_KINDS,
);
export const autoDecisions = protoEnum<AutoDecision, (typeof AUTO_DECISIONS)[number]>(
  'AutoDecision',
  AutoDecision,
  AUTO_DECISIONS,
);
export const auditActions = protoEnum<AuditAction, (typeof AUDIT_ACTIONS)[number]>(
  'AuditAction',
  AuditAction,
  AUDIT_ACTIONS,
);
