import { text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { commentsSchema } from '../comments.schema.js';

/** What comments last learned of an article from the articles service (title, authors), for events and lists. */
export const articleRefs = commentsSchema.table('article_refs', {
  articleId: uuid('article_id').primaryKey(),
  title: text('title').notNull(),
  authorUids: uuid('author_uids').array().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});
