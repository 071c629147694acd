import { oneOf } from '@pencraft/kit/schema';
import { REPORT_REASONS, type ReportReason } from '@pencraft/rules';
import { check, index, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { commentsSchema } from '../comments.schema.js';
import { comments } from '../comments/comment.table.js';

/** A user's report of a comment: one per user and comment; moderation triages them from comments.comment.reported. */
export const commentReports = commentsSchema.table(
  'comment_reports',
  {
    id: uuid('id').primaryKey(),
    commentId: uuid('comment_id')
      .notNull()
      .references(() => comments.id, { onDelete: 'cascade' }),
    reporterUid: uuid('reporter_uid').notNull(),
    reason: text('reason').$type<ReportReason>().notNull(),
    note: text('note').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('comment_reports_once').on(t.reporterUid, t.commentId),
    index('comment_reports_reporter_idx').on(t.reporterUid, t.createdAt),
    check('comment_reports_reason_known', oneOf('reason', REPORT_REASONS)),
  ],
);
