import { AppError } from '@pencraft/errors';
import type { Logger, RedisClient } from '@pencraft/kit';
import { strictMock } from '@pencraft/testing';
import { guardContext, guardOutcome } from '../../test/guard-context.js';
import { policyOf, type RouteSpec } from '../http/route.js';
import { RateLimiter } from '../http/rate-limit.js';
import type { PartnerAccess, PartnerCredentials } from './partner-credentials.js';
import { PartnerGuard } from './partner.guard.js';
import type { PartnerPrincipal } from './partner.principal.js';

const CONFIG = { PUBLIC_ORIGIN: 'https://pencraft.az', RATE_LIMIT_PER_MINUTE: 3, TRUST_PROXY_HOPS: 0 };
const UID = '0b7c9a1e-0000-4000-8000-000000000001';

/** Counts kept in memory only: these tests are about what one replica decides. */
const store = {
  multi: () => {
    const chain = { incrBy: () => chain, expire: () => chain, exec: async () => [] };
    return chain;
  },
} as unknown as RedisClient;
const newLimiter = () => new RateLimiter(store, { warn: () => undefined } as unknown as Logger);

function spec(overrides: Partial<RouteSpec> = {}): RouteSpec {
  return {
    operationId: 'listV1Articles',
    method: 'GET',
    path: '/api/v1/articles',
    tag: 'v1',
    summary: 's',
    auth: 'partner',
    scopes: ['read'],
    ...overrides,
  };
}

function access(principal: Partial<PartnerPrincipal> = {}, perMinute = 100, perDay = 1000): PartnerAccess {
  return {
    principal: { kind: 'client', clientId: 'acme', scopes: ['read', 'search'], ...principal },
    limits: { key: `client:${principal.clientId ?? 'acme'}`, perMinute, perDay },
    origins: ['https://acme.example'],
  };
}

function context(route: RouteSpec, headers: Record<string, string | string[]> = {}) {
  return guardContext(route, {
    headers,
    raw: { socket: { remoteAddress: '203.0.113.9' } },
    platform: { context: {} as { userId?: string } },
  } as {
    headers: Record<string, string>;
    platform: { context: { userId?: string } };
    partner?: PartnerPrincipal;
  });
}

function setup() {
  const credentials = strictMock<PartnerCredentials>('PartnerCredentials');
  const limiter = newLimiter();
  return { credentials, limiter, guard: new PartnerGuard(credentials, limiter, CONFIG) };
}

const bearer = (token = 'a.b.c') => ({ authorization: `Bearer ${token}`, 'user-agent': 'tool/1' });

describe('PartnerGuard', () => {
  it('leaves routes of other kinds alone', async () => {
    const { guard } = setup();
    expect(await guardOutcome(guard, context(spec({ auth: 'required' })).ctx)).toBe('true');
    expect(await guardOutcome(guard, context(spec({ auth: undefined })).ctx)).toBe('true');
  });

  it('lets a client with the scopes through, names it on the request and sends its limits', async () => {
    const { guard, credentials } = setup();
    credentials.authenticate.mockResolvedValue(access());
    const { ctx, request, sent } = context(spec(), bearer());
    expect(await guardOutcome(guard, ctx)).toBe('true');
    expect(credentials.authenticate).toHaveBeenCalledWith('a.b.c', undefined, {
      operation: 'listV1Articles',
      method: 'GET',
      ip: '203.0.113.9',
      userAgent: 'tool/1',
    });
    expect(request.partner).toEqual({ kind: 'client', clientId: 'acme', scopes: ['read', 'search'] });
    expect(request.platform.context.userId).toBe('partner:acme');
    expect(sent['ratelimit-policy']).toBe('"minute";q=100;w=60, "day";q=1000;w=86400');
    expect(sent['ratelimit']).toMatch(/^"minute";r=99;t=\d+, "day";r=999;t=\d+$/);
    expect(sent['access-control-allow-origin']).toBeUndefined();
  });

  it('names the writer a token acts for as the user of the logs', async () => {
    const { guard, credentials } = setup();
    credentials.authenticate.mockResolvedValue(
      access({ kind: 'token', clientId: undefined, userId: UID, tokenId: 't1', scopes: ['read', 'act'] }),
    );
    const { ctx, request } = context(spec({ method: 'POST', scopes: ['act'] }), bearer(`pcp_${'A'.repeat(43)}`));
    expect(await guardOutcome(guard, ctx)).toBe('true');
    expect(request.partner).toMatchObject({ kind: 'token', userId: UID, tokenId: 't1' });
    expect(request.platform.context.userId).toBe(UID);
  });

  it('passes the acting token on, and refuses one sent twice', async () => {
    const { guard, credentials } = setup();
    credentials.authenticate.mockResolvedValue(access({ userId: UID, scopes: ['act'] }));
    const token = `pcp_${'A'.repeat(43)}`;
    const { ctx } = context(spec({ scopes: ['act'] }), { ...bearer(), 'pencraft-acting-token': token });
    expect(await guardOutcome(guard, ctx)).toBe('true');
    expect(credentials.authenticate.mock.calls[0]![1]).toBe(token);
    const twice = context(spec(), { ...bearer(), 'pencraft-acting-token': [token, token] });
    expect(await guardOutcome(guard, twice.ctx)).toBe('TokenRejected');
    expect(twice.sent['www-authenticate']).toContain('error="invalid_token"');
  });

  it('asks for a bearer credential without looking anything up when there is none (401 Unauthorized)', async () => {
    const refusedHeaders: Record<string, string>[] = [
      {},
      { authorization: 'Basic abc' },
      { authorization: 'Bearer' },
      { authorization: 'Bearer a b' },
    ];
    for (const headers of refusedHeaders) {
      const { guard } = setup(); // a budget of 3 refusals per address
      const { ctx, sent } = context(spec(), headers);
      expect(await guardOutcome(guard, ctx)).toBe('Unauthorized');
      expect(sent['www-authenticate']).toBe('Bearer realm="pencraft"');
    }
  });

  it('passes on a refused credential with an invalid_token challenge', async () => {
    const { guard, credentials } = setup();
    credentials.authenticate.mockRejectedValue(new AppError('TokenRejected'));
    const { ctx, sent, request } = context(spec(), bearer());
    expect(await guardOutcome(guard, ctx)).toBe('TokenRejected');
    expect(sent['www-authenticate']).toBe('Bearer realm="pencraft", error="invalid_token"');
    expect(request.partner).toBeUndefined();
  });

  it('passes on that identity or Keycloak cannot be reached, without a challenge', async () => {
    const { guard, credentials } = setup();
    credentials.authenticate.mockRejectedValue(new AppError('NetworkError'));
    const { ctx, sent } = context(spec(), bearer());
    expect(await guardOutcome(guard, ctx)).toBe('NetworkError');
    expect(sent['www-authenticate']).toBeUndefined();
  });

  it('spends the address budget on refused credentials, so guessing is limited (429 TooManyRequests)', async () => {
    const { guard, credentials } = setup();
    credentials.authenticate.mockRejectedValue(new AppError('TokenRejected'));
    const codes = [];
    for (let i = 0; i < 4; i += 1) codes.push(await guardOutcome(guard, context(spec(), bearer()).ctx));
    expect(codes).toEqual(['TokenRejected', 'TokenRejected', 'TokenRejected', 'TooManyRequests']);
  });

  it('refuses a credential without every scope of the route (403 with an insufficient_scope challenge)', async () => {
    const { guard, credentials } = setup();
    credentials.authenticate.mockResolvedValue(access({ scopes: ['read'] }));
    const { ctx, sent, request } = context(spec({ scopes: ['read', 'search'] }), bearer());
    expect(await guardOutcome(guard, ctx)).toBe('Forbidden');
    expect(sent['www-authenticate']).toBe('Bearer realm="pencraft", error="insufficient_scope", scope="read search"');
    expect(request.partner).toBeUndefined();
    // The limits were spent and announced all the same.
    expect(sent['ratelimit']).toMatch(/^"minute";r=99;/);
  });

  it('answers 429 with Retry-After beyond the per-minute limit, then beyond the daily quota', async () => {
    const { guard, credentials } = setup();
    credentials.authenticate.mockResolvedValue(access({}, 2, 1000));
    const minute = [];
    for (let i = 0; i < 3; i += 1) minute.push(await guardOutcome(guard, context(spec(), bearer()).ctx));
    expect(minute).toEqual(['true', 'true', 'TooManyRequests']);

    const daily = setup();
    daily.credentials.authenticate.mockResolvedValue(access({ clientId: 'small' }, 100, 2));
    const day = [];
    let last: Record<string, string> = {};
    for (let i = 0; i < 3; i += 1) {
      const { ctx, sent } = context(spec(), bearer());
      day.push(await guardOutcome(daily.guard, ctx));
      last = sent;
    }
    expect(day).toEqual(['true', 'true', 'TooManyRequests']);
    expect(last['ratelimit']).toMatch(/"day";r=0;t=\d+$/);
  });

  it('allows a browser Origin registered for the client, and refuses any other (403 Forbidden)', async () => {
    const { guard, credentials } = setup();
    credentials.authenticate.mockResolvedValue(access());
    const allowed = context(spec(), { ...bearer(), origin: 'https://acme.example' });
    expect(await guardOutcome(guard, allowed.ctx)).toBe('true');
    expect(allowed.sent['access-control-allow-origin']).toBe('https://acme.example');
    expect(allowed.sent['access-control-expose-headers']).toContain('RateLimit');
    expect(allowed.sent['vary']).toBe('Origin');
    const other = context(spec(), { ...bearer(), origin: 'https://evil.example' });
    expect(await guardOutcome(guard, other.ctx)).toBe('Forbidden');
    expect(other.sent['access-control-allow-origin']).toBeUndefined();
    // The site itself is no cross-origin caller (its own reference page).
    const site = context(spec(), { ...bearer(), origin: 'https://pencraft.az' });
    expect(await guardOutcome(guard, site.ctx)).toBe('true');
    expect(site.sent['access-control-allow-origin']).toBeUndefined();
  });

  it('refuses a browser Origin for a bare personal access token (no origin is registered for one)', async () => {
    const { guard, credentials } = setup();
    credentials.authenticate.mockResolvedValue({ ...access({ kind: 'token', userId: UID }), origins: [] });
    const { ctx } = context(spec(), { ...bearer(), origin: 'https://acme.example' });
    expect(await guardOutcome(guard, ctx)).toBe('Forbidden');
  });
});

describe('the protections of partner routes', () => {
  it('need no CSRF token and spend no per-address budget (the guard counts per client)', () => {
    expect(policyOf(spec({ method: 'POST' })).csrf).toBe(false);
    expect(policyOf(spec()).rateLimit).toBe('partner');
    expect(policyOf(spec({ auth: 'required' })).rateLimit).toBe('api');
  });
});
