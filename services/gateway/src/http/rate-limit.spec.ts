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

describe('RateLimiter windows of another length (the partners daily quotas)', () => {
  const day = 86_400_000;

  it('counts a UTC day under its own key, shared through Redis, and resets at midnight UTC', async () => {
    const shared = store();
    const limiter = new RateLimiter(shared as unknown as RateLimitStore, quiet);
    const noon = 20_000 * day + day / 2;
    expect(limiter.hit('c', 2, noon, 86_400)).toEqual({ allowed: true, remaining: 1, retryAfterSeconds: 43_200 });
    expect(limiter.peek('c', 2, noon, 86_400)).toEqual({ allowed: true, remaining: 1, retryAfterSeconds: 43_200 });
    expect(limiter.hit('c', 2, noon, 86_400).allowed).toBe(true);
    expect(limiter.hit('c', 2, noon + 1000, 86_400).allowed).toBe(false);
    // A minute's count of the same key is another counter.
    expect(limiter.hit('c', 2, noon).allowed).toBe(true);
    await limiter.flush(noon + 2000);
    expect(shared.counts.get('gw:rl:c:86400:20000')).toBe(3);
    expect(limiter.hit('c', 2, 20_001 * day, 86_400)).toEqual({
      allowed: true,
      remaining: 1,
      retryAfterSeconds: 86_400,
    });
  });
});
