// The partner surface end to end (issue #18), on real servers and the test stack's real Keycloak, driven through the
// example partner app (tests/partner-app, which uses only the SDK's public entries). An admin registers partner
// clients in the staff API (identity makes them in Keycloak); the app gets a client-credentials token, reads and
// searches /api/v1; it publishes a draft for a writer with the writer's personal access token, which goes through
// review (the moderation queue has it; the demo moderator approves it through the moderation API), then is readable.
// A client acting for nobody, a token without scope act and another writer's draft are refused; a revoked client and
// an expired token are refused; a client beyond its rate limit gets TooManyRequests with the RateLimit headers. The
// webhook receiver verifies deliveries with the SDK helper and refuses forged, stale and replayed ones.
import { createHmac } from 'node:crypto';
import pg from 'pg';
import { rateLimitOf } from '@pencraft/api-client/partner';
import { keycloakTokenUrl, type AppHandle } from '../../packages/devstack/src/index.ts';
import { WEBHOOK_TEST_RECEIVER_PORT } from '../../packages/devstack/src/env.ts';
import { PartnerApp, startWebhookReceiver, type WebhookReceiver } from '../partner-app/index.ts';
import { suiteFetch, useClientAddress } from '../support/client-address.ts';
import { bearer, staffToken } from '../support/keycloak.ts';
import { rememberSecret } from '../support/log-hygiene.ts';
import { decideAsModerator } from '../support/moderation.ts';
import { bareCall, personalAccessToken, registerPartnerClient, removePartnerClients } from '../support/partners.ts';
import { approveArticle, closeReviewClient } from '../support/review.ts';
import { signUp, type Person } from '../support/reader-fixtures.ts';
import {
  eventually,
  freshDatabase,
  httpBase,
  resetMessaging,
  stack,
  startService,
  type TestDatabase,
} from '../support/stack.ts';
import { typedApi } from '../support/typed-api.ts';
import { DocumentedClient as ApiClient } from './gateway-openapi.ts';
import { freshRateWindow } from '../support/rate-window.ts';

const CLIENT_ADDRESS = '127.0.0.135';
const run = Date.now().toString(36);
const WORD = `Qarabağ${run.replace(/\d/g, '')}`;

let db: TestDatabase;
let sql: pg.Pool;
const apps: AppHandle[] = [];
let base: string;
let tokenUrl: string;
let writer: Person;
let rival: Person;
let writerToken: { id: string; secret: string };
let readOnlyToken: { id: string; secret: string };
let acme: { id: string; clientId: string; secret: string };
let app: PartnerApp;
let receiver: WebhookReceiver;

const ARTICLE_TEXT =
  `${WORD} haqqında qısa bir yazı: dağların arasında səhər dumanı, çayın səsi və köhnə körpünün daşları. ` +
  'Kənddə hər kəs bir-birini tanıyır, bazarda təzə meyvə satılır, uşaqlar məktəbə gedir.';

/** A bare call of the partner surface with a bearer credential (for the refusals the SDK would not send). */
const call = (
  path: string,
  credential: string | undefined,
  init: { method?: string; headers?: Record<string, string>; body?: unknown } = {},
) => bareCall(base, path, { ...init, headers: { ...(credential ? bearer(credential) : {}), ...init.headers } });

beforeAll(async () => {
  useClientAddress(CLIENT_ADDRESS);
  await resetMessaging();
  db = await freshDatabase('partner');
  sql = new pg.Pool({ connectionString: db.url, max: 2 });
  apps.push(
    ...(await Promise.all(
      ['identity', 'articles', 'publications', 'search', 'comments', 'moderation', 'notifications'].map((name) =>
        startService(name, db.name),
      ),
    )),
  );
  apps.push(
    await startService('gateway', db.name, {
      EDGE_ROUTES: '',
      RATE_LIMIT_PER_MINUTE: '5000',
      AUTH_RATE_LIMIT_PER_MINUTE: '1000',
      PUBLIC_CACHE_SECONDS: '0',
      PARTNER_CACHE_SECONDS: '1',
    }),
  );
  base = httpBase('gateway');
  tokenUrl = keycloakTokenUrl(stack);
  [writer, rival] = await Promise.all([
    signUp(base, `pw_${run}`, 'Partner Writer', 'en'),
    signUp(base, `pr_${run}`, 'Rival Writer', 'en'),
  ]);
  [writerToken, readOnlyToken, acme] = await Promise.all([
    personalAccessToken(writer.client, 'Blog sync', ['read', 'search', 'act']),
    personalAccessToken(writer.client, 'Reader only', ['read']),
    registerPartnerClient(base, { name: `Acme News ${run}`, scopes: ['read', 'search', 'act', 'webhooks'] }),
  ]);
  app = new PartnerApp({
    baseUrl: base,
    clientId: acme.clientId,
    clientSecret: acme.secret,
    tokenUrl,
    fetch: suiteFetch,
  });
  // The app's receiver on the one address the test profile's notifications may deliver to; subscribed by the app.
  receiver = await startWebhookReceiver({ secret: () => endpointSecret, port: WEBHOOK_TEST_RECEIVER_PORT });
  const subscribed = await app.client.POST('/api/v1/webhooks', {
    body: { url: receiver.url, eventTypes: ['article.published'] },
  });
  if (subscribed.error) throw new Error(`webhook answered ${subscribed.response.status}`);
  endpointSecret = subscribed.data.secret;
  rememberSecret(endpointSecret);
});

afterAll(async () => {
  closeReviewClient();
  await receiver?.close();
  await removePartnerClients();
  await sql?.end();
  await Promise.all(apps.map((handle) => handle.stop()));
  await db?.drop();
});

let endpointSecret: string;
let publishedId: string;

describe('a partner publishing for a writer', () => {
  it('submits a draft with the personal access token: pending review, published once the moderator approves', async () => {
    const { draftId, submission } = await app.publishForWriter(writerToken.secret, {
      title: `${WORD} səhərləri`,
      description: 'Kənd həyatı',
      language: 'az',
      category: 'travel',
      content: { blocks: [{ type: 'paragraph', data: { text: ARTICLE_TEXT } }] },
    });
    expect(draftId).toMatch(/^[0-9a-f-]{36}$/);
    expect(submission.status).toBe('pendingReview');
    publishedId = submission.articleId;
    // Not on the public surface while under review.
    expect((await call(`/api/v1/articles/${publishedId}`, writerToken.secret)).code).toBe('ArticleNotFound');

    await decideAsModerator(publishedId, 'approve', '', 'article');
    const article = await app.article(publishedId);
    expect(article).toMatchObject({
      id: publishedId,
      title: `${WORD} səhərləri`,
      language: 'az',
      category: 'travel',
      author: { username: writer.username, name: 'Partner Writer' },
      paid: false,
      locked: false,
      url: `/a/${publishedId}`,
    });
    expect(JSON.stringify(article.content)).toContain(WORD);

    // The app's receiver got the signed article.published event and verified it with the SDK.
    const { webhook, raw } = await receiver.waitFor(
      (w) => w.event.type === 'article.published' && (w.event.data as { articleId?: string }).articleId === publishedId,
      20_000,
    );
    expect(webhook.event.data).toMatchObject({ articleId: publishedId, authorUsername: writer.username });
    // The same delivery again (a replay) and the delivery with another body (a forgery) are refused by the helper.
    const replay = await fetch(receiver.url, { method: 'POST', headers: raw.headers, body: raw.body });
    expect([replay.status, await replay.text()]).toEqual([400, 'replayed']);
    const forged = await fetch(receiver.url, {
      method: 'POST',
      headers: { ...raw.headers, 'webhook-id': `${raw.headers['webhook-id']}-x` },
      body: raw.body.replace(publishedId, '00000000-0000-4000-8000-000000000000'),
    });
    expect([forged.status, await forged.text()]).toEqual([400, 'badSignature']);
  });
});

describe('a partner client reading', () => {
  it('gets a client-credentials token from Keycloak and reads every read route', async () => {
    expect((await app.client.accessToken()).split('.')).toHaveLength(3);
    const latest = await app.latest('az');
    expect(latest.map((item) => item.id)).toContain(publishedId);
    expect((await app.latest('ru')).map((item) => item.id)).not.toContain(publishedId);

    const byAuthor = await app.client.GET('/api/v1/articles', {
      params: { query: { author: writer.username, category: 'travel', limit: 1 } },
    });
    expect(byAuthor.data!.items.map((item) => item.id)).toEqual([publishedId]);

    const author = await app.client.GET('/api/v1/authors/{username}', {
      params: { path: { username: writer.username } },
    });
    expect(author.data).toMatchObject({ id: writer.uid, username: writer.username, url: `/@${writer.username}` });
    const authorArticles = await app.client.GET('/api/v1/authors/{username}/articles', {
      params: { path: { username: writer.username } },
    });
    expect(authorArticles.data).toMatchObject({ items: [{ id: publishedId }], nextCursor: null });

    const categories = await app.client.GET('/api/v1/categories');
    expect(categories.data!.items).toContainEqual({ id: 'travel', name: expect.any(String) });
    const comments = await app.client.GET('/api/v1/articles/{id}/comments', { params: { path: { id: publishedId } } });
    expect(comments.data).toEqual({ items: [], total: 0, nextCursor: null });
  });

  it('answers bad input with catalogue codes, never 5xx', async () => {
    const token = await app.client.accessToken();
    expect(await call('/api/v1/articles?cursor=bm9wZQ', token)).toMatchObject({ status: 400, code: 'InvalidPage' });
    expect(await call('/api/v1/articles?category=nope', token)).toMatchObject({ status: 400, code: 'InvalidCategory' });
    expect(await call('/api/v1/articles/not-an-id', token)).toMatchObject({ status: 404, code: 'ArticleNotFound' });
    expect(await call('/api/v1/authors/nobody_here_at_all', token)).toMatchObject({
      status: 404,
      code: 'UserNotFound',
    });
    expect(await call('/api/v1/publications/no-such-pub', token)).toMatchObject({
      status: 404,
      code: 'PublicationNotFound',
    });
    expect(await call('/api/v1/search?q=', token)).toMatchObject({ status: 400 });
  });

  it('searches (scope search)', async () => {
    const hits = await eventually(
      async () => {
        const items = await app.search(WORD);
        return items.some((hit) => hit.id === publishedId) ? items : undefined;
      },
      { timeoutMs: 15_000, intervalMs: 300 },
    );
    expect(hits[0]).toMatchObject({ kind: 'article', id: publishedId, author: { username: writer.username } });
  });
});

describe('paid articles on the partner surface', () => {
  const MARKER = `Zanbaq-${run} is for paying readers only.`;
  const FILLER = 'Xəzər sahilində küləklər əsir və şəhər sakitcə yeni günə hazırlaşır, çay süfrələri açılır.';
  let paidId: string;
  let slug: string;

  beforeAll(async () => {
    const site = typedApi(writer.client);
    slug = `partner-${run}`;
    const publication = await site.POST('/api/core-publications', { body: { name: `Partner ${run}`, slug } });
    expect(publication.status).toBe(201);
    const content = {
      blocks: [
        { type: 'paragraph' as const, data: { text: `${WORD} açıq giriş.` } },
        ...Array.from({ length: 6 }, () => ({ type: 'paragraph' as const, data: { text: FILLER } })),
        { type: 'paragraph' as const, data: { text: MARKER } },
      ],
    };
    const draft = await site.POST('/api/drafts', {
      body: { title: `Paid ${run}`, language: 'en', category: 'travel', content },
    });
    const id = { params: { path: { id: draft.data!.id } } };
    const targeted = await site.PUT('/api/drafts/{id}/publication', {
      ...id,
      body: { publicationId: publication.data!.id },
    });
    const saved = await site.PUT('/api/drafts/{id}', {
      ...id,
      body: {
        title: `Paid ${run}`,
        language: 'en',
        category: 'travel',
        audience: 'paid',
        version: targeted.data!.version,
        content,
      },
    });
    expect(saved.data?.audience).toBe('paid');
    const submitted = await site.POST('/api/articles/publishing/{id}', id);
    paidId = submitted.data!.id;
    await approveArticle(paidId);
  });

  it('answers a client alone and an outsider the teaser, and the user the credential acts for in full', async () => {
    const alone = await app.article(paidId);
    expect(alone).toMatchObject({ paid: true, locked: true });
    expect(JSON.stringify(alone.content)).not.toContain(`Zanbaq-${run}`);

    const outsider = await personalAccessToken(rival.client, 'Outsider', ['read']);
    const theirs = await call(`/api/v1/articles/${paidId}`, outsider.secret);
    expect(theirs.body).toMatchObject({ locked: true });
    expect(JSON.stringify(theirs.body)).not.toContain(`Zanbaq-${run}`);

    // The author may read it in full: with their own token, and through a client acting with it.
    const own = await call(`/api/v1/articles/${paidId}`, writerToken.secret);
    expect(own.body).toMatchObject({ paid: true, locked: false });
    expect(JSON.stringify(own.body)).toContain(`Zanbaq-${run}`);
    const acting = await call(`/api/v1/articles/${paidId}`, await app.client.accessToken(), {
      headers: { 'pencraft-acting-token': writerToken.secret },
    });
    expect(acting.body).toMatchObject({ locked: false });

    const publication = await app.client.GET('/api/v1/publications/{slug}', { params: { path: { slug } } });
    expect(publication.data).toMatchObject({ slug, name: `Partner ${run}`, subscribers: 0 });
  });
});

describe('acting for a writer', () => {
  it('is Forbidden to a client acting for nobody and to a token without scope act', async () => {
    expect(await call('/api/v1/drafts', await app.client.accessToken())).toMatchObject({
      status: 403,
      code: 'Forbidden',
    });
    expect(await call('/api/v1/drafts', readOnlyToken.secret)).toMatchObject({ status: 403, code: 'Forbidden' });
    expect(await call('/api/v1/search?q=x', readOnlyToken.secret)).toMatchObject({ status: 403, code: 'Forbidden' });
    expect(await call('/api/v1/drafts', undefined)).toMatchObject({ status: 401, code: 'Unauthorized' });
  });

  it("never reaches another writer's drafts", async () => {
    const theirs = await rival.client.post<{ id: string }>('/api/drafts', { title: 'Mine only' });
    expect(theirs.status).toBe(201);
    const path = `/api/v1/drafts/${theirs.body.id}`;
    expect(await call(path, writerToken.secret)).toMatchObject({ status: 404, code: 'DraftNotFound' });
    const put = await call(path, writerToken.secret, {
      method: 'PUT',
      body: { title: 'x', version: 1 },
    });
    expect(put.status).toBe(404);
    expect(await call(`${path}/publish`, writerToken.secret, { method: 'POST' })).toMatchObject({ status: 404 });
    const mine = await call('/api/v1/drafts', writerToken.secret);
    expect(JSON.stringify(mine.body)).not.toContain(theirs.body.id);
  });
});

describe('refused credentials and limits', () => {
  it('refuses an expired personal access token', async () => {
    const expiring = await personalAccessToken(writer.client, 'Expiring', ['read']);
    await sql.query("update identity.access_tokens set expires_at = now() - interval '1 second' where id = $1", [
      expiring.id,
    ]);
    expect(await call('/api/v1/categories', expiring.secret)).toMatchObject({ status: 401, code: 'TokenRejected' });
  });

  it('refuses a revoked client within seconds, its live token included', async () => {
    const doomed = await registerPartnerClient(base, { name: `Doomed ${run}`, scopes: ['read'] });
    const partner = new PartnerApp({
      baseUrl: base,
      clientId: doomed.clientId,
      clientSecret: doomed.secret,
      tokenUrl,
      fetch: suiteFetch,
    });
    const token = await partner.client.accessToken();
    expect((await call('/api/v1/categories', token)).status).toBe(200);
    const revoked = await typedApi(new ApiClient(base, 'en')).POST('/api/staff/partners/{id}/revoke', {
      params: { path: { id: doomed.id } },
      headers: bearer(await staffToken('admin')),
    });
    expect(revoked.status).toBe(200);
    const refused = await eventually(
      async () => {
        const answer = await call('/api/v1/categories', token);
        return answer.status === 401 ? answer : undefined;
      },
      { timeoutMs: 10_000, intervalMs: 250 },
    );
    expect(refused.code).toBe('TokenRejected');
    // Through the SDK: the cached token is refused (and dropped), and Keycloak issues the client no new one.
    const stale = await partner.client.GET('/api/v1/categories');
    expect([stale.response.status, stale.error?.error.code]).toEqual([401, 'TokenRejected']);
    const again = await partner.client.GET('/api/v1/categories').then(
      () => 'issued',
      (error: Error) => error.name,
    );
    expect(again).toBe('PartnerAuthError');
  });

  it('answers a client beyond its rate limit TooManyRequests, with the RateLimit headers', async () => {
    const tiny = await registerPartnerClient(base, { name: `Tiny ${run}`, scopes: ['read'], rateLimitPerMinute: 3 });
    const partner = new PartnerApp({
      baseUrl: base,
      clientId: tiny.clientId,
      clientSecret: tiny.secret,
      tokenUrl,
      fetch: suiteFetch,
    });
    const answers = [];
    // Four requests within one window (its first also fetches the token).
    await freshRateWindow(10);
    for (let i = 0; i < 4; i++) answers.push(await partner.client.GET('/api/v1/categories'));
    expect(answers.map((answer) => answer.response.status)).toEqual([200, 200, 200, 429]);
    expect(rateLimitOf(answers[0]!.response).limits[0]).toMatchObject({ name: 'minute', remaining: 2 });
    const limited = answers[3]!;
    expect(limited.error?.error.code).toBe('TooManyRequests');
    const info = rateLimitOf(limited.response);
    expect(info.policies).toContainEqual({ name: 'minute', quota: 3, windowSeconds: 60 });
    expect(info.limits[0]).toMatchObject({ name: 'minute', remaining: 0 });
    expect(info.retryAfterSeconds).toBeGreaterThan(0);
  });
});

describe('the webhook receiver', () => {
  const body = () =>
    JSON.stringify({ type: 'article.published', timestamp: new Date().toISOString(), data: { id: publishedId } });
  const deliver = (headers: Record<string, string>, payload: string) =>
    fetch(receiver.url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: payload });
  const signed = (id: string, payload: string, at = new Date(), secret = endpointSecret) => ({
    'webhook-id': id,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    // Signed by the Standard Webhooks rule itself (not by the library the SDK uses): v1, base64 HMAC-SHA256 of
    // "id.timestamp.body" with the secret's bytes.
    'webhook-signature': `v1,${createHmac('sha256', Buffer.from(secret.slice('whsec_'.length), 'base64'))
      .update(`${id}.${Math.floor(at.getTime() / 1000)}.${payload}`)
      .digest('base64')}`,
  });

  it('accepts a signed delivery once and refuses its replay, a forged one and a stale one', async () => {
    const payload = body();
    const headers = signed(`msg_${run}`, payload);
    expect((await deliver(headers, payload)).status).toBe(204);
    const replay = await deliver(headers, payload);
    expect([replay.status, await replay.text()]).toEqual([400, 'replayed']);
    const forgedSecret = `whsec_${Buffer.from('not-the-endpoint-secret-32-bytes').toString('base64')}`;
    const forged = await deliver(signed(`msg_f_${run}`, payload, new Date(), forgedSecret), payload);
    expect([forged.status, await forged.text()]).toEqual([400, 'badSignature']);
    const tampered = await deliver(signed(`msg_t_${run}`, payload), payload.replace('published', 'removed'));
    expect([tampered.status, await tampered.text()]).toEqual([400, 'badSignature']);
    const stale = await deliver(signed(`msg_s_${run}`, payload, new Date(Date.now() - 10 * 60_000)), payload);
    expect([stale.status, await stale.text()]).toEqual([400, 'staleTimestamp']);
    expect(
      receiver.deliveries.filter((delivery) => delivery.ok && delivery.webhook.id.startsWith('msg_')),
    ).toHaveLength(1);
  });
});
