import { oneOf } from '@pencraft/kit/schema';
import {
  BADGE_COUNTERS,
  BADGE_IDS,
  LEADERBOARD_GAIN_PERIODS,
  RATING_KINDS,
  type BadgeCounter,
  type BadgeId,
  type LeaderboardGainPeriod,
  type RatingKind,
} from '@pencraft/rules';
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  doublePrecision,
  index,
  integer,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { identitySchema } from '../identity.schema.js';
import { users } from '../users/user.table.js';

/**
 * Every change of a rating: the user's rating is the sum of their rows (users.rating is kept equal to it in the same
 * transaction). source_id is the id of the event that made the change, unique with the user, so a redelivered event
 * (or a replayed consumer) adds nothing.
 */
export const ratingLog = identitySchema.table(
  'rating_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    uid: uuid('uid')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<RatingKind>().notNull(),
    points: doublePrecision('points').notNull(),
    sourceId: text('source_id').notNull(),
    /** The article or comment it concerns. */
    subjectId: uuid('subject_id'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('rating_log_uid_at_idx').on(t.uid, t.at),
    uniqueIndex('rating_log_uid_source_key').on(t.uid, t.sourceId),
    check('rating_log_kind_known', oneOf('kind', RATING_KINDS)),
  ],
);

/** Badges held: one row per user and badge, ever (the primary key makes awarding idempotent). */
export const userBadges = identitySchema.table(
  'user_badges',
  {
    uid: uuid('uid')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    badge: text('badge').$type<BadgeId>().notNull(),
    earnedAt: timestamp('earned_at', { withTimezone: true }).notNull().defaultNow(),
    /** The staff member who granted it (username), null when earned automatically. */
    grantedBy: text('granted_by'),
  },
  (t) => [primaryKey({ columns: [t.uid, t.badge] }), check('user_badges_badge_known', oneOf('badge', BADGE_IDS))],
);

/** The per-user counters the automatic badges measure (BADGE_COUNTERS), kept from events. */
export const badgeCounters = identitySchema.table(
  'badge_counters',
  {
    uid: uuid('uid')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    counter: text('counter').$type<BadgeCounter>().notNull(),
    value: bigint('value', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.uid, t.counter] }),
    check('badge_counters_counter_known', oneOf('counter', BADGE_COUNTERS)),
  ],
);

/**
 * Upvotes per article or comment as the latest vote event counted them (for the upvote badges), by the author the
 * event named. at_ms keeps an older event from overwriting a newer count.
 */
export const upvoteTallies = identitySchema.table(
  'upvote_tallies',
  {
    subjectId: uuid('subject_id').notNull(),
    kind: text('kind').$type<'article' | 'comment'>().notNull(),
    authorUid: uuid('author_uid').notNull(),
    up: integer('up').notNull().default(0),
    /** The most the subject ever had (the popular-articles badge counts articles that reached 5). */
    maxUp: integer('max_up').notNull().default(0),
    atMs: bigint('at_ms', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.subjectId, t.kind] }),
    index('upvote_tallies_author_idx').on(t.authorUid, t.kind),
    check('upvote_tallies_kind_known', oneOf('kind', ['article', 'comment'])),
  ],
);

/** Who supported whom at least once (the 50-supporters badge counts distinct supporters). */
export const supporters = identitySchema.table(
  'supporters',
  {
    recipientUid: uuid('recipient_uid').notNull(),
    supporterUid: uuid('supporter_uid').notNull(),
  },
  (t) => [primaryKey({ columns: [t.recipientUid, t.supporterUid] })],
);

/** Articles already counted as published for a user (first-article badge), so a second approval counts nothing. */
export const countedArticles = identitySchema.table(
  'counted_articles',
  {
    articleId: uuid('article_id').notNull(),
    authorUid: uuid('author_uid').notNull(),
  },
  (t) => [primaryKey({ columns: [t.articleId, t.authorUid] })],
);

/**
 * Views and reads of each article as the latest articles.article.counted said (totals, only ever raised), by its
 * principal author: the reads already turned into rating, and the views the views badge sums.
 */
export const readTallies = identitySchema.table(
  'read_tallies',
  {
    articleId: uuid('article_id').primaryKey(),
    authorUid: uuid('author_uid').notNull(),
    views: bigint('views', { mode: 'number' }).notNull().default(0),
    reads: bigint('reads', { mode: 'number' }).notNull().default(0),
  },
  (t) => [index('read_tallies_author_idx').on(t.authorUid)],
);

/**
 * The rating log summed per user and calendar period (LEADERBOARD_GAIN_PERIODS: the ISO week and the month, in
 * Asia/Baku), kept in the transaction of each log row: starts is the period's first day (its Monday, its 1st). A
 * week or month board is a range of rating_periods_rank_idx in rank order (points, then uid), the page's rows only.
 */
export const ratingPeriods = identitySchema.table(
  'rating_periods',
  {
    uid: uuid('uid')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    period: text('period').$type<LeaderboardGainPeriod>().notNull(),
    starts: date('starts', { mode: 'string' }).notNull(),
    points: doublePrecision('points').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.uid, t.period, t.starts] }),
    // The boards rank positive totals only: the index holds just those, in the boards' order.
    index('rating_periods_rank_idx')
      .on(t.period, t.starts, t.points.desc(), t.uid)
      .where(sql`${t.points} > 0`),
    check('rating_periods_period_known', oneOf('period', LEADERBOARD_GAIN_PERIODS)),
  ],
);
