import { type CanActivate, createParamDecorator, type ExecutionContext, Injectable } from '@nestjs/common';
import type { UserSummary } from '@pencraft/contracts/identity/v1/identity';
import { AppError } from '@pencraft/errors';
import type { FastifyRequest } from 'fastify';
import { SESSION_COOKIE } from '../http/cookies.js';
import { SessionService } from './session.service.js';

declare module 'fastify' {
  interface FastifyRequest {
    user?: UserSummary;
    /** The id of the pc_su session at identity, beside request.user. */
    sessionId?: string;
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
