import { beforeEach, describe, expect, it } from '@jest/globals';
import type { RedisClient } from '@pencraft/kit';
import { strictMock, type StrictMock } from '@pencraft/testing';
import { StatisticsCounters } from './statistics.counters.js';

type Pipeline = ReturnType<RedisClient['multi']>;

const ARTICLE = '3f2b8c1d-6e4a-4b7c-9d1e-2a3b4c5d6e7f';
const DAY = '2026-11-26';

describe('StatisticsCounters', () => {
  let redis: StrictMock<RedisClient>;
  let pipeline: StrictMock<Pipeline>;
  let counters: StatisticsCounters;

  beforeEach(() => {
    redis = strictMock<RedisClient>('Redis');
    pipeline = strictMock<Pipeline>('Pipeline');
    for (const method of ['hIncrBy', 'pfAdd', 'expire'] as const) pipeline[method].mockReturnValue(pipeline as never);
    pipeline.execAsPipeline.mockResolvedValue([] as never);
    redis.multi.mockReturnValue(pipeline);
    counters = new StatisticsCounters(redis);
  });

  /** The calls of a pipeline command, by their arguments. */
  const calls = (method: 'hIncrBy' | 'pfAdd' | 'expire') =>
    pipeline[method].mock.calls as unknown as [string, unknown][];
  /** The seconds each key written to was given to live. */
  const expiries = () => new Map(calls('expire').map(([key, seconds]) => [key, Number(seconds)]));

  it("keeps the visitors of an article 90 days after its last view, the site's of a day 3 days", async () => {
    await counters.recordView({ articleId: ARTICLE, visitorKey: 'h:abc', signedIn: false, day: DAY });

    expect(pipeline.pfAdd).toHaveBeenCalledWith(`st:uv:${ARTICLE}`, 'h:abc');
    expect(pipeline.pfAdd).toHaveBeenCalledWith(`st:suv:${DAY}`, 'h:abc');
    expect(expiries()).toEqual(
      new Map([
        [`st:suv:${DAY}`, 3 * 86_400],
        [`st:uv:${ARTICLE}`, 90 * 86_400],
      ]),
    );
    expect(pipeline.execAsPipeline).toHaveBeenCalledTimes(1);
  });

  it('writes no key that is not given an expiry, apart from the pending counts the flush takes', async () => {
    await counters.recordView({ articleId: ARTICLE, visitorKey: 'a:visitor', signedIn: true, day: DAY });

    const written = new Set(calls('pfAdd').map(([key]) => key));
    expect([...written].every((key) => expiries().has(key))).toBe(true);
    expect(new Set(calls('hIncrBy').map(([key]) => key))).toEqual(new Set(['st:pending']));
  });

  it("marks a visitor's read of the day with an expiry in the same step as the count", async () => {
    redis.eval.mockResolvedValue(1 as never);

    expect(await counters.recordRead({ articleId: ARTICLE, visitorKey: 'h:abc', day: DAY, seconds: 40 })).toBe(true);

    const [script, options] = redis.eval.mock.calls[0]! as unknown as [string, { keys: string[]; arguments: string[] }];
    expect(script).toContain("'NX', 'EX', ARGV[1]");
    expect(options.keys[0]).toBe(`st:rd:${ARTICLE}:${DAY}:h:abc`);
    expect(options.arguments[0]).toBe(String(26 * 3_600));
  });
});
