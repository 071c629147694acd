import { Inject, Injectable } from '@nestjs/common';
import type { UserSummary } from '@pencraft/contracts/identity/v1/identity';
import { AppError } from '@pencraft/errors';
import { LOGGER, REDIS, type Logger, type RedisClient } from '@pencraft/kit';
import { createHash } from 'node:crypto';
import { IDENTITY, type IdentityClient } from '../upstreams/upstreams.js';

/** How long a validated session is trusted from Redis before identity is asked again. */
const CACHE_SECONDS = 60;

/**
 * Resolves pc_su tokens to users through identity, caching answers in Redis under the token's hash
 * (never the token itself). Logout removes the entry at once.
 */
@Injectable()
export class SessionService {
  constructor(
    @Inject(IDENTITY) private readonly identity: IdentityClient,
    @Inject(REDIS) private readonly redis: RedisClient,
    @Inject(LOGGER) private readonly log: Logger,
  ) {}

  async resolve(token: string | undefined): Promise<UserSummary | undefined> {
    if (!token) return undefined;
    const key = cacheKey(token);
    const cached = await this.redis.get(key).catch((error: Error) => {
      this.log.warn({ err: error }, 'session cache unavailable; asking identity');
      return null;
    });
    if (cached) return cached === '-' ? undefined : (JSON.parse(cached) as UserSummary);
    try {
      const { user, expiresAtMs } = await this.identity.validateSession({ sessionToken: token });
      const ttl = Math.max(1, Math.min(CACHE_SECONDS, Math.floor((expiresAtMs - Date.now()) / 1000)));
      await this.redis.set(key, JSON.stringify(user), { EX: ttl }).catch(() => undefined);
      return user;
    } catch (error) {
      if (AppError.is(error) && error.code === 'Unauthorized') {
        // Remember a bad token briefly so a client stuck with one does not hammer identity.
        await this.redis.set(key, '-', { EX: 10 }).catch(() => undefined);
        return undefined;
      }
      throw error;
    }
  }

  async forget(token: string) {
    await this.redis.del(cacheKey(token)).catch(() => undefined);
  }
}

function cacheKey(token: string) {
  return `gw:sess:${createHash('sha256').update(token).digest('base64url')}`;
}
