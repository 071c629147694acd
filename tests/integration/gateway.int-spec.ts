// The public API through the gateway, with identity, articles and search behind it on real servers.
import pg from 'pg';
import type { AppHandle } from '../../packages/devstack/src/index.ts';
// Every answer of a documented operation is checked against services/gateway/openapi.json.
import { DocumentedClient as ApiClient } from './gateway-openapi.ts';
import {
  eventually,
  freshDatabase,
  httpBase,
  resetMessaging,
  startService,
  type TestDatabase,
} from '../support/stack.ts';
import { confirmAccount } from '../support/accounts.ts';
import { captchaHeader } from '../support/captcha.ts';
import { approveArticle, closeReviewClient } from '../support/review.ts';
import { ArticleStatus } from '@pencraft/contracts/articles/v1/articles';

let db: TestDatabase;
const apps: AppHandle[] = [];
let base: string;
const AUTH_LIMIT = 12;
let n = 0;

interface ErrorBody {
  error: { code: string; message: string; details?: { field: string; code: string; message: string }[] };
}

/** A signed-up account, confirmed with its mailed code (only confirmed accounts write articles). */
async function signedUp(lang = 'en') {
  n += 1;
  const client = new ApiClient(base, lang);
  const registeredAt = new Date();
  const response = await client.post(
    '/api/id/register',
    {
      email: `gw${n}@example.az`,
      username: `gw_user_${n}`,
      fullname: `Gateway User ${n}`,
      password: 'pass-word-42',
      acceptTerms: true,
      acceptPrivacy: true,
    },
    await captchaHeader(base),
  );
  expect(response.status).toBe(201);
  await confirmAccount(client, `gw${n}@example.az`, registeredAt);
  return client;
}

const article = (title: string, extra: object[] = []) => ({
  title,
  description: 'A description',
  language: 'en',
  category: 'tech',
  content: {
    blocks: [
      { type: 'paragraph', data: { text: 'The gateway carries this article to the articles service and back again.' } },
      ...extra,
    ],
  },
});

beforeAll(async () => {
  await resetMessaging();
  db = await freshDatabase('gateway');
  apps.push(...(await Promise.all(['identity', 'articles', 'search'].map((name) => startService(name, db.name)))));
  apps.push(
    await startService('gateway', db.name, { AUTH_RATE_LIMIT_PER_MINUTE: String(AUTH_LIMIT), EDGE_ROUTES: '' }),
  );
  base = httpBase('gateway');
});

afterAll(async () => {
  closeReviewClient();
  await Promise.all(apps.map((app) => app.stop()));
  await db?.drop();
});

describe('the gateway', () => {
  it('sends the security headers and no caching on API answers', async () => {
    const { headers } = await new ApiClient(base).get('/api/home/articles');
    const csp = headers.get('content-security-policy')!;
    expect(csp).toMatch(/script-src 'self'(;|$)/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(headers.get('x-content-type-options')).toBe('nosniff');
    expect(headers.get('strict-transport-security')).toBeNull(); // plain http in local development
    expect(headers.get('cache-control')).toBe('no-store');
    expect(headers.get('x-request-id')).toMatch(/.{8,}/);
  });

  it('refuses writes without the CSRF token or from another origin', async () => {
    const client = new ApiClient(base);
    await client.get('/api/csrf');
    const missing = await client.request<ErrorBody>(
      'POST',
      '/api/id/auth/login',
      { login: 'a', password: 'b' },
      { 'x-csrf-token': '' },
    );
    expect(missing.status).toBe(403);
    expect(missing.body.error.code).toBe('ChallengeFailed');
    const foreign = await client.post<ErrorBody>(
      '/api/id/auth/login',
      { login: 'a', password: 'b' },
      { origin: 'https://evil.example' },
    );
    expect(foreign.status).toBe(403);
    const forged = await fetch(`${base}/api/id/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: 'pc_csrf=abc.def', 'x-csrf-token': 'abc.def' },
      body: '{}',
    });
    expect(forged.status).toBe(403);
  });

  it('signs up with a pc_su cookie as SPEC.md describes, answers /api/users/info, and signs out', async () => {
    const client = new ApiClient(base);
    const response = await client.post(
      '/api/id/register',
      {
        email: 'cookie@example.az',
        username: 'cookie_user',
        fullname: 'Cookie User',
        password: 'pass-word-42',
        acceptTerms: true,
        acceptPrivacy: true,
      },
      await captchaHeader(base),
    );
    const cookie = response.headers.getSetCookie().find((c) => c.startsWith('pc_su='))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(/Max-Age=259\d{4}/); // 30 days
    expect(cookie).not.toMatch(/Secure/i);
    const info = await client.get<Record<string, unknown>>('/api/users/info');
    expect(Object.keys(info.body).sort()).toEqual([
      'cnf',
      'dom',
      'fln',
      'iul',
      'lng',
      'pub',
      'rtg',
      'thm',
      'uid',
      'unm',
    ]);
    expect(info.body.cnf).toBe(false);
    expect(info.body).toMatchObject({ unm: 'cookie_user', fln: 'Cookie User', thm: 'system', lng: 'en', iul: null });
    const token = client.cookies.get('pc_su')!;
    expect((await client.post('/api/id/out')).status).toBe(204);
    const after = await new ApiClient(base).request<ErrorBody>('GET', '/api/users/info', undefined, {
      cookie: `pc_su=${token}`,
    });
    expect(after.status).toBe(401);
    expect(after.body.error.code).toBe('Unauthorized');
  });

  it('answers errors with the catalogue code in the language asked for', async () => {
    const messages = new Set<string>();
    for (const lang of ['az', 'en', 'ru']) {
      const response = await new ApiClient(base, lang).get<ErrorBody>(
        '/api/articles/00000000-0000-0000-0000-000000000000',
      );
      expect(response.status).toBe(404);
      expect(response.body.error.code).toBe('ArticleNotFound');
      messages.add(response.body.error.message);
    }
    expect(messages.size).toBe(3);
    const invalid = await new ApiClient(base, 'ru').post<ErrorBody>(
      '/api/id/register',
      { email: 'x', username: '1', fullname: '', password: 'p', acceptTerms: true, acceptPrivacy: true },
      await captchaHeader(base),
    );
    expect(invalid.status).toBe(400);
    expect(invalid.body.error.details?.map((d) => d.field)).toEqual(['email', 'username', 'fullname', 'password']);
    expect(invalid.body.error.details?.[0]?.message).toMatch(/[а-яА-Я]/);
  });

  it("keeps a user's draft from everyone else and lets only them publish it", async () => {
    const alice = await signedUp();
    const bob = await signedUp();
    const created = await alice.post<{ id: string; status: string }>('/api/articles', article('Alice draft'));
    expect(created.status).toBe(201);
    expect((await bob.get(`/api/articles/${created.body.id}`)).status).toBe(404);
    expect((await new ApiClient(base).get(`/api/articles/${created.body.id}`)).status).toBe(404);
    expect((await bob.post(`/api/articles/publishing/${created.body.id}`)).status).toBe(404);
    expect((await new ApiClient(base).post<ErrorBody>(`/api/articles/publishing/${created.body.id}`)).status).toBe(401);
    const submitted = await alice.post<{ status: string }>(`/api/articles/publishing/${created.body.id}`);
    // The test profile reviews: the article waits, still hidden, until the moderation service approves it.
    expect(submitted.body.status).toBe('accepted');
    expect((await bob.get(`/api/articles/${created.body.id}`)).status).toBe(404);
    expect((await approveArticle(created.body.id)).status).toBe(ArticleStatus.ARTICLE_STATUS_PUBLISHED);
    expect((await bob.get(`/api/articles/${created.body.id}`)).status).toBe(200);
  });

  it('strips scripts from what it stores and serves, and finds the article through search', async () => {
    const writer = await signedUp();
    const created = await writer.post<{ id: string }>(
      '/api/articles',
      article('Zanzibar <script>alert(1)</script> notes', [
        {
          type: 'paragraph',
          data: { text: 'Spice <img src=x onerror="alert(1)"> routes <a href="javascript:alert(1)">link</a>' },
        },
      ]),
    );
    await writer.post(`/api/articles/publishing/${created.body.id}`);
    await approveArticle(created.body.id);
    const read = await new ApiClient(base).get<{ title: string; content: unknown }>(`/api/articles/${created.body.id}`);
    expect(JSON.stringify(read.body)).not.toMatch(/<script|onerror|javascript:/);
    const found = await eventually(async () => {
      const response = await new ApiClient(base).get<{ items: { id: string; title: string }[] }>(
        '/api/strict/txt?q=zanzibar',
      );
      return response.body.items.length ? response.body.items : undefined;
    });
    expect(found.map((f) => f.id)).toEqual([created.body.id]);
    const home = await new ApiClient(base).get<{ items: { id: string }[] }>('/api/home/articles?page=1');
    expect(home.body.items.map((i) => i.id)).toContain(created.body.id);
  });

  it('validates bodies and pages with field-level codes', async () => {
    const writer = await signedUp();
    // The gateway refuses what its schema states (a title over 150 code points); the articles service what only it
    // knows (the categories).
    const bad = await writer.post<ErrorBody>('/api/articles', { ...article('x'.repeat(151)), description: 7 });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details?.map((d) => `${d.field}:${d.code}`)).toEqual([
      'title:InvalidArticleTitle',
      'description:InvalidArticleDescription',
    ]);
    const unknown = await writer.post<ErrorBody>('/api/articles', { ...article('Fine'), category: 'astrology' });
    expect(unknown.body.error.details?.map((d) => `${d.field}:${d.code}`)).toEqual(['category:InvalidCategory']);
    expect((await writer.post<ErrorBody>('/api/articles', article('😀'.repeat(150)))).status).toBe(201);
    expect(
      (await writer.post<ErrorBody>('/api/articles', 'not json', { 'content-type': 'application/json' })).body.error
        .code,
    ).toBe('InvalidModel');
    expect((await writer.get<ErrorBody>('/api/home/articles?page=0')).body.error.code).toBe('InvalidPage');
    expect((await writer.get<ErrorBody>('/api/strict/txt?q=')).body.error.code).toBe('NullOrEmpty');
    expect((await writer.get<ErrorBody>('/api/no/such/route')).status).toBe(404);
  });

  it("continues the caller's trace through gRPC into the event it publishes", async () => {
    const writer = await signedUp();
    const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
    const traceparent = `00-${traceId}-00f067aa0ba902b7-01`;
    const created = await writer.post<{ id: string }>('/api/articles', article('Traced article'));
    await writer.post(`/api/articles/publishing/${created.body.id}`);
    await approveArticle(created.body.id);
    // An edit of the published article is announced for review by the publish call itself, in its transaction.
    const edit = await writer.post<{ id: string }>(`/api/articles/publishing/${created.body.id}/edit`);
    await writer.post(`/api/articles/publishing/${edit.body.id}`, undefined, { traceparent });
    const sql = new pg.Pool({ connectionString: db.url, max: 1 });
    try {
      const { rows } = await sql.query(
        "select headers from articles.outbox where subject = 'articles.article.submitted' order by created_at desc limit 1",
      );
      // The outbox row carries the W3C context of the publish call, so the NATS message continues the same trace.
      expect(rows[0].headers.traceparent).toMatch(new RegExp(`^00-${traceId}-[0-9a-f]{16}-0[01]$`));
    } finally {
      await sql.end();
    }
  });

  it('publishes its OpenAPI document', async () => {
    const client = new ApiClient(base);
    const document = await client.get<{ openapi: string; paths: Record<string, unknown> }>('/api/docs/openapi.json');
    expect(document.body.openapi).toBe('3.0.3');
    expect(Object.keys(document.body.paths)).toContain('/api/users/info');
    const page = await client.get<string>('/api/docs');
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(page.body).not.toMatch(/<script>[^<]/); // scripts only by src, so the CSP holds
  });

  it('answers TooManyRequests with Retry-After once the sign-in budget is spent', async () => {
    const client = new ApiClient(base);
    let last: Awaited<ReturnType<typeof client.post<ErrorBody>>> | undefined;
    for (let i = 0; i < AUTH_LIMIT + 1; i += 1)
      last = await client.post<ErrorBody>('/api/id/auth/login', { login: 'nobody', password: 'wrong-1' });
    expect(last!.status).toBe(429);
    expect(last!.body.error.code).toBe('TooManyRequests');
    expect(Number(last!.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});
