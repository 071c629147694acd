import { LANGS, SEARCH_HIT_KINDS, SEARCH_MAX_PAGE, SEARCH_QUERY_MAX } from '@pencraft/rules';
import { z } from 'zod';
import { CONTROL_CHARS, text, TEXT_CHAR } from '../http/text.js';

/** A query of 1 to 200 characters with something besides spaces; control characters are refused. */
export const SearchQuery = z.object({
  q: text({ min: 1, max: SEARCH_QUERY_MAX, pattern: new RegExp(`^${TEXT_CHAR}*[^\\s${CONTROL_CHARS}]${TEXT_CHAR}*$`) }),
  page: z.coerce.number().int().min(1).max(SEARCH_MAX_PAGE).optional().default(1),
});

export const SearchPage = z
  .object({
    items: z.array(
      z.object({
        id: z.string(),
        kind: z.enum(SEARCH_HIT_KINDS),
        title: z.string(),
        snippet: z.string(),
        language: z.enum(LANGS),
        author: z.object({ uid: z.string(), username: z.string(), fullname: z.string() }),
        publishedAt: z.iso.datetime(),
      }),
    ),
    page: z.number().int(),
    pageSize: z.number().int(),
    hasMore: z.boolean(),
  })
  .meta({ id: 'SearchPage' });
