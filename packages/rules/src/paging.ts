import { codePointLength, collapseWhitespace, hasControlCharacters } from './text.js';

/** Items per page of the home list and of search results, unless a caller asks for fewer. */
export const PAGE_SIZE = 20;
/** The most items one page may hold, whatever is asked. */
export const PAGE_SIZE_MAX = 50;
/** Deeper pages are refused (InvalidPage): nobody reads them, and they cost the most. */
export const HOME_MAX_PAGE = 500;
export const SEARCH_MAX_PAGE = 50;
export const SEARCH_QUERY_MAX = 200;
/** What a search hit can be (photo: an image of a published article). */
export const SEARCH_HIT_KINDS = ['article', 'user', 'publication', 'photo'] as const;
export type SearchHitKind = (typeof SEARCH_HIT_KINDS)[number];
/** How search hits are ordered: best match first (over every match) or newest first. */
export const SEARCH_SORTS = ['relevance', 'date'] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];
/** How many suggestions the header's search box shows. */
export const SEARCH_SUGGESTIONS = 5;

export interface Paging {
  page: number;
  pageSize: number;
  offset: number;
}

/**
 * A requested page (1-based; 0 or absent means the first) and page size (0 or absent means PAGE_SIZE, more than
 * PAGE_SIZE_MAX is capped), or undefined when the page is not a whole number from 1 to maxPage.
 */
export function resolvePaging(
  page: number | undefined,
  pageSize: number | undefined,
  maxPage: number,
): Paging | undefined {
  const wanted = page || 1;
  if (!Number.isInteger(wanted) || wanted < 1 || wanted > maxPage) return undefined;
  const size = pageSize && pageSize > 0 ? Math.min(Math.floor(pageSize), PAGE_SIZE_MAX) : PAGE_SIZE;
  return { page: wanted, pageSize: size, offset: (wanted - 1) * size };
}

export type SearchQueryProblem = 'required' | 'queryLength' | 'queryChars';

/** A search query as it is run: whitespace collapsed. */
export function normalizeSearchQuery(query: string): string {
  return collapseWhitespace(query);
}

/** Of a search query as typed (control characters such as a NUL byte are refused, not stripped). */
export function searchQueryProblem(query: string): SearchQueryProblem | undefined {
  if (hasControlCharacters(query.replace(/[\t\n\r]/g, ' '))) return 'queryChars';
  const normalized = normalizeSearchQuery(query);
  if (!normalized) return 'required';
  return codePointLength(normalized) > SEARCH_QUERY_MAX ? 'queryLength' : undefined;
}
