// Standing (SPEC.md sections 4 and 9, issue #17): what moves a user's rating and by how much, the rating tiers, and
// the badges with their thresholds. The identity service applies these to events, the reader shows tiers and badges,
// and the rating guide page renders RATING_WEIGHTS, RATING_TIERS and BADGES, so all of them read one table.
import { DONATIONS_TIME_ZONE, SUPPORTER_BADGE_QEPIK, bakuDay } from './donations.js';

/** The kinds of rating change; each row of the rating log has one. */
export const RATING_KINDS = [
  'articleUpvote',
  'articleDownvote',
  'commentUpvote',
  'commentDownvote',
  'commentPublished',
  'articleReads',
  'articleApproved',
  'articleRejected',
  'commentRemoved',
  'banned',
] as const;
export type RatingKind = (typeof RATING_KINDS)[number];

export interface RatingWeight {
  /** Points per occurrence (negative lowers the rating). A removed vote takes its points back. */
  readonly points: number;
  /** The i18n key (under `standing.kinds`) of the short description the guide page and the rating log show. */
  readonly description: string;
}

/** How many reads of one's articles earn the articleReads points once (every READS_PER_POINT-th read counts). */
export const READS_PER_POINT = 10;

/**
 * Points per event kind. Votes: an upvote received on an article is worth more than one on a comment; a downvote
 * costs the same; withdrawing or changing a vote takes the old vote's points back. Reads: READS_PER_POINT reads of
 * one's published articles earn one point. Moderation outcomes weigh most: an approved article is worth five article
 * upvotes, a ban costs a Pro writer half of the Pro floor.
 */
export const RATING_WEIGHTS: Readonly<Record<RatingKind, RatingWeight>> = Object.freeze({
  articleUpvote: { points: 2, description: 'articleUpvote' },
  articleDownvote: { points: -2, description: 'articleDownvote' },
  commentUpvote: { points: 1, description: 'commentUpvote' },
  commentDownvote: { points: -1, description: 'commentDownvote' },
  commentPublished: { points: 1, description: 'commentPublished' },
  articleReads: { points: 1, description: 'articleReads' },
  articleApproved: { points: 10, description: 'articleApproved' },
  articleRejected: { points: -5, description: 'articleRejected' },
  commentRemoved: { points: -5, description: 'commentRemoved' },
  banned: { points: -50, description: 'banned' },
});

export function isRatingKind(value: string): value is RatingKind {
  return (RATING_KINDS as readonly string[]).includes(value);
}

function voteWeight(target: 'article' | 'comment', vote: string): number {
  if (vote === 'up') return RATING_WEIGHTS[target === 'article' ? 'articleUpvote' : 'commentUpvote'].points;
  if (vote === 'down') return RATING_WEIGHTS[target === 'article' ? 'articleDownvote' : 'commentDownvote'].points;
  return 0;
}

/**
 * The points a vote event moves the receiver's rating by: the new vote's weight minus the previous one's (so up→none
 * is -2 on an article, up→down is -4, none→down is -2). Any value other than 'up' or 'down' counts as no vote.
 */
export function votePoints(target: 'article' | 'comment', vote: string, previous: string): number {
  return voteWeight(target, vote) - voteWeight(target, previous);
}

/** The log kind of a vote change: the kind of the vote cast, or of the vote withdrawn when none is cast now. */
export function voteKind(target: 'article' | 'comment', vote: string, previous: string): RatingKind | undefined {
  const side =
    vote === 'up' || vote === 'down' ? vote : previous === 'up' || previous === 'down' ? previous : undefined;
  if (!side) return undefined;
  if (target === 'article') return side === 'up' ? 'articleUpvote' : 'articleDownvote';
  return side === 'up' ? 'commentUpvote' : 'commentDownvote';
}

/** Whether the n-th read (1-based) of a user's articles earns the articleReads points. */
export function readEarnsPoint(readCount: number): boolean {
  return Number.isInteger(readCount) && readCount > 0 && readCount % READS_PER_POINT === 0;
}

/**
 * The articleReads points an article's reads earn when its total goes from `previous` to `reads` (every
 * READS_PER_POINT-th read counts; a total that did not grow earns nothing).
 */
export function readPoints(previous: number, reads: number): number {
  const steps = (total: number) => (Number.isFinite(total) && total > 0 ? Math.floor(total / READS_PER_POINT) : 0);
  return Math.max(0, steps(reads) - steps(previous)) * RATING_WEIGHTS.articleReads.points;
}

/** SPEC.md sections 4 and 9: below 0 bad, Guest 0-10, Amateur 10-100, Pro 100-1000, Leader over 1000. */
export const RATING_TIERS = ['bad', 'guest', 'amateur', 'pro', 'leader'] as const;
export type RatingTier = (typeof RATING_TIERS)[number];

/** The lowest rating of each tier (bad has none: anything below 0). A boundary belongs to the higher tier. */
export const TIER_FLOORS: Readonly<Record<Exclude<RatingTier, 'bad'>, number>> = Object.freeze({
  guest: 0,
  amateur: 10,
  pro: 100,
  leader: 1000,
});
// Leader is "over 1000": 1000 itself is still Pro, hence the strict comparison for leader below.

export function ratingTier(rating: number): RatingTier {
  if (!Number.isFinite(rating) || rating < TIER_FLOORS.guest) return 'bad';
  if (rating > TIER_FLOORS.leader) return 'leader';
  if (rating >= TIER_FLOORS.pro) return 'pro';
  if (rating >= TIER_FLOORS.amateur) return 'amateur';
  return 'guest';
}

/** The per-user counters the automatic badges are measured against (kept by identity from events). */
export const BADGE_COUNTERS = [
  'articlesPublished',
  'commentUpvotes',
  'articlesWith5Upvotes',
  'articleUpvotes',
  'articleViews',
  'followers',
  'supportSentQepik',
  'supporters',
  'commentsPublished',
] as const;
export type BadgeCounter = (typeof BADGE_COUNTERS)[number];

export const BADGE_IDS = [
  'first-article',
  'complete-profile',
  'comment-upvotes',
  'popular-articles',
  'article-upvotes',
  'views',
  'followers',
  'supporter',
  'supporters',
  'commenter',
  'beta-tester',
  'bug-hunter',
] as const;
export type BadgeId = (typeof BADGE_IDS)[number];

export interface BadgeRule {
  readonly id: BadgeId;
  /** How it is earned: a counter reaching a threshold, a complete profile, or a staff grant. */
  readonly award: 'counter' | 'profile' | 'staff';
  readonly counter?: BadgeCounter;
  /** For counter badges: the counter's value that earns it (money in qəpik). */
  readonly threshold?: number;
}

/** How many upvotes one article needs to count towards the popular-articles badge. */
export const POPULAR_ARTICLE_UPVOTES = 5;

/** SPEC.md section 9's nine achievement badges, then commenter (10 published comments) and the two staff grants. */
export const BADGES: readonly BadgeRule[] = Object.freeze([
  { id: 'first-article', award: 'counter', counter: 'articlesPublished', threshold: 1 },
  { id: 'complete-profile', award: 'profile' },
  { id: 'comment-upvotes', award: 'counter', counter: 'commentUpvotes', threshold: 50 },
  { id: 'popular-articles', award: 'counter', counter: 'articlesWith5Upvotes', threshold: 10 },
  { id: 'article-upvotes', award: 'counter', counter: 'articleUpvotes', threshold: 100 },
  { id: 'views', award: 'counter', counter: 'articleViews', threshold: 10_000 },
  { id: 'followers', award: 'counter', counter: 'followers', threshold: 50 },
  { id: 'supporter', award: 'counter', counter: 'supportSentQepik', threshold: SUPPORTER_BADGE_QEPIK },
  { id: 'supporters', award: 'counter', counter: 'supporters', threshold: 50 },
  { id: 'commenter', award: 'counter', counter: 'commentsPublished', threshold: 10 },
  { id: 'beta-tester', award: 'staff' },
  { id: 'bug-hunter', award: 'staff' },
] satisfies BadgeRule[]);

/** The badges staff grant by hand. */
export const STAFF_BADGES: readonly BadgeId[] = Object.freeze(
  BADGES.filter((badge) => badge.award === 'staff').map((badge) => badge.id),
);

export function isBadgeId(value: string): value is BadgeId {
  return (BADGE_IDS as readonly string[]).includes(value);
}

export function isStaffBadge(value: string): value is BadgeId {
  return (STAFF_BADGES as readonly string[]).includes(value);
}

/** The counter badges a counter's new value earns (the caller skips the ones already held). */
export function badgesEarnedBy(counter: BadgeCounter, value: number): BadgeId[] {
  return BADGES.filter(
    (badge) => badge.award === 'counter' && badge.counter === counter && value >= (badge.threshold ?? Infinity),
  ).map((badge) => badge.id);
}

export interface ProfileCompleteness {
  readonly picture: boolean;
  readonly cover: boolean;
  readonly headline: string;
  readonly bio: string;
  readonly birthdate: string | null | undefined;
  readonly links: number;
}

/** SPEC.md section 9: picture, cover, headline, bio, birthdate and at least one link. */
export function isProfileComplete(profile: ProfileCompleteness): boolean {
  return (
    profile.picture &&
    profile.cover &&
    profile.headline.trim() !== '' &&
    profile.bio.trim() !== '' &&
    !!profile.birthdate &&
    profile.links > 0
  );
}

/**
 * Leaderboard periods: points gained this calendar week (ISO: Monday 00:00 to Sunday 24:00) or this calendar month,
 * both in Asia/Baku time, or the whole rating (all). Calendar periods, not rolling windows: identity keeps each
 * user's total per period as the rating log grows, so a board is read from those totals in rank order.
 */
export const LEADERBOARD_PERIODS = ['week', 'month', 'all'] as const;
export type LeaderboardPeriod = (typeof LEADERBOARD_PERIODS)[number];
/** The periods that rank the points gained in them (all ranks the rating itself). */
export const LEADERBOARD_GAIN_PERIODS = ['week', 'month'] as const;
export type LeaderboardGainPeriod = (typeof LEADERBOARD_GAIN_PERIODS)[number];
/** The time zone the week and month begin in. */
export const LEADERBOARD_TIME_ZONE = DONATIONS_TIME_ZONE;

export function isLeaderboardPeriod(value: string): value is LeaderboardPeriod {
  return (LEADERBOARD_PERIODS as readonly string[]).includes(value);
}

/**
 * The first day, YYYY-MM-DD in Asia/Baku, of the calendar week (its Monday) or month (its 1st) an instant falls in:
 * the key a rating change is totalled under and a board is read by.
 */
export function periodStartDay(period: LeaderboardGainPeriod, atMs: number): string {
  const day = bakuDay(atMs);
  if (period === 'month') return `${day.slice(0, 7)}-01`;
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - ((date.getUTCDay() + 6) % 7));
  return date.toISOString().slice(0, 10);
}

/** The period a board shows at `now`: its kind and first day (undefined for all time). */
export function currentPeriod(
  period: LeaderboardPeriod,
  now: Date,
): { period: LeaderboardGainPeriod; starts: string } | undefined {
  if (period === 'all') return undefined;
  return { period, starts: periodStartDay(period, now.getTime()) };
}
