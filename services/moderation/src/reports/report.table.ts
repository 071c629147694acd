import { index, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { moderationSchema } from '../moderation.schema.js';

import type { ReportState } from '@pencraft/rules';

export type { ReportState } from '@pencraft/rules';

/** A reader's report of a comment (comments.comment.reported), triaged by staff per comment. */
export const reports = moderationSchema.table(
  'reports',
  {
    /** The comments service's report id. */
    id: uuid('id').primaryKey(),
    commentId: uuid('comment_id').notNull(),
    articleId: uuid('article_id').notNull(),
    /** The reported comment's author. */
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
