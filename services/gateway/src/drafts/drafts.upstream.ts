import { DraftsServiceClient, DraftsServiceService } from '@pencraft/contracts/articles/v1/drafts';
import type { PromiseClient } from '@pencraft/kit';
import { defineUpstream } from '../upstreams/upstream.js';

/** articles.v1.DraftsService: served by the articles service, at its address. */
export const draftsUpstream = defineUpstream('articles', DraftsServiceClient, DraftsServiceService);
export const DRAFTS = draftsUpstream.token;
export type DraftsClient = PromiseClient<DraftsServiceClient>;
