import { Module } from '@nestjs/common';
import { CONFIG } from '@pencraft/kit';
import { AccountsModule } from '../accounts/accounts.module.js';
import { articlesUpstream } from '../articles/articles.upstream.js';
import type { GatewayConfig } from '../config.js';
import { PublicCache } from '../http/public-cache.js';
import { engagementUpstream } from '../reading/engagement.upstream.js';
import { publicationsUpstream } from '../upstreams/publications.upstream.js';
import { HomeController } from './home.controller.js';
import { HomeService } from './home.service.js';

/** The home page (issue #17): its lists by cursor, trending, category pins and overviews, follow suggestions. */
@Module({
  imports: [AccountsModule],
  controllers: [HomeController],
  providers: [
    engagementUpstream.provider,
    articlesUpstream.provider,
    publicationsUpstream.provider,
    HomeService,
    {
      provide: PublicCache,
      inject: [CONFIG],
      useFactory: (config: GatewayConfig) => new PublicCache(config.PUBLIC_CACHE_SECONDS * 1000),
    },
  ],
})
export class HomeModule {}
