import type { Article, ArticleCard } from '@pencraft/contracts/articles/v1/articles';
import type { Draft } from '@pencraft/contracts/articles/v1/drafts';
import type { Comment } from '@pencraft/contracts/comments/v1/comments';
import type { PublicProfile } from '@pencraft/contracts/identity/v1/profile';
import type { Publication } from '@pencraft/contracts/publications/v1/publications';
import type { SearchHit } from '@pencraft/contracts/search/v1/search';
import { audiences, languages } from '@pencraft/contracts/enums';
import { articleStatuses } from '@pencraft/contracts/enums/articles';
import { searchHitKinds } from '@pencraft/contracts/enums/search';
import {
  ARTICLE_CONTENT_MAX_BLOCKS,
  ARTICLE_CONTENT_MAX_BYTES,
  ARTICLE_CONTENT_MAX_CHARS,
  ARTICLE_CONTENT_MIN_CHARS,
  ARTICLE_DESCRIPTION_MAX,
  ARTICLE_SUBCATEGORIES_MAX,
  ARTICLE_TITLE_MAX,
  CATEGORY_IDS,
  SEARCH_QUERY_MAX,
  USERNAME_MAX,
  UUID_PATTERN,
} from '@pencraft/rules';
import { z } from 'zod';
import { Slug } from '../publications/publications.dto.js';
import { USERNAME } from '../profiles/profiles.dto.js';
import { CONTROL_CHARS, text, TEXT_CHAR } from '../http/text.js';

/*
 * The partner surface's own shapes (/api/v1, issue #18). They are written here, not borrowed from the first-party
 * routes' schemas, so that a change made for the site (a field renamed, added or dropped on /api/...) never changes
 * what v1 answers: v1 is a promise to partners, checked for breaking changes like the rest of the document. Each
 * shape has an example (rendered by the API reference). Component names start with V1.
 */

/** The languages of v1 (a new language would be a new enum value: announced, not silent). */
export const V1_LANGS = ['az', 'en', 'ru'] as const;
const Lang = z.enum(V1_LANGS).meta({ id: 'V1Language', example: 'az' });
const Id = z.string().regex(UUID_PATTERN);
const EXAMPLE_ID = '6f1c2a7e-4b1d-4c55-9a8e-2d7f0e3b9c41';
const EXAMPLE_USER = '0d8e5b9a-1c2f-4a3b-8d4e-5f6a7b8c9d0e';
const EXAMPLE_TIME = '2026-11-28T09:30:00.000Z';

/** Page sizes of the v1 lists. */
export const V1_LIMIT_DEFAULT = 20;
export const V1_LIMIT_MAX = 50;
/** How deep a cursor may page (the lists behind it refuse pages beyond this). */
export const V1_CURSOR_MAX_PAGE = 500;

const limit = z.coerce
  .number()
  .int()
  .min(1)
  .max(V1_LIMIT_MAX)
  .optional()
  .default(V1_LIMIT_DEFAULT)
  .meta({ description: `Items a page (1 to ${V1_LIMIT_MAX}; ${V1_LIMIT_DEFAULT} when absent)`, example: 20 });
const cursor = z
  .string()
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/)
  .optional()
  .meta({
    description:
      "The previous page's nextCursor (opaque: never build one); absent for the first page. InvalidPage for a " +
      'cursor the API did not write',
    example: 'MjsyMA',
  });
const NextCursor = z.string().nullable().meta({
  description: 'Where the next page starts (pass it as cursor); null when this page is the last',
  example: 'MjsyMA',
});

/** A cursor is the next page of the list behind it and the page size it was written with, opaque to partners. */
export interface V1Cursor {
  page: number;
  limit: number;
}

export function encodeCursor(next: V1Cursor): string {
  return Buffer.from(`${next.page};${next.limit}`).toString('base64url');
}

/** The page a cursor names, or undefined for text the API did not write (answered InvalidPage). */
export function decodeCursor(value: string): V1Cursor | undefined {
  const match = /^(\d{1,4});(\d{1,2})$/.exec(Buffer.from(value, 'base64url').toString('utf8'));
  if (!match) return undefined;
  const page = Number(match[1]);
  const size = Number(match[2]);
  if (page < 2 || page > V1_CURSOR_MAX_PAGE || size < 1 || size > V1_LIMIT_MAX) return undefined;
  return { page, limit: size };
}

/** An article's body: Editor.js output (v1's own copy of the editor's schema, so a change of the site's is not v1's). */
const Block = z
  .object({
    id: z
      .string()
      .max(64)
      .regex(/^[A-Za-z0-9_-]*$/)
      .optional(),
    type: z
      .string()
      .min(1)
      .max(32)
      .regex(/^[A-Za-z]+$/),
    data: z.record(z.string(), z.unknown()),
  })
  .meta({
    id: 'V1Block',
    description: 'An Editor.js block: paragraph, header, quote, list, image, link, table, code or video, with its data',
    example: { type: 'paragraph', data: { text: 'Payız Bakıya gec gəlir…' } },
  });
const Content = z
  .object({
    time: z.number().optional(),
    version: z.string().max(32).optional(),
    blocks: z.array(Block).max(ARTICLE_CONTENT_MAX_BLOCKS),
  })
  .meta({
    id: 'V1Content',
    description:
      'Editor.js output. Publishing also requires at least one block, each of a known type with the data of its ' +
      `type, ${ARTICLE_CONTENT_MIN_CHARS} to ${ARTICLE_CONTENT_MAX_CHARS} visible characters over all blocks ` +
      `(InvalidContentMin, InvalidContentMax) and at most ${ARTICLE_CONTENT_MAX_BYTES} bytes serialized`,
  });

const Category = z.string().meta({ description: 'A category id (GET /api/v1/categories)', example: 'tech' });
const CategoryFilter = z.enum(CATEGORY_IDS).meta({ description: 'A category id (GET /api/v1/categories)' });
const Username = z.string().min(1).max(USERNAME_MAX).regex(USERNAME).meta({ example: 'leyla_writes' });

// ---- Input ----

export const V1ArticleParams = z.object({ id: Id.meta({ description: "The article's id", example: EXAMPLE_ID }) });
export const V1DraftParams = z.object({ id: Id.meta({ description: "The draft's id", example: EXAMPLE_ID }) });
export const V1AuthorParams = z.object({
  username: Username.meta({ description: "The author's username (any case)" }),
});
export const V1PublicationParams = z.object({ slug: Slug });

export const V1ArticleListQuery = z.object({
  category: CategoryFilter.optional(),
  language: Lang.optional().meta({ description: 'Only articles written in this language' }),
  author: Username.optional().meta({ description: "Only this author's articles (a username)" }),
  cursor,
  limit,
});

export const V1PageQuery = z.object({ cursor, limit });

const q = text({
  min: 1,
  max: SEARCH_QUERY_MAX,
  pattern: new RegExp(`^${TEXT_CHAR}*[^\\s${CONTROL_CHARS}]${TEXT_CHAR}*$`),
}).meta({ description: 'The words to find (1 to 200 characters; punctuation separates words)', example: 'neft' });

export const V1SearchQuery = z.object({
  q,
  kind: z
    .enum(['article', 'user', 'publication'])
    .optional()
    .default('article')
    .meta({ description: 'What to search (articles when absent)' }),
  category: CategoryFilter.optional(),
  language: Lang.optional(),
  author: Username.optional().meta({ description: "Only this author's articles (a username)" }),
  sort: z
    .enum(['relevance', 'date'])
    .optional()
    .default('relevance')
    .meta({ description: 'relevance: best match first; date: newest first' }),
  cursor,
  limit,
});

/** What a partner writes into a draft: every field optional (a draft may be incomplete until it is published). */
export const V1DraftBody = z
  .object({
    title: text({ max: ARTICLE_TITLE_MAX }).optional().default(''),
    description: text({ max: ARTICLE_DESCRIPTION_MAX }).optional().default(''),
    language: Lang.optional().default('az'),
    category: z
      .union([CategoryFilter, z.literal('')])
      .optional()
      .default(''),
    subCategories: z.array(CategoryFilter).max(ARTICLE_SUBCATEGORIES_MAX).optional().default([]),
    content: Content.nullable().optional().default(null),
  })
  .strict()
  .meta({
    id: 'V1DraftBody',
    description:
      'A draft as the writer would save it in the editor; the minimums (title, category, content length) are checked ' +
      'when it is published',
    example: {
      title: 'Bakıda payız',
      description: 'Şəhərin ən gözəl fəsli',
      language: 'az',
      category: 'culture',
      subCategories: [],
      content: { blocks: [{ type: 'paragraph', data: { text: 'Payız Bakıya gec gəlir…' } }] },
    },
  });

export const V1UpdateDraftBody = V1DraftBody.extend({
  version: z.number().int().min(1).max(2_147_483_647).meta({
    description: "The draft's version as last read; an older one is refused with DraftConflict (409)",
    example: 3,
  }),
})
  .strict()
  .meta({ id: 'V1UpdateDraftBody' });

// ---- Output ----

const Author = z
  .object({
    id: z.string(),
    username: z.string(),
    name: z.string(),
    imageUrl: z.string().nullable(),
  })
  .meta({
    id: 'V1AuthorRef',
    example: { id: EXAMPLE_USER, username: 'leyla_writes', name: 'Leyla Məmmədova', imageUrl: null },
  });

const exampleAuthor = { id: EXAMPLE_USER, username: 'leyla_writes', name: 'Leyla Məmmədova', imageUrl: null };

export const V1ArticleSummary = z
  .object({
    id: z.string(),
    title: z.string(),
    description: z.string(),
    language: Lang,
    category: Category,
    author: Author,
    publicationId: z.string().nullable().meta({ description: 'The publication it was published in; null for none' }),
    coverUrl: z.string().nullable(),
    readingMinutes: z.number().int(),
    publishedAt: z.iso.datetime(),
    url: z.string().meta({ description: "The article's page on the site (a path: /a/{id})" }),
  })
  .meta({
    id: 'V1ArticleSummary',
    example: {
      id: EXAMPLE_ID,
      title: 'Bakıda payız',
      description: 'Şəhərin ən gözəl fəsli',
      language: 'az',
      category: 'culture',
      author: exampleAuthor,
      publicationId: null,
      coverUrl: null,
      readingMinutes: 4,
      publishedAt: EXAMPLE_TIME,
      url: `/a/${EXAMPLE_ID}`,
    },
  });

export const V1ArticlePage = z.object({ items: z.array(V1ArticleSummary), nextCursor: NextCursor }).meta({
  id: 'V1ArticlePage',
  description:
    'A page of published articles, newest first. With filters a page may hold fewer than limit items (even none) ' +
    'while nextCursor is set: follow nextCursor until it is null',
});

export const V1Article = V1ArticleSummary.extend({
  subCategories: z.array(z.string()),
  paid: z.boolean().meta({ description: "For a publication's paid subscribers" }),
  locked: z.boolean().meta({
    description:
      'A paid article the caller may not read in full: content holds only its teaser. Full text is answered only to ' +
      'a credential acting for a user (a personal access token, or a client with Pencraft-Acting-Token) who may ' +
      'read it',
  }),
  content: Content.meta({ description: 'Editor.js output ({ blocks: [{ type, data }] }), sanitized' }),
  wordCount: z.number().int(),
  updatedAt: z.iso.datetime(),
  translations: z.array(z.object({ id: z.string(), language: Lang })),
}).meta({
  id: 'V1Article',
  example: {
    id: EXAMPLE_ID,
    title: 'Bakıda payız',
    description: 'Şəhərin ən gözəl fəsli',
    language: 'az',
    category: 'culture',
    subCategories: [],
    author: exampleAuthor,
    publicationId: null,
    coverUrl: null,
    readingMinutes: 4,
    publishedAt: EXAMPLE_TIME,
    updatedAt: EXAMPLE_TIME,
    url: `/a/${EXAMPLE_ID}`,
    paid: false,
    locked: false,
    content: { blocks: [{ type: 'paragraph', data: { text: 'Payız Bakıya gec gəlir…' } }] },
    wordCount: 812,
    translations: [{ id: EXAMPLE_ID, language: 'az' }],
  },
});

export const V1Author = z
  .object({
    id: z.string(),
    username: z.string(),
    name: z.string(),
    headline: z.string(),
    bio: z.string(),
    imageUrl: z.string().nullable(),
    followers: z.number().int(),
    joinedAt: z.iso.datetime(),
    url: z.string().meta({ description: "The author's page on the site (a path: /@{username})" }),
  })
  .meta({
    id: 'V1Author',
    example: {
      id: EXAMPLE_USER,
      username: 'leyla_writes',
      name: 'Leyla Məmmədova',
      headline: 'Şəhər haqqında yazıram',
      bio: '',
      imageUrl: null,
      followers: 120,
      joinedAt: EXAMPLE_TIME,
      url: '/@leyla_writes',
    },
  });

export const V1Publication = z
  .object({
    id: z.string(),
    slug: z.string(),
    name: z.string(),
    description: z.string(),
    logoUrl: z.string().nullable(),
    subscribers: z.number().int(),
    createdAt: z.iso.datetime(),
  })
  .meta({
    id: 'V1Publication',
    example: {
      id: EXAMPLE_ID,
      slug: 'baku-notes',
      name: 'Baku Notes',
      description: 'Şəhər haqqında qeydlər',
      logoUrl: null,
      subscribers: 48,
      createdAt: EXAMPLE_TIME,
    },
  });

export const V1CategoryList = z.object({ items: z.array(z.object({ id: z.string(), name: z.string() })) }).meta({
  id: 'V1CategoryList',
  description: 'Named in the language of Accept-Language (az, en, ru)',
  example: { items: [{ id: 'tech', name: 'Technology' }] },
});

export const V1SearchPage = z
  .object({
    items: z.array(
      z.object({
        kind: z.enum(['article', 'user', 'publication']),
        id: z.string(),
        title: z.string().meta({ description: "An article's title, a user's name, a publication's name" }),
        snippet: z.string().meta({ description: 'Plain text around the match (of a paid article only its teaser)' }),
        language: Lang,
        author: Author.nullable().meta({ description: "An article's author; null for the other kinds" }),
        handle: z.string().nullable().meta({ description: "A user's username or a publication's slug" }),
        category: z.string().nullable(),
        publishedAt: z.iso.datetime(),
      }),
    ),
    nextCursor: NextCursor,
  })
  .meta({
    id: 'V1SearchPage',
    example: {
      items: [
        {
          kind: 'article',
          id: EXAMPLE_ID,
          title: 'Bakıda payız',
          snippet: 'Payız Bakıya gec gəlir…',
          language: 'az',
          author: exampleAuthor,
          handle: null,
          category: 'culture',
          publishedAt: EXAMPLE_TIME,
        },
      ],
      nextCursor: null,
    },
  });

const V1CommentFields = {
  id: z.string(),
  parentId: z.string().nullable(),
  depth: z.number().int().meta({ description: '1 top level, 2 a reply, 3 a reply to a reply' }),
  deleted: z.boolean().meta({ description: 'A deleted comment kept as a placeholder for its replies' }),
  content: z.string().meta({ description: 'Plain text; empty when deleted' }),
  author: Author.nullable().meta({ description: 'null when deleted' }),
  up: z.number().int(),
  down: z.number().int(),
  createdAt: z.iso.datetime(),
  editedAt: z.iso.datetime().nullable(),
};
const V1Reply3 = z.object({
  ...V1CommentFields,
  replies: z.array(z.object({}).strict()).max(0).meta({ description: 'Always empty: the deepest level' }),
});
const V1Reply2 = z.object({ ...V1CommentFields, replies: z.array(V1Reply3) });
export const V1Comment = z.object({ ...V1CommentFields, replies: z.array(V1Reply2) }).meta({ id: 'V1Comment' });
export const V1CommentPage = z
  .object({
    items: z.array(V1Comment),
    total: z.number().int().meta({ description: "The article's published comments, all depths" }),
    nextCursor: NextCursor,
  })
  .meta({
    id: 'V1CommentPage',
    description: 'Top-level comments, newest first, each with its replies (at most three deep)',
    example: {
      items: [
        {
          id: EXAMPLE_ID,
          parentId: null,
          depth: 1,
          deleted: false,
          content: 'Çox gözəl yazı!',
          author: exampleAuthor,
          up: 3,
          down: 0,
          createdAt: EXAMPLE_TIME,
          editedAt: null,
          replies: [],
        },
      ],
      total: 1,
      nextCursor: null,
    },
  });

export const V1Draft = z
  .object({
    id: z.string(),
    title: z.string(),
    description: z.string(),
    language: Lang,
    category: z.string(),
    subCategories: z.array(z.string()),
    content: Content.nullable().meta({ description: 'null in lists and while empty' }),
    articleId: z.string().nullable().meta({ description: 'The published article this draft edits, if any' }),
    version: z.number().int().meta({ description: 'Send it back with PUT (optimistic concurrency)' }),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
  })
  .meta({
    id: 'V1Draft',
    example: {
      id: EXAMPLE_ID,
      title: 'Bakıda payız',
      description: 'Şəhərin ən gözəl fəsli',
      language: 'az',
      category: 'culture',
      subCategories: [],
      content: { blocks: [{ type: 'paragraph', data: { text: 'Payız Bakıya gec gəlir…' } }] },
      articleId: null,
      version: 1,
      createdAt: EXAMPLE_TIME,
      updatedAt: EXAMPLE_TIME,
    },
  });

export const V1DraftList = z
  .object({ items: z.array(V1Draft) })
  .meta({ id: 'V1DraftList', description: "The writer's drafts, content left out" });

export const V1Submission = z
  .object({
    articleId: z.string(),
    status: z.enum(['pendingReview', 'published', 'rejected', 'revisionRequested']).meta({
      description:
        'pendingReview: submitted and waiting for moderation like every submission (webhook article.published ' +
        'announces it once approved); the others once decided',
    }),
    submittedAt: z.iso.datetime(),
  })
  .meta({
    id: 'V1Submission',
    example: { articleId: EXAMPLE_ID, status: 'pendingReview', submittedAt: EXAMPLE_TIME },
  });

// ---- Mapping from the services' messages ----

const iso = (ms: number | string) => new Date(Number(ms)).toISOString();
const isoOrNull = (ms: number | string) => (Number(ms) ? iso(ms) : null);
type Ref = { uid: string; username: string; fullname: string; imageUrl: string } | undefined;
const authorOf = (a: Ref) => ({
  id: a?.uid ?? '',
  username: a?.username ?? '',
  name: a?.fullname ?? '',
  imageUrl: a?.imageUrl || null,
});

export function v1Summary(card: ArticleCard): z.infer<typeof V1ArticleSummary> {
  return {
    id: card.id,
    title: card.title,
    description: card.description,
    language: languages.require(card.language, 'language'),
    category: card.category,
    author: authorOf(card.author),
    publicationId: card.publicationId || null,
    coverUrl: card.coverUrl || null,
    readingMinutes: card.readingMinutes,
    publishedAt: iso(card.publishedAtMs),
    url: `/a/${card.id}`,
  };
}

export function v1Article(article: Article): z.infer<typeof V1Article> {
  return {
    id: article.id,
    title: article.title,
    description: article.description,
    language: languages.require(article.language, 'language'),
    category: article.category,
    subCategories: article.subCategories,
    author: authorOf(article.author),
    publicationId: article.publicationId || null,
    coverUrl: article.coverUrl || null,
    readingMinutes: article.readingMinutes,
    publishedAt: iso(article.publishedAtMs),
    updatedAt: iso(article.updatedAtMs),
    url: `/a/${article.id}`,
    paid: audiences.require(article.audience, 'audience') === 'paid',
    locked: article.locked,
    content: JSON.parse(article.contentJson) as z.infer<typeof Content>,
    wordCount: article.wordCount,
    translations: article.translations.map((t) => ({ id: t.id, language: languages.require(t.language, 'language') })),
  };
}

export function v1Author(profile: PublicProfile): z.infer<typeof V1Author> {
  return {
    id: profile.uid,
    username: profile.username,
    name: profile.fullname,
    headline: profile.headline,
    bio: profile.bio,
    imageUrl: profile.imageUrl || null,
    followers: Number(profile.followers),
    joinedAt: iso(profile.joinedAtMs),
    url: `/@${profile.username}`,
  };
}

export function v1Publication(publication: Publication): z.infer<typeof V1Publication> {
  return {
    id: publication.id,
    slug: publication.slug,
    name: publication.name,
    description: publication.description,
    logoUrl: publication.logoKey ? `/media/${publication.logoKey}` : null,
    subscribers: publication.subscribersCount,
    createdAt: iso(publication.createdAtMs),
  };
}

export function v1SearchHit(hit: SearchHit): z.infer<typeof V1SearchPage>['items'][number] {
  const kind = searchHitKinds.require(hit.kind, 'kind') as 'article' | 'user' | 'publication';
  return {
    kind,
    id: hit.id,
    title: hit.title,
    snippet: hit.snippet,
    language: languages.require(hit.language, 'language'),
    author:
      kind === 'article'
        ? { id: hit.authorUid, username: hit.authorUsername, name: hit.authorFullname, imageUrl: null }
        : null,
    handle: hit.handle || null,
    category: hit.category || null,
    publishedAt: iso(hit.publishedAtMs),
  };
}

type V1CommentJson = Omit<z.infer<typeof V1Comment>, 'replies'> & { replies: V1CommentJson[] };

export function v1Comment(comment: Comment): V1CommentJson {
  return {
    id: comment.id,
    parentId: comment.parentId || null,
    depth: comment.depth,
    deleted: comment.deleted,
    content: comment.deleted ? '' : comment.content,
    author: comment.deleted || !comment.author ? null : authorOf(comment.author),
    up: comment.up,
    down: comment.down,
    createdAt: iso(comment.createdAtMs),
    editedAt: isoOrNull(comment.editedAtMs),
    replies: comment.replies.map(v1Comment),
  };
}

export function v1Draft(draft: Draft, withContent: boolean): z.infer<typeof V1Draft> {
  return {
    id: draft.id,
    title: draft.title,
    description: draft.description,
    language: languages.require(draft.language, 'language'),
    category: draft.category,
    subCategories: draft.subCategories,
    content: withContent && draft.contentJson ? (JSON.parse(draft.contentJson) as z.infer<typeof Content>) : null,
    articleId: draft.articleId || null,
    version: draft.version,
    createdAt: iso(draft.createdAtMs),
    updatedAt: iso(draft.updatedAtMs),
  };
}

/** What a submission is now: waiting for review until moderation decides. */
export function v1Submission(article: Article): z.infer<typeof V1Submission> {
  const status = articleStatuses.require(article.status, 'status');
  return {
    articleId: article.id,
    status:
      status === 'published'
        ? 'published'
        : status === 'rejected'
          ? 'rejected'
          : status === 'revisionRequested'
            ? 'revisionRequested'
            : 'pendingReview',
    submittedAt: iso(article.updatedAtMs),
  };
}
