import { Module } from '@nestjs/common';
import { Clock, transactionManagerProvider } from '@pencraft/kit';
import { ArticleAnnouncements } from './articles/article-announcements.js';
import { ArticleRepository } from './articles/article.repository.js';
import { ArticleService } from './articles/article.service.js';
import { ArticlesGrpcController } from './articles/articles.grpc.controller.js';
import { Entitlement, GrpcPaidReading, PaidReading } from './articles/entitlement.js';
import { AuthorRepository } from './authors/author.repository.js';
import { AccountDeletionConsumer } from './authors/account-deletion.consumer.js';
import { IdentityEventsConsumer } from './authors/identity-events.consumer.js';
import { UserUpdatedConsumer } from './authors/user-updated.consumer.js';
import { CollaborationModule } from './coauthors/collaboration.module.js';
import { CommentCountModule } from './comments/comment-count.module.js';
import { DraftRepository } from './drafts/draft.repository.js';
import { DraftService } from './drafts/draft.service.js';
import { DraftsGrpcController } from './drafts/drafts.grpc.controller.js';
import { ReviewRepository } from './review/review.repository.js';
import { ReviewService } from './review/review.service.js';
import { EngagementModule } from './feeds/engagement.module.js';
import { MediaModule } from './media/media.module.js';
import { ArticleReportRepository } from './reports/article-report.repository.js';
import { ArticleReportService } from './reports/article-report.service.js';
import { ArticleReportsGrpcController } from './reports/article-reports.grpc.controller.js';
import { StatisticsModule } from './statistics/statistics.module.js';
import { GrpcPublicationDirectory, PublicationDirectory } from './publications/publication-directory.js';
import { PublicationEventsConsumer } from './publications/publication-events.consumer.js';
import { PublicationLinkRepository } from './publications/publication-link.repository.js';

@Module({
  imports: [MediaModule, StatisticsModule, EngagementModule, CollaborationModule, CommentCountModule],
  controllers: [ArticlesGrpcController, DraftsGrpcController, ArticleReportsGrpcController],
  providers: [
    ArticleService,
    ArticleRepository,
    AuthorRepository,
    IdentityEventsConsumer,
    AccountDeletionConsumer,
    UserUpdatedConsumer,
    Clock,
    transactionManagerProvider,
    // Drafts, publishing and review (co-authorship answers through CoAuthorAccess, from CollaborationModule).
    DraftService,
    DraftRepository,
    ReviewService,
    ReviewRepository,
    // articles.article.published, for every way what readers see of an article changes.
    ArticleAnnouncements,
    // Readers' reports of published articles (moderation triages them).
    ArticleReportService,
    ArticleReportRepository,
    // Publications: may a draft's owner write into one (GetRole), and their detached and deleted articles.
    { provide: PublicationDirectory, useClass: GrpcPublicationDirectory },
    PublicationEventsConsumer,
    PublicationLinkRepository,
    // Paid reading: the one decision (publications.CanReadInFull behind it).
    Entitlement,
    { provide: PaidReading, useClass: GrpcPaidReading },
  ],
})
export class ArticlesModule {}
