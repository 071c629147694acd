// The outbox under failure: search is killed (SIGKILL) while articles are being published, and articles
// itself is killed once mid-stream; after restarts every article is indexed exactly once.
import { ArticlesServiceClient, ArticlesServiceService } from '@pencraft/contracts/articles/v1/articles';
import { createGrpcClient, type PromiseClient } from '@pencraft/kit';
import { connect } from 'nats';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { AppHandle } from '../../packages/devstack/src/index.ts';
import {
  eventually,
  freshDatabase,
  grpcAddress,
  natsAdmin,
  resetMessaging,
  stack,
  startService,
  type TestDatabase,
} from '../support/stack.ts';
import { approveArticle, closeReviewClient } from '../support/review.ts';
import { Language } from '@pencraft/contracts/common/v1/common';

const ARTICLES = 40;
// A writer keeps at most 10 unsubmitted drafts (DRAFTS_MAX), so the articles are written by four.
const authors = [0, 1, 2, 3].map((n) => ({
  uid: randomUUID(),
  username: `chaos${n}`,
  fullname: 'Chaos Monkey',
  imageUrl: '',
}));
const authorOf = (i: number) => authors[Math.floor(i / 10)]!;
const text = 'Every article of this run must reach the search index exactly once, whatever crashes on the way.';

let db: TestDatabase;
let sql: pg.Pool;
let articles: AppHandle;
let search: AppHandle | undefined;
let client: PromiseClient<ArticlesServiceClient>;

/** A call may hit the moment a service dies; publish and approval are idempotent, so the caller tries again. */
async function retry<T>(fn: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await fn();
    } catch (error) {
      if (attempt >= 60) throw error;
      await new Promise((r) => setTimeout(r, 250));
    }
  }
}

beforeAll(async () => {
  await resetMessaging();
  db = await freshDatabase('chaos');
  sql = new pg.Pool({ connectionString: db.url, max: 2 });
  [articles, search] = await Promise.all([startService('articles', db.name), startService('search', db.name)]);
  client = createGrpcClient(ArticlesServiceClient, ArticlesServiceService, grpcAddress('articles'));
});

afterAll(async () => {
  client?.close();
  closeReviewClient();
  await sql?.end();
  await Promise.all([articles?.stop(), search?.stop()]);
  await db?.drop();
});

it('indexes every published article exactly once across crashes of search and of articles', async () => {
  const ids: string[] = [];
  for (let i = 0; i < ARTICLES; i += 1) {
    const { article } = await client.createArticle({
      author: authorOf(i),
      title: `Chaos ${i}`,
      description: '',
      language: Language.LANGUAGE_EN,
      category: 'tech',
      subCategories: [],
      contentJson: JSON.stringify({ blocks: [{ type: 'paragraph', data: { text } }] }),
    });
    ids.push(article!.id);
  }

  for (let i = 0; i < ARTICLES; i += 1) {
    if (i === 10) await search!.kill();
    if (i === 25) {
      await articles.kill();
      articles = await startService('articles', db.name);
    }
    if (i === 30) search = await startService('search', db.name);
    await retry(() => client.publishArticle({ articleId: ids[i]!, actorUid: authorOf(i).uid }));
    // The test profile reviews: the approval (the moderation service's call, idempotent too) publishes it.
    await retry(() => approveArticle(ids[i]!));
  }

  await eventually(
    async () => {
      const { rows } = await sql.query('select count(*)::int as c from search.documents');
      return rows[0].c >= ARTICLES ? true : undefined;
    },
    { timeoutMs: 60_000 },
  );
  // Anything still in flight would show up as a second revision or a second processed id.
  await new Promise((r) => setTimeout(r, 1_000));

  const documents = await sql.query('select id, revisions from search.documents order by id');
  expect(documents.rows.map((r) => r.id).sort()).toEqual([...ids].sort());
  expect(documents.rows.every((r) => r.revisions === 1)).toBe(true);
  const processed = await sql.query(
    "select count(*)::int as c, count(distinct event_id)::int as d from search.processed_events where consumer = 'search-articles'",
  );
  expect(processed.rows[0]).toEqual({ c: ARTICLES, d: ARTICLES });
  // Each article also wrote its submission and its review decisions; every event was relayed, none twice.
  const outbox = await sql.query(
    "select count(*)::int as c, count(published_at)::int as p, (count(*) filter (where subject = 'articles.article.published'))::int as a from articles.outbox",
  );
  const { c: events, p: relayed, a: publications } = outbox.rows[0] as { c: number; p: number; a: number };
  expect(publications).toBe(ARTICLES);
  expect(relayed).toBe(events);

  const nc = await connect(natsAdmin(stack));
  const info = await (await nc.jetstreamManager()).streams.info('ARTICLES');
  await nc.close();
  expect(info.state.messages).toBe(events);
});
