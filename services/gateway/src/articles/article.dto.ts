import type { Article, ArticleCard } from '@pencraft/contracts/articles/v1/articles';
import {
  ARTICLE_CONTENT_MAX_BLOCKS,
  ARTICLE_CONTENT_MAX_BYTES,
  ARTICLE_CONTENT_MAX_CHARS,
  ARTICLE_CONTENT_MIN_CHARS,
  ARTICLE_DESCRIPTION_MAX,
  ARTICLE_STATUSES,
  ARTICLE_SUBCATEGORIES_MAX,
  ARTICLE_TITLE_MAX,
  AUDIENCES,
  CATEGORY_IDS,
  HOME_MAX_PAGE,
  LANGS,
} from '@pencraft/rules';
import { z } from 'zod';
import { text } from '../http/text.js';
import { audiences, languages } from '@pencraft/contracts/enums';
import { articleStatuses } from '@pencraft/contracts/enums/articles';

const Lang = z.enum(LANGS);
/** The category ids of @pencraft/rules, the list the articles service checks and names. */
const CategoryId = z.enum(CATEGORY_IDS).meta({ id: 'CategoryId' });
/** Article ids are UUIDs; anything else is refused before asking the articles service. */
export const ArticleId = z
  .string()
  .regex(/^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/);

/**
 * The block types the articles service knows (its blockSchemas, services/articles/src/content/article-content.ts):
 * the document states them (issue #19: it allowed any word, which the service refuses as InvalidArticleContent).
 */
export const BLOCK_TYPES = ['paragraph', 'header', 'quote', 'list', 'image', 'link', 'table', 'code', 'video'] as const;
export const Block = z
  .object({
    id: z
      .string()
      .max(64)
      .regex(/^[A-Za-z0-9_-]*$/)
      // The service refuses an empty id (1 to 64 characters), as the document says.
      .meta({ minLength: 1 })
      .optional(),
    // The gateway takes any word and the service names an unknown one (InvalidArticleContent); the document says which.
    type: z
      .string()
      .min(1)
      .max(32)
      .regex(/^[A-Za-z]+$/)
      .meta({ enum: [...BLOCK_TYPES] }),
    data: z.record(z.string(), z.unknown()),
  })
  .meta({ id: 'Block', description: "An Editor.js block; the articles service checks each type's data." });
export const Content = z
  .object({
    time: z.number().optional(),
    version: z.string().max(32).optional(),
    blocks: z.array(Block).max(ARTICLE_CONTENT_MAX_BLOCKS),
  })
  .meta({
    id: 'Content',
    description:
      'Editor.js output. The articles service also requires: at least one block; each block of a known type ' +
      '(paragraph, header, quote, list, image, link, table, code, video) with the data of its type; ' +
      `${ARTICLE_CONTENT_MIN_CHARS} to ${ARTICLE_CONTENT_MAX_CHARS} visible characters over all blocks (code ` +
      'points of the text a reader sees, whitespace collapsed: InvalidContentMin, InvalidContentMax); at most ' +
      `${ARTICLE_CONTENT_MAX_BYTES} bytes serialized. The visible-character count spans blocks and markup, which ` +
      'JSON Schema cannot state, so these rules are described here rather than in the schema.',
  });

export const CreateArticleBody = z
  .object({
    title: text({ min: 1, max: ARTICLE_TITLE_MAX }),
    description: text({ max: ARTICLE_DESCRIPTION_MAX }).optional().default(''),
    language: Lang,
    category: CategoryId,
    /** Repeats count once; none may be the main category (InvalidCategory). */
    subCategories: z
      .array(CategoryId)
      .max(ARTICLE_SUBCATEGORIES_MAX)
      .optional()
      .default([])
      .meta({ description: 'Distinct sub-categories, none of them the main category (repeats count once).' }),
    content: Content,
  })
  .strict()
  .meta({ id: 'CreateArticleBody' });

export const ArticleParams = z.object({ id: ArticleId });
export const PageQuery = z.object({
  page: z.coerce.number().int().min(1).max(HOME_MAX_PAGE).optional().default(1),
});

const Author = z
  .object({
    uid: z.string(),
    username: z.string(),
    fullname: z.string(),
    /** The author's profile picture as it is now; empty when none. */
    imageUrl: z.string(),
  })
  .meta({ id: 'Author' });

export const ArticleJson = z
  .object({
    id: z.string(),
    title: z.string(),
    description: z.string(),
    language: Lang,
    category: z.string(),
    subCategories: z.array(z.string()),
    content: Content,
    status: z.enum(ARTICLE_STATUSES).meta({
      description:
        'The review state (SPEC.md section 4): accepted, initialReview, underModeration, approved, published; or ' +
        'rejected, or revisionRequested (the author edits and resubmits). draft: created by POST /api/articles and ' +
        'not yet submitted.',
    }),
    reviewNote: z.string().meta({ description: 'The reason of a rejection or the revision notes; empty otherwise' }),
    coverUrl: z.string().nullable(),
    audience: z.enum(AUDIENCES),
    target: z.string().meta({ description: 'personal (publications later)' }),
    publicationId: z
      .string()
      .nullable()
      .meta({
        description:
          'The publication it belongs to (its id; GET /api/publications/{id} names it); null for the personal blog, ' +
          'and once it was detached or the publication deleted (it stays under its author)',
      }),
    editCount: z.number().int().meta({ description: 'How many times the published article was edited (at most 5)' }),
    paid: z.boolean().meta({
      description:
        "For a publication's paid subscribers (audience paid, or a translation of a paid article); publicationId names " +
        'the publication whose plans (GET /api/core-publications/{id}/plns) open it',
    }),
    locked: z.boolean().meta({
      description:
        'A paid article this reader may not read in full (a visitor, a signed-in outsider, a free subscriber): content ' +
        "holds only its teaser (the leading blocks the rules allow); counts stay the whole article's",
    }),
    author: Author,
    coAuthors: z.array(Author).meta({ description: 'The accepted co-authors, in the order they were invited' }),
    translations: z.array(z.object({ id: z.string(), language: Lang })).meta({
      description:
        'The published versions of its translation group (the original and its translations, itself included ' +
        'when published), az, en, ru: one URL per language, /a/{id}',
    }),
    originalId: z.string().nullable().meta({
      description: "The original's id for a translation; null for an original (the group's id is the original's)",
    }),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
    publishedAt: z.iso.datetime().nullable(),
    wordCount: z.number().int(),
    symbolCount: z.number().int(),
    readingMinutes: z.number().int(),
  })
  .meta({ id: 'Article' });

export const ArticleCardJson = z
  .object({
    id: z.string(),
    title: z.string(),
    description: z.string(),
    language: Lang,
    category: z.string(),
    author: Author,
    publishedAt: z.iso.datetime(),
    readingMinutes: z.number().int(),
    /** The cover image, when the article has one (the reading lists fill it). */
    coverUrl: z.string().nullable().optional(),
    /** The score, upvotes minus downvotes: on the reading lists (GET /api/articles/nd/cot and the others), not the home list. */
    votes: z.number().int().optional(),
    /** Published comments, all depths: on the reading lists, like votes. */
    comments: z.number().int().optional(),
    publicationId: z
      .string()
      .nullable()
      .optional()
      .meta({ description: 'The publication it belongs to (its id); null for the personal blog' }),
  })
  .meta({ id: 'ArticleCard' });

export const ArticlePage = z
  .object({
    items: z.array(ArticleCardJson),
    page: z.number().int(),
    pageSize: z.number().int(),
    hasMore: z.boolean(),
  })
  .meta({ id: 'ArticlePage' });
export const CategoryList = z
  .object({ items: z.array(z.object({ id: z.string(), name: z.string() })) })
  .meta({ id: 'CategoryList' });

const iso = (ms: number) => new Date(ms).toISOString();

/** The public JSON of an article, built as a string so the stored content is passed through without re-parsing. */
export function articleJson(article: Article): string {
  const { contentJson, ...rest } = article;
  const head = JSON.stringify({
    id: rest.id,
    title: rest.title,
    description: rest.description,
    language: languages.require(rest.language, 'language'),
    category: rest.category,
    subCategories: rest.subCategories,
    status: articleStatuses.require(rest.status, 'status'),
    author: rest.author,
    createdAt: iso(rest.createdAtMs),
    updatedAt: iso(rest.updatedAtMs),
    publishedAt: rest.publishedAtMs ? iso(rest.publishedAtMs) : null,
    wordCount: rest.wordCount,
    symbolCount: rest.symbolCount,
    readingMinutes: rest.readingMinutes,
    reviewNote: rest.reviewNote,
    coverUrl: rest.coverUrl || null,
    audience: audiences.require(rest.audience, 'audience'),
    target: rest.target || 'personal',
    publicationId: rest.publicationId || null,
    editCount: rest.editCount,
    paid: audiences.require(rest.audience, 'audience') === 'paid',
    locked: rest.locked,
    coAuthors: rest.coAuthors,
    translations: rest.translations.map((t) => ({ id: t.id, language: languages.require(t.language, 'language') })),
    originalId: rest.originalId || null,
  });
  return `${head.slice(0, -1)},"content":${contentJson}}`;
}

export function articleCardJson(card: ArticleCard) {
  return {
    id: card.id,
    title: card.title,
    description: card.description,
    language: languages.require(card.language, 'language'),
    category: card.category,
    author: card.author,
    publishedAt: iso(card.publishedAtMs),
    readingMinutes: card.readingMinutes,
    coverUrl: card.coverUrl || null,
    publicationId: card.publicationId || null,
  };
}
