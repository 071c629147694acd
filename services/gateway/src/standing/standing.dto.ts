import { ratingKinds } from '@pencraft/contracts/enums/identity';
import type * as pb from '@pencraft/contracts/identity/v1/standing';
import {
  BADGE_IDS,
  HOME_MAX_PAGE,
  LEADERBOARD_PERIODS,
  RATING_KINDS,
  RATING_TIERS,
  STAFF_BADGES,
  isBadgeId,
  ratingTier,
  type BadgeId,
} from '@pencraft/rules';
import { z } from 'zod';

export { UsernameParams } from '../profiles/profiles.dto.js';
import { UsernameParams } from '../profiles/profiles.dto.js';

const page = z.coerce.number().int().min(1).max(HOME_MAX_PAGE).optional().default(1);
export const PageQuery = z.object({ page });
export const LeaderboardQuery = z.object({ period: z.enum(LEADERBOARD_PERIODS).optional().default('all'), page });

const Tier = z.enum(RATING_TIERS).meta({ id: 'RatingTier' });

export const LeaderboardEntry = z
  .object({
    rank: z.number().int(),
    uid: z.string(),
    username: z.string(),
    fullname: z.string(),
    imageUrl: z.string().nullable(),
    rating: z.number(),
    tier: Tier,
    points: z
      .number()
      .describe('Points gained this calendar week or month in Asia/Baku (week, month); the rating itself for all'),
  })
  .meta({ id: 'LeaderboardEntry' });
export const LeaderboardPage = z
  .object({
    period: z.enum(LEADERBOARD_PERIODS),
    items: z.array(LeaderboardEntry),
    page: z.number().int(),
    pageSize: z.number().int(),
    hasMore: z.boolean(),
  })
  .meta({ id: 'LeaderboardPage' });

export const RatingLogEntry = z
  .object({
    id: z.string(),
    kind: z.enum(RATING_KINDS),
    points: z.number(),
    at: z.iso.datetime(),
    subjectId: z.string().nullable(),
  })
  .meta({ id: 'RatingLogEntry' });
export const RatingLogPage = z
  .object({
    rating: z.number(),
    tier: Tier,
    items: z.array(RatingLogEntry),
    page: z.number().int(),
    pageSize: z.number().int(),
    hasMore: z.boolean(),
  })
  .meta({ id: 'RatingLogPage' });

export const BadgeJson = z.object({ id: z.enum(BADGE_IDS), earnedAt: z.iso.datetime() }).meta({ id: 'Badge' });
export const BadgeList = z.object({ items: z.array(BadgeJson) }).meta({ id: 'BadgeList' });

export const GrantBadgeParams = UsernameParams;
export const GrantBadgeBody = z.object({ badge: z.enum(STAFF_BADGES as [BadgeId, ...BadgeId[]]) });
export const GrantBadgeResult = z
  .object({ granted: z.boolean().describe('False when the user had it already'), badge: BadgeJson })
  .meta({ id: 'GrantBadgeResult' });

export function leaderboardJson(period: (typeof LEADERBOARD_PERIODS)[number], answer: pb.GetLeaderboardResponse) {
  return {
    period,
    items: answer.items.map((item) => ({
      rank: item.rank,
      uid: item.uid,
      username: item.username,
      fullname: item.fullname,
      imageUrl: item.imageUrl || null,
      rating: item.rating,
      tier: ratingTier(item.rating),
      points: item.points,
    })),
    page: answer.page,
    pageSize: answer.pageSize,
    hasMore: answer.hasMore,
  };
}

export function ratingLogJson(answer: pb.ListRatingLogResponse) {
  return {
    rating: answer.rating,
    tier: ratingTier(answer.rating),
    items: answer.items.flatMap((item) => {
      const kind = ratingKinds.fromProto(item.kind);
      return kind
        ? [
            {
              id: item.id,
              kind,
              points: item.points,
              at: new Date(item.atMs).toISOString(),
              subjectId: item.subjectId || null,
            },
          ]
        : [];
    }),
    page: answer.page,
    pageSize: answer.pageSize,
    hasMore: answer.hasMore,
  };
}

export function badgeJson(badge: pb.Badge): z.infer<typeof BadgeJson> | undefined {
  return isBadgeId(badge.id) ? { id: badge.id, earnedAt: new Date(badge.earnedAtMs).toISOString() } : undefined;
}
