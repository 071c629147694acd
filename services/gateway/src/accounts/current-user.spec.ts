import { describe, expect, it } from '@jest/globals';
import type { ExecutionContext } from '@nestjs/common';
import { AppError } from '@pencraft/errors';
import { bannedError, RefuseBanned } from './current-user.js';

function contextOf(request: object): ExecutionContext {
  return { switchToHttp: () => ({ getRequest: () => request }) } as unknown as ExecutionContext;
}

describe('RefuseBanned', () => {
  it('lets a user without a ban through', () => {
    expect(new RefuseBanned().canActivate(contextOf({ user: { uid: 'u1' } }))).toBe(true);
  });

  it('refuses a banned user with UserBanned, the reason and the end', () => {
    const endsAtMs = Date.parse('2026-12-01T10:00:00Z');
    let thrown: unknown;
    try {
      new RefuseBanned().canActivate(contextOf({ user: { uid: 'u1' }, ban: { reason: 'spam', endsAtMs } }));
    } catch (error) {
      thrown = error;
    }
    expect(AppError.is(thrown) && thrown.code).toBe('UserBanned');
    expect((thrown as AppError).params).toEqual({ reason: 'spam', until: '2026-12-01T10:00:00.000Z' });
  });

  it('names no end for a permanent ban', () => {
    expect(bannedError({ reason: 'misuse', endsAtMs: 0 }).params).toEqual({ reason: 'misuse' });
  });
});
