import { oneOf } from '@pencraft/kit/schema';
import { COMMENT_STATUSES, type CommentStatus } from '@pencraft/rules';
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { commentsSchema } from '../comments.schema.js';

/**
 * A comment on an article. `status` is moderation's word (underReview, published, rejected); `deleted` is its
 * author's (soft: a deleted comment with replies still holds its place in the thread). `rootId` is the top-level
 * comment of its thread (itself for a top-level one), so one query reads a page of threads.
 */
export const comments = commentsSchema.table(
  'comments',
  {
    id: uuid('id').primaryKey(),
    articleId: uuid('article_id').notNull(),
    authorUid: uuid('author_uid').notNull(),
    parentId: uuid('parent_id'),
    rootId: uuid('root_id').notNull(),
    /** 1 top level, 2 a reply, 3 a reply to a reply. */
    depth: smallint('depth').notNull(),
    /** The author of the comment this one answers (null for a top-level comment). */
    replyToUid: uuid('reply_to_uid'),
    content: text('content').notNull(),
    status: text('status').$type<CommentStatus>().notNull().default('underReview'),
    deleted: boolean('deleted').notNull().default(false),
    /** The text now waiting for moderation is an edit of a published comment (it stays published meanwhile). */
    pendingEdit: boolean('pending_edit').notNull().default(false),
    /** Once published, never announced as published again. */
    everPublished: boolean('ever_published').notNull().default(false),
    upVotes: integer('up_votes').notNull().default(0),
    downVotes: integer('down_votes').notNull().default(0),
    reviewNote: text('review_note').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    editedAt: timestamp('edited_at', { withTimezone: true }),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    // The thread's pages: top-level comments of an article.
    index('comments_article_top_idx')
      .on(t.articleId, t.createdAt.desc(), t.id.desc())
      .where(sql`depth = 1`),
    index('comments_root_idx').on(t.rootId, t.createdAt),
    index('comments_parent_idx').on(t.parentId),
    // A user's comments (profile tab) and the per-user limits.
    index('comments_author_idx').on(t.authorUid, t.createdAt.desc(), t.id.desc()),
    check('comments_status_known', oneOf('status', COMMENT_STATUSES)),
  ],
);

export type CommentRow = typeof comments.$inferSelect;
