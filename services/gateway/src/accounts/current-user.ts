import { banReasons } from '@pencraft/contracts/enums';
import { type CanActivate, createParamDecorator, type ExecutionContext, Injectable } from '@nestjs/common';
import type { SessionBan, UserSummary } from '@pencraft/contracts/identity/v1/identity';
import { AppError } from '@pencraft/errors';
import type { FastifyRequest } from 'fastify';
import { SESSION_COOKIE } from '../http/cookies.js';
import { ROUTE_SPEC, type RouteSpec } from '../http/route.js';
import { SessionService } from './session.service.js';

declare module 'fastify' {
  interface FastifyRequest {
    user?: UserSummary;
    /** The id of the pc_su session at identity, beside request.user. */
    sessionId?: string;
    /** The ban in force on the signed-in user, beside request.user (SessionGuard refuses most routes). */
    ban?: SessionBan;
  }
}

/** The UserBanned refusal of a ban: its reason, and its end (absent when permanent) as an ISO time. */
export function bannedError(ban: SessionBan): AppError {
  return new AppError('UserBanned', {
    params: {
      reason: banReasons.fromProto(ban.reason) ?? '',
      ...(ban.endsAtMs ? { until: new Date(ban.endsAtMs).toISOString() } : {}),
    },
  });
}

/**
 * The session half of every route declaration (a global guard, so the route machinery needs no import of this area):
 * on `auth: 'required'` and `'confirmed'` routes it resolves the session cookie into request.user and refuses a
 * request without one (401); a banned user is refused (403 UserBanned with the reason and the end) unless the route
 * is declared `whileBanned` (their summary, their bans, deleting the account; signing out needs no session); on
 * 'confirmed' routes an account that has not confirmed its address may read but not publish (403).
 */
@Injectable()
export class SessionGuard implements CanActivate {
  constructor(private readonly sessions: SessionService) {}

  async canActivate(ctx: ExecutionContext): Promise<boolean> {
    const spec = Reflect.getMetadata(ROUTE_SPEC, ctx.getHandler()) as RouteSpec | undefined;
    if (spec?.auth !== 'required' && spec?.auth !== 'confirmed') return true;
    const request = ctx.switchToHttp().getRequest<FastifyRequest>();
    const session = await this.sessions.resolveSession(request.cookies[SESSION_COOKIE]);
    request.user = session?.user;
    request.sessionId = session?.sessionId;
    request.ban = session?.ban;
    if (!request.user) throw new AppError('Unauthorized');
    request.platform.context.userId = request.user.uid;
    if (request.ban && (spec.auth === 'confirmed' || !spec.whileBanned)) throw bannedError(request.ban);
    if (spec.auth === 'confirmed' && !request.user.confirmed) throw new AppError('AccountNotConfirmed');
    return true;
  }
}

/** The ban in force on the signed-in user, undefined when none (for the few routes a banned user may call). */
export const CurrentBan = createParamDecorator(
  (_data: unknown, ctx: ExecutionContext): SessionBan | undefined =>
    ctx.switchToHttp().getRequest<FastifyRequest>().ban,
);

/** The signed-in user of a route declared with `auth: 'required'` or `'confirmed'`. */
export const CurrentUser = createParamDecorator((_data: unknown, ctx: ExecutionContext): UserSummary => {
  const user = ctx.switchToHttp().getRequest<FastifyRequest>().user;
  if (!user) throw new AppError('Unauthorized');
  return user;
});

/** The id of the signed-in user's current session (signed-in routes). */
export const CurrentSessionId = createParamDecorator((_data: unknown, ctx: ExecutionContext): string => {
  const request = ctx.switchToHttp().getRequest<FastifyRequest>();
  if (!request.user || !request.sessionId) throw new AppError('Unauthorized');
  return request.sessionId;
});
