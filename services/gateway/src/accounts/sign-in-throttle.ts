import type { Logger, RedisClient } from '@pencraft/kit';
import { normalizeEmail } from '@pencraft/rules';
import { createHash } from 'node:crypto';
import { tooManyRequests } from '../http/api-error.js';

/** Failures of one account allowed before sign-in slows down. */
export const FREE_FAILURES = 5;
const FIRST_DELAY_MS = 1_000;
/** The longest wait, so that someone failing on purpose cannot keep the owner out for long. */
export const MAX_DELAY_MS = 15 * 60_000;
/** Failures are forgotten after a quiet hour. */
const FAILURES_TTL_SECONDS = 60 * 60;

/** How long sign-in for an account waits after its nth failure in a row: 0, then 1 s doubling up to 15 minutes. */
export function backoffMs(failures: number): number {
  if (failures < FREE_FAILURES) return 0;
  return Math.min(MAX_DELAY_MS, FIRST_DELAY_MS * 2 ** Math.min(failures - FREE_FAILURES, 30));
}

/** One key per account however the login is written (case, spaces); hashed so no e-mail address sits in Redis. */
export function accountKey(login: string): string {
  const digest = createHash('sha256').update(normalizeEmail(login)).digest('base64url');
  return `gw:signin:${digest}`;
}

export type ThrottleStore = Pick<RedisClient, 'pTTL' | 'incr' | 'expire' | 'set' | 'del' | 'get'>;

/**
 * Per-account sign-in backoff kept in Redis (shared by every replica), beside the per-address rate limit:
 * an attacker spreading guesses over many addresses still meets it. When Redis is away it lets sign-in through
 * (the per-address limit still holds) rather than lock everyone out.
 */
export class SignInThrottle {
  constructor(
    private readonly store: ThrottleStore,
    private readonly log: Pick<Logger, 'warn'>,
  ) {}

  /** Refuses with TooManyRequests (and the seconds to wait) while the account is in its backoff. */
  async check(login: string): Promise<void> {
    const waitMs = await this.store.pTTL(`${accountKey(login)}:wait`).catch((error: Error) => {
      this.log.warn({ err: error }, 'sign-in throttle unavailable');
      return -2;
    });
    if (waitMs > 0) throw tooManyRequests(Math.ceil(waitMs / 1000));
  }

  /** Failures of the account in the last quiet hour (the captcha asks for a check from the third on); 0 when Redis is away. */
  async recentFailures(login: string): Promise<number> {
    const count = await this.store.get(accountKey(login)).catch((error: Error) => {
      this.log.warn({ err: error }, 'sign-in throttle unavailable');
      return null;
    });
    return Number(count ?? 0);
  }

  async failed(login: string): Promise<void> {
    const key = accountKey(login);
    try {
      const failures = await this.store.incr(key);
      await this.store.expire(key, FAILURES_TTL_SECONDS);
      const wait = backoffMs(failures);
      if (wait > 0) await this.store.set(`${key}:wait`, '1', { expiration: { type: 'PX', value: wait } });
    } catch (error) {
      this.log.warn({ err: error }, 'sign-in throttle unavailable');
    }
  }

  async succeeded(login: string): Promise<void> {
    const key = accountKey(login);
    await this.store.del([key, `${key}:wait`]).catch(() => undefined);
  }
}
