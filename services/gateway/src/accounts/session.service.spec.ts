import { AppError } from '@pencraft/errors';
import { createHash } from 'node:crypto';
import type { Logger, RedisClient } from '@pencraft/kit';
import type { IdentityClient } from './identity.upstream.js';
import { SessionService } from './session.service.js';

const user = { uid: 'u1', username: 'leyla', fullname: 'Leyla' };

/** Redis with SET's NX condition, recording every command in order. */
function fakeRedis(log: string[]) {
  const values = new Map<string, string>();
  return {
    values,
    async get(key: string) {
      return values.get(key) ?? null;
    },
    async set(key: string, value: string, options: { condition?: 'NX' }) {
      log.push(`redis.set ${value === '-' ? '-' : 'user'}${options.condition ? ' NX' : ''}`);
      if (options.condition === 'NX' && values.has(key)) return null;
      values.set(key, value);
      return 'OK';
    },
    async del(keys: string[]) {
      log.push(`redis.del ${keys.length}`);
      for (const key of keys) values.delete(key);
      return keys.length;
    },
  };
}

describe('SessionService', () => {
  const quiet = { warn: () => undefined } as unknown as Logger;

  it('ends the session at identity before marking it ended in the cache', async () => {
    const calls: string[] = [];
    const redis = fakeRedis(calls);
    const identity = {
      logout: async () => void calls.push('identity.logout'),
    } as unknown as IdentityClient;
    await new SessionService(identity, redis as unknown as RedisClient, quiet).end('token');
    expect(calls).toEqual(['identity.logout', 'redis.set -']);
  });

  it('cannot put back a session that sign-out ended while its validation was in flight', async () => {
    const calls: string[] = [];
    const redis = fakeRedis(calls);
    let answer!: () => void;
    const identity = {
      validateSession: () =>
        new Promise((resolve) => (answer = () => resolve({ user, expiresAtMs: Date.now() + 3_600_000 }))),
      logout: async () => undefined,
    } as unknown as IdentityClient;
    const sessions = new SessionService(identity, redis as unknown as RedisClient, quiet);
    const inFlight = sessions.resolve('token');
    await new Promise((r) => setImmediate(r));
    await sessions.end('token');
    answer();
    await inFlight;
    expect(await sessions.resolve('token')).toBeUndefined();
    expect(calls).toEqual(['redis.set -', 'redis.set user NX']);
  });

  it('remembers a refused token briefly', async () => {
    const calls: string[] = [];
    const identity = {
      validateSession: async () => {
        throw new AppError('Unauthorized');
      },
    } as unknown as IdentityClient;
    const sessions = new SessionService(identity, fakeRedis(calls) as unknown as RedisClient, quiet);
    expect(await sessions.resolve('bad')).toBeUndefined();
    expect(calls).toEqual(['redis.set - NX']);
  });

  it('caches the session id with the user, and evicts ended sessions by the token hash identity answers', async () => {
    const calls: string[] = [];
    const redis = fakeRedis(calls);
    let validations = 0;
    const identity = {
      validateSession: async () => {
        validations += 1;
        return { user, sessionId: 's-1', expiresAtMs: Date.now() + 3_600_000 };
      },
    } as unknown as IdentityClient;
    const sessions = new SessionService(identity, redis as unknown as RedisClient, quiet);
    expect(await sessions.resolveSession('token')).toEqual({ user, sessionId: 's-1' });
    expect(await sessions.resolveSession('token')).toEqual({ user, sessionId: 's-1' });
    expect(validations).toBe(1);

    await sessions.evict([createHash('sha256').update('token').digest()]);

    expect(await sessions.resolve('token')).toBeUndefined();
    expect(validations).toBe(1);
  });

  it('answers and caches the ban of a banned user, never past its end; refresh asks identity again', async () => {
    const calls: string[] = [];
    const redis = fakeRedis(calls);
    const ban = { reason: 'spam', endsAtMs: Date.now() + 20_000 };
    const answers = [
      { user, sessionId: 's-1', expiresAtMs: Date.now() + 3_600_000, deletionScheduledAtMs: 0 },
      { user, sessionId: 's-1', expiresAtMs: Date.now() + 3_600_000, deletionScheduledAtMs: 0, ban },
    ];
    let validations = 0;
    const ttls: number[] = [];
    const identity = {
      validateSession: async () => answers[Math.min(validations++, answers.length - 1)],
    } as unknown as IdentityClient;
    const recordingRedis = {
      ...redis,
      async set(key: string, value: string, options: { expiration: { value: number }; condition?: 'NX' }) {
        ttls.push(options.expiration.value);
        return redis.set(key, value, options);
      },
    };
    const sessions = new SessionService(identity, recordingRedis as unknown as RedisClient, quiet);
    expect(await sessions.resolveSession('token')).toEqual({ user, sessionId: 's-1' });

    // The ban is issued: until the cache is refreshed the old answer stands, then the ban is answered.
    await sessions.refresh([createHash('sha256').update('token').digest()]);
    expect(await sessions.resolveSession('token')).toEqual({ user, sessionId: 's-1', ban });
    expect(await sessions.resolveSession('token')).toEqual({ user, sessionId: 's-1', ban });
    expect(validations).toBe(2);
    expect(ttls[0]).toBe(60);
    expect(ttls[1]).toBeLessThanOrEqual(20);
    expect(calls).toContain('redis.del 1');
  });
});
