import { Module } from '@nestjs/common';
import { Clock, transactionManagerProvider } from '@pencraft/kit';
import { AuthorRepository } from '../authors/author.repository.js';
import { CoAuthorAccess } from '../drafts/co-author-access.js';
import { ArticleCollaboration } from '../translations/article-collaboration.js';
import { TranslationRepository } from '../translations/translation.repository.js';
import { TranslationService } from '../translations/translation.service.js';
import { CoAuthorRepository } from './coauthor.repository.js';
import { CoAuthorService } from './coauthor.service.js';
import { CollaborationGrpcController } from './collaboration.grpc.controller.js';

/**
 * Translations and co-authors (articles.v1.CollaborationService). Exported for the drafts and review code:
 * CoAuthorAccess (who co-writes a draft or an article; CoAuthorRepository answers it) and ArticleCollaboration (the
 * co-authors and translation group of an article read).
 */
@Module({
  controllers: [CollaborationGrpcController],
  providers: [
    CoAuthorRepository,
    { provide: CoAuthorAccess, useExisting: CoAuthorRepository },
    CoAuthorService,
    TranslationRepository,
    TranslationService,
    ArticleCollaboration,
    AuthorRepository,
    Clock,
    transactionManagerProvider,
  ],
  exports: [CoAuthorAccess, CoAuthorRepository, ArticleCollaboration],
})
export class CollaborationModule {}
