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
import { approveArticle, closeReviewClient } from '../support/review.ts';
import { captchaParam, errorCode, typedApi, type BodyOf } from '../support/typed-api.ts';
import type { Schemas } from '@pencraft/api-client';
import { ArticleStatus } from '@pencraft/contracts/articles/v1/articles';
import { freshRateWindow } from '../support/rate-window.ts';

let db: TestDatabase;
const apps: AppHandle[] = [];
let base: string;
const AUTH_LIMIT = 12;
let n = 0;

/** The error of a raw answer: a probe the typed client would not send (a forged header, a body outside the document). */
const rawError = (response: { body: unknown }) => (response.body as Schemas['Error']).error;
/** A fresh visitor through the typed client: no session, its own cookie jar. */
const visitor = (lang?: string) => typedApi(new ApiClient(base, lang));
const byId = (id: string) => ({ params: { path: { id } } });

/** A signed-up account, confirmed with its mailed code (only confirmed accounts write articles). */
async function signedUp(lang = 'en') {
  n += 1;
  const client = new ApiClient(base, lang);
  const registeredAt = new Date();
  const response = await typedApi(client).POST('/api/id/register', {
    body: {
      email: `gw${n}@example.az`,
      username: `gw_user_${n}`,
      fullname: `Gateway User ${n}`,
      password: 'pass-word-42',
      acceptTerms: true,
      acceptPrivacy: true,
    },
    params: { header: await captchaParam(base) },
  });
  expect(response.status).toBe(201);
  await confirmAccount(client, `gw${n}@example.az`, registeredAt);
  return { client, api: typedApi(client) };
}

const article = (title: string, extra: Schemas['Block'][] = []): BodyOf<'createArticle'> => ({
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
    const { headers } = await visitor().GET('/api/home/articles');
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
    await typedApi(client).GET('/api/csrf');
    // Raw on purpose: an emptied CSRF header, a foreign Origin and a forged cookie are what is probed.
    const missing = await client.request(
      'POST',
      '/api/id/auth/login',
      { login: 'a', password: 'b' },
      { 'x-csrf-token': '' },
    );
    expect(missing.status).toBe(403);
    expect(rawError(missing).code).toBe('ChallengeFailed');
    const foreign = await client.post(
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
    const api = typedApi(client);
    const response = await api.POST('/api/id/register', {
      body: {
        email: 'cookie@example.az',
        username: 'cookie_user',
        fullname: 'Cookie User',
        password: 'pass-word-42',
        acceptTerms: true,
        acceptPrivacy: true,
      },
      params: { header: await captchaParam(base) },
    });
    const cookie = response.headers.getSetCookie().find((c) => c.startsWith('pc_su='))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(/Max-Age=259\d{4}/); // 30 days
    expect(cookie).not.toMatch(/Secure/i);
    const info = await api.GET('/api/users/info');
    expect(Object.keys(info.data!).sort()).toEqual([
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
    expect(info.data!.cnf).toBe(false);
    expect(info.data).toMatchObject({ unm: 'cookie_user', fln: 'Cookie User', thm: 'system', lng: 'en', iul: null });
    const token = client.cookies.get('pc_su')!;
    expect((await api.POST('/api/id/out')).status).toBe(204);
    // Raw on purpose: the signed-out session's cookie is sent by hand, outside any cookie jar.
    const after = await new ApiClient(base).request('GET', '/api/users/info', undefined, {
      cookie: `pc_su=${token}`,
    });
    expect(after.status).toBe(401);
    expect(rawError(after).code).toBe('Unauthorized');
  });

  it('answers errors with the catalogue code in the language asked for', async () => {
    const messages = new Set<string>();
    for (const lang of ['az', 'en', 'ru']) {
      const response = await visitor(lang).GET('/api/articles/{id}', byId('00000000-0000-0000-0000-000000000000'));
      expect(response.status).toBe(404);
      expect(errorCode(response)).toBe('ArticleNotFound');
      messages.add(response.error!.error.message);
    }
    expect(messages.size).toBe(3);
    const invalid = await visitor('ru').POST('/api/id/register', {
      body: { email: 'x', username: '1', fullname: '', password: 'p', acceptTerms: true, acceptPrivacy: true },
      params: { header: await captchaParam(base) },
    });
    expect(invalid.status).toBe(400);
    expect(invalid.error?.error.details?.map((d) => d.field)).toEqual(['email', 'username', 'fullname', 'password']);
    expect(invalid.error?.error.details?.[0]?.message).toMatch(/[а-яА-Я]/);
  });

  it("keeps a user's draft from everyone else and lets only them publish it", async () => {
    const alice = await signedUp();
    const bob = await signedUp();
    const created = await alice.api.POST('/api/articles', { body: article('Alice draft') });
    expect(created.status).toBe(201);
    const id = created.data!.id;
    expect((await bob.api.GET('/api/articles/{id}', byId(id))).status).toBe(404);
    expect((await visitor().GET('/api/articles/{id}', byId(id))).status).toBe(404);
    expect((await bob.api.POST('/api/articles/publishing/{id}', byId(id))).status).toBe(404);
    expect((await visitor().POST('/api/articles/publishing/{id}', byId(id))).status).toBe(401);
    const submitted = await alice.api.POST('/api/articles/publishing/{id}', byId(id));
    // The test profile reviews: the article waits, still hidden, until the moderation service approves it.
    expect(submitted.data!.status).toBe('accepted');
    expect((await bob.api.GET('/api/articles/{id}', byId(id))).status).toBe(404);
    expect((await approveArticle(id)).status).toBe(ArticleStatus.ARTICLE_STATUS_PUBLISHED);
    expect((await bob.api.GET('/api/articles/{id}', byId(id))).status).toBe(200);
  });

  it('strips scripts from what it stores and serves, and finds the article through search', async () => {
    const writer = await signedUp();
    const created = await writer.api.POST('/api/articles', {
      body: article('Zanzibar <script>alert(1)</script> notes', [
        {
          type: 'paragraph',
          data: { text: 'Spice <img src=x onerror="alert(1)"> routes <a href="javascript:alert(1)">link</a>' },
        },
      ]),
    });
    const id = created.data!.id;
    await writer.api.POST('/api/articles/publishing/{id}', byId(id));
    await approveArticle(id);
    const read = await visitor().GET('/api/articles/{id}', byId(id));
    expect(JSON.stringify(read.data)).not.toMatch(/<script|onerror|javascript:/);
    const found = await eventually(async () => {
      const response = await visitor().GET('/api/strict/txt', { params: { query: { q: 'zanzibar' } } });
      return response.data!.items.length ? response.data!.items : undefined;
    });
    expect(found.map((f) => f.id)).toEqual([id]);
    const home = await visitor().GET('/api/home/articles', { params: { query: { page: 1 } } });
    expect(home.data!.items.map((i) => i.id)).toContain(id);
  });

  it('validates bodies and pages with field-level codes', async () => {
    const writer = await signedUp();
    // The gateway refuses what its schema states (a title over 150 code points); the articles service what only it
    // knows (the categories). Raw on purpose: a numeric description, a category outside the document's list and a
    // body that is not JSON are what is probed, which the typed client would not send.
    const bad = await writer.client.post('/api/articles', { ...article('x'.repeat(151)), description: 7 });
    expect(bad.status).toBe(400);
    expect(rawError(bad).details?.map((d) => `${d.field}:${d.code}`)).toEqual([
      'title:InvalidArticleTitle',
      'description:InvalidArticleDescription',
    ]);
    const unknown = await writer.client.post('/api/articles', { ...article('Fine'), category: 'astrology' });
    expect(rawError(unknown).details?.map((d) => `${d.field}:${d.code}`)).toEqual(['category:InvalidCategory']);
    expect((await writer.api.POST('/api/articles', { body: article('😀'.repeat(150)) })).status).toBe(201);
    expect(
      rawError(await writer.client.post('/api/articles', 'not json', { 'content-type': 'application/json' })).code,
    ).toBe('InvalidModel');
    expect(errorCode(await writer.api.GET('/api/home/articles', { params: { query: { page: 0 } } }))).toBe(
      'InvalidPage',
    );
    expect(errorCode(await writer.api.GET('/api/strict/txt', { params: { query: { q: '' } } }))).toBe('NullOrEmpty');
    // Raw on purpose: a route the document does not have.
    expect((await writer.client.get('/api/no/such/route')).status).toBe(404);
  });

  it("continues the caller's trace through gRPC into the event it publishes", async () => {
    const writer = await signedUp();
    const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
    const traceparent = `00-${traceId}-00f067aa0ba902b7-01`;
    const created = await writer.api.POST('/api/articles', { body: article('Traced article') });
    const id = created.data!.id;
    await writer.api.POST('/api/articles/publishing/{id}', byId(id));
    await approveArticle(id);
    // An edit of the published article is announced for review by the publish call itself, in its transaction.
    const edit = await writer.api.POST('/api/articles/publishing/{id}/edit', byId(id));
    await writer.api.POST('/api/articles/publishing/{id}', { ...byId(edit.data!.id), headers: { traceparent } });
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
    const api = visitor();
    const document = await api.GET('/api/docs/openapi.json');
    expect(document.data!.openapi).toBe('3.0.3');
    expect(document.data!.paths).toHaveProperty(['/api/users/info']);
    const page = await api.GET('/api/docs');
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(page.data).not.toMatch(/<script>[^<]/); // scripts only by src, so the CSP holds
  });

  it('answers TooManyRequests with Retry-After once the sign-in budget is spent', async () => {
    const api = visitor();
    const signIn = () => api.POST('/api/id/auth/login', { body: { login: 'nobody', password: 'wrong-1' } });
    let last: Awaited<ReturnType<typeof signIn>> | undefined;
    await freshRateWindow(15);
    for (let i = 0; i < AUTH_LIMIT + 1; i += 1) last = await signIn();
    expect(last!.status).toBe(429);
    expect(errorCode(last!)).toBe('TooManyRequests');
    expect(Number(last!.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});
