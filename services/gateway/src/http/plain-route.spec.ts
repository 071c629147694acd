import fastifyCookie from '@fastify/cookie';
import { AppError } from '@pencraft/errors';
import { currentRequestContext } from '@pencraft/kit';
import Fastify from 'fastify';
import { z } from 'zod';
import type { GatewayConfig } from '../config.js';
import { installPlainRoutes } from './plain-route.js';
import { declaredPlainRoutes, declaredRoutes, defineRoute, PlainRoute, POLICY, type RouteInput } from './route.js';

const config = { COOKIE_SECURE: true, COOKIE_DOMAIN: '' } as unknown as GatewayConfig;

const readThing = defineRoute({
  operationId: 'readThing',
  method: 'GET',
  path: '/api/things/:id',
  tag: 'things',
  summary: 'A thing',
  params: z.object({ id: z.string().regex(/^\d+$/) }),
  response: z.object({ id: z.string() }),
  auth: 'optional',
  cacheControl: 'public, max-age=1',
  fieldCodes: { id: 'InvalidIdentifier' },
});

class ThingsController {
  calls: { id: string; requestId: string | undefined; cookie: string | undefined }[] = [];

  @PlainRoute(readThing)
  read(input: RouteInput<typeof readThing>, request: { cookies: Record<string, string | undefined> }) {
    this.calls.push({ id: input.params.id, requestId: currentRequestContext()?.requestId, cookie: request.cookies.a });
    if (input.params.id === '404') throw new AppError('ArticleNotFound');
    return Promise.resolve(`{"id":"${input.params.id}"}`);
  }
}

/** A Fastify instance as the gateway's: a request id per request, the policy seen by onRoute, an error handler. */
async function serve(controller: ThingsController) {
  const fastify = Fastify();
  await fastify.register(fastifyCookie);
  const policies: unknown[] = [];
  fastify.decorateRequest('platform', null as never);
  fastify.addHook('onRequest', (request, _reply, done) => {
    request.platform = { context: { requestId: 'req-1' }, started: 0n };
    done();
  });
  fastify.addHook('onRoute', (route) => {
    policies.push((route.config as Record<string, unknown>)?.[POLICY]);
  });
  fastify.setErrorHandler((error, _request, reply) => {
    void reply.code(AppError.is(error) ? 400 : 500).send({ code: AppError.is(error) ? error.code : 'x' });
  });
  installPlainRoutes(
    fastify,
    () => controller,
    config,
    declaredPlainRoutes().filter((r) => r.spec === readThing),
  );
  await fastify.ready();
  return { fastify, policies };
}

describe('plain routes (a hot read as a Fastify handler registered from its declaration)', () => {
  it('is documented like every declared route', () => {
    expect(declaredRoutes()).toContain(readThing);
    expect(declaredPlainRoutes()).toContainEqual({ spec: readThing, controller: ThingsController, method: 'read' });
  });

  it("answers with the controller's method, given the parsed input, in the request's context, with the effects", async () => {
    const controller = new ThingsController();
    const { fastify, policies } = await serve(controller);
    const response = await fastify.inject({ url: '/api/things/42', headers: { cookie: 'a=b' } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ id: '42' });
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.headers['cache-control']).toBe('public, max-age=1');
    expect(controller.calls).toEqual([{ id: '42', requestId: 'req-1', cookie: 'b' }]);
    // The protections' onRoute hook sees its policy, as for a Nest route (GET and the HEAD Fastify adds).
    expect(policies[0]).toMatchObject({ csrf: false, rateLimit: 'api', captcha: 'never' });
    await fastify.close();
  });

  it('refuses bad input with the route field codes before the method runs, and passes errors on', async () => {
    const controller = new ThingsController();
    const { fastify } = await serve(controller);
    const bad = await fastify.inject({ url: '/api/things/abc' });
    expect([bad.statusCode, bad.json()]).toEqual([400, { code: 'InvalidIdentifier' }]);
    expect(controller.calls).toEqual([]);
    const missing = await fastify.inject({ url: '/api/things/404' });
    expect([missing.statusCode, missing.json()]).toEqual([400, { code: 'ArticleNotFound' }]);
    expect(missing.headers['cache-control']).toBeUndefined();
    await fastify.close();
  });

  it('cannot be declared for a route a guard must check', () => {
    expect(() => PlainRoute({ ...readThing, operationId: 'mine', auth: 'required' })).toThrow(/auth 'required'/);
  });
});
