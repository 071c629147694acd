import { PartnerServiceClient, PartnerServiceService } from '@pencraft/contracts/identity/v1/partners';
import { TokenServiceClient, TokenServiceService } from '@pencraft/contracts/identity/v1/tokens';
import type { PromiseClient } from '@pencraft/kit';
import { defineUpstream } from '../upstreams/upstream.js';

/** identity's PartnerService: the registry of partner clients (same address as the accounts area's identity client). */
export const partnersUpstream = defineUpstream('identity', PartnerServiceClient, PartnerServiceService);
export const PARTNERS = partnersUpstream.token;
export type PartnersClient = PromiseClient<PartnerServiceClient>;

/** identity's TokenService: writers' personal access tokens. */
export const tokensUpstream = defineUpstream('identity', TokenServiceClient, TokenServiceService);
export const TOKENS = tokensUpstream.token;
export type TokensClient = PromiseClient<TokenServiceClient>;
