import { IdentityServiceClient, IdentityServiceService } from '@pencraft/contracts/identity/v1/identity';
import type { PromiseClient } from '@pencraft/kit';
import { defineUpstream } from '../upstreams/upstream.js';

export const identityUpstream = defineUpstream('identity', IdentityServiceClient, IdentityServiceService);
export const IDENTITY = identityUpstream.token;
export type IdentityClient = PromiseClient<IdentityServiceClient>;
