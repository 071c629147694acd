import { Inject, Injectable } from '@nestjs/common';
import { DATABASE, type DatabaseHandle, type Queryable } from '@pencraft/kit';
import {
  LEADERBOARD_GAIN_PERIODS,
  periodStartDay,
  type BadgeCounter,
  type BadgeId,
  type LeaderboardGainPeriod,
  type RatingKind,
} from '@pencraft/rules';
import { and, asc, count, desc, eq, gt, sql } from 'drizzle-orm';
import { userLinks } from '../profile/link.table.js';
import { users } from '../users/user.table.js';
import {
  badgeCounters,
  countedArticles,
  ratingLog,
  ratingPeriods,
  readTallies,
  supporters,
  upvoteTallies,
  userBadges,
} from './standing.tables.js';

export interface RatingChange {
  uid: string;
  kind: RatingKind;
  points: number;
  sourceId: string;
  subjectId: string | null;
  at: Date;
}

export interface RatingLogRow {
  id: string;
  kind: RatingKind;
  points: number;
  at: Date;
  subjectId: string | null;
}

export interface LeaderRow {
  uid: string;
  username: string;
  fullname: string;
  imageUrl: string | null;
  rating: number;
  points: number;
}

export interface BadgeRow {
  badge: BadgeId;
  earnedAt: Date;
}

export interface ProfileFacts {
  picture: boolean;
  cover: boolean;
  headline: string;
  bio: string;
  birthdate: string | null;
  links: number;
}

/** The standing tables: the rating log (and users.rating beside it), badges, counters and what they are counted from. */
@Injectable()
export class StandingRepository {
  constructor(@Inject(DATABASE) private readonly database: DatabaseHandle) {}

  /**
   * Writes a log row and moves users.rating and the totals of its week and month (rating_periods) by its points,
   * once per user and source event: false when the row was there already (a redelivery) or the user does not exist
   * (deleted since).
   */
  async addRating(tx: Queryable, change: RatingChange): Promise<boolean> {
    if (!(await this.userExists(tx, change.uid))) return false;
    const rows = await tx.insert(ratingLog).values(change).onConflictDoNothing().returning({ id: ratingLog.id });
    if (rows.length === 0) return false;
    await tx
      .update(users)
      .set({ rating: sql`${users.rating} + ${change.points}` })
      .where(eq(users.id, change.uid));
    // The change's week and month (Asia/Baku), so a board reads its totals instead of summing the log.
    await tx
      .insert(ratingPeriods)
      .values(
        LEADERBOARD_GAIN_PERIODS.map((period) => ({
          uid: change.uid,
          period,
          starts: periodStartDay(period, change.at.getTime()),
          points: change.points,
        })),
      )
      .onConflictDoUpdate({
        target: [ratingPeriods.uid, ratingPeriods.period, ratingPeriods.starts],
        set: { points: sql`${ratingPeriods.points} + excluded.points` },
      });
    return true;
  }

  async userExists(tx: Queryable, uid: string): Promise<boolean> {
    const [row] = await tx.select({ id: users.id }).from(users).where(eq(users.id, uid)).limit(1);
    return Boolean(row);
  }

  async rating(uid: string): Promise<number | undefined> {
    const [row] = await this.database.db.select({ rating: users.rating }).from(users).where(eq(users.id, uid));
    return row?.rating;
  }

  async uidOfUsername(username: string): Promise<string | undefined> {
    const [row] = await this.database.db
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.username}) = lower(${username})`)
      .limit(1);
    return row?.id;
  }

  async log(uid: string, offset: number, limit: number): Promise<RatingLogRow[]> {
    return this.database.db
      .select({
        id: ratingLog.id,
        kind: ratingLog.kind,
        points: ratingLog.points,
        at: ratingLog.at,
        subjectId: ratingLog.subjectId,
      })
      .from(ratingLog)
      .where(eq(ratingLog.uid, uid))
      .orderBy(desc(ratingLog.at), desc(ratingLog.id))
      .offset(offset)
      .limit(limit);
  }

  /**
   * All time: users with a positive rating, highest first, then by id: users_rating_idx in its own order ("desc nulls
   * last", as the index was made; plain desc would sort every rated user).
   */
  async leadersAllTime(offset: number, limit: number): Promise<LeaderRow[]> {
    return this.database.db
      .select({
        uid: users.id,
        username: users.username,
        fullname: users.fullname,
        imageUrl: users.imageUrl,
        rating: users.rating,
        points: users.rating,
      })
      .from(users)
      .where(gt(users.rating, 0))
      .orderBy(sql`${users.rating} desc nulls last`, asc(users.id))
      .offset(offset)
      .limit(limit);
  }

  /**
   * A week or month board: users by the points they gained in the period that begins on `starts` (positive totals
   * only), highest first, then by id. The page is one range of rating_periods_rank_idx in that order (a deep page
   * skips index entries only), then its rows are joined to their users by primary key: the cost follows the page, not
   * the number of users or log rows. "desc nulls last" is the index's own order (plain desc would be nulls first,
   * which the planner cannot read from it and sorts every total instead).
   */
  async leadersOfPeriod(
    period: LeaderboardGainPeriod,
    starts: string,
    offset: number,
    limit: number,
  ): Promise<LeaderRow[]> {
    const page = this.database.db
      .select({ uid: ratingPeriods.uid, points: ratingPeriods.points })
      .from(ratingPeriods)
      // A literal 0, so the planner sees the partial index's predicate whatever the plan's parameters.
      .where(and(eq(ratingPeriods.period, period), eq(ratingPeriods.starts, starts), sql`${ratingPeriods.points} > 0`))
      .orderBy(sql`${ratingPeriods.points} desc nulls last`, asc(ratingPeriods.uid))
      .offset(offset)
      .limit(limit)
      .as('page');
    return this.database.db
      .select({
        uid: users.id,
        username: users.username,
        fullname: users.fullname,
        imageUrl: users.imageUrl,
        rating: users.rating,
        points: page.points,
      })
      .from(page)
      .innerJoin(users, eq(users.id, page.uid))
      .orderBy(sql`${page.points} desc nulls last`, asc(page.uid));
  }

  async badges(uid: string): Promise<BadgeRow[]> {
    return this.database.db
      .select({ badge: userBadges.badge, earnedAt: userBadges.earnedAt })
      .from(userBadges)
      .where(eq(userBadges.uid, uid))
      .orderBy(asc(userBadges.earnedAt), asc(userBadges.badge));
  }

  async hasBadge(tx: Queryable, uid: string, badge: BadgeId): Promise<boolean> {
    const [row] = await tx
      .select({ badge: userBadges.badge })
      .from(userBadges)
      .where(and(eq(userBadges.uid, uid), eq(userBadges.badge, badge)))
      .limit(1);
    return Boolean(row);
  }

  /** Whether the badge was new (false: held already, or no such user). */
  async award(tx: Queryable, uid: string, badge: BadgeId, at: Date, grantedBy: string | null): Promise<boolean> {
    if (!(await this.userExists(tx, uid))) return false;
    const rows = await tx
      .insert(userBadges)
      .values({ uid, badge, earnedAt: at, grantedBy })
      .onConflictDoNothing()
      .returning({ badge: userBadges.badge });
    return rows.length > 0;
  }

  /** Adds to a counter; answers its new value (undefined when the user does not exist). */
  async increment(tx: Queryable, uid: string, counter: BadgeCounter, by: number): Promise<number | undefined> {
    if (!(await this.userExists(tx, uid))) return undefined;
    const [row] = await tx
      .insert(badgeCounters)
      .values({ uid, counter, value: by })
      .onConflictDoUpdate({
        target: [badgeCounters.uid, badgeCounters.counter],
        set: { value: sql`${badgeCounters.value} + ${by}` },
      })
      .returning({ value: badgeCounters.value });
    return row?.value;
  }

  /** Sets a counter to a value counted elsewhere, never lowering it; answers its new value. */
  async raise(tx: Queryable, uid: string, counter: BadgeCounter, value: number): Promise<number | undefined> {
    if (!(await this.userExists(tx, uid))) return undefined;
    const [row] = await tx
      .insert(badgeCounters)
      .values({ uid, counter, value })
      .onConflictDoUpdate({
        target: [badgeCounters.uid, badgeCounters.counter],
        set: { value: sql`greatest(${badgeCounters.value}, excluded.value)` },
      })
      .returning({ value: badgeCounters.value });
    return row?.value;
  }

  async counters(uid: string): Promise<Partial<Record<BadgeCounter, number>>> {
    const rows = await this.database.db
      .select({ counter: badgeCounters.counter, value: badgeCounters.value })
      .from(badgeCounters)
      .where(eq(badgeCounters.uid, uid));
    return Object.fromEntries(rows.map((row) => [row.counter, row.value]));
  }

  /** Records a subject's upvote count as of an event (an older event than the one recorded changes nothing). */
  async tally(
    tx: Queryable,
    kind: 'article' | 'comment',
    subjectId: string,
    authorUid: string,
    up: number,
    atMs: number,
  ): Promise<void> {
    await tx
      .insert(upvoteTallies)
      .values({ subjectId, kind, authorUid, up, maxUp: up, atMs })
      .onConflictDoUpdate({
        target: [upvoteTallies.subjectId, upvoteTallies.kind],
        set: {
          up: sql`case when excluded.at_ms >= ${upvoteTallies.atMs} then excluded.up else ${upvoteTallies.up} end`,
          atMs: sql`greatest(${upvoteTallies.atMs}, excluded.at_ms)`,
          maxUp: sql`greatest(${upvoteTallies.maxUp}, excluded.up)`,
        },
      });
  }

  /** Upvotes on an author's articles or comments now, and how many of them ever reached `popular` upvotes. */
  async upvoteTotals(
    tx: Queryable,
    kind: 'article' | 'comment',
    authorUid: string,
    popular: number,
  ): Promise<{ up: number; popular: number }> {
    const [row] = await tx
      .select({
        up: sql<number>`coalesce(sum(${upvoteTallies.up}), 0)::int`,
        popular: sql<number>`count(*) filter (where ${upvoteTallies.maxUp} >= ${popular})::int`,
      })
      .from(upvoteTallies)
      .where(and(eq(upvoteTallies.authorUid, authorUid), eq(upvoteTallies.kind, kind)));
    return { up: row?.up ?? 0, popular: row?.popular ?? 0 };
  }

  /**
   * Raises an article's view and read totals to what an event counted (never lowers them); answers the reads held
   * before and the author's views over all their articles now.
   */
  async raiseReach(
    tx: Queryable,
    articleId: string,
    authorUid: string,
    views: number,
    reads: number,
  ): Promise<{ previousReads: number; authorViews: number }> {
    const [before] = await tx
      .select({ reads: readTallies.reads })
      .from(readTallies)
      .where(eq(readTallies.articleId, articleId))
      .for('update');
    await tx
      .insert(readTallies)
      .values({ articleId, authorUid, views, reads })
      .onConflictDoUpdate({
        target: readTallies.articleId,
        set: {
          authorUid,
          views: sql`greatest(${readTallies.views}, excluded.views)`,
          reads: sql`greatest(${readTallies.reads}, excluded.reads)`,
        },
      });
    const [total] = await tx
      .select({ views: sql<number>`coalesce(sum(${readTallies.views}), 0)::bigint`.mapWith(Number) })
      .from(readTallies)
      .where(eq(readTallies.authorUid, authorUid));
    return { previousReads: before?.reads ?? 0, authorViews: total?.views ?? 0 };
  }

  /** Whether the supporter is new to the recipient; answers the recipient's distinct supporters. */
  async addSupporter(tx: Queryable, recipientUid: string, supporterUid: string): Promise<number> {
    await tx.insert(supporters).values({ recipientUid, supporterUid }).onConflictDoNothing();
    const [row] = await tx.select({ n: count() }).from(supporters).where(eq(supporters.recipientUid, recipientUid));
    return row?.n ?? 0;
  }

  /** Whether this article is newly counted as published for this author. */
  async countArticle(tx: Queryable, articleId: string, authorUid: string): Promise<boolean> {
    const rows = await tx
      .insert(countedArticles)
      .values({ articleId, authorUid })
      .onConflictDoNothing()
      .returning({ articleId: countedArticles.articleId });
    return rows.length > 0;
  }

  async profileFacts(tx: Queryable, uid: string): Promise<ProfileFacts | undefined> {
    const [row] = await tx
      .select({
        imageUrl: users.imageUrl,
        bannerUrl: users.bannerUrl,
        headline: users.headline,
        bio: users.bio,
        birthdate: users.birthdate,
        links: sql<number>`(select count(*)::int from ${userLinks} where ${userLinks.userId} = ${users.id})`,
      })
      .from(users)
      .where(eq(users.id, uid));
    if (!row) return undefined;
    return {
      picture: Boolean(row.imageUrl),
      cover: Boolean(row.bannerUrl),
      headline: row.headline,
      bio: row.bio,
      birthdate: row.birthdate,
      links: row.links,
    };
  }
}
