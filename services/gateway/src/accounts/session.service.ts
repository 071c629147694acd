import { Inject, Injectable } from '@nestjs/common';
import type { SessionBan, UserSummary } from '@pencraft/contracts/identity/v1/identity';
import { AppError } from '@pencraft/errors';
import { LOGGER, REDIS, type Logger, type RedisClient } from '@pencraft/kit';
import { createHash } from 'node:crypto';
import { IDENTITY, type IdentityClient } from './identity.upstream.js';

/** How long a validated session is trusted from Redis before identity is asked again. */
const CACHE_SECONDS = 60;
/** A signed-out token stays marked as such for longer than any answer cached before it. */
const REVOKED_SECONDS = CACHE_SECONDS + 10;
const NO_USER = '-';

/** A resolved pc_su session: its user and its id at identity (the sessions list marks it current). */
export interface ResolvedSession {
  user: UserSummary;
  sessionId: string;
  /** The ban in force on the user, when there is one. */
  ban?: SessionBan;
}

/** The cached form: short keys, the summary as identity answered it. */
interface CachedSession {
  u: UserSummary;
  s: string;
  b?: SessionBan;
}

/**
 * Resolves pc_su tokens to users through identity, caching answers in Redis under the token's hash
 * (never the token itself). Answers are cached only where nothing is (NX), and sign-out overwrites the entry
 * with a "no user" mark after identity has revoked the session, so a validation that was in flight during
 * sign-out cannot put the ended session back into the cache.
 */
@Injectable()
export class SessionService {
  constructor(
    @Inject(IDENTITY) private readonly identity: IdentityClient,
    @Inject(REDIS) private readonly redis: RedisClient,
    @Inject(LOGGER) private readonly log: Logger,
  ) {}

  async resolve(token: string | undefined): Promise<UserSummary | undefined> {
    return (await this.resolveSession(token))?.user;
  }

  async resolveSession(token: string | undefined): Promise<ResolvedSession | undefined> {
    if (!token) return undefined;
    const key = cacheKey(token);
    const cached = await this.redis.get(key).catch((error: Error) => {
      this.log.warn({ err: error }, 'session cache unavailable; asking identity');
      return null;
    });
    if (cached === NO_USER) return undefined;
    const hit = cached ? (JSON.parse(cached) as Partial<CachedSession>) : undefined;
    if (hit?.u) return { user: hit.u, sessionId: hit.s ?? '', ...(hit.b ? { ban: hit.b } : {}) };
    try {
      const answer = await this.identity.validateSession({ sessionToken: token });
      const { sessionId, expiresAtMs, deletionScheduledAtMs, ban } = answer;
      const user = answer.user!;
      // Never trusted past the session's end, nor past the account's scheduled deletion (the job then deletes it),
      // nor past the end of a ban.
      const ends = Math.min(expiresAtMs, deletionScheduledAtMs || Infinity, ban?.endsAtMs || Infinity);
      const ttl = Math.max(1, Math.min(CACHE_SECONDS, Math.floor((ends - Date.now()) / 1000)));
      await this.redis
        .set(key, JSON.stringify({ u: user, s: sessionId, ...(ban ? { b: ban } : {}) } satisfies CachedSession), {
          expiration: { type: 'EX', value: ttl },
          condition: 'NX',
        })
        .catch(() => undefined);
      return { user, sessionId, ...(ban ? { ban } : {}) };
    } catch (error) {
      if (AppError.is(error) && error.code === 'Unauthorized') {
        // Remember a bad token briefly so a client stuck with one does not hammer identity.
        await this.redis
          .set(key, NO_USER, { expiration: { type: 'EX', value: 10 }, condition: 'NX' })
          .catch(() => undefined);
        return undefined;
      }
      throw error;
    }
  }

  /** Drops the cached answer of a token, so the next request reads the changed summary (a confirmed account). */
  async forget(token: string | undefined): Promise<void> {
    if (!token) return;
    await this.redis
      .del(cacheKey(token))
      .catch((error: Error) => this.log.warn({ err: error }, 'session cache unavailable'));
  }

  /** Ends the session at identity first, then marks it ended in the cache (replacing any cached user). */
  async end(token: string): Promise<void> {
    await this.identity.logout({ sessionToken: token });
    await this.redis
      .set(cacheKey(token), NO_USER, { expiration: { type: 'EX', value: REVOKED_SECONDS } })
      .catch((error: Error) => this.log.warn({ err: error }, 'session cache unavailable at sign-out'));
  }

  /**
   * Drops the cached answers of sessions that stay open but changed at identity (a ban issued or lifted: IssueBan and
   * LiftBan answer the user's session hashes), so the next request of each asks identity again.
   */
  async refresh(tokenHashes: readonly Uint8Array[]): Promise<void> {
    if (tokenHashes.length === 0) return;
    await this.redis
      .del(tokenHashes.map((hash) => keyOfHash(Buffer.from(hash))))
      .catch((error: Error) => this.log.warn({ err: error }, 'session cache unavailable when refreshing sessions'));
  }

  /**
   * Marks sessions that identity ended by id (from the security settings) as ended in the cache, by the SHA-256 of
   * their tokens that identity answered: the cache key is that hash, so no token is needed and none is ever stored.
   */
  async evict(tokenHashes: readonly Uint8Array[]): Promise<void> {
    await Promise.all(
      tokenHashes.map((hash) =>
        this.redis
          .set(keyOfHash(Buffer.from(hash)), NO_USER, { expiration: { type: 'EX', value: REVOKED_SECONDS } })
          .catch((error: Error) => this.log.warn({ err: error }, 'session cache unavailable when ending sessions')),
      ),
    );
  }
}

function cacheKey(token: string) {
  return keyOfHash(createHash('sha256').update(token).digest());
}

function keyOfHash(hash: Buffer) {
  return `gw:sess:${hash.toString('base64url')}`;
}
