import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module.js';
import { articlesUpstream } from '../articles/articles.upstream.js';
import { profileUpstream } from '../profiles/profile.upstream.js';
import { engagementUpstream } from '../reading/engagement.upstream.js';
import { PublicationsController } from './publications.controller.js';
import { PublicationsService } from './publications.service.js';
import { publicationsUpstream } from '../upstreams/publications.upstream.js';

/**
 * Publications: the public face (view, about, pinned articles, plans, subscribing), the studio (dashboard, members
 * and invitations, subscribers, pins, settings, slug, plans, deletion) and the settings pages (the user's
 * publication and invitations, their subscriptions).
 */
@Module({
  imports: [AccountsModule],
  controllers: [PublicationsController],
  providers: [
    publicationsUpstream.provider,
    profileUpstream.provider,
    articlesUpstream.provider,
    engagementUpstream.provider,
    PublicationsService,
  ],
})
export class PublicationsModule {}
