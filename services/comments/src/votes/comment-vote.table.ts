import { primaryKey, smallint, timestamp, uuid } from 'drizzle-orm/pg-core';
import { commentsSchema } from '../comments.schema.js';
import { comments } from '../comments/comment.table.js';

/** One vote per user and comment: 1 up, -1 down. The counts live on the comment. */
export const commentVotes = commentsSchema.table(
  'comment_votes',
  {
    commentId: uuid('comment_id')
      .notNull()
      .references(() => comments.id, { onDelete: 'cascade' }),
    uid: uuid('uid').notNull(),
    value: smallint('value').notNull(),
    votedAt: timestamp('voted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.uid, t.commentId] })],
);
