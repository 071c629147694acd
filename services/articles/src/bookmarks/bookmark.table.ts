import { index, primaryKey, timestamp, uuid } from 'drizzle-orm/pg-core';
import { articlesSchema } from '../articles.schema.js';
import { articles } from '../articles/article.table.js';

/** A user's bookmarks: private, listed only to that user, the newest first. */
export const bookmarks = articlesSchema.table(
  'bookmarks',
  {
    uid: uuid('uid').notNull(),
    articleId: uuid('article_id')
      .notNull()
      .references(() => articles.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.uid, t.articleId] }),
    index('bookmarks_uid_created_idx').on(t.uid, t.createdAt.desc(), t.articleId.desc()),
    index('bookmarks_article_idx').on(t.articleId),
  ],
);
