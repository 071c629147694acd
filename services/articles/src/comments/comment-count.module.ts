import { Module } from '@nestjs/common';
import { EngagementModule } from '../feeds/engagement.module.js';
import { ArticleRefGrpcController } from './article-ref.grpc.controller.js';
import { ArticleRefRepository } from './article-ref.repository.js';
import { CommentCountConsumers } from './comment-count.consumers.js';

/** What articles does for the comments service: answers GetArticleRef and counts published comments per article. */
@Module({
  imports: [EngagementModule],
  controllers: [ArticleRefGrpcController],
  providers: [ArticleRefRepository, CommentCountConsumers],
})
export class CommentCountModule {}
