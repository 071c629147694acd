import { index, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { articlesSchema } from '../articles.schema.js';

/** The review timeline of an article (SPEC.md section 4): one row per state it entered, with the reviewer's note. */
export const articleReviews = articlesSchema.table(
  'article_reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    articleId: uuid('article_id').notNull(),
    status: text('status').notNull(),
    note: text('note').notNull().default(''),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('article_reviews_article_idx').on(t.articleId, t.at)],
);

/** Deletions of pending articles, counted per author over 24 hours (SPEC.md section 9: at most 3). */
export const articleDeletions = articlesSchema.table(
  'article_deletions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    authorId: uuid('author_id').notNull(),
    articleId: uuid('article_id').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('article_deletions_author_idx').on(t.authorId, t.at)],
);

export type ArticleReviewRow = typeof articleReviews.$inferSelect;
