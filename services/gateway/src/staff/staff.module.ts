import { Global, Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { CONFIG } from '@pencraft/kit';
import type { GatewayConfig } from '../config.js';
import { StaffGuard } from './current-staff.js';
import { keycloakIssuer, keycloakJwksUrl } from './staff.config.js';
import { StaffController } from './staff.controller.js';
import { STAFF_TOKEN_VERIFIER, StaffTokenVerifier } from './staff-token.verifier.js';

/**
 * Staff authentication (Keycloak): the verifier of access tokens and the guard of `auth: 'staff'` routes, global so
 * every area's controllers may declare staff routes without importing this module; and the console's config route.
 */
@Global()
@Module({
  controllers: [StaffController],
  providers: [
    {
      provide: STAFF_TOKEN_VERIFIER,
      inject: [CONFIG],
      useFactory: (config: GatewayConfig) =>
        StaffTokenVerifier.remote(keycloakJwksUrl(config), {
          issuer: keycloakIssuer(config),
          audience: config.KEYCLOAK_AUDIENCE,
        }),
    },
    { provide: APP_GUARD, useClass: StaffGuard },
  ],
  exports: [STAFF_TOKEN_VERIFIER],
})
export class StaffModule {}
