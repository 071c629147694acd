import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import { AppError } from '@pencraft/errors';
import type { PartnerScope } from '@pencraft/rules';
import type { FastifyRequest } from 'fastify';

/**
 * Who calls a partner route (`auth: 'partner'`), set by the partner guard once the bearer credential is verified:
 * a partner client (a Keycloak client-credentials token), a writer's personal access token, or a client acting with a
 * writer's token (both: the scopes are what both hold).
 */
export interface PartnerPrincipal {
  kind: 'client' | 'token';
  /** The Keycloak client id of a partner client (absent for a bare personal access token). */
  clientId?: string;
  /** The user a personal access token acts for (UUID); absent for a client acting for nobody. */
  userId?: string;
  /** The personal access token's id (UUID), for the account operation log. */
  tokenId?: string;
  /** The scopes the credential holds. */
  scopes: PartnerScope[];
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The verified caller of a partner route (set by the partner guard). */
    partner?: PartnerPrincipal;
  }
}

/** The verified caller of a route declared with `auth: 'partner'`. */
export const CurrentPartner = createParamDecorator((_data: unknown, ctx: ExecutionContext): PartnerPrincipal => {
  const partner = ctx.switchToHttp().getRequest<FastifyRequest>().partner;
  if (!partner) throw new AppError('Unauthorized');
  return partner;
});
