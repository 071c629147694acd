import { EVENTS } from '@pencraft/contracts/events';
import {
  ArticleStatus,
  ArticlesServiceClient,
  ArticlesServiceService,
  ReviewDecision,
} from '@pencraft/contracts/articles/v1/articles';
import { ArticlePublished, ArticleSubmitted } from '@pencraft/contracts/events/v1/articles';
import { UserRegistered } from '@pencraft/contracts/events/v1/identity';
import { AppError } from '@pencraft/errors';
import { createGrpcClient, type PromiseClient } from '@pencraft/kit';
import { AckPolicy, connect, headers, type NatsConnection } from 'nats';
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
import { Language } from '@pencraft/contracts/common/v1/common';

let db: TestDatabase;
let articles: AppHandle;
let client: PromiseClient<ArticlesServiceClient>;
let sql: pg.Pool;
let nc: NatsConnection;

const author = { uid: randomUUID(), username: 'nigar', fullname: 'Nigar Əliyeva', imageUrl: '' };
const text = 'Bakıda payız gələndə küləklər şəhəri təmizləyir, insanlar isə çay süfrəsi ətrafında toplaşır.';
const content = (extra: object[] = []) => JSON.stringify({ blocks: [{ type: 'paragraph', data: { text } }, ...extra] });
const draft = (overrides: object = {}) => ({
  author,
  title: 'Payız',
  description: 'Bakı haqqında',
  language: Language.LANGUAGE_AZ,
  category: 'culture',
  subCategories: ['travel'],
  contentJson: content(),
  ...overrides,
});

/** Submits for review and approves as the moderation service would (nothing is published without review). */
async function publishApproved(articleId: string) {
  await client.publishArticle({ articleId, actorUid: author.uid });
  return client.decideReview({ articleId, decision: ReviewDecision.REVIEW_DECISION_APPROVE, note: '' });
}

async function failure(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    if (AppError.is(error))
      return { code: error.code, fields: error.details?.map((d) => `${d.field}:${d.code}`) ?? [] };
    throw error;
  }
  throw new Error('expected a failure');
}

beforeAll(async () => {
  await resetMessaging();
  nc = await connect(natsAdmin(stack));
  // A short duplicate window lets the test deliver one event twice, as a relay retry after the window would.
  await (
    await nc.jetstreamManager()
  ).streams.add({ name: 'IDENTITY', subjects: ['identity.>'], duplicate_window: 100_000_000 });
  db = await freshDatabase('articles');
  articles = await startService('articles', db.name);
  client = createGrpcClient(ArticlesServiceClient, ArticlesServiceService, grpcAddress('articles'));
  sql = new pg.Pool({ connectionString: db.url, max: 2 });
});

afterAll(async () => {
  client?.close();
  await sql?.end();
  await nc?.close();
  await articles?.stop();
  await db?.drop();
});

describe('articles against PostgreSQL and NATS', () => {
  it('keeps a draft to its author and sanitizes what it stores', async () => {
    const evil = content([
      { type: 'quote', data: { text: '<script>alert(1)</script><b>Söz</b>', caption: '<img src=x onerror=alert(1)>' } },
    ]);
    const { article } = await client.createArticle(draft({ contentJson: evil }));
    expect(article).toMatchObject({
      status: ArticleStatus.ARTICLE_STATUS_DRAFT,
      author,
      wordCount: 13,
      publishedAtMs: 0,
    });
    const stored = await sql.query('select content::text as c from articles.articles where id = $1', [article!.id]);
    expect(stored.rows[0].c).not.toMatch(/script|onerror|<img/);
    expect(stored.rows[0].c).toContain('<b>Söz</b>');
    expect((await client.getArticle({ articleId: article!.id, viewerUid: author.uid })).article?.id).toBe(article!.id);
    expect((await failure(client.getArticle({ articleId: article!.id, viewerUid: randomUUID() }))).code).toBe(
      'ArticleNotFound',
    );
    expect((await failure(client.getArticle({ articleId: article!.id, viewerUid: '' }))).code).toBe('ArticleNotFound');
    expect((await failure(client.getArticle({ articleId: 'not-a-uuid', viewerUid: '' }))).code).toBe('ArticleNotFound');
  });

  it('enforces the limits of SPEC.md sections 5 and 9 and saves nothing invalid', async () => {
    const before = (await sql.query('select count(*)::int as c from articles.articles')).rows[0].c;
    expect((await failure(client.createArticle(draft({ title: 'x'.repeat(151) })))).fields).toEqual([
      'title:InvalidArticleTitle',
    ]);
    expect((await failure(client.createArticle(draft({ subCategories: ['a', 'b', 'c', 'd', 'e'] })))).fields).toEqual([
      'subCategories:InvalidCategory',
    ]);
    expect(
      (
        await failure(
          client.createArticle(
            draft({ contentJson: JSON.stringify({ blocks: [{ type: 'paragraph', data: { text: 'az' } }] }) }),
          ),
        )
      ).code,
    ).toBe('InvalidContentMin');
    expect(
      (
        await failure(
          client.createArticle(
            draft({
              contentJson: JSON.stringify({ blocks: [{ type: 'paragraph', data: { text: 'y'.repeat(30_001) } }] }),
            }),
          ),
        )
      ).code,
    ).toBe('InvalidContentMax');
    expect(
      (
        await failure(
          client.createArticle(
            draft({ contentJson: content([{ type: 'video', data: { source: 'https://vimeo.com/1' } }]) }),
          ),
        )
      ).code,
    ).toBe('InvalidLinkUrl');
    expect((await failure(client.createArticle(draft({ author: undefined })))).code).toBe('Unauthorized');
    expect((await sql.query('select count(*)::int as c from articles.articles')).rows[0].c).toBe(before);
  });

  it("refuses a language it does not know, and its tables hold only the rules' statuses, languages and audiences", async () => {
    const unknown = await failure(client.createArticle(draft({ language: Language.LANGUAGE_UNSPECIFIED })));
    expect(unknown.code).toBe('InvalidModel');
    const { article } = await client.createArticle(draft());
    for (const [column, value] of [
      ['status', 'archived'],
      ['language', 'de'],
      ['audience', 'vip'],
    ]) {
      await expect(
        sql.query(`update articles.articles set ${column} = $2 where id = $1`, [article!.id, value]),
      ).rejects.toMatchObject({ code: '23514' });
    }
  });

  it('submits only for the author, once, for review; approval publishes, each announced on NATS', async () => {
    const { article } = await client.createArticle(draft({ title: 'Nəşr olunan' }));
    expect((await failure(client.publishArticle({ articleId: article!.id, actorUid: randomUUID() }))).code).toBe(
      'ArticleNotFound',
    );
    const submitted = await client.publishArticle({ articleId: article!.id, actorUid: author.uid });
    expect(submitted.article?.status).toBe(ArticleStatus.ARTICLE_STATUS_ACCEPTED);
    expect((await failure(client.getArticle({ articleId: article!.id, viewerUid: '' }))).code).toBe('ArticleNotFound');
    const published = await client.decideReview({
      articleId: article!.id,
      decision: ReviewDecision.REVIEW_DECISION_APPROVE,
      note: '',
    });
    expect(published.article?.status).toBe(ArticleStatus.ARTICLE_STATUS_PUBLISHED);
    expect(published.article?.publishedAtMs).toBeGreaterThan(0);
    const again = await client.publishArticle({ articleId: article!.id, actorUid: author.uid });
    expect(again.article?.publishedAtMs).toBe(published.article?.publishedAtMs);
    // Submission records accepted; approval records the states it skips and published at once, in the road's order.
    const timeline = await sql.query(
      'select status, at from articles.article_reviews where article_id = $1 order by at, array_position($2::text[], status)',
      [article!.id, ['accepted', 'initialReview', 'underModeration', 'approved', 'published']],
    );
    expect(timeline.rows.map((r) => r.status)).toEqual([
      'accepted',
      'initialReview',
      'underModeration',
      'approved',
      'published',
    ]);
    expect(new Set(timeline.rows.slice(1).map((r) => r.at.getTime())).size).toBe(1);
    expect((await client.getArticle({ articleId: article!.id, viewerUid: '' })).article?.status).toBe(
      ArticleStatus.ARTICLE_STATUS_PUBLISHED,
    );

    const jsm = await nc.jetstreamManager();
    const durable = `probe_${Date.now()}`;
    await eventually(async () =>
      (await jsm.streams.info('ARTICLES').catch(() => undefined))?.state.messages ? true : undefined,
    );
    await jsm.consumers.add('ARTICLES', {
      durable_name: durable,
      ack_policy: AckPolicy.Explicit,
      filter_subject: EVENTS.articlePublished.subject,
    });
    const events: ArticlePublished[] = [];
    for await (const msg of await nc
      .jetstream()
      .consumers.get('ARTICLES', durable)
      .then((c) => c.fetch({ max_messages: 100, expires: 1_500 }))) {
      events.push(ArticlePublished.decode(msg.data));
      msg.ack();
    }
    const mine = events.filter((e) => e.articleId === article!.id);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      title: 'Nəşr olunan',
      language: Language.LANGUAGE_AZ,
      authorUsername: 'nigar',
      category: 'culture',
    });
    expect(mine[0]!.bodyText).toContain('payız');

    // The submission was announced for the moderation service, once, with the text to review.
    const submittedProbe = `probe_submitted_${Date.now()}`;
    await jsm.consumers.add('ARTICLES', {
      durable_name: submittedProbe,
      ack_policy: AckPolicy.Explicit,
      filter_subject: EVENTS.articleSubmitted.subject,
    });
    const submissions: ArticleSubmitted[] = [];
    for await (const msg of await nc
      .jetstream()
      .consumers.get('ARTICLES', submittedProbe)
      .then((c) => c.fetch({ max_messages: 100, expires: 1_500 }))) {
      submissions.push(ArticleSubmitted.decode(msg.data));
      msg.ack();
    }
    const mineSubmitted = submissions.filter((e) => e.articleId === article!.id);
    expect(mineSubmitted).toHaveLength(1);
    expect(mineSubmitted[0]).toMatchObject({ authorUid: author.uid, title: 'Nəşr olunan', isEdit: false });
    expect(mineSubmitted[0]!.bodyText).toContain('payız');
  });

  it('lists published articles newest first, twenty a page', async () => {
    for (let i = 0; i < 21; i += 1) {
      const { article } = await client.createArticle(draft({ title: `Siyahı ${i}` }));
      await publishApproved(article!.id);
    }
    const first = await client.listHomeArticles({ page: 1, pageSize: 0 });
    expect(first.items).toHaveLength(20);
    expect(first.hasMore).toBe(true);
    expect(first.items[0]!.title).toBe('Siyahı 20');
    const times = first.items.map((i) => i.publishedAtMs);
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    const second = await client.listHomeArticles({ page: 2, pageSize: 0 });
    expect(second.hasMore).toBe(false);
    expect(second.items.map((i) => i.title)).not.toContain('Payız');
    expect((await failure(client.listHomeArticles({ page: -1, pageSize: 0 }))).code).toBe('InvalidPage');
  });

  it('learns authors from identity events, handling a redelivered event once', async () => {
    const js = nc.jetstream();
    const user = {
      uid: randomUUID(),
      username: 'kamran',
      fullname: 'Kamran Quliyev',
      lang: Language.LANGUAGE_AZ,
      registeredAtMs: Date.now(),
    };
    const h = headers();
    h.set('pc-event-type', EVENTS.userRegistered.type);
    const eventId = randomUUID();
    await js.publish(EVENTS.userRegistered.subject, UserRegistered.encode(user).finish(), {
      msgID: eventId,
      headers: h,
    });
    await new Promise((r) => setTimeout(r, 300)); // past the stream's duplicate window
    await js.publish(EVENTS.userRegistered.subject, UserRegistered.encode(user).finish(), {
      msgID: eventId,
      headers: h,
    });
    await eventually(async () => {
      const metrics = await (await fetch(`${internalBase('articles')}/metrics`)).text();
      return /nats_events_processed_total\{[^}]*result="duplicate"[^}]*\} 1/.test(metrics) ? true : undefined;
    });
    const rows = await sql.query('select username, fullname from articles.authors where uid = $1', [user.uid]);
    expect(rows.rows).toEqual([{ username: 'kamran', fullname: 'Kamran Quliyev' }]);
    const processed = await sql.query('select count(*)::int as c from articles.processed_events where event_id = $1', [
      eventId,
    ]);
    expect(processed.rows[0].c).toBe(1);
  });
});
