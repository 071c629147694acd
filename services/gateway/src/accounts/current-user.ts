import { type CanActivate, createParamDecorator, type ExecutionContext, Injectable } from '@nestjs/common';
import type { SessionBan, UserSummary } from '@pencraft/contracts/identity/v1/identity';
import { AppError } from '@pencraft/errors';
import type { FastifyRequest } from 'fastify';
import { SESSION_COOKIE } from '../http/cookies.js';
import { SessionService } from './session.service.js';

declare module 'fastify' {
  interface FastifyRequest {
    user?: UserSummary;
    /** The id of the pc_su session at identity, beside request.user. */
    sessionId?: string;
    /** The ban in force on the signed-in user, beside request.user (RefuseBanned refuses most routes). */
    ban?: SessionBan;
  }
}

/** Resolves the session cookie (if any) into request.user; signed-in-only routes also use RequireUser. */
@Injectable()
export class SessionGuard implements CanActivate {
  constructor(private readonly sessions: SessionService) {}

  async canActivate(ctx: ExecutionContext): Promise<boolean> {
    const request = ctx.switchToHttp().getRequest<FastifyRequest>();
    const session = await this.sessions.resolveSession(request.cookies[SESSION_COOKIE]);
    request.user = session?.user;
    request.sessionId = session?.sessionId;
    request.ban = session?.ban;
    if (request.user) request.platform.context.userId = request.user.uid;
    return true;
  }
}

@Injectable()
export class RequireUser implements CanActivate {
  canActivate(ctx: ExecutionContext): boolean {
    if (!ctx.switchToHttp().getRequest<FastifyRequest>().user) throw new AppError('Unauthorized');
    return true;
  }
}

/** The UserBanned refusal of a ban: its reason, and its end (absent when permanent) as an ISO time. */
export function bannedError(ban: SessionBan): AppError {
  return new AppError('UserBanned', {
    params: { reason: ban.reason, ...(ban.endsAtMs ? { until: new Date(ban.endsAtMs).toISOString() } : {}) },
  });
}

/**
 * After RequireUser: a banned user is refused (403 UserBanned with the reason and the end), on every signed-in route
 * but those declared `whileBanned` (their summary, their bans, deleting the account; signing out needs no session).
 */
@Injectable()
export class RefuseBanned implements CanActivate {
  canActivate(ctx: ExecutionContext): boolean {
    const ban = ctx.switchToHttp().getRequest<FastifyRequest>().ban;
    if (ban) throw bannedError(ban);
    return true;
  }
}

/** The ban in force on the signed-in user, undefined when none (for the few routes a banned user may call). */
export const CurrentBan = createParamDecorator(
  (_data: unknown, ctx: ExecutionContext): SessionBan | undefined =>
    ctx.switchToHttp().getRequest<FastifyRequest>().ban,
);

/** After RequireUser: an account that has not confirmed its address may read but not publish. */
@Injectable()
export class RequireConfirmedUser implements CanActivate {
  canActivate(ctx: ExecutionContext): boolean {
    if (!ctx.switchToHttp().getRequest<FastifyRequest>().user?.confirmed) throw new AppError('AccountNotConfirmed');
    return true;
  }
}

/** The signed-in user of a route guarded by RequireUser. */
export const CurrentUser = createParamDecorator((_data: unknown, ctx: ExecutionContext): UserSummary => {
  const user = ctx.switchToHttp().getRequest<FastifyRequest>().user;
  if (!user) throw new AppError('Unauthorized');
  return user;
});

/** The id of the signed-in user's current session (routes guarded by RequireUser). */
export const CurrentSessionId = createParamDecorator((_data: unknown, ctx: ExecutionContext): string => {
  const request = ctx.switchToHttp().getRequest<FastifyRequest>();
  if (!request.user || !request.sessionId) throw new AppError('Unauthorized');
  return request.sessionId;
});
