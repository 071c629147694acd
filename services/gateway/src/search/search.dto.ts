import {
  CATEGORY_IDS,
  LANGS,
  SEARCH_HIT_KINDS,
  SEARCH_MAX_PAGE,
  SEARCH_QUERY_MAX,
  SEARCH_SORTS,
  UUID_PATTERN,
} from '@pencraft/rules';
import { z } from 'zod';
import { CONTROL_CHARS, text, TEXT_CHAR } from '../http/text.js';

/** The most suggestions one call may ask for (the header's box shows SEARCH_SUGGESTIONS). */
export const SUGGESTIONS_MAX = 10;

/**
 * A query of 1 to 200 characters with something besides spaces; control characters are refused. Anything else is
 * searched as words (punctuation and tsquery syntax such as & | ! ( ) : * are separators, never operators).
 */
const q = text({
  min: 1,
  max: SEARCH_QUERY_MAX,
  pattern: new RegExp(`^${TEXT_CHAR}*[^\\s${CONTROL_CHARS}]${TEXT_CHAR}*$`),
});
const page = z.coerce.number().int().min(1).max(SEARCH_MAX_PAGE).optional().default(1);
const sort = z.enum(SEARCH_SORTS).optional().default('relevance').meta({
  description: 'relevance: best match first, over every match; date: newest first',
});
const kind = z.enum(SEARCH_HIT_KINDS);
/** A calendar day (UTC), YYYY-MM-DD. */
const day = z.iso.date();

export const SearchQuery = z.object({
  q,
  page,
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(SUGGESTIONS_MAX)
    .optional()
    .meta({
      description:
        'Instant suggestions: this many hits, the last word matched as a prefix (what is still being typed). ' +
        'Without it, a page of 20.',
    }),
});

export const SearchFullQuery = z.object({
  q,
  page,
  kind: kind.optional().meta({
    description: 'Only articles, users, publications or photos (articles, users and publications when absent)',
  }),
  sort,
});

export const SearchAdvancedQuery = z.object({
  q,
  page,
  kind: kind.optional().default('article').meta({ description: 'What to search (articles when absent)' }),
  sort,
  category: z.enum(CATEGORY_IDS).optional(),
  language: z.enum(LANGS).optional(),
  author: z
    .string()
    .regex(/^@?[\p{L}\p{N}._-]{1,40}$/u)
    .optional()
    .meta({ description: "The author's username (with or without @) or account id" }),
  publication: z.string().regex(UUID_PATTERN).optional().meta({ description: "A publication's id" }),
  from: day.optional().meta({ description: 'Published on or after this day (UTC)' }),
  to: day.optional().meta({ description: 'Published on or before this day (UTC)' }),
});

/** A matched span of a text: UTF-16 offsets (JavaScript string indices), [start, end). Never markup. */
const TextRange = z.object({ start: z.number().int().min(0), end: z.number().int().min(0) }).meta({ id: 'TextRange' });

export const SearchPage = z
  .object({
    items: z.array(
      z.object({
        id: z.string(),
        kind: z.enum(SEARCH_HIT_KINDS),
        /** An article's title, a user's full name, a publication's name, a photo's caption (may be empty). */
        title: z.string(),
        titleHighlights: z.array(TextRange),
        /** Plain text around the match (of a paid article only its teaser). */
        snippet: z.string(),
        snippetHighlights: z.array(TextRange),
        language: z.enum(LANGS),
        author: z.object({ uid: z.string(), username: z.string(), fullname: z.string() }),
        /** A user's username or a publication's slug; empty for an article. */
        handle: z.string(),
        category: z.string(),
        publicationId: z.string().nullable(),
        /** A photo's image (under /media) and its article; null for the other kinds. */
        imageUrl: z.string().nullable(),
        articleId: z.string().nullable(),
        articleTitle: z.string().nullable(),
        publishedAt: z.iso.datetime(),
      }),
    ),
    page: z.number().int(),
    pageSize: z.number().int(),
    hasMore: z.boolean(),
  })
  .meta({ id: 'SearchPage' });
