import {
  PublicationsServiceClient,
  PublicationsServiceService,
} from '@pencraft/contracts/publications/v1/publications';
import type { PromiseClient } from '@pencraft/kit';
import { defineUpstream } from './upstream.js';

/**
 * publications.v1.PublicationsService: served by the publications service (PUBLICATIONS_GRPC_ADDR). Declared here
 * rather than in the publications area because the accounts area, which every area depends on, reads the user's
 * publication for the page-load summary (GET /api/users/info).
 */
export const publicationsUpstream = defineUpstream(
  'publications',
  PublicationsServiceClient,
  PublicationsServiceService,
);
export const PUBLICATIONS = publicationsUpstream.token;
export type PublicationsClient = PromiseClient<PublicationsServiceClient>;
