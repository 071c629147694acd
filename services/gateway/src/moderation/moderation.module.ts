import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module.js';
import { ModerationController } from './moderation.controller.js';
import { ModerationService } from './moderation.service.js';
import { moderationUpstream } from './moderation.upstream.js';

/** The staff console's API: the review queue, reports, bans and the audit log (staff bearer tokens only). */
@Module({
  imports: [AccountsModule],
  controllers: [ModerationController],
  providers: [moderationUpstream.provider, ModerationService],
})
export class ModerationModule {}
