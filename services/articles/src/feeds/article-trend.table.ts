import { doublePrecision, index, integer, timestamp, uuid } from 'drizzle-orm/pg-core';
import { articlesSchema } from '../articles.schema.js';
import { articles } from '../articles/article.table.js';

/**
 * The trending score of each article with recent activity (rules: trendHeat): its heat, the logarithm of the
 * forward-decayed sum of its votes, comments and reads, raised in the transaction that counts each of them (a vote,
 * a comment's count, a flush of reads), so the trending list is one scan of the heat index, never a count.
 * last_at is its latest activity: the list takes only those of the window (TREND_WINDOW_DAYS).
 */
export const articleTrends = articlesSchema.table(
  'article_trends',
  {
    articleId: uuid('article_id')
      .primaryKey()
      .references(() => articles.id, { onDelete: 'cascade' }),
    heat: doublePrecision('heat').notNull(),
    votes: integer('votes').notNull().default(0),
    comments: integer('comments').notNull().default(0),
    reads: integer('reads').notNull().default(0),
    lastAt: timestamp('last_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('article_trends_heat_idx').on(t.heat.desc())],
);
