import {
  AUDIT_ACTIONS,
  AUDIT_SUBJECT_KINDS,
  AUTO_DECISIONS,
  BAN_DAYS_MAX,
  BAN_DAYS_MIN,
  BAN_NOTE_MAX,
  BAN_REASONS,
  DECISION_NOTE_MAX,
  QUEUE_KINDS,
  QUEUE_STATES,
  REPORT_KINDS,
  REPORT_REASONS,
  REPORT_STATES,
  STAFF_DECISIONS,
} from '@pencraft/rules';
import { z } from 'zod';
import { text } from '../http/text.js';

const Id = z.uuid().meta({ description: 'A UUID' });
const Iso = z.string().meta({ description: 'ISO 8601 time' });
const Page = z.coerce.number().int().min(1).max(10_000).optional().default(1);

export const IdParams = z.object({ id: Id });

export const QueueQuery = z.object({
  kind: z.enum(QUEUE_KINDS).optional(),
  state: z.enum(QUEUE_STATES).optional().default('underModeration'),
  page: Page,
});

export const ReportsQuery = z.object({
  state: z.enum(REPORT_STATES).optional().default('open'),
  page: Page,
});

export const BansQuery = z.object({
  active: z.enum(['true', 'false']).optional(),
  page: Page,
});

export const AuditQuery = z.object({
  action: z.enum(AUDIT_ACTIONS).optional(),
  page: Page,
});

export const DecisionBody = z
  .object({
    decision: z.enum(STAFF_DECISIONS),
    note: text({ max: DECISION_NOTE_MAX })
      .optional()
      .default('')
      .meta({ description: 'Required for reject and requestRevision: what the author reads' }),
  })
  .strict()
  .meta({ id: 'ModerationDecision' });

const BanReason = z.enum(BAN_REASONS);
const BanDays = z
  .number()
  .int()
  .min(BAN_DAYS_MIN)
  .max(BAN_DAYS_MAX)
  .nullable()
  .meta({ description: 'How many days (1, 2, 5, 30 are the usual presets), or null for a permanent ban' });

export const BanOrderBody = z
  .object({
    reason: BanReason,
    days: BanDays,
    note: text({ max: BAN_NOTE_MAX }).optional().default(''),
  })
  .strict()
  .meta({ id: 'ModerationBanOrder' });

export const IssueBanBody = z
  .object({
    uid: Id.optional(),
    username: z.string().min(1).max(64).optional(),
    reason: BanReason,
    days: BanDays,
    note: text({ max: BAN_NOTE_MAX }).optional().default(''),
  })
  .strict()
  .refine((body) => Boolean(body.uid || body.username), { message: 'uid or username is required', path: ['username'] })
  .meta({ id: 'ModerationIssueBan' });

export const LiftBanBody = z
  .object({ note: text({ max: BAN_NOTE_MAX }).optional().default('') })
  .strict()
  .optional()
  .default({ note: '' })
  .meta({ id: 'ModerationLiftBan' });

export const ResolveReportBody = z
  .object({
    action: z.enum(['dismiss', 'removeComment']),
    ban: BanOrderBody.optional().meta({ description: "Only with removeComment: also ban the comment's author" }),
  })
  .strict()
  .meta({ id: 'ModerationResolveReport' });

// Inline, not a component: a nullable $ref is not expressible in OpenAPI 3.0 (allOf with nullable allows no null).
const Actor = z.object({ sub: z.string(), username: z.string() }).meta({
  description: "A staff member; the automatic review is { sub: 'system', username: 'auto-review' }",
});

const Signal = z
  .object({ code: z.string(), weight: z.number().int(), detail: z.string().optional() })
  .meta({ id: 'ModerationSignal' });

export const QueueItemJson = z
  .object({
    id: Id,
    kind: z.enum(QUEUE_KINDS),
    subjectId: Id,
    articleId: Id,
    authorUid: Id,
    authorUsername: z.string(),
    title: z.string(),
    excerpt: z.string(),
    language: z.string(),
    isEdit: z.boolean(),
    state: z.enum(QUEUE_STATES),
    score: z.number().int(),
    autoDecision: z.enum(AUTO_DECISIONS),
    signals: z.array(Signal),
    decidedBy: Actor.nullable(),
    note: z.string(),
    submittedAt: Iso,
    decidedAt: Iso.nullable(),
    updatedAt: Iso,
  })
  .meta({ id: 'ModerationQueueItem' });

const pageOf = <T extends z.ZodType>(item: T, id: string) =>
  z
    .object({ items: z.array(item), page: z.number().int(), pageSize: z.number().int(), hasMore: z.boolean() })
    .meta({ id });

export const QueuePage = pageOf(QueueItemJson, 'ModerationQueuePage');

const BanShape = z.object({
  id: Id,
  uid: Id,
  username: z.string(),
  reason: z.string(),
  note: z.string(),
  days: z.number().int().nullable(),
  startsAt: Iso,
  endsAt: Iso.nullable(),
  liftedAt: Iso.nullable(),
  active: z.boolean(),
  issuedBy: Actor,
  liftedBy: Actor.nullable(),
});

export const BanJson = BanShape.meta({ id: 'ModerationBan' });

export const BansPage = pageOf(BanJson, 'ModerationBansPage');

export const AuditEntryJson = z
  .object({
    id: Id,
    actor: Actor,
    action: z.enum(AUDIT_ACTIONS),
    subjectKind: z.enum(AUDIT_SUBJECT_KINDS),
    subjectId: z.string(),
    itemId: Id.nullable(),
    note: z.string(),
    at: Iso,
  })
  .meta({ id: 'ModerationAuditEntry' });

export const AuditPage = pageOf(AuditEntryJson, 'ModerationAuditPage');

export const QueueItemDetail = z
  .object({
    item: QueueItemJson,
    content: z
      .object({ title: z.string(), description: z.string(), text: z.string() })
      .meta({ description: 'Plain text as submitted: render it as text, never as markup' }),
    live: z
      .object({ title: z.string(), description: z.string(), text: z.string() })
      .nullable()
      .meta({
        description:
          'For an edit of a published article: the published version it would replace (content is the proposed ' +
          'one), plain text; null for other kinds',
      }),
    author: z.object({
      uid: Id,
      username: z.string(),
      fullname: z.string(),
      registeredAt: Iso.nullable(),
      rating: z.number(),
      confirmed: z.boolean(),
      history: z.object({
        articlesSubmitted: z.number().int(),
        articlesApproved: z.number().int(),
        articlesRejected: z.number().int(),
        revisionsRequested: z.number().int(),
        commentsSubmitted: z.number().int(),
        commentsRejected: z.number().int(),
        reportsAgainst: z.number().int(),
        bans: z.number().int(),
        activeBan: BanShape.nullable(),
      }),
    }),
    decisions: z.array(AuditEntryJson),
  })
  .meta({ id: 'ModerationItemDetail' });

const ReportReason = z.enum(REPORT_REASONS);

export const ReportGroupJson = z
  .object({
    id: Id.meta({ description: 'The oldest report of the group: pass it to /resolve' }),
    kind: z.enum(REPORT_KINDS).meta({
      description: 'What was reported: a comment, or a published article (whose reports can only be dismissed)',
    }),
    commentId: Id.meta({ description: "The reported comment; for an article's reports, the article's id" }),
    articleId: Id,
    authorUid: Id,
    excerpt: z.string(),
    state: z.enum(REPORT_STATES),
    count: z.number().int(),
    reasons: z.record(z.string(), z.number().int()),
    reports: z.array(
      z.object({ id: Id, reporterUid: Id, reason: ReportReason.or(z.string()), note: z.string(), createdAt: Iso }),
    ),
    firstReportedAt: Iso,
    lastReportedAt: Iso,
    resolvedBy: Actor.nullable(),
    resolvedAt: Iso.nullable(),
  })
  .meta({ id: 'ModerationReportGroup' });

export const ReportsPage = pageOf(ReportGroupJson, 'ModerationReportsPage');

export const StaffMeJson = z
  .object({ sub: z.string(), username: z.string(), roles: z.array(z.enum(['moderator', 'admin'])) })
  .meta({ id: 'ModerationMe' });
