import { Global, Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { CONFIG, LOGGER, REDIS, type Logger, type RedisClient } from '@pencraft/kit';
import type { GatewayConfig } from '../config.js';
import { RateLimiter } from '../http/rate-limit.js';
import { STAFF_TOKEN_VERIFIER, type StaffTokenVerifier } from '../staff/staff-token.verifier.js';
import { PARTNER_CORS, PartnerCors } from './partner-cors.js';
import { PARTNER_CREDENTIALS, PartnerCredentials } from './partner-credentials.js';
import { PartnerGuard } from './partner.guard.js';
import { PARTNER_LIMITER } from './partner-limits.js';
import {
  PARTNERS,
  partnersUpstream,
  TOKENS,
  tokensUpstream,
  type PartnersClient,
  type TokensClient,
} from './partner.upstream.js';

/**
 * Partner authentication (the /api/v1 surface): the credentials (Keycloak client tokens over the staff verifier's key
 * set and identity's registry; writers' personal access tokens over identity's TokenService), the per-client limits,
 * CORS, and the global guard of `auth: 'partner'` routes, so every area may declare partner routes without importing
 * this module. main.ts hands PARTNER_CORS's preflight to the protections.
 */
@Global()
@Module({
  providers: [
    partnersUpstream.provider,
    tokensUpstream.provider,
    {
      provide: PARTNER_CREDENTIALS,
      inject: [STAFF_TOKEN_VERIFIER, PARTNERS, TOKENS, CONFIG],
      useFactory: (
        keycloak: StaffTokenVerifier,
        partners: PartnersClient,
        tokens: TokensClient,
        config: GatewayConfig,
      ) => new PartnerCredentials(keycloak, partners, tokens, config),
    },
    {
      provide: PARTNER_LIMITER,
      inject: [REDIS, LOGGER],
      useFactory: (redis: RedisClient, log: Logger) => {
        const limiter = new RateLimiter(redis, log);
        limiter.start();
        return Object.assign(limiter, { onApplicationShutdown: () => limiter.stop() });
      },
    },
    {
      provide: PARTNER_CORS,
      inject: [PARTNERS, CONFIG],
      useFactory: (partners: PartnersClient, config: GatewayConfig) =>
        new PartnerCors(partners, config.PARTNER_CACHE_SECONDS),
    },
    { provide: APP_GUARD, useClass: PartnerGuard },
  ],
  exports: [PARTNER_CORS, PARTNERS, TOKENS],
})
export class PartnerModule {}
