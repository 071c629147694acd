import { Module } from '@nestjs/common';
import { Clock, transactionManagerProvider } from '@pencraft/kit';
import { ArticleDirectory, GrpcArticleDirectory } from './articles/article-directory.js';
import { ArticleRefRepository } from './articles/article-ref.repository.js';
import { AccountDeletionConsumer } from './authors/account-deletion.consumer.js';
import { AuthorRepository } from './authors/author.repository.js';
import { UserUpdatedConsumer } from './authors/user-updated.consumer.js';
import { CommentRepository } from './comments/comment.repository.js';
import { CommentService } from './comments/comment.service.js';
import { CommentsGrpcController } from './comments/comments.grpc.controller.js';
import { CommentReportRepository } from './reports/comment-report.repository.js';
import { CommentVoteRepository } from './votes/comment-vote.repository.js';

/** comments.v1.CommentsService: threads, review by moderation, votes and reports. */
@Module({
  controllers: [CommentsGrpcController],
  providers: [
    CommentService,
    CommentRepository,
    CommentVoteRepository,
    CommentReportRepository,
    AuthorRepository,
    ArticleRefRepository,
    { provide: ArticleDirectory, useClass: GrpcArticleDirectory },
    UserUpdatedConsumer,
    AccountDeletionConsumer,
    Clock,
    transactionManagerProvider,
  ],
})
export class CommentsModule {}
