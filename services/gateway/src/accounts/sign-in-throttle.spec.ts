import { AppError } from '@pencraft/errors';
import {
  accountKey,
  backoffMs,
  FREE_FAILURES,
  MAX_DELAY_MS,
  SignInThrottle,
  type ThrottleStore,
} from './sign-in-throttle.js';

describe('sign-in backoff', () => {
  it('lets the first failures through, then doubles from one second, capped at 15 minutes', () => {
    for (let n = 0; n < FREE_FAILURES; n += 1) expect(backoffMs(n)).toBe(0);
    expect(backoffMs(FREE_FAILURES)).toBe(1_000);
    expect(backoffMs(FREE_FAILURES + 1)).toBe(2_000);
    expect(backoffMs(FREE_FAILURES + 3)).toBe(8_000);
    expect(backoffMs(FREE_FAILURES + 20)).toBe(MAX_DELAY_MS);
    expect(backoffMs(10_000)).toBe(15 * 60_000);
  });

  it('keys an account however its login is written, without the login itself', () => {
    expect(accountKey(' Leyla@Example.AZ ')).toBe(accountKey('leyla@example.az'));
    expect(accountKey('Leyla')).toBe(accountKey('leyla'));
    expect(accountKey('leyla')).not.toBe(accountKey('leyla2'));
    expect(accountKey('leyla@example.az')).not.toContain('leyla');
  });
});

/** An in-memory stand-in for the Redis commands the throttle uses, with a clock. */
function memoryStore() {
  let now = 0;
  const values = new Map<string, { value: string; expires: number }>();
  const live = (key: string) => {
    const entry = values.get(key);
    if (entry && entry.expires <= now) values.delete(key);
    return values.get(key);
  };
  const store = {
    advance: (ms: number) => (now += ms),
    async pTTL(key: string) {
      const entry = live(key);
      return entry ? (entry.expires === Infinity ? -1 : entry.expires - now) : -2;
    },
    async incr(key: string) {
      const value = Number(live(key)?.value ?? 0) + 1;
      values.set(key, { value: String(value), expires: values.get(key)?.expires ?? Infinity });
      return value;
    },
    async expire(key: string, seconds: number) {
      const entry = live(key);
      if (entry) entry.expires = now + seconds * 1000;
      return 1;
    },
    async set(key: string, value: string, options: { expiration: { value: number } }) {
      values.set(key, { value, expires: now + options.expiration.value });
      return 'OK';
    },
    async get(key: string) {
      return live(key)?.value ?? null;
    },
    async del(keys: string[]) {
      for (const key of keys) values.delete(key);
      return keys.length;
    },
  };
  return store;
}

async function refusal(check: Promise<void>) {
  try {
    await check;
  } catch (error) {
    if (AppError.is(error))
      return { code: error.code, retryAfter: (error as { retryAfterSeconds?: number }).retryAfterSeconds };
    throw error;
  }
  return undefined;
}

describe('SignInThrottle', () => {
  const quiet = { warn: () => undefined };

  it('refuses an account in its backoff with the seconds to wait, and a success resets it', async () => {
    const store = memoryStore();
    const throttle = new SignInThrottle(store as unknown as ThrottleStore, quiet);
    for (let i = 0; i < FREE_FAILURES - 1; i += 1) await throttle.failed('victim');
    expect(await refusal(throttle.check('victim'))).toBeUndefined();
    await throttle.failed('Victim');
    expect(await refusal(throttle.check('VICTIM'))).toEqual({ code: 'TooManyRequests', retryAfter: 1 });
    expect(await refusal(throttle.check('someone-else'))).toBeUndefined();
    store.advance(1_000);
    expect(await refusal(throttle.check('victim'))).toBeUndefined();
    await throttle.failed('victim');
    expect(await refusal(throttle.check('victim'))).toEqual({ code: 'TooManyRequests', retryAfter: 2 });
    await throttle.succeeded('victim');
    expect(await refusal(throttle.check('victim'))).toBeUndefined();
  });

  it('never makes the owner wait more than 15 minutes', async () => {
    const store = memoryStore();
    const throttle = new SignInThrottle(store as unknown as ThrottleStore, quiet);
    for (let i = 0; i < 60; i += 1) await throttle.failed('victim');
    expect((await refusal(throttle.check('victim')))?.retryAfter).toBe(900);
    store.advance(MAX_DELAY_MS);
    expect(await refusal(throttle.check('victim'))).toBeUndefined();
  });

  it('counts recent failures per account until a success or a quiet hour', async () => {
    const store = memoryStore();
    const throttle = new SignInThrottle(store as unknown as ThrottleStore, quiet);
    expect(await throttle.recentFailures('victim')).toBe(0);
    for (let i = 0; i < 3; i += 1) await throttle.failed('victim');
    expect(await throttle.recentFailures(' Victim ')).toBe(3);
    expect(await throttle.recentFailures('someone-else')).toBe(0);
    store.advance(60 * 60_000);
    expect(await throttle.recentFailures('victim')).toBe(0);
    await throttle.failed('victim');
    await throttle.succeeded('victim');
    expect(await throttle.recentFailures('victim')).toBe(0);
  });

  it('lets sign-in through when Redis is away', async () => {
    const failing = { pTTL: () => Promise.reject(new Error('down')) } as unknown as ThrottleStore;
    expect(await refusal(new SignInThrottle(failing, quiet).check('victim'))).toBeUndefined();
    const unreadable = { get: () => Promise.reject(new Error('down')) } as unknown as ThrottleStore;
    expect(await new SignInThrottle(unreadable, quiet).recentFailures('victim')).toBe(0);
  });
});
