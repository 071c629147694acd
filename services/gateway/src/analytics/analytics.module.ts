import { Module } from '@nestjs/common';
import { LOGGER, REDIS, type Logger, type RedisClient } from '@pencraft/kit';
import { AccountsModule } from '../accounts/accounts.module.js';
import { AnalyticsController } from './analytics.controller.js';
import { AnalyticsService } from './analytics.service.js';
import { statisticsUpstream } from './statistics.upstream.js';
import { DailySalt } from './visitor.js';

/** Analytics: page views and reads (first-party, consent-aware), and an article's statistics for its authors. */
@Module({
  imports: [AccountsModule],
  controllers: [AnalyticsController],
  providers: [
    statisticsUpstream.provider,
    AnalyticsService,
    {
      provide: DailySalt,
      inject: [REDIS, LOGGER],
      useFactory: (redis: RedisClient, log: Logger) => new DailySalt(redis, log),
    },
  ],
})
export class AnalyticsModule {}
