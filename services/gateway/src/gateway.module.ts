import { Module } from '@nestjs/common';
import { AccessTokensModule } from './access-tokens/access-tokens.module.js';
import { AccountSettingsModule } from './account-settings/account-settings.module.js';
import { AccountsModule } from './accounts/accounts.module.js';
import { AnalyticsModule } from './analytics/analytics.module.js';
import { ArticlesModule } from './articles/articles.module.js';
import { CaptchaModule } from './captcha/captcha.module.js';
import { CollaborationModule } from './collaboration/collaboration.module.js';
import { CommentsModule } from './comments/comments.module.js';
import { DocsModule } from './docs/docs.module.js';
import { DocumentsModule } from './documents/documents.module.js';
import { DonationsModule } from './donations/donations.module.js';
import { DraftsModule } from './drafts/drafts.module.js';
import { FeedbackModule } from './feedback/feedback.module.js';
import { FollowsModule } from './follows/follows.module.js';
import { HomeModule } from './home/home.module.js';
import { IncomeModule } from './publications/income.module.js';
import { JobsModule } from './jobs/jobs.module.js';
import { MediaModule } from './media/media.module.js';
import { ModerationModule } from './moderation/moderation.module.js';
import { NotificationsModule } from './notifications/notifications.module.js';
import { PartnerApiModule } from './partner-api/partner-api.module.js';
import { PartnerClientsModule } from './partner-clients/partner-clients.module.js';
import { PartnerModule } from './partner/partner.module.js';
import { ProfileSettingsModule } from './profile-settings/profile-settings.module.js';
import { ProfilesModule } from './profiles/profiles.module.js';
import { PublicationsModule } from './publications/publications.module.js';
import { ReadingModule } from './reading/reading.module.js';
import { SearchModule } from './search/search.module.js';
import { SecurityModule } from './security/security.module.js';
import { StaffModule } from './staff/staff.module.js';
import { StandingModule } from './standing/standing.module.js';
import { WebhooksModule } from './webhooks/webhooks.module.js';

/**
 * The public API: one module per area, each with its routes (declared once, which also documents them), schemas
 * and upstream gRPC client. A new area is one more module here and its entry in system.json `gateway.calls`.
 */
@Module({
  imports: [
    AccountsModule,
    AnalyticsModule,
    ArticlesModule,
    CaptchaModule,
    CollaborationModule,
    CommentsModule,
    SearchModule,
    SecurityModule,
    StaffModule,
    PartnerModule,
    ProfileSettingsModule,
    AccountSettingsModule,
    FollowsModule,
    HomeModule,
    ProfilesModule,
    ReadingModule,
    DraftsModule,
    DocsModule,
    DocumentsModule,
    MediaModule,
    ModerationModule,
    NotificationsModule,
    PublicationsModule,
    IncomeModule,
    DonationsModule,
    StandingModule,
    FeedbackModule,
    AccessTokensModule,
    JobsModule,
    PartnerApiModule,
    PartnerClientsModule,
    WebhooksModule,
  ],
})
export class GatewayModule {}
