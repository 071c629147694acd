// The codecs of the search service's contract (hit kinds, sorts). A module of their own, so that a service loads the
// generated code of the contracts it uses, not every one's (issue #19, memory).
import { SEARCH_HIT_KINDS, SEARCH_SORTS } from '@pencraft/rules';
import { protoEnum } from '../enums.js';
import { SearchHitKind, SearchSort } from '../gen/search/v1/search.js';

export const searchHitKinds = protoEnum<SearchHitKind, (typeof SEARCH_HIT_KINDS)[number]>(
  'SearchHitKind',
  SearchHitKind,
  SEARCH_HIT_KINDS,
);
export const searchSorts = protoEnum<SearchSort, (typeof SEARCH_SORTS)[number]>('SearchSort', SearchSort, SEARCH_SORTS);
