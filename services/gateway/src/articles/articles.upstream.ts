import { ArticlesServiceClient, ArticlesServiceService } from '@pencraft/contracts/articles/v1/articles';
import type { PromiseClient } from '@pencraft/kit';
import { defineUpstream } from '../upstreams/upstream.js';

export const articlesUpstream = defineUpstream('articles', ArticlesServiceClient, ArticlesServiceService);
export const ARTICLES = articlesUpstream.token;
export type ArticlesClient = PromiseClient<ArticlesServiceClient>;
