import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { EVENTS, eventSubscription } from '@pencraft/contracts/events';
import type { ArticlePublished } from '@pencraft/contracts/events/v1/articles';
import { EventConsumers, type Transaction } from '@pencraft/kit';
import { DocumentRepository, type DocumentInput } from './document.repository.js';
import { languages } from '@pencraft/contracts/enums';
import { DEFAULT_LANG, isUuid } from '@pencraft/rules';

/** The search document of a published article (what search needs of the event; see tests/contract). */
export function documentFromArticle(article: ArticlePublished): DocumentInput {
  return {
    id: article.articleId,
    kind: 'article',
    title: article.title,
    description: article.description,
    body: article.bodyText,
    // A language this build does not know is indexed as the default one: the plain 'simple' text search
    // configuration an unknown language always had.
    language: languages.fromProto(article.language) ?? DEFAULT_LANG,
    category: article.category,
    authorUid: article.authorUid,
    authorUsername: article.authorUsername,
    authorFullname: article.authorFullname,
    publicationId: isUuid(article.publicationId) ? article.publicationId : null,
    publishedAt: new Date(article.publishedAtMs),
  };
}

/**
 * Indexes every article as it is published (articles.article.published), and again each time it is announced again
 * (an approved edit, a publication it left, its audience or its original's changed): the latest announcement wins.
 */
@Injectable()
export class ArticleEventsConsumer implements OnApplicationBootstrap {
  constructor(
    private readonly consumers: EventConsumers,
    private readonly documents: DocumentRepository,
  ) {}

  async onApplicationBootstrap() {
    await this.consumers.subscribe(
      eventSubscription(EVENTS.articlePublished, 'search', (article, tx: Transaction) =>
        this.articlePublished(article, tx),
      ),
    );
  }

  /** Inserts the article's document, or replaces it when the article is announced again. */
  async articlePublished(article: ArticlePublished, tx: Transaction) {
    await this.documents.upsert(tx, documentFromArticle(article));
  }
}
