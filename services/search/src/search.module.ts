import { Module } from '@nestjs/common';
import { AccountDeletionConsumer } from './documents/account-deletion.consumer.js';
import { ArticleEventsConsumer } from './documents/article-events.consumer.js';
import { ProfileEventsConsumer } from './documents/profile-events.consumer.js';
import { DocumentRepository } from './documents/document.repository.js';
import { SearchGrpcController } from './documents/search.grpc.controller.js';
import { SearchService } from './documents/search.service.js';

@Module({
  controllers: [SearchGrpcController],
  providers: [SearchService, DocumentRepository, ArticleEventsConsumer, AccountDeletionConsumer, ProfileEventsConsumer],
})
export class SearchModule {}
