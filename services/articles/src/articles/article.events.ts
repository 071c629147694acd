import type { ArticlePublished } from '@pencraft/contracts/events/v1/articles';
import type { ArticleWithAuthor } from './article.repository.js';
import { teaserOf } from '../content/paid-teaser.js';
import { languages } from '@pencraft/contracts/enums';

/**
 * The articles.article.published payload of a published article (EVENTS.articlePublished in the contracts; its
 * contract with consumers is in tests/contract). A paid article (or a translation of one) carries only its teaser's
 * text: what the search index holds and shows in snippets, like any other reader without a plan. `publicationId` is
 * the publication it belongs to (a translation's own, or its original's).
 */
export function publishedEvent(
  { article, author }: ArticleWithAuthor,
  paid: boolean,
  publicationId: string | null = article.publicationId,
): ArticlePublished {
  return {
    articleId: article.id,
    title: article.title,
    description: article.description,
    language: languages.toProto(article.language),
    category: article.category,
    subCategories: article.subCategories,
    bodyText: paid ? teaserOf(article.contentJson).text : article.bodyText,
    authorUid: article.authorId,
    authorUsername: author?.username ?? '',
    authorFullname: author?.fullname ?? '',
    publishedAtMs: article.publishedAt?.getTime() ?? article.updatedAt.getTime(),
    publicationId: publicationId ?? '',
  };
}
