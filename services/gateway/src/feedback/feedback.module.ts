import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module.js';
import { FeedbackController } from './feedback.controller.js';
import { FeedbackService } from './feedback.service.js';
import { feedbackUpstream } from './feedback.upstream.js';

/**
 * Feedback: the form's POST /api/feedback (users and visitors, captcha always), the user's feedback log, and the
 * staff console's list, answer and close (Keycloak role moderator or admin).
 */
@Module({
  imports: [AccountsModule],
  controllers: [FeedbackController],
  providers: [feedbackUpstream.provider, FeedbackService],
})
export class FeedbackModule {}
