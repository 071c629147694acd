import { describe, expect, it } from '@jest/globals';
import { AppError } from '@pencraft/errors';
import { AddressCooldown, type CooldownStore } from './address-cooldown.js';

function memoryStore() {
  const expiries = new Map<string, number>();
  let now = 0;
  const store = {
    async set(key: string, _value: string, options: { expiration: { value: number }; condition: 'NX' }) {
      const until = expiries.get(key);
      if (until !== undefined && until > now) return null;
      expiries.set(key, now + options.expiration.value);
      return 'OK';
    },
    async pTTL(key: string) {
      const until = expiries.get(key);
      return until === undefined || until <= now ? -2 : until - now;
    },
    advance(ms: number) {
      now += ms;
    },
    keys: () => [...expiries.keys()],
  };
  return store;
}

const quiet = { warn: () => undefined };

async function refusal(promise: Promise<unknown>) {
  try {
    await promise;
    return undefined;
  } catch (error) {
    if (AppError.is(error)) return error;
    throw error;
  }
}

describe('AddressCooldown', () => {
  it('lets one request a minute through per address however it is written, and says how long to wait', async () => {
    const store = memoryStore();
    const cooldown = new AddressCooldown(store as unknown as CooldownStore, quiet);
    expect(await refusal(cooldown.claim('reset', 'leyla@example.az'))).toBeUndefined();
    store.advance(20_000);
    const error = await refusal(cooldown.claim('reset', ' Leyla@Example.AZ '));
    expect(error?.code).toBe('Flood');
    expect(error?.params).toEqual({ retryAfter: 40 });
    expect(await refusal(cooldown.claim('reset', 'other@example.az'))).toBeUndefined();
    store.advance(40_000);
    expect(await refusal(cooldown.claim('reset', 'leyla@example.az'))).toBeUndefined();
  });

  it('checks without starting the cooldown, which claiming starts', async () => {
    const store = memoryStore();
    const cooldown = new AddressCooldown(store as unknown as CooldownStore, quiet);
    await cooldown.ensureFree('email', 'new@example.az');
    await cooldown.ensureFree('email', 'new@example.az');
    await cooldown.claim('email', 'new@example.az');
    store.advance(1_000);
    const error = await refusal(cooldown.ensureFree('email', 'NEW@example.az'));
    expect([error?.code, error?.params]).toEqual(['Flood', { retryAfter: 59 }]);
  });

  it('keeps no address in its keys', async () => {
    const store = memoryStore();
    await new AddressCooldown(store as unknown as CooldownStore, quiet).claim('reset', 'leyla@example.az');
    expect(store.keys().join()).not.toMatch(/leyla|example/);
  });

  it('lets requests through when Redis is away', async () => {
    const failing = { set: () => Promise.reject(new Error('down')) } as unknown as CooldownStore;
    expect(await refusal(new AddressCooldown(failing, quiet).claim('reset', 'leyla@example.az'))).toBeUndefined();
  });
});
