import { index, primaryKey, smallint, timestamp, uuid } from 'drizzle-orm/pg-core';
import { articlesSchema } from '../articles.schema.js';
import { articles } from '../articles/article.table.js';

/** One vote per user and article: 1 up, -1 down. The counts live on article_engagement. */
export const articleVotes = articlesSchema.table(
  'article_votes',
  {
    articleId: uuid('article_id')
      .notNull()
      .references(() => articles.id, { onDelete: 'cascade' }),
    uid: uuid('uid').notNull(),
    value: smallint('value').notNull(),
    votedAt: timestamp('voted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.articleId, t.uid] }), index('article_votes_uid_idx').on(t.uid)],
);
