import { defineRoute } from '../http/route.js';
import { SearchPage, SearchQuery } from './search.dto.js';

export const searchTextRoute = defineRoute({
  operationId: 'searchText',
  method: 'GET',
  path: '/api/strict/txt',
  tag: 'search',
  summary:
    "Full-text search of published articles; on a publication's subdomain ({slug}.<host>) only that publication's " +
    "articles (a translation counts as its original's)",
  query: SearchQuery,
  response: SearchPage,
  fieldCodes: { q: 'NullOrEmpty', page: 'InvalidPage' },
});
