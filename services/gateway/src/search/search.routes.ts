import { defineRoute } from '../http/route.js';
import { SearchAdvancedQuery, SearchFullQuery, SearchPage, SearchQuery } from './search.dto.js';

const fieldCodes = { q: 'NullOrEmpty', page: 'InvalidPage' } as const;

export const searchTextRoute = defineRoute({
  operationId: 'searchText',
  method: 'GET',
  path: '/api/strict/txt',
  tag: 'search',
  summary:
    'Quick full-text search of published articles, best match first over every match, forgiving typos and ' +
    "Azerbaijani letters typed without their marks; with limit, the header's instant suggestions (the last word a " +
    "prefix). On a publication's subdomain ({slug}.<host>) only that publication's articles (a translation counts " +
    "as its original's). Matched words come as text ranges, never markup; a paid article shows only its teaser",
  query: SearchQuery,
  response: SearchPage,
  fieldCodes,
});

export const searchFullRoute = defineRoute({
  operationId: 'searchFull',
  method: 'GET',
  path: '/api/strict/full',
  tag: 'search',
  summary:
    'Search of articles, users (by full name and username) and publications (by name, description and slug), one ' +
    'kind or all, by relevance or newest first; kind=photo: images of published articles found by their captions ' +
    "and the article's words (of a paid article only its teaser's images). On a publication's subdomain only that " +
    "publication's documents",
  query: SearchFullQuery,
  response: SearchPage,
  fieldCodes,
});

export const searchAdvancedRoute = defineRoute({
  operationId: 'searchAdvanced',
  method: 'GET',
  path: '/api/strict/advanced',
  tag: 'search',
  summary:
    'Search with filters: kind, category, language, author (username or id), publication and a range of days ' +
    "(to on or after from), by relevance or newest first; on a publication's subdomain the publication is that one",
  query: SearchAdvancedQuery,
  response: SearchPage,
  fieldCodes,
});
