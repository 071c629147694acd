import { jest } from '@jest/globals';
import { ARTICLE_EVICTIONS_CHANNEL, type Logger, type RedisClient } from '@pencraft/kit';
import { strictMock } from '@pencraft/testing';
import { ArticleEvictions } from './article-evictions.js';
import type { ArticlesService } from './articles.service.js';

const ID = '6f1c2a4e-8d3b-4c5a-9e7f-0a1b2c3d4e5f';

describe('ArticleEvictions', () => {
  function started() {
    let deliver!: (message: string) => void;
    const subscriber = {
      on: jest.fn(),
      connect: jest.fn(async () => undefined),
      subscribe: jest.fn(async (_channel: string, listener: (message: string) => void) => {
        deliver = listener;
      }),
      close: jest.fn(async () => undefined),
    };
    const redis = { duplicate: () => subscriber } as unknown as RedisClient;
    const articles = strictMock<ArticlesService>('ArticlesService');
    articles.dropCopies.mockReturnValue(undefined);
    const evictions = new ArticleEvictions(redis, articles, strictMock<Logger>('Logger'));
    evictions.onApplicationBootstrap();
    return { subscriber, articles, evictions, deliver: (message: string) => deliver(message) };
  }

  it("listens on the articles service's channel and drops the named article's copies", () => {
    const { subscriber, articles, deliver } = started();
    expect(subscriber.subscribe).toHaveBeenCalledWith(ARTICLE_EVICTIONS_CHANNEL, expect.any(Function));
    deliver(ID);
    expect(articles.dropCopies).toHaveBeenCalledWith(ID);
  });

  it('ignores a message that is not an article id', () => {
    const { articles, deliver } = started();
    deliver('article:*');
    deliver('');
    expect(articles.dropCopies).not.toHaveBeenCalled();
  });

  it('closes its connection on shutdown', async () => {
    const { subscriber, evictions } = started();
    await evictions.onApplicationShutdown();
    expect(subscriber.close).toHaveBeenCalledTimes(1);
  });
});
