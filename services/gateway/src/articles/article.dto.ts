import type { Article, ArticleCard } from '@pencraft/contracts/articles/v1/articles';
import { z } from 'zod';

const Lang = z.enum(['az', 'en', 'ru']);

export const Block = z.object({ id: z.string().optional(), type: z.string(), data: z.record(z.string(), z.unknown()) });
export const Content = z.object({
  time: z.number().optional(),
  version: z.string().optional(),
  blocks: z.array(Block),
});

export const CreateArticleBody = z.object({
  title: z.string().max(2000),
  description: z.string().max(5000).optional().default(''),
  language: Lang,
  category: z.string().max(64),
  subCategories: z.array(z.string().max(64)).max(16).optional().default([]),
  content: Content,
});

export const PageQuery = z.object({ page: z.coerce.number().int().min(1).max(500).optional().default(1) });

const Author = z.object({ uid: z.string(), username: z.string(), fullname: z.string() });

export const ArticleJson = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  language: Lang,
  category: z.string(),
  subCategories: z.array(z.string()),
  content: Content,
  status: z.enum(['draft', 'in_review', 'published']),
  author: Author,
  createdAt: z.string(),
  updatedAt: z.string(),
  publishedAt: z.string().nullable(),
  wordCount: z.number(),
  symbolCount: z.number(),
  readingMinutes: z.number(),
});

export const ArticleCardJson = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  language: Lang,
  category: z.string(),
  author: Author,
  publishedAt: z.string(),
  readingMinutes: z.number(),
});

export const ArticlePage = z.object({
  items: z.array(ArticleCardJson),
  page: z.number(),
  pageSize: z.number(),
  hasMore: z.boolean(),
});
export const CategoryList = z.object({ items: z.array(z.object({ id: z.string(), name: z.string() })) });

const iso = (ms: number) => new Date(ms).toISOString();

/** The public JSON of an article, built as a string so the stored content is passed through without re-parsing. */
export function articleJson(article: Article): string {
  const { contentJson, ...rest } = article;
  const head = JSON.stringify({
    id: rest.id,
    title: rest.title,
    description: rest.description,
    language: rest.language,
    category: rest.category,
    subCategories: rest.subCategories,
    status: rest.status,
    author: rest.author,
    createdAt: iso(rest.createdAtMs),
    updatedAt: iso(rest.updatedAtMs),
    publishedAt: rest.publishedAtMs ? iso(rest.publishedAtMs) : null,
    wordCount: rest.wordCount,
    symbolCount: rest.symbolCount,
    readingMinutes: rest.readingMinutes,
  });
  return `${head.slice(0, -1)},"content":${contentJson}}`;
}

export function articleCardJson(card: ArticleCard) {
  return {
    id: card.id,
    title: card.title,
    description: card.description,
    language: card.language,
    category: card.category,
    author: card.author,
    publishedAt: iso(card.publishedAtMs),
    readingMinutes: card.readingMinutes,
  };
}
