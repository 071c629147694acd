import type { Logger, RedisClient } from '@pencraft/kit';

const WINDOW_SECONDS = 60;

export interface RateLimitResult {
  allowed: boolean;
  remaining: number;
  retryAfterSeconds: number;
}

interface Counter {
  redisKey: string;
  window: number;
  /** The window's length in seconds (a minute, or a UTC day for the partners' daily quotas). */
  seconds: number;
  /** What every replica had counted at the last flush (ours included). */
  shared: number;
  /** Our hits since then. */
  unflushed: number;
}

/** The part of the Redis client the limiter uses. */
export type RateLimitStore = Pick<RedisClient, 'multi'>;

/**
 * Fixed windows (a minute unless said; a UTC day for daily quotas) per client, shared by every gateway replica through Redis. A hit is counted in
 * memory and answered at once; every flush interval the counts are added to Redis and the shared totals read
 * back. On one replica the limit is exact; across replicas it may be passed by what others counted within
 * one interval. When Redis is away each replica still enforces the limit on its own count.
 */
export class RateLimiter {
  private readonly counters = new Map<string, Counter>();
  private timer?: NodeJS.Timeout;
  private flushing?: Promise<void>;
  private lastWarning = 0;

  constructor(
    private readonly store: RateLimitStore,
    private readonly log: Pick<Logger, 'warn'>,
    private readonly flushMs = 100,
  ) {}

  start() {
    this.timer ??= setInterval(() => void this.flush(), this.flushMs);
    this.timer.unref();
  }

  async stop() {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.flush();
  }

  hit(key: string, limit: number, now = Date.now(), seconds = WINDOW_SECONDS): RateLimitResult {
    const window = Math.floor(now / 1000 / seconds);
    // A minute keeps its historical key; other windows name their length (a day's window 20000 is not a minute's).
    const redisKey = seconds === WINDOW_SECONDS ? `gw:rl:${key}:${window}` : `gw:rl:${key}:${seconds}:${window}`;
    let counter = this.counters.get(redisKey);
    if (!counter) {
      counter = { redisKey, window, seconds, shared: 0, unflushed: 0 };
      this.counters.set(redisKey, counter);
    }
    counter.unflushed += 1;
    const count = counter.shared + counter.unflushed;
    const retryAfterSeconds = (window + 1) * seconds - Math.floor(now / 1000);
    return { allowed: count <= limit, remaining: Math.max(0, limit - count), retryAfterSeconds };
  }

  /** What hit would answer without counting the request (the other window of a request refused by one). */
  peek(key: string, limit: number, now = Date.now(), seconds = WINDOW_SECONDS): RateLimitResult {
    const window = Math.floor(now / 1000 / seconds);
    const redisKey = seconds === WINDOW_SECONDS ? `gw:rl:${key}:${window}` : `gw:rl:${key}:${seconds}:${window}`;
    const counter = this.counters.get(redisKey);
    const count = counter ? counter.shared + counter.unflushed : 0;
    const retryAfterSeconds = (window + 1) * seconds - Math.floor(now / 1000);
    return { allowed: count < limit, remaining: Math.max(0, limit - count), retryAfterSeconds };
  }

  /** Adds our counts to Redis and learns the totals; one MULTI for every client seen since the last flush. */
  flush(now = Date.now()): Promise<void> {
    this.flushing ??= this.doFlush(now).finally(() => {
      this.flushing = undefined;
    });
    return this.flushing;
  }

  private async doFlush(now: number) {
    const current = (counter: Counter) => Math.floor(now / 1000 / counter.seconds);
    const batch: { counter: Counter; added: number }[] = [];
    for (const counter of this.counters.values()) {
      if (counter.window < current(counter) && counter.unflushed === 0) {
        this.counters.delete(counter.redisKey);
        continue;
      }
      if (counter.unflushed > 0) batch.push({ counter, added: counter.unflushed });
    }
    if (batch.length === 0) return;
    const multi = this.store.multi();
    for (const { counter, added } of batch)
      multi.incrBy(counter.redisKey, added).expire(counter.redisKey, counter.seconds + 1);
    try {
      const replies = (await multi.exec()) as unknown as number[];
      batch.forEach(({ counter, added }, index) => {
        counter.shared = Number(replies[index * 2]);
        counter.unflushed -= added;
        if (counter.window < current(counter) && counter.unflushed === 0) this.counters.delete(counter.redisKey);
      });
    } catch (error) {
      if (now - this.lastWarning > 60_000)
        this.log.warn({ err: error }, 'rate limit counts could not reach Redis; limiting on local counts');
      this.lastWarning = now;
    }
  }
}
