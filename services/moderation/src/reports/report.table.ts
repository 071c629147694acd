import { index, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { moderationSchema } from '../moderation.schema.js';

import type { ReportKind, ReportState } from '@pencraft/rules';

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
    reason: text('reason').notNull(),
    note: text('note').notNull().default(''),
    excerpt: text('excerpt').notNull().default(''),
    state: text('state').$type<ReportState>().notNull().default('open'),
    resolvedBySub: text('resolved_by_sub'),
    resolvedByUsername: text('resolved_by_username'),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('reports_comment_idx').on(t.commentId, t.state), index('reports_state_idx').on(t.state, t.createdAt)],
);

export type ReportRow = typeof reports.$inferSelect;
