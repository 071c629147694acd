import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module.js';
import { statisticsUpstream } from '../analytics/statistics.upstream.js';
import { articlesUpstream } from '../articles/articles.upstream.js';
import { commentsUpstream } from '../comments/comments.upstream.js';
import { profileUpstream } from '../profiles/profile.upstream.js';
import { engagementUpstream } from '../reading/engagement.upstream.js';
import { PaymentsController } from './payments.controller.js';
import { PaymentsService } from './payments.service.js';
import { PublicationsController } from './publications.controller.js';
import { PublicationsService } from './publications.service.js';
import { publicationsUpstream } from '../upstreams/publications.upstream.js';

/**
 * Publications: the public face (view, about, pinned articles, plans, subscribing), the studio (dashboard, members
 * and invitations, subscribers, pins, settings, slug, plans, deletion) and the settings pages (the user's
 * publication and invitations, their subscriptions), and payments (the merchant account, checkout, Stripe's webhooks).
 */
@Module({
  imports: [AccountsModule],
  controllers: [PublicationsController, PaymentsController],
  providers: [
    publicationsUpstream.provider,
    profileUpstream.provider,
    articlesUpstream.provider,
    engagementUpstream.provider,
    statisticsUpstream.provider,
    commentsUpstream.provider,
    PublicationsService,
    PaymentsService,
  ],
})
export class PublicationsModule {}
