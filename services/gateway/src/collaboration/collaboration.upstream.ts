import { CollaborationServiceClient, CollaborationServiceService } from '@pencraft/contracts/articles/v1/collaboration';
import type { PromiseClient } from '@pencraft/kit';
import { defineUpstream } from '../upstreams/upstream.js';

/** The articles service's CollaborationService (same address as the articles area's client). */
export const collaborationUpstream = defineUpstream(
  'articles',
  CollaborationServiceClient,
  CollaborationServiceService,
);
export const COLLABORATION = collaborationUpstream.token;
export type CollaborationClient = PromiseClient<CollaborationServiceClient>;
