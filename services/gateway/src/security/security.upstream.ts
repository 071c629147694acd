import { SecurityServiceClient, SecurityServiceService } from '@pencraft/contracts/identity/v1/security';
import type { PromiseClient } from '@pencraft/kit';
import { defineUpstream } from '../upstreams/upstream.js';

/** identity's SecurityService (same address as the accounts area's identity client). */
export const securityUpstream = defineUpstream('identity', SecurityServiceClient, SecurityServiceService);
export const SECURITY = securityUpstream.token;
export type SecurityClient = PromiseClient<SecurityServiceClient>;
