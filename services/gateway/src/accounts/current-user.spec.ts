import { describe, expect, it } from '@jest/globals';
import type { ExecutionContext } from '@nestjs/common';
import { BanReason } from '@pencraft/contracts/common/v1/common';
import type { SessionBan, UserSummary } from '@pencraft/contracts/identity/v1/identity';
import { AppError } from '@pencraft/errors';
import { strictMock } from '@pencraft/testing';
import { ROUTE_SPEC, type RouteSpec } from '../http/route.js';
import { bannedError, SessionGuard } from './current-user.js';
import type { SessionService } from './session.service.js';

const USER = { uid: 'u1', confirmed: true } as UserSummary;

function contextOf(auth: RouteSpec['auth'], extra: Partial<RouteSpec> = {}) {
  const spec: RouteSpec = { operationId: 'x', method: 'POST', path: '/api/x', tag: 't', summary: 's', auth, ...extra };
  const request = { cookies: { pc_su: 'token' }, platform: { context: {} } } as Record<string, unknown>;
  function handler() {}
  Reflect.defineMetadata(ROUTE_SPEC, spec, handler);
  const ctx = { switchToHttp: () => ({ getRequest: () => request }), getHandler: () => handler };
  return { ctx: ctx as unknown as ExecutionContext, request };
}

function guardWith(session?: { user: UserSummary; ban?: SessionBan }) {
  const sessions = strictMock<SessionService>('sessions');
  sessions.resolveSession.mockResolvedValue(session ? { sessionId: 's1', ...session } : undefined);
  return { guard: new SessionGuard(sessions), sessions };
}

async function outcome(guard: SessionGuard, ctx: ExecutionContext): Promise<unknown> {
  try {
    return await guard.canActivate(ctx);
  } catch (error) {
    return AppError.is(error) ? error : String(error);
  }
}

describe('SessionGuard (the auth of every route declaration)', () => {
  it('leaves public, optional and staff routes alone without reading a session', async () => {
    for (const auth of [undefined, 'optional', 'staff'] as const) {
      const { guard, sessions } = guardWith();
      expect(await outcome(guard, contextOf(auth).ctx)).toBe(true);
      expect(sessions.resolveSession).not.toHaveBeenCalled();
    }
  });

  it('lets a signed-in user through and hands the handlers the user, the session and the ban', async () => {
    const { guard } = guardWith({ user: USER });
    const { ctx, request } = contextOf('required');
    expect(await outcome(guard, ctx)).toBe(true);
    expect(request).toMatchObject({ user: USER, sessionId: 's1', platform: { context: { userId: 'u1' } } });
  });

  it('refuses a request without a session with Unauthorized', async () => {
    expect(await outcome(guardWith().guard, contextOf('required').ctx)).toMatchObject({ code: 'Unauthorized' });
  });

  it('refuses a banned user with UserBanned, the reason and the end, unless the route is declared whileBanned', async () => {
    const ban = { reason: BanReason.BAN_REASON_SPAM, endsAtMs: Date.parse('2026-12-01T10:00:00Z') } as SessionBan;
    const banned = { user: USER, ban };
    const refused = await outcome(guardWith(banned).guard, contextOf('required').ctx);
    expect(refused).toMatchObject({ code: 'UserBanned', params: bannedError(ban).params });
    expect((refused as AppError).params).toMatchObject({ until: '2026-12-01T10:00:00.000Z' });
    expect(await outcome(guardWith(banned).guard, contextOf('required', { whileBanned: true }).ctx)).toBe(true);
    expect(await outcome(guardWith(banned).guard, contextOf('confirmed').ctx)).toMatchObject({ code: 'UserBanned' });
  });

  it('refuses an unconfirmed account on confirmed routes only', async () => {
    const unconfirmed = { user: { ...USER, confirmed: false } };
    expect(await outcome(guardWith(unconfirmed).guard, contextOf('confirmed').ctx)).toMatchObject({
      code: 'AccountNotConfirmed',
    });
    expect(await outcome(guardWith(unconfirmed).guard, contextOf('required').ctx)).toBe(true);
  });

  it('names no end for a permanent ban', () => {
    const params = bannedError({ reason: BanReason.BAN_REASON_MISUSE, endsAtMs: 0 } as SessionBan).params ?? {};
    expect(Object.keys(params)).toEqual(['reason']);
  });
});
