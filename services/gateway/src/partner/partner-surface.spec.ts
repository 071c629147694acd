// The partner surface in Fastify with the gateway's protections: CORS preflights of /api/v1 (and nowhere else), the
// per-address budget partner routes do not spend, and the Deprecation and Sunset headers of deprecated routes.
import fastifyCookie from '@fastify/cookie';
import { PartnerClientStatus, type PartnerClient } from '@pencraft/contracts/identity/v1/partners';
import { AppError, httpStatusFor } from '@pencraft/errors';
import type { Logger, RedisClient } from '@pencraft/kit';
import { strictMock } from '@pencraft/testing';
import Fastify from 'fastify';
import type { CaptchaGate } from '../captcha/captcha.gate.js';
import type { GatewayConfig } from '../config.js';
import { deprecationHeaders } from '../http/deprecation.js';
import { installProtections } from '../http/protections.js';
import { PublicationHosts } from '../http/publication-hosts.js';
import { POLICY, policyOf, type RouteSpec } from '../http/route.js';
import type { PublicationsClient } from '../upstreams/publications.upstream.js';
import { PartnerCors } from './partner-cors.js';
import type { PartnersClient } from './partner.upstream.js';

const config = {
  RATE_LIMIT_PER_MINUTE: 100,
  AUTH_RATE_LIMIT_PER_MINUTE: 2,
  TRUST_PROXY_HOPS: 0,
  PUBLIC_ORIGIN: 'http://localhost:3000',
  CSRF_SECRET: 'c'.repeat(32),
} as GatewayConfig;

const redis = {
  multi: () => {
    const chain = { incrBy: () => chain, expire: () => chain, exec: async () => [] };
    return chain;
  },
} as unknown as RedisClient;

function client(clientId: string, origins: string[], status = PartnerClientStatus.PARTNER_CLIENT_STATUS_ACTIVE) {
  return { clientId, origins, status } as PartnerClient;
}

const route = (path: string, overrides: Partial<RouteSpec> = {}): RouteSpec => ({
  operationId: path,
  method: 'GET',
  path,
  tag: 'test',
  summary: path,
  ...overrides,
});

async function app(budget = 100) {
  const partners = strictMock<PartnersClient>('PartnerService');
  partners.listPartnerClients.mockResolvedValue({
    clients: [
      client('acme', ['https://acme.example', 'https://app.acme.example']),
      client('gone', ['https://gone.example'], PartnerClientStatus.PARTNER_CLIENT_STATUS_REVOKED),
    ],
  });
  const cors = new PartnerCors(partners, 30);
  const fastify = Fastify();
  await fastify.register(fastifyCookie);
  fastify.setErrorHandler((error, _request, reply) =>
    AppError.is(error)
      ? reply.code(httpStatusFor(error.code)).send({ code: error.code })
      : reply.code((error as { statusCode?: number }).statusCode ?? 500).send({ code: 'other' }),
  );
  installProtections(
    fastify,
    { ...config, RATE_LIMIT_PER_MINUTE: budget },
    redis,
    { warn: () => undefined } as unknown as Logger,
    strictMock<CaptchaGate>('CaptchaGate'),
    new PublicationHosts(strictMock<PublicationsClient>('publications'), config.PUBLIC_ORIGIN),
    cors.preflight,
  );
  const declare = (spec: RouteSpec) =>
    fastify.route({
      method: spec.method,
      url: spec.path,
      config: { [POLICY]: policyOf(spec) },
      handler: async () => 'ok',
    });
  declare(route('/api/v1/categories', { auth: 'partner', scopes: ['read'] }));
  declare(route('/api/v1/old', { auth: 'partner', deprecated: { since: '2026-11-01', sunset: '2027-05-01' } }));
  declare(
    route('/api/v1/older', {
      auth: 'partner',
      deprecated: { since: '2026-06-01T00:00:00Z', sunset: '2026-12-31', link: '/api/v1/categories' },
    }),
  );
  declare(route('/api/articles'));
  await fastify.ready();
  return { fastify, partners };
}

const preflight = (url: string, origin: string) =>
  ({
    method: 'OPTIONS',
    url,
    headers: { origin, 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization' },
  }) as const;

describe('CORS of the partner surface', () => {
  it('answers a preflight of /api/v1 for an origin an active client registered, without credentials', async () => {
    const { fastify, partners } = await app();
    const answer = await fastify.inject(preflight('/api/v1/categories?lang=en', 'https://app.acme.example'));
    expect(answer.statusCode).toBe(204);
    expect(answer.headers).toMatchObject({
      'access-control-allow-origin': 'https://app.acme.example',
      'access-control-allow-methods': 'GET, POST, PUT, PATCH, DELETE',
      'access-control-allow-headers': 'Authorization, Content-Type, Pencraft-Acting-Token',
      'access-control-max-age': '600',
    });
    expect(answer.headers['access-control-allow-credentials']).toBeUndefined();
    expect(answer.headers.vary).toContain('Origin');
    // The registered origins are kept: a second preflight asks identity nothing.
    await fastify.inject(preflight('/api/v1/categories', 'https://acme.example'));
    expect(partners.listPartnerClients).toHaveBeenCalledTimes(1);
    await fastify.close();
  });

  it("refuses a preflight from an unregistered origin or a revoked client's (403 Forbidden)", async () => {
    const { fastify } = await app();
    for (const origin of ['https://evil.example', 'https://gone.example', 'http://acme.example']) {
      const answer = await fastify.inject(preflight('/api/v1/categories', origin));
      expect([origin, answer.statusCode, answer.headers['access-control-allow-origin']]).toEqual([
        origin,
        403,
        undefined,
      ]);
    }
    await fastify.close();
  });

  it('changes nothing elsewhere: an OPTIONS outside /api/v1, or without Origin, stays a 405', async () => {
    const { fastify, partners } = await app();
    const elsewhere = await fastify.inject(preflight('/api/articles', 'https://acme.example'));
    expect(elsewhere.statusCode).toBe(405);
    expect(elsewhere.headers['access-control-allow-origin']).toBeUndefined();
    const plain = await fastify.inject({ method: 'OPTIONS', url: '/api/v1/categories' });
    expect(plain.statusCode).toBe(405);
    expect(partners.listPartnerClients).not.toHaveBeenCalled();
    await fastify.close();
  });
});

describe('the per-address budget', () => {
  it('is not spent by partner routes (their client is counted by the guard), but by the others', async () => {
    const { fastify } = await app(2);
    const partner = [];
    for (let i = 0; i < 4; i += 1) partner.push((await fastify.inject({ url: '/api/v1/categories' })).statusCode);
    expect(partner).toEqual([200, 200, 200, 200]);
    const other = [];
    for (let i = 0; i < 3; i += 1) other.push((await fastify.inject({ url: '/api/articles' })).statusCode);
    expect(other).toEqual([200, 200, 429]);
    await fastify.close();
  });
});

describe('deprecated routes', () => {
  it('announce Deprecation (RFC 9745) and Sunset (RFC 8594), and their successor when they have one', async () => {
    const { fastify } = await app();
    const old = await fastify.inject({ url: '/api/v1/old' });
    expect(old.headers.deprecation).toBe(`@${Date.UTC(2026, 10, 1) / 1000}`);
    expect(old.headers.sunset).toBe('Sat, 01 May 2027 00:00:00 GMT');
    expect(old.headers.link).toBeUndefined();
    const older = await fastify.inject({ url: '/api/v1/older' });
    expect(older.headers.link).toBe('</api/v1/categories>; rel="successor-version"');
    expect(older.headers.sunset).toBe('Thu, 31 Dec 2026 00:00:00 GMT');
    const current = await fastify.inject({ url: '/api/v1/categories' });
    expect(current.headers.deprecation).toBeUndefined();
    expect(current.headers.sunset).toBeUndefined();
    await fastify.close();
  });

  it('refuse a declaration whose dates are not dates, or out of order (at start, not per request)', () => {
    expect(() => deprecationHeaders({ since: 'soon', sunset: '2027-01-01' })).toThrow(/ISO dates/);
    expect(() => deprecationHeaders({ since: '2027-01-01', sunset: '2026-01-01' })).toThrow(/in order/);
  });
});
