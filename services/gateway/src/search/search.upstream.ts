import { SearchServiceClient, SearchServiceService } from '@pencraft/contracts/search/v1/search';
import type { PromiseClient } from '@pencraft/kit';
import { defineUpstream } from '../upstreams/upstream.js';

export const searchUpstream = defineUpstream('search', SearchServiceClient, SearchServiceService);
export const SEARCH = searchUpstream.token;
export type SearchClient = PromiseClient<SearchServiceClient>;
