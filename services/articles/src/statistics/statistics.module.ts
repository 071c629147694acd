import { Module } from '@nestjs/common';
import { Clock, transactionManagerProvider } from '@pencraft/kit';
import { CollaborationModule } from '../coauthors/collaboration.module.js';
import { EngagementModule } from '../feeds/engagement.module.js';
import { ReachAnnouncer } from './reach-announcer.js';
import { StatisticsAccess } from './statistics.access.js';
import { StatisticsCounters } from './statistics.counters.js';
import { StatisticsFlusher } from './statistics.flusher.js';
import { StatisticsGrpcController } from './statistics.grpc.controller.js';
import { StatisticsRepository } from './statistics.repository.js';
import { StatisticsService } from './statistics.service.js';

/** Article statistics (articles.v1.StatisticsService): counters in Redis, flushed to PostgreSQL. */
@Module({
  // Co-authors (who may read an article's statistics) and engagement counts (votes, bookmarks).
  imports: [CollaborationModule, EngagementModule],
  controllers: [StatisticsGrpcController],
  providers: [
    StatisticsService,
    StatisticsCounters,
    StatisticsRepository,
    StatisticsAccess,
    StatisticsFlusher,
    ReachAnnouncer,
    Clock,
    transactionManagerProvider,
  ],
})
export class StatisticsModule {}
