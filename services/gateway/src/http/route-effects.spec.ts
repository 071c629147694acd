import fastifyCookie from '@fastify/cookie';
import Fastify from 'fastify';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { GatewayConfig } from '../config.js';
import { csrfCookie } from './cookies.js';
import { applyRouteEffects, type RouteSpec } from './route.js';

const config = { COOKIE_SECURE: true, COOKIE_DOMAIN: '' } as unknown as GatewayConfig;
const base = { operationId: 'x', method: 'POST', path: '/x', tag: 't', summary: 's' } as const;

/** A Fastify reply for a route declared as `spec` whose handler returned `value`, as the browser gets it. */
async function answer(spec: RouteSpec, value: unknown) {
  const fastify = Fastify();
  await fastify.register(fastifyCookie);
  fastify.get('/x', async (_request, reply) => {
    if (spec.status) reply.code(spec.status);
    return applyRouteEffects(spec, reply, config, value) ?? reply.send();
  });
  const response = await fastify.inject({ url: '/x' });
  await fastify.close();
  return response;
}

describe('route effects (what a declaration does to the reply once the handler has returned)', () => {
  it("session 'open' sets pc_su HttpOnly, SameSite=Lax, Secure, for the session's life, and sends the answer", async () => {
    const expiresAtMs = Date.now() + 30 * 86_400_000;
    const response = await answer(
      { ...base, session: 'open' },
      { session: { token: 'tok', expiresAtMs }, answer: { a: 1 } },
    );
    const cookie = String(response.headers['set-cookie']);
    expect(cookie).toMatch(/^pc_su=tok; Max-Age=(2591999|2592000); Path=\/; HttpOnly; Secure; SameSite=Lax$/);
    expect(response.json()).toEqual({ a: 1 });
  });

  it("session 'open' without a session (a second factor is needed) sets no cookie", async () => {
    const response = await answer({ ...base, session: 'open' }, { answer: { mfa: true } });
    expect(response.headers['set-cookie']).toBeUndefined();
    expect(response.json()).toEqual({ mfa: true });
  });

  it("session 'close' expires pc_su and sends nothing", async () => {
    const response = await answer({ ...base, status: 204, session: 'close' }, undefined);
    expect(response.statusCode).toBe(204);
    expect(String(response.headers['set-cookie'])).toMatch(
      /^pc_su=; Max-Age=0; Path=\/; Expires=.*; HttpOnly; Secure; SameSite=Lax$/,
    );
    expect(response.body).toBe('');
  });

  it('declared cookies are set or expired as the answer says, pc_csrf readable by the page', async () => {
    const response = await answer(
      { ...base, cookies: ['pc_csrf', 'pc_as'] },
      { cookies: [csrfCookie('t1'), { name: 'pc_as', expire: true, httpOnly: true }], answer: { token: 't1' } },
    );
    const cookies = response.headers['set-cookie'] as string[];
    expect(cookies[0]).toBe('pc_csrf=t1; Max-Age=2592000; Path=/; Secure; SameSite=Lax');
    expect(cookies[1]).toMatch(/^pc_as=; Max-Age=0; Path=\/; Expires=.*; HttpOnly; Secure; SameSite=Lax$/);
    expect(response.json()).toEqual({ token: 't1' });
  });

  it('302 sends the returned target as Location with no body', async () => {
    const response = await answer({ ...base, status: 302 }, '/confirmed?result=ok');
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/confirmed?result=ok');
    expect(response.body).toBe('');
  });

  it('prepared JSON is sent as JSON, other declared types as declared, with Cache-Control and Vary', async () => {
    const json = await answer(
      { ...base, cacheControl: 'public, max-age=60', vary: 'Accept-Language' },
      Buffer.from('{"items":[]}'),
    );
    expect(json.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(json.headers['cache-control']).toBe('public, max-age=60');
    expect(json.headers.vary).toBe('Accept-Language');
    expect(json.json()).toEqual({ items: [] });
    const page = await answer({ ...base, responseType: 'text/html' }, '<!doctype html>');
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    const asset = await answer(
      { ...base, responseType: ['text/css', 'text/javascript'] },
      { type: 'text/css', body: 'a{}' },
    );
    expect(asset.headers['content-type']).toBe('text/css; charset=utf-8');
    expect(asset.body).toBe('a{}');
  });
});

describe('gateway handlers', () => {
  it('leave the reply to the route machinery, but for the two that stream', () => {
    const src = join(dirname(fileURLToPath(import.meta.url)), '..');
    const raw = readdirSync(src, { recursive: true, encoding: 'utf8' })
      .filter((name) => name.endsWith('.controller.ts'))
      .filter((name) => /@Res\(/.test(readFileSync(join(src, name), 'utf8')))
      .map((name) => relative(src, join(src, name)))
      .sort();
    expect(raw).toEqual(['media/media.controller.ts', 'notifications/notifications.controller.ts']);
  });
});
