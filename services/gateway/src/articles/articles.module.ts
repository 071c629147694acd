import { Module } from '@nestjs/common';
import { CONFIG } from '@pencraft/kit';
import { AccountsModule } from '../accounts/accounts.module.js';
import type { GatewayConfig } from '../config.js';
import { PublicCache } from '../http/public-cache.js';
import { ArticleEvictions } from './article-evictions.js';
import { ArticlesController } from './articles.controller.js';
import { ArticlesService } from './articles.service.js';
import { articlesUpstream } from './articles.upstream.js';

/** Articles: writing, publishing, reading and the home list. */
@Module({
  imports: [AccountsModule],
  controllers: [ArticlesController],
  providers: [
    articlesUpstream.provider,
    ArticlesService,
    // The articles service's word that an article changed drops this replica's copies of it.
    ArticleEvictions,
    {
      provide: PublicCache,
      inject: [CONFIG],
      useFactory: (config: GatewayConfig) => new PublicCache(config.PUBLIC_CACHE_SECONDS * 1000),
    },
  ],
})
export class ArticlesModule {}
