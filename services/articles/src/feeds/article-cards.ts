import type { ArticleCard } from '@pencraft/contracts/articles/v1/articles';
import type { ArticleCardPage } from '@pencraft/contracts/articles/v1/engagement';
import { AppError } from '@pencraft/errors';
import { HOME_MAX_PAGE, resolvePaging, type Paging, type Lang } from '@pencraft/rules';
import { sql } from 'drizzle-orm';
import { articles } from '../articles/article.table.js';
import { authors } from '../authors/author.table.js';
import { readingMinutes } from '../content/article-content.js';
import { articleEngagement } from './article-engagement.table.js';
import { languages } from '@pencraft/contracts/enums';

/** What a card needs, read from an article, its engagement row and its author (the read model). */
export const CARD_COLUMNS = {
  id: articles.id,
  title: articles.title,
  description: articles.description,
  language: articles.language,
  category: articles.category,
  wordCount: articles.wordCount,
  coverKey: articles.coverKey,
  publicationId: articles.publicationId,
  publishedAt: articleEngagement.publishedAt,
  score: articleEngagement.score,
  comments: articleEngagement.comments,
  authorUid: articles.authorId,
  authorUsername: sql<string>`coalesce(${authors.username}, '')`,
  authorFullname: sql<string>`coalesce(${authors.fullname}, '')`,
  authorImageUrl: sql<string>`coalesce(${authors.imageUrl}, '')`,
};

export interface CardRow {
  id: string;
  title: string;
  description: string;
  language: Lang;
  category: string;
  wordCount: number;
  coverKey: string | null;
  publicationId: string | null;
  publishedAt: Date;
  score: number;
  comments: number;
  authorUid: string;
  authorUsername: string;
  authorFullname: string;
  authorImageUrl: string;
}

export function toCard(row: CardRow): ArticleCard {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    language: languages.toProto(row.language),
    category: row.category,
    author: {
      uid: row.authorUid,
      username: row.authorUsername,
      fullname: row.authorFullname,
      imageUrl: row.authorImageUrl,
    },
    publishedAtMs: row.publishedAt.getTime(),
    readingMinutes: readingMinutes(row.wordCount),
    coverUrl: row.coverKey ? `/media/${row.coverKey}` : '',
    votes: row.score,
    comments: row.comments,
    publicationId: row.publicationId ?? '',
  };
}

/** A requested page of a reading list, or InvalidPage. */
export function pagingOf(page: number, pageSize: number): Paging {
  const paging = resolvePaging(page, pageSize, HOME_MAX_PAGE);
  if (!paging) throw new AppError('InvalidPage');
  return paging;
}

/** A page of cards from rows read with one extra (which only tells whether more exist). */
export function cardPage(rows: CardRow[], paging: Paging): ArticleCardPage {
  return {
    items: rows.slice(0, paging.pageSize).map(toCard),
    page: paging.page,
    pageSize: paging.pageSize,
    hasMore: rows.length > paging.pageSize,
  };
}
