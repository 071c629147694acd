import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { ArticlePublished } from '@pencraft/contracts/events/v1/articles';
import { EventConsumers } from '@pencraft/kit';
import { DocumentRepository, type DocumentInput } from './document.repository.js';

/** The search document of a published article (what search needs of the event; see tests/contract). */
export function documentFromArticle(article: ArticlePublished): DocumentInput {
  return {
    id: article.articleId,
    kind: 'article',
    title: article.title,
    description: article.description,
    body: article.bodyText,
    language: article.language,
    category: article.category,
    authorUid: article.authorUid,
    authorUsername: article.authorUsername,
    authorFullname: article.authorFullname,
    publishedAt: new Date(article.publishedAtMs),
  };
}

/** Indexes every article as it is published (articles.article.published). */
@Injectable()
export class ArticleEventsConsumer implements OnApplicationBootstrap {
  constructor(
    private readonly consumers: EventConsumers,
    private readonly documents: DocumentRepository,
  ) {}

  async onApplicationBootstrap() {
    await this.consumers.subscribe({
      durable: 'search-articles',
      subjects: ['articles.article.published'],
      handler: async (event, tx) => {
        await this.documents.upsert(tx, documentFromArticle(ArticlePublished.decode(event.data)));
      },
    });
  }
}
