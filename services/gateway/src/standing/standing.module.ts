import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module.js';
import { StandingController } from './standing.controller.js';
import { StandingService } from './standing.service.js';
import { standingUpstream } from './standing.upstream.js';

/** Standing (issue #17): the leaderboard, the signed-in user's rating log, profile badges and staff's badge grants. */
@Module({
  imports: [AccountsModule],
  controllers: [StandingController],
  providers: [standingUpstream.provider, StandingService],
})
export class StandingModule {}
