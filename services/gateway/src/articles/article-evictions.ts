import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { listenForArticleEvictions, LOGGER, REDIS, type Logger, type RedisClient } from '@pencraft/kit';
import { isUuid } from '@pencraft/rules';
import { ArticlesService } from './articles.service.js';

/**
 * Drops this replica's shared copies of an article as soon as the articles service says what readers see of it
 * changed (published again after an edit, detached from its publication or left by a deleted one, its audience or its
 * original's changed), instead of serving them until they expire. The gateway holds no NATS connection: it hears
 * these on Redis (the kit's ARTICLE_EVICTIONS_CHANNEL). One missed while Redis is away only lets a copy expire.
 */
@Injectable()
export class ArticleEvictions implements OnApplicationBootstrap, OnApplicationShutdown {
  private stop?: () => Promise<void>;

  constructor(
    @Inject(REDIS) private readonly redis: RedisClient,
    private readonly articles: ArticlesService,
    @Inject(LOGGER) private readonly log: Logger,
  ) {}

  onApplicationBootstrap() {
    this.stop = listenForArticleEvictions(
      this.redis,
      (articleId) => {
        if (isUuid(articleId)) this.articles.dropCopies(articleId);
      },
      this.log,
    );
  }

  async onApplicationShutdown() {
    await this.stop?.();
  }
}
