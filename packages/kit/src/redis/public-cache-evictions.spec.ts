import { describe, expect, it, jest } from '@jest/globals';
import type { Logger } from '../logging/logger.js';
import type { RedisClient } from './client.js';
import {
  ARTICLE_EVICTIONS_CHANNEL,
  listenForArticleEvictions,
  publishArticleEviction,
} from './public-cache-evictions.js';

const ARTICLE = '6f1c2a4e-8d3b-4c5a-9e7f-0a1b2c3d4e5f';

/** A subscriber connection that records what it was asked and hands messages to its listener. */
function fakeSubscriber() {
  let listener: ((message: string) => void) | undefined;
  const subscriber = {
    on: jest.fn(),
    connect: jest.fn(async () => undefined),
    subscribe: jest.fn(async (_channel: string, onMessage: (message: string) => void) => {
      listener = onMessage;
    }),
    close: jest.fn(async () => undefined),
  };
  const redis = { duplicate: jest.fn(() => subscriber) } as unknown as Pick<RedisClient, 'duplicate'>;
  return { redis, subscriber, deliver: (message: string) => listener!(message) };
}

const log = { warn: jest.fn(), error: jest.fn() } as unknown as Logger;

describe('article evictions over Redis', () => {
  it('publishes the article id on the channel', async () => {
    const publish = jest.fn(async (_channel: string, _message: string) => 1);
    await publishArticleEviction({ publish } as unknown as Pick<RedisClient, 'publish'>, ARTICLE);
    expect(publish).toHaveBeenCalledWith(ARTICLE_EVICTIONS_CHANNEL, ARTICLE);
  });

  it('listens on a connection of its own, hands over each id, and closes it', async () => {
    const { redis, subscriber, deliver } = fakeSubscriber();
    const seen: string[] = [];
    const stop = listenForArticleEvictions(redis, (id) => seen.push(id), log);
    expect(redis.duplicate).toHaveBeenCalledTimes(1);
    expect(subscriber.connect).toHaveBeenCalledTimes(1);
    expect(subscriber.subscribe).toHaveBeenCalledWith(ARTICLE_EVICTIONS_CHANNEL, expect.any(Function));
    deliver(ARTICLE);
    expect(seen).toEqual([ARTICLE]);
    await stop();
    expect(subscriber.close).toHaveBeenCalledTimes(1);
  });

  it('does not wait for Redis: a failed connection is logged, not thrown', async () => {
    const { redis, subscriber } = fakeSubscriber();
    subscriber.connect.mockRejectedValueOnce(new Error('refused'));
    subscriber.subscribe.mockRejectedValueOnce(new Error('closed'));
    expect(() => listenForArticleEvictions(redis, () => undefined, log)).not.toThrow();
    await new Promise((resolve) => setImmediate(resolve));
    expect(log.error).toHaveBeenCalledTimes(2);
  });
});
