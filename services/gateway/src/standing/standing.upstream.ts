import { StandingServiceClient, StandingServiceService } from '@pencraft/contracts/identity/v1/standing';
import type { UserSummary } from '@pencraft/contracts/identity/v1/identity';
import type { PromiseClient } from '@pencraft/kit';
import { defineUpstream } from '../upstreams/upstream.js';

/** identity's StandingService: ratings, the rating log, the leaderboard and badges. */
export const standingUpstream = defineUpstream('identity', StandingServiceClient, StandingServiceService);
export const STANDING = standingUpstream.token;
export type StandingClient = PromiseClient<StandingServiceClient>;

/**
 * The voter's rating as identity has it now, for a downvote's Pro check: the session's summary is cached for up to a
 * minute, and a rating moved by events in that minute (crossing into Pro, or out of it) must count at once. When
 * identity cannot answer, the session's rating stands.
 */
export async function currentRating(standing: StandingClient, user: UserSummary): Promise<number> {
  try {
    return (await standing.getRating({ uid: user.uid })).rating;
  } catch {
    return user.rating;
  }
}
