import { Module } from '@nestjs/common';
import { Clock, transactionManagerProvider } from '@pencraft/kit';
import { FollowRepository } from '../follows/follow.repository.js';
import { StandingConsumers } from './standing.consumers.js';
import { StandingGrpcController } from './standing.grpc.controller.js';
import { StandingRepository } from './standing.repository.js';
import { StandingService } from './standing.service.js';

/**
 * Standing (issue #17): ratings moved by events through the rating log, badges awarded once, the leaderboard
 * (identity.v1.StandingService). StandingService is exported for the profile's complete-profile check.
 */
@Module({
  controllers: [StandingGrpcController],
  providers: [
    StandingService,
    StandingRepository,
    StandingConsumers,
    FollowRepository,
    Clock,
    transactionManagerProvider,
  ],
  exports: [StandingService],
})
export class StandingModule {}
