// The gateway's protections against every spelling of a path, invalid text, deep JSON, the methods a path does not
// declare, sign-out racing session validation, and the per-account and per-/64 sign-in limits. Requests are sent
// as raw HTTP where fetch would normalise the target. The gateway trusts one proxy hop, so each test speaks from
// addresses of its own (X-Forwarded-For) and the rate-limit budgets do not mix. The probes (spelled paths, other
// methods, invalid text, deep JSON, forged session cookies, the sign-in attempts whose limits are measured) stay raw
// requests, their errors read as the document's Error; the ordinary calls (sign-up, sign-out) go through the typed
// client.
import { connect } from 'node:net';
import type { AppHandle } from '../../packages/devstack/src/index.ts';
import { DocumentedClient } from './gateway-openapi.ts';
import { freshDatabase, httpBase, resetMessaging, startService, type TestDatabase } from '../support/stack.ts';
import { captchaHeader } from '../support/captcha.ts';
import { captchaParam, typedApi } from '../support/typed-api.ts';
import type { Schemas } from '@pencraft/api-client';
import { freshRateWindow } from '../support/rate-window.ts';

let db: TestDatabase;
const apps: AppHandle[] = [];
let base: string;
let port: number;
const AUTH_LIMIT = 8;
const PASSWORD = 'pass-word-42';

type ErrorBody = Schemas['Error'];

interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** One HTTP/1.1 request exactly as written (request target untouched). */
function raw(method: string, target: string, headers: Record<string, string> = {}, body = ''): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => {
      const lines = [`${method} ${target} HTTP/1.1`, `Host: 127.0.0.1:${port}`, 'Connection: close'];
      for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
      if (body) lines.push(`Content-Length: ${Buffer.byteLength(body)}`);
      // Not end(): a half-closed socket may be dropped before a slow answer is written.
      socket.write(`${lines.join('\r\n')}\r\n\r\n${body}`);
    });
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const [head = '', ...rest] = text.split('\r\n\r\n');
      const [statusLine = '', ...headerLines] = head.split('\r\n');
      const parsed: Record<string, string> = {};
      for (const line of headerLines) {
        const index = line.indexOf(':');
        parsed[line.slice(0, index).toLowerCase()] = line.slice(index + 1).trim();
      }
      resolve({ status: Number(statusLine.split(' ')[1]), headers: parsed, body: rest.join('\r\n\r\n') });
    });
  });
}

let addressSeq = 0;
/** A client speaking from an address of its own. */
function client(ip = `198.51.100.${(addressSeq += 1)}`) {
  const c = new DocumentedClient(base);
  const request = c.request.bind(c);
  c.request = (method, path, body, headers = {}) => request(method, path, body, { 'x-forwarded-for': ip, ...headers });
  return c;
}

let userSeq = 0;
async function signedUp() {
  userSeq += 1;
  const c = client();
  const username = `sec_user_${userSeq}`;
  const response = await typedApi(c).POST('/api/id/register', {
    body: {
      email: `sec${userSeq}@example.az`,
      username,
      fullname: `Security User ${userSeq}`,
      password: PASSWORD,
      acceptTerms: true,
      acceptPrivacy: true,
    },
    params: { header: await captchaParam(base) },
  });
  expect(response.status).toBe(201);
  return { client: c, username };
}

beforeAll(async () => {
  await resetMessaging();
  db = await freshDatabase('gateway_security');
  apps.push(...(await Promise.all(['identity', 'articles', 'search'].map((name) => startService(name, db.name)))));
  apps.push(
    await startService('gateway', db.name, {
      AUTH_RATE_LIMIT_PER_MINUTE: String(AUTH_LIMIT),
      TRUST_PROXY_HOPS: '1',
      EDGE_ROUTES: '',
    }),
  );
  base = httpBase('gateway');
  port = Number(new URL(base).port);
});

afterAll(async () => {
  await Promise.all(apps.map((app) => app.stop()));
  await db?.drop();
});

describe('every spelling of a path routes with every protection, or is refused', () => {
  const login = JSON.stringify({ login: 'nobody', password: 'wrong-1' });
  const spellings = [
    '/api/id/auth/login',
    '/%61pi/id/auth/login',
    '/api/id/auth/logi%6E',
    `http://127.0.0.1/api/id/auth/login`,
    'http://evil.example/api/id/auth/login',
    '//api/id/auth/login',
    '/api//id/auth/login',
    '/api/./id/auth/login',
    '/api/x/../id/auth/login',
    '/api/id/auth/login/',
    '/API/id/auth/login',
    '/api/id/auth/LOGIN',
    '/api/id/auth/login;x',
    '/api/id/auth/login%2F',
  ];

  it.each(spellings)('POST %s from another origin without a CSRF token never reaches sign-in', async (target) => {
    const response = await raw(
      'POST',
      target,
      {
        'content-type': 'application/json',
        origin: 'https://evil.example',
        'x-forwarded-for': '203.0.113.1',
      },
      login,
    );
    expect([400, 403, 404, 405]).toContain(response.status);
    if (response.status === 403) expect((JSON.parse(response.body) as ErrorBody).error.code).toBe('ChallengeFailed');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('spends the sign-in budget whatever the spelling', async () => {
    const statuses: number[] = [];
    await freshRateWindow(15);
    for (let i = 0; i < AUTH_LIMIT + 1; i += 1) {
      const target = spellings[i % 5]!;
      const response = await raw(
        'POST',
        target,
        { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.2' },
        login,
      );
      statuses.push(response.status);
    }
    expect(statuses.slice(0, AUTH_LIMIT).every((s) => s === 403)).toBe(true);
    expect(statuses[AUTH_LIMIT]).toBe(429);
  });

  it('answers a read spelled another way with the same headers (no-store, CSP)', async () => {
    const response = await raw('GET', '/%61pi/home/articles', { 'x-forwarded-for': '203.0.113.3' });
    expect(response.status).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(response.headers['ratelimit-limit']).toBeDefined();
  });
});

describe('methods and paths', () => {
  it.each(['TRACE', 'QUERY', 'PATCH', 'PUT', 'DELETE', 'OPTIONS', 'GET'])(
    '%s on a path that only takes POST answers 405 with Allow',
    async (method) => {
      const response = await raw(method, '/api/articles', { 'x-forwarded-for': '203.0.113.4' });
      expect(response.status).toBe(405);
      expect(response.headers.allow).toBe('POST');
      if (method !== 'HEAD') expect((JSON.parse(response.body) as ErrorBody).error.code).toBe('Forbidden');
    },
  );

  it('lists GET and HEAD for a read, and answers unknown paths 404', async () => {
    const response = await raw('DELETE', '/api/home/articles', { 'x-forwarded-for': '203.0.113.4' });
    expect(response.status).toBe(405);
    expect(response.headers.allow).toBe('GET, HEAD');
    expect((await raw('TRACE', '/api/nothing/here', { 'x-forwarded-for': '203.0.113.4' })).status).toBe(404);
    expect((await raw('HEAD', '/api/home/articles', { 'x-forwarded-for': '203.0.113.4' })).status).toBe(200);
  });
});

describe('invalid text and deep JSON are validation errors', () => {
  it('refuses a NUL byte in a search query (was a 500)', async () => {
    const response = await client().get<ErrorBody>('/api/strict/txt?q=%00');
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ error: { code: 'NullOrEmpty' } });
    expect((await client().get<ErrorBody>('/api/strict/txt?q=a%00b')).status).toBe(400);
    expect((await client().get<ErrorBody>('/api/strict/txt?q=%20%20')).status).toBe(400);
  });

  it('refuses NUL bytes and unpaired surrogates in sign-in and sign-up fields', async () => {
    const c = client();
    const nul = await c.post<ErrorBody>('/api/id/auth/login', { login: 'a\u0000b', password: 'x' });
    expect(nul.status).toBe(401); // the login form's one answer for a bad login
    expect(nul.body.error.code).toBe('IncorrectEmailOrPassword');
    const surrogate = await c.post<ErrorBody>(
      '/api/id/register',
      '{"email":"s@example.az","username":"surrogate","fullname":"Bad \\ud800 Name","password":"pass-word-42","acceptTerms":true,"acceptPrivacy":true}',
      { 'content-type': 'application/json', ...(await captchaHeader(base)) },
    );
    expect(surrogate.status).toBe(400);
    expect(surrogate.body.error.code).toBe('InvalidFullname');
  });

  it('refuses JSON nested deeper than 64 levels before parsing it', async () => {
    const { client: writer } = await signedUp();
    const deep = `{"title":"Deep","language":"en","category":"tech","content":{"blocks":[{"type":"paragraph","data":{"x":${'['.repeat(100)}${']'.repeat(100)}}}]}}`;
    const response = await writer.post<ErrorBody>('/api/articles', deep, { 'content-type': 'application/json' });
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe('InvalidModel');
  });
});

describe('sessions', () => {
  it('never re-caches a session that sign-out ended, even with validations in flight', async () => {
    for (let round = 0; round < 3; round += 1) {
      const { client: user } = await signedUp();
      const token = user.cookies.get('pc_su')!;
      const asker = () =>
        client().request<ErrorBody>('GET', '/api/users/info', undefined, { cookie: `pc_su=${token}` });
      const inFlight = Array.from({ length: 20 }, () => asker());
      expect((await typedApi(user).POST('/api/id/out')).status).toBe(204);
      await Promise.all(inFlight);
      const after = await asker();
      expect(after.status).toBe(401);
      expect(after.body.error.code).toBe('Unauthorized');
    }
  });
});

describe('sign-in limits', () => {
  it('slows down sign-in for one account from one address after repeated failures, and a success resets it', async () => {
    const { username } = await signedUp();
    // From the third failure on, signing in to the account needs a captcha too; the wait holds this address only.
    const captchaAfter = async (failures: number) => (failures >= 3 ? await captchaHeader(base) : {});
    const from = client();
    // Solved ahead: the wait after the fifth failure is one second.
    const heldCaptcha = await captchaAfter(5);
    for (let i = 0; i < 5; i += 1) {
      const failed = await from.post<ErrorBody>(
        '/api/id/auth/login',
        { login: username, password: 'wrong-42' },
        await captchaAfter(i),
      );
      expect(failed.status).toBe(401);
    }
    // The right password from the same address: it waits first.
    const held = await from.post<ErrorBody>(
      '/api/id/auth/login',
      { login: username.toUpperCase(), password: PASSWORD },
      heldCaptcha,
    );
    expect(held.status).toBe(429);
    expect(held.body.error.code).toBe('TooManyRequests');
    const wait = Number(held.headers.get('retry-after'));
    expect(wait).toBeGreaterThanOrEqual(1);
    expect(wait).toBeLessThanOrEqual(900);
    expect((await client().post('/api/id/auth/login', { login: 'someone-else', password: 'wrong-42' })).status).toBe(
      401,
    );
    await new Promise((r) => setTimeout(r, wait * 1000 + 100));
    expect(
      (await from.post('/api/id/auth/login', { login: username, password: PASSWORD }, await captchaAfter(5))).status,
    ).toBe(200);
    // Reset: one more failure is not held, and needs no captcha (the address's budget is spent: from another).
    expect((await from.post('/api/id/auth/login', { login: username, password: 'wrong-42' })).status).toBe(401);
    expect((await client().post('/api/id/auth/login', { login: username, password: PASSWORD })).status).toBe(200);
  });

  it('counts IPv6 clients by /64 and IPv4-mapped addresses as IPv4', async () => {
    const attempt = (ip: string, n: number) =>
      client(ip).post<ErrorBody>('/api/id/auth/login', { login: `v6-nobody-${n}`, password: 'wrong-42' });
    await freshRateWindow(15);
    for (let i = 1; i <= AUTH_LIMIT; i += 1)
      expect((await attempt(`2001:db8:a:b::${i.toString(16)}`, i)).status).toBe(401);
    const over = await attempt('2001:db8:a:b:ffff:ffff:ffff:ffff', 99);
    expect(over.status).toBe(429);
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await attempt('2001:db8:a:c::1', 100)).status).toBe(401);
    for (let i = 1; i <= AUTH_LIMIT; i += 1) {
      const ip = i % 2 ? '192.0.2.77' : '::ffff:192.0.2.77';
      expect((await attempt(ip, 200 + i)).status).toBe(401);
    }
    expect((await attempt('::ffff:192.0.2.77', 300)).status).toBe(429);
  });
});
