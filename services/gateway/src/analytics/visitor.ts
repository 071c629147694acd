import type { Logger, RedisClient } from '@pencraft/kit';
import { createHash, randomBytes } from 'node:crypto';

/** Random visitor id (pc_aid) and analytics session id (pc_as): what the gateway writes, and all it accepts back. */
export const ANALYTICS_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** The salt lives two days in Redis (yesterday's late views still find it), then nobody can recompute a hash. */
const SALT_TTL_SECONDS = 2 * 86_400;

/**
 * The random salt of a UTC day, shared by every gateway replica through Redis, for the unique-visitor hash of
 * visitors without the analytics cookie. If Redis is away, a salt of this process's own is used for the day.
 */
export class DailySalt {
  private current?: { day: string; salt: string };

  constructor(
    private readonly redis: Pick<RedisClient, 'set' | 'get'>,
    private readonly log: Pick<Logger, 'warn'>,
  ) {}

  async of(day: string): Promise<string> {
    if (this.current?.day === day) return this.current.salt;
    const key = `gw:an:salt:${day}`;
    const fresh = randomBytes(32).toString('base64url');
    let salt = fresh;
    try {
      await this.redis.set(key, fresh, { condition: 'NX', expiration: { type: 'EX', value: SALT_TTL_SECONDS } });
      salt = (await this.redis.get(key)) ?? fresh;
    } catch (error) {
      this.log.warn({ err: error }, 'analytics salt not shared through Redis; using one of this process');
    }
    this.current = { day, salt };
    return salt;
  }
}

/**
 * The key a visitor is counted under for unique views: the analytics cookie with consent, otherwise a hash of the
 * address and user agent with the day's salt (it changes every day and cannot be traced back).
 */
export function visitorKey(input: {
  consentedVisitorId: string | undefined;
  address: string;
  userAgent: string;
  salt: string;
}): string {
  if (input.consentedVisitorId) return `a:${input.consentedVisitorId}`;
  const hash = createHash('sha256').update(`${input.salt}\n${input.address}\n${input.userAgent}`).digest('base64url');
  return `h:${hash.slice(0, 32)}`;
}

/** The article of a page path /a/{id}, if it is one. */
export function articleOfPath(path: string): string | undefined {
  const match = /^\/a\/([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12})\/?$/.exec(path);
  return match?.[1]?.toLowerCase();
}
