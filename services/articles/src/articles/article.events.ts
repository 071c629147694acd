import type { ArticlePublished } from '@pencraft/contracts/events/v1/articles';
import type { ArticleWithAuthor } from './article.repository.js';
import { teaserOf } from '../content/paid-teaser.js';
import { visibleText } from '../content/article-content.js';

/** How many images an announcement carries at most (search's photo search). */
export const ANNOUNCED_IMAGES_MAX = 20;

/** The image blocks of stored content, in order: their address and plain-text caption. Unreadable content has none. */
export function imagesOf(contentJson: string): ArticlePublished['images'] {
  let blocks: unknown;
  try {
    blocks = (JSON.parse(contentJson) as { blocks?: unknown }).blocks;
  } catch {
    return [];
  }
  if (!Array.isArray(blocks)) return [];
  const images: ArticlePublished['images'] = [];
  for (const block of blocks as { type?: unknown; data?: { url?: unknown; caption?: unknown } }[]) {
    if (block?.type !== 'image' || typeof block.data?.url !== 'string' || !block.data.url) continue;
    const caption = typeof block.data.caption === 'string' ? visibleText(block.data.caption).trim() : '';
    images.push({ url: block.data.url, caption });
    if (images.length === ANNOUNCED_IMAGES_MAX) break;
  }
  return images;
}
import { languages } from '@pencraft/contracts/enums';

/**
 * The articles.article.published payload of a published article (EVENTS.articlePublished in the contracts; its
 * contract with consumers is in tests/contract). A paid article (or a translation of one) carries only its teaser's
 * text and images: what the search index holds and shows in snippets and photos, like any other reader without a plan. `publicationId` is
 * the publication it belongs to (a translation's own, or its original's). `firstPublication`: the announcement of its
 * becoming visible (partner webhooks' article.published; every later one is an article.updated).
 */
export function publishedEvent(
  { article, author }: ArticleWithAuthor,
  paid: boolean,
  publicationId: string | null = article.publicationId,
  firstPublication = false,
): ArticlePublished {
  return {
    articleId: article.id,
    title: article.title,
    description: article.description,
    language: languages.toProto(article.language),
    category: article.category,
    subCategories: article.subCategories,
    bodyText: paid ? teaserOf(article.contentJson).text : article.bodyText,
    images: imagesOf(paid ? teaserOf(article.contentJson).contentJson : article.contentJson),
    authorUid: article.authorId,
    authorUsername: author?.username ?? '',
    authorFullname: author?.fullname ?? '',
    publishedAtMs: article.publishedAt?.getTime() ?? article.updatedAt.getTime(),
    publicationId: publicationId ?? '',
    firstPublication,
  };
}
