import { EngagementServiceClient, EngagementServiceService } from '@pencraft/contracts/articles/v1/engagement';
import type { PromiseClient } from '@pencraft/kit';
import { defineUpstream } from '../upstreams/upstream.js';

/** articles.v1.EngagementService: served by the articles service, at its address. */
export const engagementUpstream = defineUpstream('articles', EngagementServiceClient, EngagementServiceService);
export const ENGAGEMENT = engagementUpstream.token;
export type EngagementClient = PromiseClient<EngagementServiceClient>;
