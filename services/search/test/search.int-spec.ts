import { EVENTS } from '@pencraft/contracts/events';
import { ArticlePublished } from '@pencraft/contracts/events/v1/articles';
import {
  SearchServiceClient,
  SearchServiceService,
  SearchHitKind,
  type SearchTextRequest,
} from '@pencraft/contracts/search/v1/search';
import { createGrpcClient, type PromiseClient } from '@pencraft/kit';
import { connect, headers, type JetStreamClient, type NatsConnection } from 'nats';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { AppHandle } from '../../../packages/devstack/src/index.ts';
import {
  eventually,
  freshDatabase,
  grpcAddress,
  internalBase,
  natsAdmin,
  resetMessaging,
  stack,
  startService,
  type TestDatabase,
} from '../../../tests/support/stack.ts';
import { languages } from '@pencraft/contracts/enums';
import type { Lang } from '@pencraft/rules';
import { Language } from '@pencraft/contracts/common/v1/common';

let db: TestDatabase;
let search: AppHandle;
let client: PromiseClient<SearchServiceClient>;
let sql: pg.Pool;
let nc: NatsConnection;
let js: JetStreamClient;

const author = { authorUid: randomUUID(), authorUsername: 'leyla', authorFullname: 'Leyla Həsənova' };

async function publish(
  event: Omit<Partial<ArticlePublished>, 'language'> & { title: string; language: Lang; bodyText: string },
  eventId = randomUUID(),
) {
  const article: ArticlePublished = {
    articleId: randomUUID(),
    description: '',
    category: 'tech',
    subCategories: [],
    publishedAtMs: Date.now(),
    publicationId: '',
    images: [],
    firstPublication: true,
    ...author,
    ...event,
    language: languages.toProto(event.language),
  };
  const h = headers();
  h.set('pc-event-type', EVENTS.articlePublished.type);
  await js.publish(EVENTS.articlePublished.subject, ArticlePublished.encode(article).finish(), {
    msgID: eventId,
    headers: h,
  });
  return article;
}

async function indexed(count: number) {
  await eventually(async () => {
    const { rows } = await sql.query('select count(*)::int as c from search.documents');
    return rows[0].c >= count ? true : undefined;
  });
}

const ask = (request: Partial<SearchTextRequest> & { query: string }) =>
  client.searchText({
    page: 1,
    pageSize: 0,
    kinds: [],
    category: '',
    language: 0,
    author: '',
    fromMs: 0,
    toMs: 0,
    sort: 0,
    prefix: false,
    ...request,
  });

async function titles(query: string) {
  return (await ask({ query, page: 1, pageSize: 0 })).hits.map((h) => h.title);
}

beforeAll(async () => {
  await resetMessaging();
  nc = await connect(natsAdmin(stack));
  js = nc.jetstream();
  // A short duplicate window lets the test deliver one event twice, as a relay retry after the window would.
  await (
    await nc.jetstreamManager()
  ).streams.add({ name: 'ARTICLES', subjects: ['articles.>'], duplicate_window: 100_000_000 });
  db = await freshDatabase('search');
  search = await startService('search', db.name);
  client = createGrpcClient(SearchServiceClient, SearchServiceService, grpcAddress('search'));
  sql = new pg.Pool({ connectionString: db.url, max: 2 });
  await publish({
    title: 'Growing tomatoes in small gardens',
    language: 'en',
    bodyText: 'A gardener plants seeds and waters them every morning.',
  });
  await publish({ title: 'Кошки и города', language: 'ru', bodyText: 'Кошка гуляет по крышам старого города.' });
  await publish({
    title: 'Çay mədəniyyəti',
    language: 'az',
    bodyText: 'Azərbaycanda çay süfrəsi qonaqpərvərliyin rəmzidir.',
  });
  await publish({ title: 'Notes', language: 'en', bodyText: 'Tomatoes appear only in the body of this one.' });
  await indexed(4);
});

afterAll(async () => {
  client?.close();
  await sql?.end();
  await nc?.close();
  await search?.stop();
  await db?.drop();
});

describe('search against PostgreSQL and NATS', () => {
  it('indexes published articles from JetStream and finds them by their words', async () => {
    expect(await titles('gardens')).toContain('Growing tomatoes in small gardens');
    expect(await titles('çay')).toEqual(['Çay mədəniyyəti']);
  });

  it('stems English and Russian words in their own language', async () => {
    expect(await titles('garden')).toContain('Growing tomatoes in small gardens');
    expect(await titles('plant')).toContain('Growing tomatoes in small gardens');
    expect(await titles('кошкам')).toEqual(['Кошки и города']);
  });

  it('ranks a title match above a body match and returns a plain snippet with the author', async () => {
    const { hits } = await ask({ query: 'tomatoes', page: 1, pageSize: 0 });
    expect(hits.map((h) => h.title)).toEqual(['Growing tomatoes in small gardens', 'Notes']);
    expect(hits[0]).toMatchObject({
      kind: SearchHitKind.SEARCH_HIT_KIND_ARTICLE,
      language: Language.LANGUAGE_EN,
      authorUsername: 'leyla',
      authorFullname: 'Leyla Həsənova',
    });
    expect(hits[0]!.snippet).toContain('gardener');
    expect(hits[0]!.snippet).not.toMatch(/<b>|<\/b>/);
    expect(hits[0]!.titleHighlights.map((r) => hits[0]!.title.slice(r.start, r.end))).toEqual(['tomatoes']);
  });

  it('pages results', async () => {
    for (let i = 0; i < 22; i += 1)
      await publish({ title: `Paging ${i}`, language: 'en', bodyText: 'pagination fixture text' });
    await indexed(26);
    const first = await ask({ query: 'pagination', page: 1, pageSize: 0 });
    expect(first.hits).toHaveLength(20);
    expect(first.hasMore).toBe(true);
    const second = await ask({ query: 'pagination', page: 2, pageSize: 0 });
    expect(second.hits).toHaveLength(2);
    expect(second.hasMore).toBe(false);
  });

  it('refuses an empty or overlong query', async () => {
    for (const [query, code] of [
      ['   ', 'NullOrEmpty'],
      ['x'.repeat(201), 'InvalidModel'],
    ] as const) {
      await expect(ask({ query, page: 1, pageSize: 0 })).rejects.toMatchObject({ code });
    }
  });

  it('indexes a redelivered event once', async () => {
    const eventId = randomUUID();
    const article = await publish(
      { title: 'Delivered twice', language: 'en', bodyText: 'idempotent consumers' },
      eventId,
    );
    await new Promise((r) => setTimeout(r, 300)); // past the stream's duplicate window
    await publish({ ...article, language: 'en' }, eventId);
    await eventually(async () => {
      const metrics = await (await fetch(`${internalBase('search')}/metrics`)).text();
      return /nats_events_processed_total\{[^}]*result="duplicate"[^}]*\} 1/.test(metrics) ? true : undefined;
    });
    const { rows } = await sql.query('select revisions from search.documents where id = $1', [article.articleId]);
    expect(rows).toEqual([{ revisions: 1 }]);
  });

  it("keeps an article's publication, and forgets it when the article is announced again without one", async () => {
    const publicationId = randomUUID();
    const article = await publish({
      title: 'In a publication',
      language: 'en',
      bodyText: 'publication column',
      publicationId,
    });
    const publicationOf = async () =>
      (await sql.query('select publication_id from search.documents where id = $1', [article.articleId])).rows[0]
        ?.publication_id as string | null | undefined;
    expect(await eventually(async () => ((await publicationOf()) === publicationId ? true : undefined))).toBe(true);
    await publish({ ...article, language: 'en', publicationId: '' });
    expect(await eventually(async () => ((await publicationOf()) === null ? true : undefined))).toBe(true);
  });

  it("searches one publication's articles when asked for it, and every article otherwise", async () => {
    const publicationId = randomUUID();
    const other = randomUUID();
    await publish({
      title: 'Lighthouse in the publication',
      language: 'en',
      bodyText: 'lighthouse keeper',
      publicationId,
    });
    await publish({
      title: 'Lighthouse elsewhere',
      language: 'en',
      bodyText: 'lighthouse keeper',
      publicationId: other,
    });
    await publish({ title: 'Lighthouse of my own', language: 'en', bodyText: 'lighthouse keeper' });
    const search = async (publication: string) =>
      (await ask({ query: 'lighthouse', page: 1, pageSize: 0, publicationId: publication })).hits
        .map((h) => h.title)
        .sort();
    await eventually(async () => ((await search('')).length === 3 ? true : undefined));
    expect(await search(publicationId)).toEqual(['Lighthouse in the publication']);
    expect(await search(other)).toEqual(['Lighthouse elsewhere']);
    expect(await search(randomUUID())).toEqual([]);
    await expect(ask({ query: 'lighthouse', page: 1, pageSize: 0, publicationId: 'nope' })).rejects.toMatchObject({
      code: 'InvalidIdentifier',
    });
  });
});
