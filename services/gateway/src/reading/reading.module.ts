import { Module } from '@nestjs/common';
import { CONFIG } from '@pencraft/kit';
import { AccountsModule } from '../accounts/accounts.module.js';
import { articlesUpstream } from '../articles/articles.upstream.js';
import type { GatewayConfig } from '../config.js';
import { PublicCache } from '../http/public-cache.js';
import { profileUpstream } from '../profiles/profile.upstream.js';
import { standingUpstream } from '../standing/standing.upstream.js';
import { engagementUpstream } from './engagement.upstream.js';
import { ReadingController } from './reading.controller.js';
import { ReadingService } from './reading.service.js';

/** Reading: votes, bookmarks, collections, category follows and the reading lists (category, newest, top, feed). */
@Module({
  imports: [AccountsModule],
  controllers: [ReadingController],
  providers: [
    engagementUpstream.provider,
    articlesUpstream.provider,
    profileUpstream.provider,
    standingUpstream.provider,
    ReadingService,
    {
      provide: PublicCache,
      inject: [CONFIG],
      useFactory: (config: GatewayConfig) => new PublicCache(config.PUBLIC_CACHE_SECONDS * 1000),
    },
  ],
})
export class ReadingModule {}
