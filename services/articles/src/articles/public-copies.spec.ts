import { describe, expect, it, jest } from '@jest/globals';
import { ARTICLE_EVICTIONS_CHANNEL, type Logger, type RedisClient } from '@pencraft/kit';
import { strictMock } from '@pencraft/testing';
import { RedisPublicCopies } from './public-copies.js';

const ARTICLE = '6f1c2a4e-8d3b-4c5a-9e7f-0a1b2c3d4e5f';

describe('RedisPublicCopies', () => {
  function copies() {
    const redis = strictMock<RedisClient>('RedisClient');
    const log = strictMock<Logger>('Logger');
    return { redis, log, copies: new RedisPublicCopies(redis, log) };
  }

  it("tells the gateways on the evictions channel, by the article's id", () => {
    const { redis, copies: publicCopies } = copies();
    redis.publish.mockResolvedValue(2 as never);
    publicCopies.drop(ARTICLE);
    expect(redis.publish).toHaveBeenCalledWith(ARTICLE_EVICTIONS_CHANNEL, ARTICLE);
  });

  it('never fails nor waits: a Redis error is logged (the copies then expire by themselves)', async () => {
    const { redis, log, copies: publicCopies } = copies();
    redis.publish.mockRejectedValue(new Error('redis gone') as never);
    log.warn.mockReturnValue(undefined);
    expect(() => publicCopies.drop(ARTICLE)).not.toThrow();
    await new Promise((resolve) => setImmediate(resolve));
    expect(log.warn).toHaveBeenCalledWith(
      expect.objectContaining({ articleId: ARTICLE }),
      'public copies of an article not dropped',
    );
    jest.restoreAllMocks();
  });
});
