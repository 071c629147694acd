import { bigint, date, integer, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { articlesSchema } from '../articles.schema.js';
import { articles } from '../articles/article.table.js';

/** One article's counts of one UTC day, added to by the flush job (never written on the request path). */
export const articleDailyStats = articlesSchema.table(
  'article_daily_stats',
  {
    articleId: uuid('article_id')
      .notNull()
      .references(() => articles.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    views: integer('views').notNull().default(0),
    /** Views by signed-in users of the platform. */
    userViews: integer('user_views').notNull().default(0),
    reads: integer('reads').notNull().default(0),
    /** The reading time of those reads (each capped), for the average. */
    readSeconds: bigint('read_seconds', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.articleId, t.day] })],
);

/**
 * The distinct visitors of an article as the Redis HyperLogLog counted them at the last flush: a snapshot that only
 * grows (the estimate itself stays in Redis).
 */
export const articleUniqueViews = articlesSchema.table('article_unique_views', {
  articleId: uuid('article_id')
    .primaryKey()
    .references(() => articles.id, { onDelete: 'cascade' }),
  uniqueViews: bigint('unique_views', { mode: 'number' }).notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Page views of the whole site per UTC day (every page, articles or not). */
export const siteDailyStats = articlesSchema.table('site_daily_stats', {
  day: date('day', { mode: 'string' }).primaryKey(),
  views: bigint('views', { mode: 'number' }).notNull().default(0),
  userViews: bigint('user_views', { mode: 'number' }).notNull().default(0),
  /** Distinct visitors of that day (HyperLogLog snapshot, only grows). */
  uniqueVisitors: bigint('unique_visitors', { mode: 'number' }).notNull().default(0),
});

/**
 * Batches of counts already added to the tables above, recorded in the same transaction: a batch applied once is
 * never applied again, whether the flush runs twice, on two replicas, or after a crash before Redis forgot it.
 */
export const statisticsFlushes = articlesSchema.table('statistics_flushes', {
  batchId: text('batch_id').primaryKey(),
  flushedAt: timestamp('flushed_at', { withTimezone: true }).notNull().defaultNow(),
});
