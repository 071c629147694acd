import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { createHash } from 'node:crypto';
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

/** How much of an article's text a photo is found by besides its caption and the article's title and description. */
export const PHOTO_TEXT_MAX = 4000;

/** A photo's document id: the same for the same image position of the same article (a redelivery replaces it). */
export function photoId(articleId: string, position: number): string {
  const hex = createHash('sha256').update(`${articleId}:photo:${position}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/**
 * The photos of a published article (the images articles announced: of a paid article only its teaser's), each found
 * by its caption (title), the article's title (description) and the beginning of its text and description (body).
 */
export function photosFromArticle(article: ArticlePublished): DocumentInput[] {
  const document = documentFromArticle(article);
  return article.images
    .filter((image) => image.url)
    .map((image, position) => ({
      ...document,
      id: photoId(article.articleId, position),
      kind: 'photo' as const,
      title: image.caption,
      description: article.title,
      body: [article.description, article.bodyText].filter(Boolean).join('\n').slice(0, PHOTO_TEXT_MAX),
      articleId: article.articleId,
      imageUrl: image.url,
    }));
}

/**
 * Indexes every article as it is published (articles.article.published), and again each time it is announced again
 * (an approved edit, a publication it left, its audience or its original's changed): the latest announcement wins.
 * Drops it when it is removed.
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
    await this.consumers.subscribe(
      eventSubscription(EVENTS.articleRemoved, 'search', (removed, tx: Transaction) =>
        this.articleRemoved(removed.articleId, tx),
      ),
    );
  }

  /** A published article left for good (articles.article.removed): its document and photos go. */
  async articleRemoved(articleId: string, tx: Transaction) {
    await this.documents.remove(tx, articleId);
    await this.documents.replacePhotos(tx, articleId, []);
  }

  /** Inserts the article's document and its photos, or replaces them when the article is announced again. */
  async articlePublished(article: ArticlePublished, tx: Transaction) {
    await this.documents.upsert(tx, documentFromArticle(article));
    await this.documents.replacePhotos(tx, article.articleId, photosFromArticle(article));
  }
}
