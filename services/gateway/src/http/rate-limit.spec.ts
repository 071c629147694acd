import { RateLimiter, type RateLimitStore } from './rate-limit.js';

/** A stand-in for Redis' MULTI/INCRBY/EXPIRE that can also hold other replicas' counts. */
function store() {
  const counts = new Map<string, number>();
  let failing = false;
  const fake = {
    counts,
    fail(value: boolean) {
      failing = value;
    },
    multi() {
      const ops: (() => number)[] = [];
      const chain = {
        incrBy(key: string, n: number) {
          ops.push(() => {
            counts.set(key, (counts.get(key) ?? 0) + n);
            return counts.get(key)!;
          });
          return chain;
        },
        expire() {
          ops.push(() => 1);
          return chain;
        },
        async exec() {
          if (failing) throw new Error('redis down');
          return ops.map((op) => op());
        },
      };
      return chain;
    },
  };
  return fake;
}

const quiet = { warn: () => undefined };
const minute = 60_000;
const t0 = 1_000 * minute;

describe('RateLimiter', () => {
  it('allows up to the limit in a window and refuses after, with the seconds left', () => {
    const limiter = new RateLimiter(store() as unknown as RateLimitStore, quiet);
    for (let i = 0; i < 3; i += 1) expect(limiter.hit('ip', 3, t0 + 15_000).allowed).toBe(true);
    expect(limiter.hit('ip', 3, t0 + 15_000)).toEqual({ allowed: false, remaining: 0, retryAfterSeconds: 45 });
    expect(limiter.hit('other', 3, t0 + 15_000).allowed).toBe(true);
  });

  it('starts afresh in the next window', () => {
    const limiter = new RateLimiter(store() as unknown as RateLimitStore, quiet);
    limiter.hit('ip', 1, t0);
    expect(limiter.hit('ip', 1, t0).allowed).toBe(false);
    expect(limiter.hit('ip', 1, t0 + minute).allowed).toBe(true);
  });

  it('shares counts across replicas through the store', async () => {
    const shared = store();
    const a = new RateLimiter(shared as unknown as RateLimitStore, quiet);
    const b = new RateLimiter(shared as unknown as RateLimitStore, quiet);
    a.hit('ip', 4, t0);
    a.hit('ip', 4, t0);
    a.hit('ip', 4, t0);
    await a.flush(t0);
    b.hit('ip', 4, t0);
    await b.flush(t0);
    expect(b.hit('ip', 4, t0).allowed).toBe(false);
    expect(shared.counts.get(`gw:rl:ip:${t0 / minute}`)).toBe(4);
  });

  it('keeps limiting on local counts while the store is away, and catches up later', async () => {
    const shared = store();
    const limiter = new RateLimiter(shared as unknown as RateLimitStore, quiet);
    shared.fail(true);
    limiter.hit('ip', 2, t0);
    await limiter.flush(t0);
    limiter.hit('ip', 2, t0);
    expect(limiter.hit('ip', 2, t0).allowed).toBe(false);
    shared.fail(false);
    await limiter.flush(t0);
    expect(shared.counts.get(`gw:rl:ip:${t0 / minute}`)).toBe(3);
  });
});
