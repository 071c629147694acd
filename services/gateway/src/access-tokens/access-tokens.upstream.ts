import { TokenServiceClient, TokenServiceService } from '@pencraft/contracts/identity/v1/tokens';
import type { PromiseClient } from '@pencraft/kit';
import { defineUpstream } from '../upstreams/upstream.js';

/** identity's TokenService (same address as the accounts area's identity client). */
export const accessTokensUpstream = defineUpstream('identity', TokenServiceClient, TokenServiceService);
export const ACCESS_TOKENS = accessTokensUpstream.token;
export type AccessTokensClient = PromiseClient<TokenServiceClient>;
