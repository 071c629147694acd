import fastifyCookie from '@fastify/cookie';
import { AppError } from '@pencraft/errors';
import type { Logger, RedisClient } from '@pencraft/kit';
import { strictMock } from '@pencraft/testing';
import Fastify from 'fastify';
import { CaptchaGate } from '../captcha/captcha.gate.js';
import type { GatewayConfig } from '../config.js';
import type { PublicationsClient } from '../upstreams/publications.upstream.js';
import { CSRF_COOKIE } from './cookies.js';
import { issueCsrfToken } from './csrf.js';
import { installProtections } from './protections.js';
import { PublicationHosts, publicationOf } from './publication-hosts.js';
import { POLICY, policyOf, type RouteSpec } from './route.js';

const config = {
  RATE_LIMIT_PER_MINUTE: 1000,
  AUTH_RATE_LIMIT_PER_MINUTE: 1000,
  TRUST_PROXY_HOPS: 0,
  PUBLIC_ORIGIN: 'http://localhost:3000',
  CSRF_SECRET: 'c'.repeat(32),
} as GatewayConfig;

/** Rate-limit counts flushed nowhere: this test is about which routes the captcha guards. */
const redis = {
  multi: () => {
    const chain = { incrBy: () => chain, expire: () => chain, exec: async () => [] };
    return chain;
  },
} as unknown as RedisClient;

/** No publication exists: requests on the main host (the tests' default) never ask. */
const noPublications = new PublicationHosts(strictMock<PublicationsClient>('publications'), config.PUBLIC_ORIGIN);

const route = (path: string, captcha?: RouteSpec['captcha']): RouteSpec => ({
  operationId: path,
  method: 'GET',
  path,
  tag: 'test',
  summary: path,
  captcha,
});

async function app() {
  const gate = strictMock<CaptchaGate>('CaptchaGate');
  const fastify = Fastify();
  await fastify.register(fastifyCookie);
  fastify.setErrorHandler((error, _request, reply) =>
    reply.code(400).send({ code: AppError.is(error) ? error.code : 'other' }),
  );
  installProtections(fastify, config, redis, { warn: () => undefined } as unknown as Logger, gate, noPublications);
  for (const spec of [route('/open'), route('/always', 'always'), route('/sign-in', 'after-failures')]) {
    fastify.route({ method: 'GET', url: spec.path, config: { [POLICY]: policyOf(spec) }, handler: async () => 'ok' });
  }
  await fastify.ready();
  return { fastify, gate };
}

describe('the captcha protection', () => {
  it("checks exactly the routes that declare a captcha, with their rule, the header and the client's address", async () => {
    const { fastify, gate } = await app();
    gate.check.mockImplementation(async (_rule, request) => {
      if (request.header !== 'solved') throw new AppError('CaptchaRequired');
    });
    expect((await fastify.inject({ url: '/open' })).body).toBe('ok');
    expect(gate.check).not.toHaveBeenCalled();

    expect((await fastify.inject({ url: '/always' })).json()).toEqual({ code: 'CaptchaRequired' });
    expect((await fastify.inject({ url: '/always', headers: { 'x-captcha': 'solved' } })).body).toBe('ok');
    expect((await fastify.inject({ url: '/sign-in', headers: { 'x-captcha': 'solved' } })).body).toBe('ok');
    expect(gate.check.mock.calls.map(([rule, request]) => [rule, request.header, request.remoteIp])).toEqual([
      ['always', undefined, '127.0.0.1'],
      ['always', 'solved', '127.0.0.1'],
      ['after-failures', 'solved', '127.0.0.1'],
    ]);
    await fastify.close();
  });

  it('reads the policy from the declaration: no captcha unless asked', () => {
    expect(policyOf(route('/open')).captcha).toBe('never');
    expect(policyOf(route('/always', 'always')).captcha).toBe('always');
    expect(policyOf(route('/sign-in', 'after-failures')).captcha).toBe('after-failures');
  });
});

describe('methods of a more specific path', () => {
  it('answers 405 with Allow when only a parametric route would take a method the specific path does not answer', async () => {
    const fastify = Fastify();
    await fastify.register(fastifyCookie);
    fastify.setErrorHandler((error, _request, reply) =>
      reply.code(error instanceof Error && 'statusCode' in error ? (error.statusCode as number) : 400).send('refused'),
    );
    installProtections(
      fastify,
      config,
      redis,
      { warn: () => undefined } as unknown as Logger,
      strictMock<CaptchaGate>('CaptchaGate'),
      noPublications,
    );
    const declare = (method: 'GET' | 'POST' | 'PUT', url: string) =>
      fastify.route({
        method,
        url,
        config: { [POLICY]: { ...policyOf({ ...route(url), method }), csrf: false } },
        handler: async () => `${method} ${url}`,
      });
    declare('PUT', '/drafts/:id');
    declare('POST', '/drafts/translate');
    await fastify.ready();

    const shadowed = await fastify.inject({ method: 'PUT', url: '/drafts/translate?aid=1' });
    expect(shadowed.statusCode).toBe(405);
    expect(shadowed.headers.allow).toBe('POST');
    expect((await fastify.inject({ method: 'PUT', url: '/drafts/123' })).body).toBe('PUT /drafts/:id');
    expect((await fastify.inject({ method: 'POST', url: '/drafts/translate' })).body).toBe('POST /drafts/translate');
    await fastify.close();
  });
});

describe('the publication context and the Origin of writes', () => {
  async function publicationApp() {
    const publications = strictMock<PublicationsClient>('publications');
    publications.getPublication.mockImplementation(async ({ slug }) => {
      if (slug !== 'devblog') throw new AppError('PublicationNotFound');
      return { publication: { id: 'p1', slug: 'devblog' } } as Awaited<
        ReturnType<PublicationsClient['getPublication']>
      >;
    });
    const hosts = new PublicationHosts(publications, config.PUBLIC_ORIGIN);
    const fastify = Fastify();
    await fastify.register(fastifyCookie);
    fastify.setErrorHandler((error, _request, reply) =>
      reply.code(400).send({ code: AppError.is(error) ? error.code : 'other' }),
    );
    installProtections(
      fastify,
      config,
      redis,
      { warn: () => undefined } as unknown as Logger,
      strictMock<CaptchaGate>('CaptchaGate'),
      hosts,
    );
    const context = async (request: Parameters<typeof publicationOf>[0]) => ({ publication: publicationOf(request) });
    fastify.route({ method: 'GET', url: '/where', config: { [POLICY]: policyOf(route('/where')) }, handler: context });
    const write = { ...route('/write'), method: 'POST' as const };
    fastify.route({ method: 'POST', url: '/write', config: { [POLICY]: policyOf(write) }, handler: context });
    await fastify.ready();
    return { fastify, publications };
  }

  it("attaches the host's publication, none on the main host, and refuses an unknown slug", async () => {
    const { fastify, publications } = await publicationApp();
    expect((await fastify.inject({ url: '/where', headers: { host: 'localhost:3000' } })).json()).toEqual({
      publication: null,
    });
    expect((await fastify.inject({ url: '/where', headers: { host: 'devblog.localhost:3000' } })).json()).toEqual({
      publication: { id: 'p1', slug: 'devblog' },
    });
    expect((await fastify.inject({ url: '/where', headers: { host: 'nobody.localhost:3000' } })).json()).toEqual({
      code: 'PublicationNotFound',
    });
    // A host that is no subdomain of the main one (a proxy's, an address) carries no context.
    expect((await fastify.inject({ url: '/where', headers: { host: '127.0.0.1:3000' } })).json()).toEqual({
      publication: null,
    });
    // Cached: devblog and nobody were each asked once.
    await fastify.inject({ url: '/where', headers: { host: 'devblog.localhost:3000' } });
    expect(publications.getPublication).toHaveBeenCalledTimes(2);
    await fastify.close();
  });

  it("accepts writes from the main origin and an existing publication's subdomain only", async () => {
    const { fastify } = await publicationApp();
    const token = issueCsrfToken(config.CSRF_SECRET);
    const post = (origin: string) =>
      fastify.inject({
        method: 'POST',
        url: '/write',
        headers: { host: 'localhost:3000', origin, 'x-csrf-token': token },
        cookies: { [CSRF_COOKIE]: token },
      });
    expect((await post('http://localhost:3000')).json()).toEqual({ publication: null });
    expect((await post('http://devblog.localhost:3000')).json()).toEqual({ publication: null });
    for (const refused of [
      'http://nobody.localhost:3000',
      'http://devblog.localhost:3001',
      'https://devblog.localhost:3000',
      'http://a.devblog.localhost:3000',
      'http://www.localhost:3000',
      'http://evil.test:3000',
    ])
      expect([refused, (await post(refused)).json()]).toEqual([refused, { code: 'ChallengeFailed' }]);
    await fastify.close();
  });
});
