// Bans as the moderation service issues them, for suites where moderation is not what they test: identity's
// TrustService over gRPC, then the gateway's session cache refreshed as the gateway's moderation route does
// (SessionService.refresh with the token hashes IssueBan/LiftBan answer), so the ban is felt on the next request.
import { banReasons } from '@pencraft/contracts/enums';
import type { BanReason as BanReasonName } from '@pencraft/rules';
import {
  TrustServiceClient,
  TrustServiceService,
  type IssueBanResponse,
  type ModerationBan,
} from '@pencraft/contracts/identity/v1/moderation';
import { createGrpcClient, type PromiseClient } from '@pencraft/kit';
import { createClient } from 'redis';
import { redisUrl } from '../../packages/devstack/src/index.ts';
import { grpcAddress, stack } from './stack.ts';

let client: PromiseClient<TrustServiceClient> | undefined;

export function trustClient(): PromiseClient<TrustServiceClient> {
  client ??= createGrpcClient(TrustServiceClient, TrustServiceService, grpcAddress('identity'), {
    defaultTimeoutMs: 10_000,
  });
  return client;
}

/** Drops the gateway's cached answers of these sessions (keyed by the SHA-256 of the token, never the token). */
export async function refreshGatewaySessions(answer: Pick<IssueBanResponse, 'tokenHashes'>): Promise<void> {
  if (answer.tokenHashes.length === 0) return;
  const redis = createClient({ url: redisUrl(stack) });
  await redis.connect();
  try {
    await redis.del(answer.tokenHashes.map((hash) => `gw:sess:${Buffer.from(hash).toString('base64url')}`));
  } finally {
    await redis.close();
  }
}

/** Bans a user (for `days`, or permanently with null) and makes the gateway feel it at once; answers the ban. */
export async function banUser(
  uid: string,
  reason: BanReasonName = 'spam',
  days: number | null = 2,
  moderator = 'moderator',
): Promise<ModerationBan> {
  const answer = await trustClient().issueBan({
    uid,
    reason: banReasons.toProto(reason),
    endsAtMs: days === null ? 0 : Date.now() + days * 86_400_000,
    moderator,
    note: '',
    requestId: '',
  });
  await refreshGatewaySessions(answer);
  return answer.ban!;
}

/** Lifts a ban and makes the gateway feel it at once. */
export async function liftBan(banId: string, moderator = 'moderator'): Promise<ModerationBan> {
  const answer = await trustClient().liftBan({ banId, moderator });
  await refreshGatewaySessions(answer);
  return answer.ban!;
}

/** Closes the shared client (suites that end their own services call it in afterAll). */
export function closeTrustClient() {
  client?.close();
  client = undefined;
}
