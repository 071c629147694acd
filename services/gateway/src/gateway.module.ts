import { Module, type OnApplicationShutdown } from '@nestjs/common';
import { CONFIG } from '@pencraft/kit';
import { ArticlesController } from './articles/articles.controller.js';
import { AuthController } from './auth/auth.controller.js';
import { RequireUser, SessionGuard } from './auth/current-user.js';
import { SessionService } from './auth/session.service.js';
import type { GatewayConfig } from './config.js';
import { DocsController } from './docs/docs.controller.js';
import { PublicCache } from './http/public-cache.js';
import { SearchController } from './search/search.controller.js';
import {
  ARTICLES,
  IDENTITY,
  SEARCH,
  type ArticlesClient,
  type IdentityClient,
  type SearchClient,
  upstreamProviders,
} from './upstreams/upstreams.js';

class UpstreamsLifecycle implements OnApplicationShutdown {
  constructor(
    private readonly identity: IdentityClient,
    private readonly articles: ArticlesClient,
    private readonly search: SearchClient,
  ) {}

  onApplicationShutdown() {
    for (const client of [this.identity, this.articles, this.search]) client.close();
  }
}

@Module({
  controllers: [AuthController, ArticlesController, SearchController, DocsController],
  providers: [
    ...upstreamProviders,
    SessionService,
    SessionGuard,
    RequireUser,
    {
      provide: PublicCache,
      inject: [CONFIG],
      useFactory: (config: GatewayConfig) => new PublicCache(config.PUBLIC_CACHE_SECONDS * 1000),
    },
    {
      provide: UpstreamsLifecycle,
      inject: [IDENTITY, ARTICLES, SEARCH],
      useFactory: (i: IdentityClient, a: ArticlesClient, s: SearchClient) => new UpstreamsLifecycle(i, a, s),
    },
  ],
})
export class GatewayModule {}
