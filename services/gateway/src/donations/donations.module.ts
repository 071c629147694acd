import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module.js';
import { profileUpstream } from '../profiles/profile.upstream.js';
import { donationsUpstream } from '../upstreams/donations.upstream.js';
import { DonationsController } from './donations.controller.js';
import { DonationsService } from './donations.service.js';

/**
 * Reader support and payouts: the support account, cards, supporting a user through the payment provider and its
 * webhook, the reports and their CSV exports, payouts, the profile's public supporters, and the staff's payouts queue
 * (Keycloak role finance or admin).
 */
@Module({
  imports: [AccountsModule],
  controllers: [DonationsController],
  providers: [donationsUpstream.provider, profileUpstream.provider, DonationsService],
})
export class DonationsModule {}
