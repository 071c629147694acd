import { oneOf } from '@pencraft/kit/schema';
import { check, index, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { moderationSchema } from '../moderation.schema.js';

import { REPORT_KINDS, REPORT_REASONS, REPORT_STATES, type ReportKind, type ReportState } from '@pencraft/rules';

export type { ReportKind, ReportState } from '@pencraft/rules';

/**
 * A reader's report of a comment (comments.comment.reported) or of a published article (articles.article.reported),
 * triaged by staff per comment or article.
 */
export const reports = moderationSchema.table(
  'reports',
  {
    /** The comments (or articles) service's report id. */
    id: uuid('id').primaryKey(),
    kind: text('kind').$type<ReportKind>().notNull().default('comment'),
    /** The reported comment; for an article's report, the article (what the reports are grouped by). */
    commentId: uuid('comment_id').notNull(),
    articleId: uuid('article_id').notNull(),
    /** The reported comment's (or article's) author. */
    authorUid: uuid('author_uid').notNull(),
    reporterUid: uuid('reporter_uid').notNull(),
    /** Empty when the reporter's service sent a reason this build does not know. */
    reason: text('reason').notNull(),
    note: text('note').notNull().default(''),
    excerpt: text('excerpt').notNull().default(''),
    state: text('state').$type<ReportState>().notNull().default('open'),
    resolvedBySub: text('resolved_by_sub'),
    resolvedByUsername: text('resolved_by_username'),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('reports_comment_idx').on(t.commentId, t.state),
    index('reports_state_idx').on(t.state, t.createdAt),
    check('reports_kind_known', oneOf('kind', REPORT_KINDS)),
    check('reports_reason_known', oneOf('reason', ['', ...REPORT_REASONS])),
    check('reports_state_known', oneOf('state', REPORT_STATES)),
  ],
);

export type ReportRow = typeof reports.$inferSelect;
