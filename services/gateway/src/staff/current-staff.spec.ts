import { AppError } from '@pencraft/errors';
import { strictMock } from '@pencraft/testing';
import { guardContext, guardOutcome } from '../../test/guard-context.js';
import { policyOf, type RouteSpec } from '../http/route.js';
import { StaffGuard } from './current-staff.js';
import type { StaffIdentity, StaffTokenVerifier } from './staff-token.verifier.js';

const MODERATOR: StaffIdentity = { sub: 'a1', username: 'moderator', roles: ['moderator'] };
const ADMIN: StaffIdentity = { sub: 'a2', username: 'admin', roles: ['moderator', 'admin'] };

function spec(overrides: Partial<RouteSpec> = {}): RouteSpec {
  return { operationId: 'x', method: 'POST', path: '/api/x', tag: 't', summary: 's', auth: 'staff', ...overrides };
}

function context(route: RouteSpec, authorization?: string) {
  const { ctx, request, sent } = guardContext(route, {
    headers: authorization === undefined ? {} : { authorization },
    platform: { context: {} as { userId?: string } },
  } as { headers: Record<string, string>; platform: { context: { userId?: string } }; staff?: StaffIdentity });
  return { ctx, request, headers: sent };
}

describe('StaffGuard', () => {
  it('lets a verified moderator through and names them on the request (the user id of the logs is the sub)', async () => {
    const verifier = strictMock<StaffTokenVerifier>('StaffTokenVerifier');
    verifier.verify.mockResolvedValue(MODERATOR);
    const { ctx, request } = context(spec(), 'Bearer abc.def.ghi');
    expect(await guardOutcome(new StaffGuard(verifier), ctx)).toBe('true');
    expect(verifier.verify).toHaveBeenCalledWith('abc.def.ghi');
    expect(request.staff).toEqual(MODERATOR);
    expect(request.platform.context.userId).toBe('staff:a1');
  });

  it('asks for a bearer token without calling the verifier when there is none', async () => {
    const verifier = strictMock<StaffTokenVerifier>('StaffTokenVerifier');
    for (const header of [undefined, 'Basic abc', 'Bearer', 'Bearer a b']) {
      const { ctx, headers } = context(spec(), header);
      expect(await guardOutcome(new StaffGuard(verifier), ctx)).toBe('Unauthorized');
      expect(headers['www-authenticate']).toBe('Bearer realm="pencraft"');
    }
  });

  it('passes on the refusal of a bad token with an invalid_token challenge', async () => {
    const verifier = strictMock<StaffTokenVerifier>('StaffTokenVerifier');
    verifier.verify.mockRejectedValue(new AppError('TokenRejected'));
    const { ctx, headers, request } = context(spec(), 'Bearer abc.def.ghi');
    expect(await guardOutcome(new StaffGuard(verifier), ctx)).toBe('TokenRejected');
    expect(headers['www-authenticate']).toContain('error="invalid_token"');
    expect(request.staff).toBeUndefined();
  });

  it('refuses a moderator on an admin route and lets an admin through both (403 Forbidden otherwise)', async () => {
    const verifier = strictMock<StaffTokenVerifier>('StaffTokenVerifier');
    verifier.verify.mockResolvedValueOnce(MODERATOR).mockResolvedValueOnce(ADMIN).mockResolvedValueOnce(ADMIN);
    const guard = new StaffGuard(verifier);
    expect(await guardOutcome(guard, context(spec({ staffRole: 'admin' }), 'Bearer a.b.c').ctx)).toBe('Forbidden');
    expect(await guardOutcome(guard, context(spec({ staffRole: 'admin' }), 'Bearer a.b.c').ctx)).toBe('true');
    expect(await guardOutcome(guard, context(spec(), 'Bearer a.b.c').ctx)).toBe('true');
  });

  it('refuses a token without any staff role', async () => {
    const verifier = strictMock<StaffTokenVerifier>('StaffTokenVerifier');
    verifier.verify.mockResolvedValue({ sub: 'u', username: 'u', roles: [] });
    expect(await guardOutcome(new StaffGuard(verifier), context(spec(), 'Bearer a.b.c').ctx)).toBe('Forbidden');
  });
});

describe('the protections of staff routes', () => {
  it('need no CSRF token for unsafe methods (bearer only: the browser sends no credential by itself)', () => {
    expect(policyOf(spec({ method: 'POST' })).csrf).toBe(false);
    expect(policyOf(spec({ method: 'DELETE' })).csrf).toBe(false);
    expect(policyOf(spec({ method: 'POST', auth: 'required' })).csrf).toBe(true);
  });
});
