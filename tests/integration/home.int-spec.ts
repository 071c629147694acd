// The home page through the gateway on real servers (identity, articles, publications, gateway; PostgreSQL, Redis,
// NATS), issue #17: the all tab by cursor with the reader's language first and a translation in it instead of its
// original, paged to the end with no card twice and none missing while new articles arrive; the following tab with
// only the followed users, categories and subscribed publications; suggestions from the categories followed and
// read, without what the reader follows or wrote; bad cursors and tabs refused with catalogue codes; trending that
// moves as votes arrive; category pins, a category's overview and follow suggestions; and the plans of a deep page
// (an index range from the cursor, never an offset).
import { ArticleStatus, ArticlesServiceClient, ArticlesServiceService } from '@pencraft/contracts/articles/v1/articles';
import { Language } from '@pencraft/contracts/common/v1/common';
import { createGrpcClient, type PromiseClient } from '@pencraft/kit';
import type { Schemas } from '@pencraft/api-client';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { AppHandle } from '../../packages/devstack/src/index.ts';
import { confirmAccount } from '../support/accounts.ts';
import { approveArticle, closeReviewClient } from '../support/review.ts';
import {
  eventually,
  freshDatabase,
  grpcAddress,
  httpBase,
  resetMessaging,
  startService,
  type TestDatabase,
} from '../support/stack.ts';
import { captchaParam, typedApi, type TypedApi } from '../support/typed-api.ts';
import { DocumentedClient as ApiClient } from './gateway-openapi.ts';

interface Account {
  client: ApiClient;
  api: TypedApi;
  uid: string;
  username: string;
}
type Tab = 'all' | 'following' | 'suggestions';

let db: TestDatabase;
let sql: pg.Pool;
const apps: AppHandle[] = [];
let grpc: PromiseClient<ArticlesServiceClient>;
let base: string;
let seq = 0;
const run = Date.now().toString(36);
const text = 'Bakıda payız gələndə küləklər şəhəri təmizləyir, insanlar isə çay süfrəsi ətrafında toplaşır.';

let ayla: Account; // followed by the reader
let bora: Account; // not followed
let cahan: Account; // owns the publication
let reader: Account;
let fan: Account;
let publicationId: string;
const ids: Record<string, string> = {};

const byId = <Id extends string>(id: Id) => ({ params: { path: { id } } });
const codeOf = (response: { error?: Schemas['Error'] }) => response.error?.error.code;
const visitor = (lang = 'az') => typedApi(new ApiClient(base, lang));

async function signUp(): Promise<Account> {
  seq += 1;
  const account = { email: `home${seq}.${run}@example.az`, username: `home_${run}_${seq}`, password: 'home-pass-7' };
  const client = new ApiClient(base, 'az');
  const api = typedApi(client);
  const response = await api.POST('/api/id/register', {
    body: { ...account, fullname: `Home User ${seq}`, acceptTerms: true, acceptPrivacy: true },
    params: { header: await captchaParam(base) },
  });
  expect(response.status).toBe(201);
  await confirmAccount(client, account.email);
  return { client, api, uid: response.data!.uid, username: account.username };
}

/** A published article: written, submitted and approved as the moderation service will. */
async function published(
  owner: Account,
  title: string,
  category: string,
  language = Language.LANGUAGE_AZ,
  publication?: string,
): Promise<string> {
  const { article: created } = await grpc.createArticle({
    ...(publication ? { publicationId: publication } : {}),
    author: { uid: owner.uid, username: owner.username, fullname: 'Home Author', imageUrl: '' },
    title,
    description: '',
    language,
    category,
    subCategories: [],
    contentJson: JSON.stringify({ blocks: [{ type: 'paragraph', data: { text } }] }),
  });
  const { article: submitted } = await grpc.publishArticle({ articleId: created!.id, actorUid: owner.uid });
  if (submitted!.status !== ArticleStatus.ARTICLE_STATUS_PUBLISHED) await approveArticle(submitted!.id);
  await eventually(async () => {
    const { rows } = await sql.query('select 1 from articles.article_engagement where article_id = $1', [created!.id]);
    return rows.length ? true : undefined;
  });
  return created!.id;
}

/**
 * Copies of a published article (seeded in SQL: the list only reads rows), each `minutes` apart going back from
 * `from`, with their engagement rows. `changes` sets columns of the copies (a language, a translation's original).
 */
async function copies(of: string, count: number, from: Date, changes: Record<string, string> = {}) {
  const made: string[] = [];
  for (let index = 0; index < count; index += 1) {
    const id = randomUUID();
    const at = new Date(from.getTime() - index * 60_000).toISOString();
    await sql.query(
      `insert into articles.articles
       select (jsonb_populate_record(null::articles.articles,
               to_jsonb(a) || jsonb_build_object('id', $1::uuid, 'published_at', $3::timestamptz) || $4::jsonb)).*
         from articles.articles a where a.id = $2`,
      [id, of, at, JSON.stringify({ title: `Copy ${index}`, ...changes })],
    );
    made.push(id);
  }
  await sql.query(
    `insert into articles.article_engagement
            (article_id, author_id, category, language, publication_id, translation_of, published_at)
     select id, author_id, category, language, publication_id, translation_of, published_at
       from articles.articles where id = any($1::uuid[])`,
    [made],
  );
  return made;
}

const home = (api: TypedApi, tab: Tab, cursor?: string) =>
  api.GET('/api/home/articles', { params: { query: { tab, ...(cursor === undefined ? {} : { cursor }) } } });

/** Every page of a list from its top, each page's cards in order; `between` runs after the first page. */
async function allPages(api: TypedApi, tab: Tab, between?: () => Promise<void>) {
  const seen: string[] = [];
  let cursor: string | undefined;
  for (let pages = 0; pages < 50; pages += 1) {
    const page = await home(api, tab, cursor);
    expect(page.status).toBe(200);
    seen.push(...page.data!.items.map((card) => card.id));
    if (pages === 0) await between?.();
    if (!page.data!.nextCursor) return seen;
    expect(page.data!.hasMore).toBe(true);
    cursor = page.data!.nextCursor;
  }
  throw new Error('the list never ended');
}

/** The published articles as the all tab must order them for a reader of `lang` (straight from the tables). */
async function expectedAll(lang: string) {
  const { rows } = await sql.query<{ id: string }>(
    `select a.id from articles.articles a
      where a.status = 'published' and (a.language = $1 or (a.translation_of is null and not exists (
            select 1 from articles.articles t where t.translation_of = a.id and t.language = $1 and t.status = 'published')))
      order by (a.language = $1) desc, a.published_at desc, a.id desc`,
    [lang],
  );
  return rows.map((row) => row.id);
}

beforeAll(async () => {
  await resetMessaging();
  db = await freshDatabase('home');
  sql = new pg.Pool({ connectionString: db.url, max: 2 });
  apps.push(
    ...(await Promise.all([
      startService('identity', db.name),
      // Reads reach trending with each statistics flush: often here.
      startService('articles', db.name, { STATISTICS_FLUSH_INTERVAL_MS: '300' }),
      startService('publications', db.name),
    ])),
  );
  apps.push(
    await startService('gateway', db.name, {
      EDGE_ROUTES: '',
      AUTH_RATE_LIMIT_PER_MINUTE: '1000',
      RATE_LIMIT_PER_MINUTE: '5000',
      PUBLIC_CACHE_SECONDS: '0',
    }),
  );
  base = httpBase('gateway');
  grpc = createGrpcClient(ArticlesServiceClient, ArticlesServiceService, grpcAddress('articles'));
  [ayla, bora, cahan, reader, fan] = await Promise.all([signUp(), signUp(), signUp(), signUp(), signUp()]);
  const created = await cahan.api.POST('/api/core-publications', {
    body: { name: `Home Jurnal ${run}`, slug: `home-${run}` },
  });
  expect(created.status).toBe(201);
  publicationId = created.data!.id;
  const [aylaTech, boraCultureEn, boraHistory, cahanScience, readerOwn] = await Promise.all([
    published(ayla, 'Aylanın texnologiyası', 'tech'),
    published(bora, "Bora's culture", 'culture', Language.LANGUAGE_EN),
    published(bora, 'Boranın tarixi', 'history'),
    published(cahan, 'Jurnalda elm', 'science', Language.LANGUAGE_AZ, publicationId),
    published(reader, 'Oxucunun öz yazısı', 'history'),
  ]);
  Object.assign(ids, { aylaTech, boraCultureEn, boraHistory, cahanScience, readerOwn });
  // bora's English culture article has an Azerbaijani translation: an az reader sees the translation instead.
  const [translation] = await copies(boraCultureEn, 1, new Date(), {
    language: 'az',
    translation_of: boraCultureEn,
    title: 'Boranın mədəniyyəti (tərcümə)',
  });
  ids.translation = translation!;
  // Depth for paging: 30 older az and 14 older ru programming articles of bora.
  await copies(boraHistory, 30, new Date(Date.now() - 3_600_000), { category: 'programming' });
  await copies(boraHistory, 14, new Date(Date.now() - 2 * 3_600_000), { category: 'programming', language: 'ru' });
}, 60_000);

afterAll(async () => {
  grpc?.close();
  closeReviewClient();
  await Promise.all(apps.map((app) => app.stop()));
  await sql?.end();
  await db?.drop();
});

describe('the all tab', () => {
  it("pages by cursor to the end: the reader's language first, a translation instead of its original", async () => {
    const az = await expectedAll('az');
    expect(az).toContain(ids.translation);
    expect(az).not.toContain(ids.boraCultureEn);
    expect(await allPages(visitor('az'), 'all')).toEqual(az);
    const en = await allPages(visitor('en'), 'all');
    expect(en).toEqual(await expectedAll('en'));
    expect(en[0]).toBe(ids.boraCultureEn);
    expect(en).not.toContain(ids.translation);
    const first = await home(visitor('ru'), 'all');
    const languages = first.data!.items.map((card) => card.language);
    expect(languages.slice(0, 14)).toEqual(Array(14).fill('ru'));
    expect(languages.slice(14)).toHaveLength(6);
    expect(languages.slice(14)).not.toContain('ru');
    expect(first.headers.get('vary')).toContain('Accept-Language');
    // A later page keeps the language its list started in, whatever the request's (the server rendered the first).
    const second = await home(visitor('en'), 'all', first.data!.nextCursor!);
    expect(second.data!.items.map((card) => card.id)).toEqual((await expectedAll('ru')).slice(20, 40));
  });

  it('never repeats or skips a card while new articles are published', async () => {
    const before = await expectedAll('az');
    let fresh: string[] = [];
    const seen = await allPages(visitor('az'), 'all', async () => {
      fresh = await copies(ids.boraHistory!, 3, new Date(Date.now() + 180_000));
    });
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toEqual(before);
    expect(seen.some((id) => fresh.includes(id))).toBe(false);
    expect((await home(visitor('az'), 'all')).data!.items.slice(0, 3).map((card) => card.id)).toEqual(fresh);
  });

  it('refuses a cursor or tab it did not write with a catalogue code, never a server error', async () => {
    for (const cursor of [
      'x',
      'l.az.1.nope',
      `l.az.99999999999999999.${randomUUID()}`,
      "o'--",
      'o.de',
      'l'.repeat(80),
    ]) {
      const answer = await home(visitor(), 'all', cursor);
      expect([answer.status, codeOf(answer)]).toEqual([400, 'InvalidPage']);
    }
    const raw = await new ApiClient(base).get('/api/home/articles?tab=top');
    expect([raw.status, (raw.body as Schemas['Error']).error.code]).toEqual([400, 'InvalidModel']);
    // The numbered pages of before still work (newest first).
    const numbered = await visitor().GET('/api/home/articles', { params: { query: { page: 2 } } });
    expect(numbered.data).toMatchObject({ page: 2, nextCursor: null, hasMore: true });
    expect(codeOf(await visitor().GET('/api/home/articles', { params: { query: { page: 0 } } }))).toBe('InvalidPage');
  });

  it('walks an index from the cursor: a deep page sorts nothing and skips no offset', async () => {
    const { rows } = await sql.query(`select published_at, article_id from articles.article_engagement
                                       where language = 'az' order by published_at, article_id limit 1`);
    const { published_at: at, article_id: id } = rows[0] as { published_at: Date; article_id: string };
    const client = await sql.connect();
    try {
      // The table is small here: with sequential scans off the planner shows whether the index serves the order.
      await client.query('begin');
      await client.query('set local enable_seqscan = off');
      const plan = await client.query(
        `explain (format json) select e.article_id from articles.article_engagement e
           join articles.articles a on a.id = e.article_id
          where a.status = 'published' and e.language = 'az'
            and (e.published_at, e.article_id) < ($1::timestamptz, $2::uuid)
          order by e.published_at desc nulls last, e.article_id desc nulls last limit 21`,
        [at.toISOString(), id],
      );
      const text = JSON.stringify(plan.rows[0]['QUERY PLAN']);
      expect(text).toContain('article_engagement_language_idx');
      expect(text).not.toContain('"Node Type":"Sort"');
      expect(text).not.toContain('Offset');
      const following = await client.query(
        `explain (format json) select x.id from unnest($1::uuid[]) as s(v) cross join lateral (
           select e.article_id as id, e.published_at as at from articles.article_engagement e
             join articles.articles a on a.id = e.article_id
            where e.author_id = s.v and a.status = 'published' and e.language = 'az'
              and (e.published_at, e.article_id) < ($2::timestamptz, $3::uuid)
            order by e.published_at desc nulls last, e.article_id desc nulls last limit 21) x`,
        [[bora.uid], at.toISOString(), id],
      );
      const lateral = JSON.stringify(following.rows[0]['QUERY PLAN']);
      // Per followed source and language, an ordered range of an index of its own (author and language, or the
      // language's filtered); services/articles/test/home-feed.plan.int-spec.ts checks every tab at 20,000 rows.
      expect(lateral).toMatch(/"Index Name":"article_engagement_(author_language|language)_idx"/);
      expect(lateral).not.toContain('"Node Type":"Sort"');
    } finally {
      await client.query('rollback');
      client.release();
    }
  });
});

describe('the following tab', () => {
  it('needs a session', async () => {
    for (const tab of ['following', 'suggestions'] as const) {
      const answer = await home(visitor(), tab);
      expect([answer.status, codeOf(answer)]).toEqual([401, 'Unauthorized']);
    }
    const empty = await home(fan.api, 'following');
    expect(empty.data).toMatchObject({ items: [], nextCursor: null, hasMore: false });
  });

  it('shows only the followed users, categories and subscribed publications', async () => {
    expect((await reader.api.POST('/api/users/{id}/follow', byId(ayla.uid))).status).toBe(200);
    expect((await reader.api.POST('/api/categories/{id}/follow', byId('culture'))).status).toBe(200);
    expect((await reader.api.POST('/api/core-publications/{id}/sub', byId(publicationId))).status).toBeLessThan(300);
    // The culture article is bora's English one, shown as its Azerbaijani translation.
    const expected = [ids.translation, ids.aylaTech, ids.cahanScience];
    // The follow reaches articles as identity's event.
    const seen = await eventually(async () => {
      const list = await allPages(reader.api, 'following');
      return list.length === expected.length ? list : undefined;
    });
    expect(new Set(seen)).toEqual(new Set(expected));
    expect(seen).not.toContain(ids.boraHistory);
    // In English the original comes instead.
    const inEnglish = new ApiClient(base, 'en');
    for (const [name, value] of reader.client.cookies) inEnglish.cookies.set(name, value);
    const english = await allPages(typedApi(inEnglish), 'following');
    expect(english).toContain(ids.boraCultureEn);
  });
});

describe('suggestions', () => {
  it("come from the categories followed and read, without the people followed or one's own", async () => {
    // The reader follows culture and read (bookmarked) bora's history article.
    expect((await reader.api.POST('/api/articles/{id}/bookmark', byId(ids.boraHistory!))).status).toBe(200);
    const seen = await allPages(reader.api, 'suggestions');
    expect(seen).toContain(ids.boraHistory);
    expect(seen).toContain(ids.translation);
    expect(seen).not.toContain(ids.readerOwn);
    expect(seen).not.toContain(ids.aylaTech);
    const { rows } = await sql.query<{ category: string }>(
      'select distinct category from articles.articles where id = any($1::uuid[])',
      [seen],
    );
    expect(rows.map((row) => row.category).sort()).toEqual(['culture', 'history']);
  });

  it('suggests people, categories and publications not yet followed, never oneself', async () => {
    const answer = await reader.api.GET('/api/follow/suggestions');
    expect(answer.status).toBe(200);
    const users = answer.data!.users.map((user) => user.uid);
    expect(users).toContain(bora.uid);
    expect(users).not.toContain(reader.uid);
    expect(users).not.toContain(ayla.uid);
    expect(answer.data!.categories.map((c) => c.id)).not.toContain('culture');
    expect(answer.data!.categories[0]).toMatchObject({ id: 'programming', name: 'Proqramlaşdırma' });
    expect(answer.data!.publications.map((p) => p.id)).not.toContain(publicationId);
    const fans = await fan.api.GET('/api/follow/suggestions');
    expect(fans.data!.publications.map((p) => p.id)).toContain(publicationId);
    expect((await visitor().GET('/api/follow/suggestions')).status).toBe(401);
  });
});

describe('trending', () => {
  it('changes as votes arrive', async () => {
    const trends = async () => (await visitor().GET('/api/home/trends')).data!.items;
    expect((await fan.api.POST('/api/articles/{id}/upvote', byId(ids.boraHistory!))).status).toBe(200);
    const first = await trends();
    expect(first[0]).toMatchObject({ id: ids.boraHistory });
    expect(first[0]!.score).toBeCloseTo(3, 1);
    await fan.api.POST('/api/articles/{id}/upvote', byId(ids.aylaTech!));
    await reader.api.POST('/api/articles/{id}/upvote', byId(ids.aylaTech!));
    const second = await trends();
    expect(second.map((card) => card.id).slice(0, 2)).toEqual([ids.aylaTech, ids.boraHistory]);
    expect(second[0]!.score).toBeCloseTo(6, 1);
    // Reads count too (one each, as the statistics flush applies them): two readers of the science article.
    for (const agent of ['Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0', 'Mozilla/5.0 (Macintosh) Safari/605.1.15']) {
      const read = await new ApiClient(base).post(
        '/api/analytics/read',
        { articleId: ids.cahanScience, seconds: 90, finished: true },
        { 'user-agent': agent },
      );
      expect(read.status).toBe(204);
    }
    // Both reads counted: the flush may apply them apart, so wait for the second (the first alone scores 1).
    const third = await eventually(async () => {
      const items = await trends();
      const science = items.find((card) => card.id === ids.cahanScience);
      return science && science.score > 1.5 ? items : undefined;
    });
    expect(third.map((card) => card.id).slice(0, 3)).toEqual([ids.aylaTech, ids.boraHistory, ids.cahanScience]);
    expect(third[2]!.score).toBeCloseTo(2, 1);
  });
});

describe('categories', () => {
  it('pins categories to the top of the home (following them), at most five', async () => {
    const pin = (id: Schemas['CategoryId']) => fan.api.POST('/api/categories/{id}/pin', byId(id));
    expect((await pin('science')).data).toEqual({ category: 'science', pinned: true, following: true });
    await fan.api.POST('/api/categories/{id}/follow', byId('tech'));
    for (const id of ['law', 'travel', 'health', 'sports'] as const) await pin(id);
    let mine = (await fan.api.GET('/api/follow/categories')).data!.items;
    expect(mine.filter((c) => c.pinned).map((c) => c.id)).toEqual(['sports', 'health', 'travel', 'law', 'science']);
    expect(mine.at(-1)).toMatchObject({ id: 'tech', pinned: false });
    await pin('media');
    mine = (await fan.api.GET('/api/follow/categories')).data!.items;
    expect(mine.filter((c) => c.pinned).map((c) => c.id)).toEqual(['media', 'sports', 'health', 'travel', 'law']);
    expect(mine.find((c) => c.id === 'science')).toMatchObject({ pinned: false });
    const unpinned = await fan.api.DELETE('/api/categories/{id}/pin', byId('law'));
    expect(unpinned.data).toEqual({ category: 'law', pinned: false, following: true });
    expect((await visitor().POST('/api/categories/{id}/pin', byId('law'))).status).toBe(401);
    const unknown = await fan.client.post('/api/categories/astrology/pin');
    expect((unknown.body as Schemas['Error']).error.code).toBe('InvalidCategory');
  });

  it('explores a category: counts, top authors, newest and best articles', async () => {
    const answer = await visitor('en').GET('/api/categories/{id}/explore', byId('history'));
    expect(answer.status).toBe(200);
    const { rows } = await sql.query<{ n: number }>(
      `select count(*)::int as n from articles.articles where category = 'history' and status = 'published'`,
    );
    expect(answer.data).toMatchObject({
      category: { id: 'history', name: 'History' },
      articles: rows[0]!.n,
      followers: 0,
    });
    expect(answer.data!.articlesThisWeek).toBe(rows[0]!.n);
    expect(answer.data!.topAuthors[0]).toMatchObject({ uid: bora.uid, score: 1 });
    expect(answer.data!.top[0]!.id).toBe(ids.boraHistory);
    expect(answer.data!.newest.length).toBeGreaterThan(0);
    const unknown = await new ApiClient(base).get('/api/categories/astrology/explore');
    expect((unknown.body as Schemas['Error']).error.code).toBe('InvalidCategory');
  });
});
