import type { Logger, RedisClient } from '@pencraft/kit';
import { AppError } from '@pencraft/errors';
import { tooManyRequests } from '../http/api-error.js';
import { backoffTable, CAPTCHA_AFTER_FAILURES, FAILURES_TTL_MS } from './sign-in-throttle.rules.js';

export type ThrottleStore = Pick<RedisClient, 'eval' | 'hDel' | 'del'>;

/** One sign-in to place: the account's bucket, the client address's field in it, and whether a captcha was solved. */
export interface SignInAttempt {
  account: string;
  address: string;
  captchaSolved: boolean;
}

/**
 * Reserves one sign-in before any password is compared, in one step, so parallel attempts take their turns. An
 * account's bucket is a hash: `a` counts its attempts from every address (from CAPTCHA_AFTER_FAILURES on, each needs
 * a solved captcha), `f:<address>` those from one address and `w:<address>` when that address may try again (the
 * backoff of the attempt's number, set as it is reserved, as if it failed). The clock is Redis's own.
 * Answers ['wait', ms], ['captcha', 0] or ['ok', 0].
 */
const RESERVE = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local waitUntil = tonumber(redis.call('HGET', KEYS[1], 'w:' .. ARGV[1]) or '0')
if waitUntil > now then return {'wait', waitUntil - now} end
local attempts = tonumber(redis.call('HGET', KEYS[1], 'a') or '0')
if attempts >= tonumber(ARGV[3]) and ARGV[2] ~= '1' then return {'captcha', 0} end
redis.call('HINCRBY', KEYS[1], 'a', 1)
local n = redis.call('HINCRBY', KEYS[1], 'f:' .. ARGV[1], 1)
local delay = tonumber(ARGV[4 + math.min(n, #ARGV - 4)])
if delay > 0 then redis.call('HSET', KEYS[1], 'w:' .. ARGV[1], now + delay) end
redis.call('PEXPIRE', KEYS[1], ARGV[4])
return {'ok', 0}`;

/**
 * Gives back an attempt that compared nothing it could fail on (a right password still waiting for its second
 * factor, a ban, identity away): the counts drop by one, and the address's wait goes when the count left needs none.
 */
const RELEASE = `
if redis.call('EXISTS', KEYS[1]) == 0 then return 0 end
if tonumber(redis.call('HGET', KEYS[1], 'a') or '0') > 0 then redis.call('HINCRBY', KEYS[1], 'a', -1) end
local n = tonumber(redis.call('HGET', KEYS[1], 'f:' .. ARGV[1]) or '0')
if n > 0 then n = redis.call('HINCRBY', KEYS[1], 'f:' .. ARGV[1], -1) end
if n == 0 or tonumber(ARGV[1 + math.min(n, #ARGV - 1)]) == 0 then redis.call('HDEL', KEYS[1], 'w:' .. ARGV[1]) end
return 1`;

/**
 * Sign-in throttling kept in Redis (shared by every replica), beside the per-address rate limit: the hard wait holds
 * one account from one address only, so an attacker's failures never keep the owner out elsewhere, where the account
 * only asks for a captcha. When Redis is away it lets sign-in through (the per-address limit still holds) rather
 * than lock everyone out.
 */
export class SignInThrottle {
  private readonly delays = backoffTable().map(String);

  constructor(
    private readonly store: ThrottleStore,
    private readonly log: Pick<Logger, 'warn'>,
  ) {}

  /** Counts the attempt before anything is compared: TooManyRequests (seconds to wait) or CaptchaRequired instead. */
  async reserve({ account, address, captchaSolved }: SignInAttempt): Promise<void> {
    let answer: unknown;
    try {
      answer = await this.store.eval(RESERVE, {
        keys: [account],
        arguments: [
          address,
          captchaSolved ? '1' : '0',
          String(CAPTCHA_AFTER_FAILURES),
          String(FAILURES_TTL_MS),
          ...this.delays,
        ],
      });
    } catch (error) {
      this.log.warn({ err: error }, 'sign-in throttle unavailable');
      return;
    }
    const [verdict, waitMs] = answer as [string, number];
    if (verdict === 'wait') throw tooManyRequests(Math.max(1, Math.ceil(Number(waitMs) / 1000)));
    if (verdict === 'captcha') throw new AppError('CaptchaRequired');
  }

  /** The attempt could not fail on a password or a code: it does not count. */
  async release({ account, address }: Pick<SignInAttempt, 'account' | 'address'>): Promise<void> {
    await this.store
      .eval(RELEASE, { keys: [account], arguments: [address, ...this.delays] })
      .catch((error: Error) => this.log.warn({ err: error }, 'sign-in throttle unavailable'));
  }

  /** A success from an address forgets the account's failures and that address's wait (other addresses keep theirs). */
  async succeeded({ account, address }: Pick<SignInAttempt, 'account' | 'address'>): Promise<void> {
    await this.store.hDel(account, ['a', `f:${address}`, `w:${address}`]).catch(() => undefined);
  }

  /** A password reset forgets every failure of the account, from every address. */
  async clear(account: string): Promise<void> {
    await this.store.del(account).catch(() => undefined);
  }
}
