import { Inject, Injectable } from '@nestjs/common';
import { LOGGER, publishArticleEviction, REDIS, type Logger, type RedisClient } from '@pencraft/kit';

/** The copies of published articles the gateways share between readers for a few seconds (their public cache). */
export abstract class PublicCopies {
  /** Drops every gateway's copies of the article. Never fails and never waits: a missed drop only lets a copy expire. */
  abstract drop(articleId: string): void;
}

/** Over Redis (ARTICLE_EVICTIONS_CHANNEL of the kit), where every gateway replica listens. */
@Injectable()
export class RedisPublicCopies extends PublicCopies {
  constructor(
    @Inject(REDIS) private readonly redis: RedisClient,
    @Inject(LOGGER) private readonly log: Logger,
  ) {
    super();
  }

  drop(articleId: string): void {
    publishArticleEviction(this.redis, articleId).catch((error: Error) =>
      this.log.warn({ err: error, articleId }, 'public copies of an article not dropped'),
    );
  }
}
