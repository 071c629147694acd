import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ApiError, createApiClient } from '@pencraft/ui';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serverGet } from './api.js';

type Get = (path: string, init?: Record<string, unknown>) => Promise<unknown>;

/** What the fake gateway saw of each request, and what it answers per path. */
const seen: { url: string; headers: IncomingHttpHeaders }[] = [];
const ANSWERS: Record<string, { status: number; body: string; headers?: Record<string, string> }> = {
  '/api/articles/a%2F1': { status: 200, body: JSON.stringify({ id: 'a/1', title: 'Başlıq — <b>' }) },
  '/api/articles/missing': {
    status: 404,
    body: JSON.stringify({ error: { code: 'ArticleNotFound', message: 'Məqalə tapılmadı', requestId: 'r1' } }),
  },
  '/api/home/articles': { status: 429, body: 'slow down', headers: { 'retry-after': '7' } },
  '/api/empty': { status: 204, body: '' },
  '/api/not-json': { status: 200, body: '<html>' },
  '/api/fails': {
    status: 400,
    body: JSON.stringify({
      error: { code: 'InvalidModel', message: 'bad', details: [{ field: 'page', code: 'x', message: 'm' }] },
    }),
  },
};

let server: Server;
let origin: string;
let connections = 0;

beforeAll(async () => {
  server = createServer((req, res) => {
    seen.push({ url: req.url ?? '', headers: req.headers });
    const answer = ANSWERS[(req.url ?? '').split('?')[0]!] ?? ANSWERS['/api/articles/a%2F1']!;
    res.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers });
    res.end(answer.body);
  });
  server.on('connection', () => (connections += 1));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const translate = (key: string) => `t:${key}`;

function clients(base = origin) {
  const browser = createApiClient({
    baseUrl: base,
    getLanguage: () => 'en',
    getCookie: () => undefined,
    translate,
  }).get as unknown as Get;
  const plain = serverGet({ baseUrl: base, language: 'en', translate, timeoutMs: 1000 }) as unknown as Get;
  return { browser, plain };
}

/** The outcome of a call: its data, or the fields of its ApiError. */
async function outcome(call: Promise<unknown>) {
  try {
    return { data: await call };
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    const { status, code, message, details, params, requestId, retryAfter } = error as ApiError;
    return { error: { status, code, message, details, params, requestId, retryAfter } };
  }
}

describe('serverGet', () => {
  // Every row has its init (a row shorter than the test's parameters would make Jest pass a done callback).
  const calls: [string, Record<string, unknown>][] = [
    ['/api/articles/{id}', { params: { path: { id: 'a/1' } } }],
    ['/api/articles/{id}', { params: { path: { id: 'missing' } } }],
    ['/api/home/articles', { params: { query: { tab: 'all', cursor: 'x y/+&é', page: undefined } } }],
    ['/api/articles/cs/cot/{category}', { params: { path: { category: 'tech' }, query: { page: 2, sKey: 'top' } } }],
    ['/api/search', { params: { query: { category: ['tech', 'law'], filter: { from: '2026-01-01' } } } }],
    ['/api/empty', {}],
    ['/api/not-json', {}],
    ['/api/fails', { headers: { 'x-forwarded-for': '203.0.113.7' } }],
  ];

  it.each(calls)('asks %s as the browser client does and answers the same', async (path, init) => {
    const { browser, plain } = clients();
    seen.length = 0;
    const expected = await outcome(browser(path, init));
    const actual = await outcome(plain(path, init));
    expect(actual).toEqual(expected);
    const [asked, got] = seen;
    expect(got!.url).toBe(asked!.url);
    expect(got!.headers['accept-language']).toBe('en');
    expect(got!.headers['x-forwarded-for']).toBe(asked!.headers['x-forwarded-for']);
  });

  it('is NetworkError when the gateway cannot be reached', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const { plain } = clients(`http://127.0.0.1:${port}`);
    expect(await outcome(plain('/api/articles/categories'))).toMatchObject({
      error: { status: 0, code: 'NetworkError', message: 't:errors.network' },
    });
  });

  it('is NetworkError when the gateway does not answer in time', async () => {
    const silent = createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const plain = serverGet({
      baseUrl: `http://127.0.0.1:${(silent.address() as AddressInfo).port}`,
      language: 'az',
      translate,
      timeoutMs: 50,
    }) as unknown as Get;
    expect(await outcome(plain('/api/articles/categories'))).toMatchObject({ error: { code: 'NetworkError' } });
    silent.closeAllConnections();
    await new Promise((resolve) => silent.close(resolve));
  });

  it('gives up with the signal: its reason, not an ApiError', async () => {
    const { plain } = clients();
    const controller = new AbortController();
    controller.abort(new Error('left'));
    await expect(
      plain('/api/articles/{id}', { params: { path: { id: 'a/1' } }, signal: controller.signal }),
    ).rejects.toThrow('left');
  });

  it('asks again once on a new connection when a kept-alive one was closed meanwhile', async () => {
    // Each connection answers one request; a second request on it finds the connection closed.
    const served = new WeakSet<object>();
    const once = createServer((req, res) => {
      if (served.has(req.socket)) return req.socket.destroy();
      served.add(req.socket);
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    });
    await new Promise<void>((resolve) => once.listen(0, '127.0.0.1', resolve));
    const plain = serverGet({
      baseUrl: `http://127.0.0.1:${(once.address() as AddressInfo).port}`,
      language: 'az',
      translate,
    }) as unknown as Get;
    try {
      for (let i = 0; i < 3; i += 1) expect(await plain('/api/articles/categories')).toEqual({ ok: true });
    } finally {
      once.closeAllConnections();
      await new Promise((resolve) => once.close(resolve));
    }
  });

  it('reuses its connections', async () => {
    const { plain } = clients();
    const before = connections;
    for (let i = 0; i < 3; i += 1) await plain('/api/articles/{id}', { params: { path: { id: 'a/1' } } });
    expect(connections - before).toBe(1);
  });
});
