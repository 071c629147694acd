// Search on real servers (identity, publications, search and the gateway; articles' announcements published on
// JetStream as articles publishes them): a word typed with a typo finds its article in Azerbaijani, English and
// Russian; an Azerbaijani word typed without its special letters finds it; the most relevant article comes first
// behind 1,000 newer matches (inserted by SQL into search.documents, as the bench grows it); filters, kinds and sorts
// of /api/strict/full and /advanced; users and publications found from identity's and publications' own events;
// photos by caption and by their article's words; highlights as text ranges; suggestions with a prefix, from titles only; odd input (tsquery syntax, punctuation, an overlong or empty
// query) answered from the error catalogue, never 5xx; and the plan of a common word uses the RUM index. Every answer
// is checked against the OpenAPI document (DocumentedClient).
import { EVENTS } from '@pencraft/contracts/events';
import { ArticlePublished } from '@pencraft/contracts/events/v1/articles';
import { languages } from '@pencraft/contracts/enums';
import type { Lang } from '@pencraft/rules';
import { connect, headers, type JetStreamClient, type NatsConnection } from 'nats';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { AppHandle } from '../../packages/devstack/src/index.ts';
import { signUp, type Person } from '../support/reader-fixtures.ts';
import {
  eventually,
  freshDatabase,
  httpBase,
  natsAdmin,
  resetMessaging,
  stack,
  startService,
  type TestDatabase,
} from '../support/stack.ts';
import { DocumentedClient as ApiClient } from './gateway-openapi.ts';

interface Hit {
  id: string;
  kind: string;
  title: string;
  titleHighlights: { start: number; end: number }[];
  snippet: string;
  snippetHighlights: { start: number; end: number }[];
  language: string;
  author: { uid: string; username: string; fullname: string };
  handle: string;
  category: string;
  publicationId: string | null;
  imageUrl: string | null;
  articleId: string | null;
  articleTitle: string | null;
  publishedAt: string;
}
interface Page {
  items: Hit[];
  page: number;
  pageSize: number;
  hasMore: boolean;
}

let db: TestDatabase;
const apps: AppHandle[] = [];
let sql: pg.Pool;
let nc: NatsConnection;
let js: JetStreamClient;
let api: ApiClient;
let writer: Person;
const run = Date.now().toString(36);
const YEAR_AGO = Date.now() - 365 * 24 * 3600 * 1000;

async function publish(article: {
  title: string;
  language: Lang;
  bodyText: string;
  category?: string;
  publishedAtMs?: number;
  images?: { url: string; caption: string }[];
}) {
  const event: ArticlePublished = {
    articleId: randomUUID(),
    description: '',
    category: 'tech',
    subCategories: [],
    publishedAtMs: Date.now(),
    publicationId: '',
    images: [],
    firstPublication: true,
    authorUid: writer.uid,
    authorUsername: writer.username,
    authorFullname: writer.fullname,
    ...article,
    language: languages.toProto(article.language),
  };
  const h = headers();
  h.set('pc-event-type', EVENTS.articlePublished.type);
  await js.publish(EVENTS.articlePublished.subject, ArticlePublished.encode(event).finish(), {
    msgID: randomUUID(),
    headers: h,
  });
  return event;
}

async function search(path: string, query: Record<string, string | number>) {
  const params = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]));
  return api.get<Page & { error?: { code: string; details?: { field: string }[] } }>(`${path}?${params}`);
}
const found = async (q: string, extra: Record<string, string | number> = {}, path = '/api/strict/txt') => {
  const answer = await search(path, { q, ...extra });
  expect(answer.status).toBe(200);
  return answer.body.items;
};
const titles = async (q: string, extra: Record<string, string | number> = {}, path = '/api/strict/txt') =>
  (await found(q, extra, path)).map((hit) => hit.title);
const marked = (text: string, ranges: { start: number; end: number }[]) =>
  ranges.map((r) => text.slice(r.start, r.end));

let best: ArticlePublished;
let baku: ArticlePublished;
let cats: ArticlePublished;
let publicationId: string;

beforeAll(async () => {
  await resetMessaging();
  nc = await connect(natsAdmin(stack));
  js = nc.jetstream();
  await (await nc.jetstreamManager()).streams.add({ name: 'ARTICLES', subjects: ['articles.>'] });
  db = await freshDatabase('search_http');
  sql = new pg.Pool({ connectionString: db.url, max: 2 });
  apps.push(
    ...(await Promise.all([
      startService('identity', db.name),
      startService('publications', db.name),
      startService('search', db.name),
    ])),
  );
  apps.push(
    await startService('gateway', db.name, { RATE_LIMIT_PER_MINUTE: '100000', AUTH_RATE_LIMIT_PER_MINUTE: '1000' }),
  );
  const site = httpBase('gateway');
  api = new ApiClient(site);
  writer = await signUp(site, `srch_${run}`, `Gülnarə Şirinova ${run}`, 'az');
  const created = await writer.client.post<{ id: string }>('/api/core-publications', {
    name: `Xəzər Dalğası ${run}`,
    slug: `xezer-${run}`,
  });
  expect(created.status).toBe(201);
  publicationId = created.body.id;

  best = await publish({
    title: `Lighthouses of the Caspian ${run}`,
    language: 'en',
    bodyText: 'Lighthouses guided ships along the coast; every lighthouse keeper kept a log.',
    category: 'travel',
    publishedAtMs: YEAR_AGO,
  });
  baku = await publish({
    title: `Gözəl Bakı küçələri ${run}`,
    language: 'az',
    bodyText: 'Köhnə şəhərin daş küçələri çox gözəldir, axşamlar işıqlar yanır.',
    category: 'culture',
    images: [
      { url: `/media/editor/qala-${run}.webp`, caption: 'Qız qalası gecə' },
      { url: `/media/editor/daglar-${run}.webp`, caption: 'Şahdağ zirvəsi' },
    ],
  });
  cats = await publish({
    title: `Кошки старого города ${run}`,
    language: 'ru',
    bodyText: 'Кошки гуляют по крышам и греются на солнце.',
    category: 'culture',
  });
  await eventually(async () => {
    const { rows } = await sql.query(
      `select count(*)::int as n from search.documents where kind in ('article', 'photo')`,
    );
    return rows[0].n >= 5 ? true : undefined;
  });
  // 1,000 newer articles that say the word once in their body, as the bench's copies are made.
  await sql.query(
    `insert into search.documents (id, kind, title, description, body, language, category, author_uid,
                                   author_username, author_fullname, published_at)
     select gen_random_uuid(), 'article', 'Harbour notes ' || n, '', 'A lighthouse stood far away. Note ' || n, 'en',
            'tech', gen_random_uuid(), 'other', 'Other Writer', now() - n * interval '1 minute'
       from generate_series(1, 1000) n`,
  );
  await sql.query('analyze search.documents');
}, 60_000);

afterAll(async () => {
  await sql?.end();
  await nc?.close();
  await Promise.all(apps.map((app) => app.stop()));
  await db?.drop();
});

describe('search through the gateway', () => {
  it('finds the most relevant article first though 1,000 newer articles also match', async () => {
    const page = await search('/api/strict/txt', { q: 'lighthouses' });
    expect(page.status).toBe(200);
    expect(page.body.items[0]!.id).toBe(best.articleId);
    expect(page.body.hasMore).toBe(true);
    // Newest first puts it behind them.
    expect((await found('lighthouses', { sort: 'date' }, '/api/strict/full'))[0]!.title).toBe('Harbour notes 1');
  });

  it('finds an article with a misspelled word in each language', async () => {
    expect(await titles('lighthuoses caspian')).toContain(best.title);
    expect(await titles('kücelri bakı')).toContain(baku.title);
    expect(await titles('кошкии города')).toContain(cats.title);
  });

  it('finds an Azerbaijani word typed without its special letters, and highlights the word as written', async () => {
    const [hit] = await found(`gozel baki kuceleri ${run}`);
    expect(hit!.id).toBe(baku.articleId);
    expect(marked(hit!.title, hit!.titleHighlights)).toEqual([`Gözəl Bakı küçələri ${run}`]);
    expect(marked(hit!.snippet, hit!.snippetHighlights)).toContain('küçələri');
    expect(hit!.snippet).not.toMatch(/[<>]/);
  });

  it('stems English and Russian in their own language', async () => {
    expect(await titles('lighthouse keepers')).toContain(best.title);
    expect(await titles('кошкам')).toContain(cats.title);
  });

  it('suggests while a word is still being typed (limit, the last word a prefix)', async () => {
    const page = await search('/api/strict/txt', { q: `caspian lighthou`, limit: 5 });
    expect(page.status).toBe(200);
    expect(page.body.pageSize).toBe(5);
    expect(page.body.items.map((h) => h.id)).toEqual([best.articleId]);
    // Titles only: the 1,000 newer articles say "lighthouse" in their bodies, not in their titles.
    const typed = await search('/api/strict/txt', { q: 'lighthou', limit: 5 });
    expect(typed.body.items.map((h) => h.id)).toEqual([best.articleId]);
    expect(marked(typed.body.items[0]!.title, typed.body.items[0]!.titleHighlights)).toEqual(['Lighthouses']);
  });

  it('filters by category, language, author, date range and kind', async () => {
    const q = `${run}`;
    expect((await titles(q, { category: 'culture' }, '/api/strict/advanced')).sort()).toEqual(
      [baku.title, cats.title].sort(),
    );
    expect(await titles(q, { language: 'ru' }, '/api/strict/advanced')).toEqual([cats.title]);
    expect((await titles(q, { author: writer.username }, '/api/strict/advanced')).length).toBe(3);
    expect(await titles(q, { author: 'nobody_at_all' }, '/api/strict/advanced')).toEqual([]);
    const lastYear = new Date(YEAR_AGO).toISOString().slice(0, 10);
    expect(await titles(q, { from: lastYear, to: lastYear }, '/api/strict/advanced')).toEqual([best.title]);
    const bad = await search('/api/strict/advanced', { q, from: '2026-11-02', to: '2026-11-01' });
    expect(bad.status).toBe(400);
  });

  it("finds users by their name (folded) and publications by theirs, from their owners' events", async () => {
    await eventually(async () =>
      (await titles(`gulnare sirinova ${run}`, { kind: 'user' }, '/api/strict/full')).length ? true : undefined,
    );
    const [user] = await found(`gulnare sirinova ${run}`, { kind: 'user' }, '/api/strict/full');
    expect(user).toMatchObject({ kind: 'user', id: writer.uid, handle: writer.username });
    await eventually(async () =>
      (await titles(`xezer dalgasi ${run}`, {}, '/api/strict/full')).length ? true : undefined,
    );
    const all = await found(`xezer dalgasi ${run}`, {}, '/api/strict/full');
    expect(all.map((h) => [h.kind, h.id])).toContainEqual(['publication', publicationId]);
    expect(all.find((h) => h.kind === 'publication')!.handle).toBe(`xezer-${run}`);
    // /txt is articles only.
    expect(await titles(`xezer dalgasi ${run}`)).toEqual([]);
  });

  it("finds photos by their captions and by their article's words, each with its image and article", async () => {
    const byCaption = await found('sahdag zirvesi', { kind: 'photo' }, '/api/strict/full');
    expect(byCaption.map((h) => [h.kind, h.imageUrl, h.articleId, h.articleTitle, h.title])).toEqual([
      ['photo', `/media/editor/daglar-${run}.webp`, baku.articleId, baku.title, 'Şahdağ zirvəsi'],
    ]);
    const byArticle = await found(`kuceleri ${run}`, { kind: 'photo' }, '/api/strict/full');
    expect(byArticle.map((h) => h.imageUrl).sort()).toEqual(
      [`/media/editor/daglar-${run}.webp`, `/media/editor/qala-${run}.webp`].sort(),
    );
    // Photos have their own grid: everything else does not list them.
    expect((await found(`kuceleri ${run}`, {}, '/api/strict/full')).map((h) => h.kind)).not.toContain('photo');
  });

  it('answers odd input from the catalogue, never a 5xx', async () => {
    for (const q of ['&|!():*', "'''", 'a & b | !c', '(lighthouses) <-> :*', '\\', '"unclosed', '🙂']) {
      const answer = await search('/api/strict/txt', { q });
      expect(answer.status).toBe(200);
    }
    expect((await found('lighthouses:* & !caspian')).length).toBeGreaterThan(0);
    const empty = await search('/api/strict/txt', { q: '   ' });
    expect(empty.status).toBe(400);
    const long = await search('/api/strict/txt', { q: 'x'.repeat(201) });
    expect(long.status).toBe(400);
    const page = await search('/api/strict/txt', { q: 'lighthouses', page: 51 });
    expect(page.status).toBe(400);
    const kind = await search('/api/strict/full', { q: 'lighthouses', kind: 'comment' });
    expect(kind.status).toBe(400);
  });

  it('ranks a common word through the RUM index, never reading every match from the table', async () => {
    const q = `(plainto_tsquery('search.en', 'lighthouse') || plainto_tsquery('search.az', 'lighthouse'))`;
    const { rows } = await sql.query(
      `explain (format json) select id from search.documents where search_vector @@ ${q}
        order by search_vector <=> ${q} limit 20`,
    );
    const plan = JSON.stringify(rows[0]['QUERY PLAN']);
    expect(plan).toContain('documents_rum_idx');
    expect(plan).not.toContain('"Node Type":"Sort"');
    expect(plan).not.toContain('Seq Scan');
  });
});
