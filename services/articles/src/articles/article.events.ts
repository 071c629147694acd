import type { ArticlePublished } from '@pencraft/contracts/events/v1/articles';
import type { ArticleWithAuthor } from './article.repository.js';

/** Where and as what the event travels: the subject and the protobuf message name (NATS header pc-event-type). */
export const ARTICLE_PUBLISHED = { subject: 'articles.article.published', type: 'events.v1.ArticlePublished' } as const;

/** The articles.article.published payload of a published article (its contract with consumers is in tests/contract). */
export function publishedEvent({ article, author }: ArticleWithAuthor): ArticlePublished {
  return {
    articleId: article.id,
    title: article.title,
    description: article.description,
    language: article.language,
    category: article.category,
    subCategories: article.subCategories,
    bodyText: article.bodyText,
    authorUid: article.authorId,
    authorUsername: author?.username ?? '',
    authorFullname: author?.fullname ?? '',
    publishedAtMs: article.publishedAt?.getTime() ?? Date.now(),
  };
}
