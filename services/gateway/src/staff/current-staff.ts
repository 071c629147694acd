import { type CanActivate, createParamDecorator, type ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { AppError } from '@pencraft/errors';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ROUTE_SPEC, type RouteSpec } from '../http/route.js';
import {
  hasStaffRole,
  STAFF_TOKEN_VERIFIER,
  type StaffIdentity,
  type StaffRole,
  type StaffTokenVerifier,
} from './staff-token.verifier.js';

export type { StaffIdentity, StaffRole } from './staff-token.verifier.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The Keycloak identity of a staff route's bearer token (set by StaffGuard). */
    staff?: StaffIdentity;
  }
}

const BEARER = /^Bearer ([^\s]+)$/i;

/**
 * `auth: 'staff'` routes: a Keycloak access token in `Authorization: Bearer`, verified, with the route's realm role
 * (`staffRole`, moderator unless said). Cookies play no part, so these routes need no CSRF token. A global guard, so
 * the route machinery needs no import of this area; other routes pass untouched.
 */
@Injectable()
export class StaffGuard implements CanActivate {
  constructor(@Inject(STAFF_TOKEN_VERIFIER) private readonly verifier: StaffTokenVerifier) {}

  async canActivate(ctx: ExecutionContext): Promise<boolean> {
    const spec = Reflect.getMetadata(ROUTE_SPEC, ctx.getHandler()) as RouteSpec | undefined;
    if (spec?.auth !== 'staff') return true;
    const http = ctx.switchToHttp();
    const request = http.getRequest<FastifyRequest>();
    const reply = http.getResponse<FastifyReply>();
    const required: StaffRole = spec.staffRole ?? 'moderator';
    const header = request.headers.authorization;
    const match = typeof header === 'string' ? BEARER.exec(header.trim()) : null;
    if (!match?.[1]) {
      void reply.header('www-authenticate', 'Bearer realm="pencraft"');
      throw new AppError('Unauthorized');
    }
    let identity: StaffIdentity;
    try {
      identity = await this.verifier.verify(match[1]);
    } catch (error) {
      if (AppError.is(error) && error.code === 'TokenRejected') {
        void reply.header('www-authenticate', 'Bearer realm="pencraft", error="invalid_token"');
      }
      throw error;
    }
    if (!hasStaffRole(identity, required)) {
      void reply.header('www-authenticate', 'Bearer realm="pencraft", error="insufficient_scope"');
      throw new AppError('Forbidden');
    }
    request.staff = identity;
    request.platform.context.userId = `staff:${identity.sub}`;
    return true;
  }
}

/** The verified staff member of a route declared with `auth: 'staff'`. */
export const CurrentStaff = createParamDecorator((_data: unknown, ctx: ExecutionContext): StaffIdentity => {
  const staff = ctx.switchToHttp().getRequest<FastifyRequest>().staff;
  if (!staff) throw new AppError('Unauthorized');
  return staff;
});
