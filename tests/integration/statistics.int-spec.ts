// Article statistics and first-party analytics through the gateway on real servers (identity, articles, gateway;
// PostgreSQL, Redis, NATS): page views counted without any cookie while there is no consent (unique visitors from a
// daily-salted hash), the analytics cookies only with consent and expired when it is withdrawn, reads, the flush from
// Redis to PostgreSQL that adds a batch once even when it is found again after a crash, the counts that survive a
// killed articles process and reach PostgreSQL at a graceful stop, the analytics rate limit, and that nobody reads
// the statistics of an article they do not (co-)write by changing the id.
import { ArticleStatus, ArticlesServiceClient, ArticlesServiceService } from '@pencraft/contracts/articles/v1/articles';
import { createGrpcClient, type PromiseClient } from '@pencraft/kit';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { createClient } from 'redis';
import type { AppHandle } from '../../packages/devstack/src/index.ts';
import { rememberSecret } from '../support/log-hygiene.ts';
import { approveArticle, closeReviewClient } from '../support/review.ts';
import {
  eventually,
  freshDatabase,
  grpcAddress,
  httpBase,
  redisUrl,
  resetMessaging,
  stack,
  startService,
  type TestDatabase,
} from '../support/stack.ts';
import { captchaParam, errorCode, typedApi } from '../support/typed-api.ts';
import { DocumentedClient as ApiClient } from './gateway-openapi.ts';
import type { Schemas } from '@pencraft/api-client';
import { Language } from '@pencraft/contracts/common/v1/common';
import { freshRateWindow } from '../support/rate-window.ts';

interface Account {
  client: ApiClient;
  uid: string;
  username: string;
}

const ANALYTICS_LIMIT = 60;
const FLUSH_ENV = { STATISTICS_FLUSH_INTERVAL_MS: '300' };

let db: TestDatabase;
let sql: pg.Pool;
let redis: ReturnType<typeof createClient>;
let identity: AppHandle;
let articles: AppHandle;
let gateway: AppHandle;
let grpc: PromiseClient<ArticlesServiceClient>;
let base: string;
let author: Account;
let reader: Account;
let coAuthor: Account;
let article: string;
let readersArticle: string;
let seq = 0;
const run = Date.now().toString(36);
const text = 'Bakıda payız gələndə küləklər şəhəri təmizləyir, insanlar isə çay süfrəsi ətrafında toplaşır.';

async function signUp(): Promise<Account> {
  seq += 1;
  const account = { email: `stats${seq}.${run}@example.az`, username: `stats_${run}_${seq}`, password: 'stats-pass-7' };
  const client = new ApiClient(base);
  const response = await typedApi(client).POST('/api/id/register', {
    body: { ...account, fullname: `Stats User ${seq}`, acceptTerms: true, acceptPrivacy: true },
    params: { header: await captchaParam(base) },
  });
  expect(response.status).toBe(201);
  return { client, uid: response.data!.uid, username: account.username };
}

/** A published article of `owner`: written, submitted and approved as the moderation service will. */
async function publishedArticle(owner: Account): Promise<string> {
  const { article: created } = await grpc.createArticle({
    author: { uid: owner.uid, username: owner.username, fullname: 'Stats Author', imageUrl: '' },
    title: `Statistika ${seq}`,
    description: '',
    language: Language.LANGUAGE_AZ,
    category: 'culture',
    subCategories: [],
    contentJson: JSON.stringify({ blocks: [{ type: 'paragraph', data: { text } }] }),
  });
  const { article: submitted } = await grpc.publishArticle({ articleId: created!.id, actorUid: owner.uid });
  if (submitted!.status !== ArticleStatus.ARTICLE_STATUS_PUBLISHED) await approveArticle(submitted!.id);
  return submitted!.id;
}

/** A visitor as the browser is one: its own cookies and its own user agent. */
function visitor(userAgent: string, client = new ApiClient(base)) {
  const headers = { 'user-agent': userAgent };
  return {
    client,
    pv: (body: Schemas['PageViewReport']) => typedApi(client).POST('/api/analytics/pv', { body, headers }),
    read: (body: Schemas['ReadReport']) => typedApi(client).POST('/api/analytics/read', { body, headers }),
    /** Raw on purpose: a report the document refuses (an unknown field). */
    readRaw: (body: object) => client.post('/api/analytics/read', body, headers),
  };
}

const cookiesSet = (headers: Headers) =>
  headers
    .getSetCookie()
    .map((line) => line.split(';')[0]!)
    .filter((pair) => /^pc_a(id|s)=/.test(pair));

async function statsOf(client: ApiClient, id: string, days = 30) {
  return typedApi(client).GET('/api/articles/{id}/stats', { params: { path: { id }, query: { days } } });
}

/** Polls the author's statistics until they satisfy `done` (the flush runs every 300 ms here). */
function statsWhen(id: string, done: (s: Schemas['ArticleStatistics']) => boolean) {
  return eventually(async () => {
    const { data } = await statsOf(author.client, id);
    return data && done(data) ? data : undefined;
  });
}

beforeAll(async () => {
  await resetMessaging();
  db = await freshDatabase('statistics');
  sql = new pg.Pool({ connectionString: db.url, max: 2 });
  redis = createClient({ url: redisUrl(stack) });
  await redis.connect();
  [identity, articles] = await Promise.all([
    startService('identity', db.name),
    startService('articles', db.name, FLUSH_ENV),
  ]);
  gateway = await startService('gateway', db.name, {
    EDGE_ROUTES: '',
    AUTH_RATE_LIMIT_PER_MINUTE: '1000',
    ANALYTICS_RATE_LIMIT_PER_MINUTE: String(ANALYTICS_LIMIT),
  });
  base = httpBase('gateway');
  grpc = createGrpcClient(ArticlesServiceClient, ArticlesServiceService, grpcAddress('articles'));
  author = await signUp();
  reader = await signUp();
  coAuthor = await signUp();
  article = await publishedArticle(author);
  readersArticle = await publishedArticle(reader);
});

afterAll(async () => {
  closeReviewClient();
  grpc?.close();
  await Promise.all([gateway, articles, identity].filter(Boolean).map((app) => app.stop()));
  await redis?.close();
  await sql?.end();
  await db?.drop();
});

describe('page views and reads', () => {
  it('counts views without consent and without any analytics cookie, unique visitors by a daily hash', async () => {
    const firefox = visitor('Mozilla/5.0 Firefox/140.0');
    for (let i = 0; i < 3; i += 1) {
      const response = await firefox.pv({ path: `/a/${article}` });
      expect(response.status).toBe(204);
      expect(cookiesSet(response.headers)).toEqual([]);
    }
    const safari = visitor('Mozilla/5.0 Safari/18.0');
    expect((await safari.pv({ path: '/', articleId: article, consent: false })).status).toBe(204);
    // A signed-in user counts as a platform user's view, still without cookies.
    const signedIn = visitor('Mozilla/5.0 Chrome/150.0', reader.client);
    const response = await signedIn.pv({ path: `/a/${article}` });
    expect(response.status).toBe(204);
    expect(cookiesSet(response.headers)).toEqual([]);
    // A page that is no article counts for the site only.
    expect((await firefox.pv({ path: '/@someone' })).status).toBe(204);

    const stats = await statsWhen(article, (s) => s.views.total === 5);
    expect(stats.views).toEqual({ total: 5, users: 1, unique: 3 });
    expect(stats.daily).toHaveLength(30);
    expect(stats.daily.at(-1)).toEqual({ date: new Date().toISOString().slice(0, 10), views: 5, reads: 0 });
    // Nothing personal reaches Redis or PostgreSQL: only counters, HyperLogLogs and the day's salt.
    const keys = await redis.keys('st:*');
    expect(keys.some((key) => /firefox|safari|127\.0\.0\.1/i.test(key))).toBe(false);
    // What is kept of visitors (unique counts, the day's salt) expires: an article's after 90 days without a view.
    const visitorKeys = [...keys.filter((key) => /^st:(uv|suv):/.test(key)), ...(await redis.keys('gw:an:salt:*'))];
    expect(visitorKeys).toContain(`st:uv:${article}`);
    for (const key of visitorKeys) expect(await redis.ttl(key)).toBeGreaterThan(0);
    expect(await redis.ttl(`st:uv:${article}`)).toBeGreaterThan(89 * 86_400);
    const site = await eventually(async () => {
      const { rows } = await sql.query('select views::int, user_views::int from articles.site_daily_stats');
      return rows[0]?.views === 6 ? rows : undefined;
    });
    expect(site).toEqual([{ views: 6, user_views: 1 }]);
  });

  it('sets pc_aid (1 year) and pc_as (60 days) only with consent, and expires them when consent goes', async () => {
    const edge = visitor('Mozilla/5.0 Edg/150.0');
    const first = await edge.pv({ path: `/a/${article}`, consent: true });
    expect(first.status).toBe(204);
    const lines = first.headers.getSetCookie();
    const aid = lines.find((line) => line.startsWith('pc_aid='))!;
    const session = lines.find((line) => line.startsWith('pc_as='))!;
    expect(aid).toMatch(/Max-Age=31536000/);
    expect(session).toMatch(/Max-Age=5184000/);
    for (const line of [aid, session]) expect(line).toMatch(/HttpOnly/i);
    const visitorId = edge.client.cookies.get('pc_aid')!;
    rememberSecret(visitorId, edge.client.cookies.get('pc_as')!);

    // The same visitor again: the id stays, the session is renewed.
    const second = await edge.pv({ path: `/a/${article}`, consent: true });
    expect(cookiesSet(second.headers)).toEqual([`pc_as=${edge.client.cookies.get('pc_as')}`]);
    expect(edge.client.cookies.get('pc_aid')).toBe(visitorId);

    // Declined later: the next report expires both, and so does the consent route.
    const declined = await edge.pv({ path: '/', consent: false });
    expect(
      declined.headers.getSetCookie().filter((l) => /^pc_a(id|s)=;/.test(l) && /Expires=Thu, 01 Jan 1970/.test(l)),
    ).toHaveLength(2);
    expect(edge.client.cookies.has('pc_aid')).toBe(false);
    const again = visitor('Mozilla/5.0 Edg/150.0');
    await again.pv({ path: '/', consent: true });
    expect(again.client.cookies.has('pc_aid')).toBe(true);
    const withdrawn = await typedApi(again.client).DELETE('/api/analytics/consent');
    expect(withdrawn.status).toBe(204);
    expect(again.client.cookies.has('pc_aid')).toBe(false);
    expect(again.client.cookies.has('pc_as')).toBe(false);

    // Two views of one consenting visitor are one unique visitor more.
    const stats = await statsWhen(article, (s) => s.views.total === 7);
    expect(stats.views.unique).toBe(4);
  });

  it('counts a read after 30 seconds or at the end, once per visitor and day', async () => {
    const firefox = visitor('Mozilla/5.0 Firefox/140.0');
    expect((await firefox.read({ articleId: article, seconds: 10 })).status).toBe(204);
    expect((await firefox.read({ articleId: article, seconds: 45 })).status).toBe(204);
    expect((await firefox.read({ articleId: article, seconds: 400 })).status).toBe(204);
    const safari = visitor('Mozilla/5.0 Safari/18.0');
    expect((await safari.read({ articleId: article, seconds: 5, finished: true })).status).toBe(204);
    const stats = await statsWhen(article, (s) => s.reads === 2);
    expect(stats.averageReadSeconds).toBe(25);
    expect(stats.daily.at(-1)!.reads).toBe(2);
    // The marks that keep a read from counting twice expire a little after their day.
    const marks = await redis.keys(`st:rd:${article}:*`);
    expect(marks).toHaveLength(2);
    for (const mark of marks) expect(await redis.ttl(mark)).toBeGreaterThan(24 * 3_600);
    // Refused before counting: a bad id, a negative time, an unknown field (raw: the last is not a ReadReport).
    for (const body of [
      { articleId: 'nope', seconds: 40 },
      { articleId: article, seconds: -1 },
      { articleId: article, seconds: 40, who: 'me' },
    ]) {
      const response = await firefox.readRaw(body);
      expect(response.status).toBe(400);
    }
    expect((await firefox.pv({ path: 'https://evil.example/a' })).status).toBe(400);
    expect((await firefox.pv({ path: '/reset?token=abc' })).status).toBe(400);
  });
});

describe('the flush', () => {
  it('adds a batch found again after a crash once, and forgets made-up article ids', async () => {
    const before = (await statsWhen(article, () => true)).views.total;
    const day = new Date().toISOString().slice(0, 10);
    // A batch a crashed flush had applied (its id is recorded) but not yet forgotten in Redis…
    await sql.query('insert into articles.statistics_flushes (batch_id) values ($1)', ['crashed-after-commit']);
    await redis.hSet('st:batch:crashed-after-commit', `a:${article}:${day}:v`, '100');
    await redis.sAdd('st:batches', 'crashed-after-commit');
    // …and one claimed but never applied (the process died before the commit).
    const madeUp = randomUUID();
    await redis.pfAdd(`st:uv:${madeUp}`, 'h:someone');
    await redis.hSet('st:batch:crashed-before-commit', {
      [`a:${article}:${day}:v`]: '2',
      [`a:${madeUp}:${day}:v`]: '9',
    });
    await redis.sAdd('st:batches', 'crashed-before-commit');

    await eventually(async () => ((await redis.sCard('st:batches')) === 0 ? true : undefined));
    const stats = await statsWhen(article, (s) => s.views.total >= before + 2);
    expect(stats.views.total).toBe(before + 2);
    const applied = await sql.query('select batch_id from articles.statistics_flushes where batch_id like $1', [
      'crashed-%',
    ]);
    expect(applied.rows.map((r) => r.batch_id).sort()).toEqual(['crashed-after-commit', 'crashed-before-commit']);
    expect(await redis.exists(`st:uv:${madeUp}`)).toBe(0);
    const stored = await sql.query(
      'select count(*)::int as n from articles.article_daily_stats where article_id = $1',
      [madeUp],
    );
    expect(stored.rows[0].n).toBe(0);
  });

  it('keeps counts across a killed articles process and flushes them at a graceful stop', async () => {
    const before = (await statsWhen(article, () => true)).views.total;
    // Counted while no flush can run for a long time…
    await articles.stop();
    articles = await startService('articles', db.name, { STATISTICS_FLUSH_INTERVAL_MS: '600000' });
    const chrome = visitor('Mozilla/5.0 Chrome/151.0');
    await chrome.pv({ path: `/a/${article}` });
    await chrome.pv({ path: `/a/${article}` });
    // …then the process is killed: the counts wait in Redis.
    await articles.kill();
    const rows = await sql.query(
      'select coalesce(sum(views), 0)::int as v from articles.article_daily_stats where article_id = $1',
      [article],
    );
    expect(rows.rows[0].v).toBe(before);
    // A new process, which only flushes when it stops: the graceful stop moves them to PostgreSQL.
    articles = await startService('articles', db.name, { STATISTICS_FLUSH_INTERVAL_MS: '600000' });
    await chrome.pv({ path: `/a/${article}` });
    await articles.stop();
    const after = await sql.query(
      'select coalesce(sum(views), 0)::int as v from articles.article_daily_stats where article_id = $1',
      [article],
    );
    expect(after.rows[0].v).toBe(before + 3);
    articles = await startService('articles', db.name, FLUSH_ENV);
  });
});

describe('who reads statistics', () => {
  it('lets the author read them, and nobody else by changing the id', async () => {
    expect((await statsOf(author.client, article)).status).toBe(200);
    expect((await statsOf(reader.client, readersArticle)).status).toBe(200);

    // Another author's article, an unknown one, a malformed id, a visitor.
    for (const [client, id, status, code] of [
      [reader.client, article, 404, 'ArticleNotFound'],
      [author.client, readersArticle, 404, 'ArticleNotFound'],
      [coAuthor.client, article, 404, 'ArticleNotFound'],
      [author.client, randomUUID(), 404, 'ArticleNotFound'],
      [author.client, 'not-an-id', 400, 'InvalidIdentifier'],
      [new ApiClient(base), article, 401, 'Unauthorized'],
    ] as const) {
      const response = await statsOf(client, id);
      expect([response.status, errorCode(response)]).toEqual([status, code]);
    }
    expect((await statsOf(author.client, article, 0)).status).toBe(400);
    expect((await statsOf(author.client, article, 366)).status).toBe(400);
  });

  it('lets an accepted co-author read them, and not one still invited', async () => {
    // The invitation as the collaboration flow leaves it (helper H's routes), pending first.
    await sql.query(
      `insert into articles.co_author_invitations (article_id, inviter_uid, invitee_uid, status) values ($1, $2, $3, 'pending')`,
      [article, author.uid, coAuthor.uid],
    );
    expect((await statsOf(coAuthor.client, article)).status).toBe(404);
    await sql.query(`update articles.co_author_invitations set status = 'accepted' where invitee_uid = $1`, [
      coAuthor.uid,
    ]);
    const response = await statsOf(coAuthor.client, article, 7);
    expect(response.status).toBe(200);
    expect(response.data!.daily).toHaveLength(7);
    expect((await statsOf(coAuthor.client, readersArticle)).status).toBe(404);
  });
});

describe('engagement in the statistics', () => {
  it("shows the article's votes and bookmarks as the engagement counters hold them", async () => {
    // The counters as votes and bookmarks leave them (helper B's engagement row, kept with each vote and bookmark).
    await sql.query(
      `insert into articles.article_engagement (article_id, author_id, category, published_at, up_votes, down_votes, bookmarks)
       values ($1, $2, 'culture', now(), 2, 1, 3)
       on conflict (article_id) do update set up_votes = 2, down_votes = 1, bookmarks = 3`,
      [article, author.uid],
    );
    const response = await statsOf(author.client, article);
    expect(response.data).toMatchObject({ votes: { up: 2, down: 1 }, bookmarks: 3, comments: 0 });
  });
});

describe('limits', () => {
  it('limits analytics reports per address on a budget of their own', async () => {
    const firefox = visitor('Mozilla/5.0 Firefox/140.0');
    let limited: Awaited<ReturnType<typeof firefox.pv>> | undefined;
    // The budget is a fixed minute: all 61 reports within one.
    await freshRateWindow(30);
    for (let i = 0; i <= ANALYTICS_LIMIT && !limited; i += 1) {
      const response = await firefox.pv({ path: '/' });
      if (response.status === 429) limited = response;
      else expect(response.status).toBe(204);
    }
    expect(limited?.status).toBe(429);
    expect(errorCode(limited!)).toBe('TooManyRequests');
    expect(Number(limited!.headers.get('retry-after'))).toBeGreaterThan(0);
    // The reader's API budget is untouched.
    expect((await statsOf(author.client, article)).status).toBe(200);
  });
});
