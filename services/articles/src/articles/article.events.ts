import type { ArticlePublished } from '@pencraft/contracts/events/v1/articles';
import type { ArticleWithAuthor } from './article.repository.js';
import { languages } from '@pencraft/contracts/enums';

/**
 * The articles.article.published payload of a published article (EVENTS.articlePublished in the contracts; its
 * contract with consumers is in tests/contract).
 */
export function publishedEvent({ article, author }: ArticleWithAuthor): ArticlePublished {
  return {
    articleId: article.id,
    title: article.title,
    description: article.description,
    language: languages.toProto(article.language),
    category: article.category,
    subCategories: article.subCategories,
    bodyText: article.bodyText,
    authorUid: article.authorId,
    authorUsername: author?.username ?? '',
    authorFullname: author?.fullname ?? '',
    publishedAtMs: article.publishedAt?.getTime() ?? article.updatedAt.getTime(),
  };
}
