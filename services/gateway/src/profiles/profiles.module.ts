import { Module } from '@nestjs/common';
import { CONFIG } from '@pencraft/kit';
import { AccountsModule } from '../accounts/accounts.module.js';
import { articlesUpstream } from '../articles/articles.upstream.js';
import type { GatewayConfig } from '../config.js';
import { PublicCache } from '../http/public-cache.js';
import { profileUpstream } from './profile.upstream.js';
import { ProfilesController } from './profiles.controller.js';
import { ProfilesService } from './profiles.service.js';

/**
 * Public profiles: a profile, its counts and its articles, and the signed-in user's own as others see it. The profile
 * areas' shared schemas (profiles.dto.ts) and identity's ProfileService client (profile.upstream.ts) live here too.
 */
@Module({
  imports: [AccountsModule],
  controllers: [ProfilesController],
  providers: [
    profileUpstream.provider,
    articlesUpstream.provider,
    ProfilesService,
    {
      provide: PublicCache,
      inject: [CONFIG],
      useFactory: (config: GatewayConfig) => new PublicCache(config.PUBLIC_CACHE_SECONDS * 1000),
    },
  ],
})
export class ProfilesModule {}
