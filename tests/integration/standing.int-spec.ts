// Standing through the gateway on real servers (identity, articles, notifications, gateway; PostgreSQL, Redis, NATS,
// Keycloak): a rating moved by real events (an approval, upvotes by other users through the API) crosses into Pro, and
// the same session that was refused a downvote (CannotDownvote) may then cast one, with no sign-in again; badges are
// awarded once (first-article from the approval; staff grants), announced as notification 105 once, and stay once
// when the events are delivered again (a copy under another id; the whole stream replayed to a consumer whose record
// of processed events was wiped) and the week's and month's totals stay the log's sums; the leaderboard's calendar
// periods (Asia/Baku); the rating log is only ever the session user's own.
import { ArticleStatus, ArticlesServiceClient, ArticlesServiceService } from '@pencraft/contracts/articles/v1/articles';
import { EVENTS } from '@pencraft/contracts/events';
import { Language } from '@pencraft/contracts/common/v1/common';
import { createGrpcClient, type PromiseClient } from '@pencraft/kit';
import type { Schemas } from '@pencraft/api-client';
import { connect, headers } from 'nats';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { AppHandle } from '../../packages/devstack/src/index.ts';
import { confirmAccount } from '../support/accounts.ts';
import { bearer, staffToken } from '../support/keycloak.ts';
import { approveArticle, closeReviewClient } from '../support/review.ts';
import {
  eventually,
  freshDatabase,
  grpcAddress,
  httpBase,
  natsAdmin,
  resetMessaging,
  stack,
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

let db: TestDatabase;
let sql: pg.Pool;
const apps: AppHandle[] = [];
let identity: AppHandle;
let grpc: PromiseClient<ArticlesServiceClient>;
let base: string;
let seq = 0;
const run = Date.now().toString(36);
const text = 'Bakıda payız gələndə küləklər şəhəri təmizləyir, insanlar isə çay süfrəsi ətrafında toplaşır.';

let writer: Account;
let other: Account;
let voter1: Account;
let voter2: Account;
let writerArticle: string;
let otherArticle: string;

const codeOf = (response: { status: number; error?: Schemas['Error'] }) => [
  response.status,
  response.error?.error.code,
];
const byId = (id: string) => ({ params: { path: { id } } });

async function signUp(): Promise<Account> {
  seq += 1;
  const account = { email: `standing${seq}.${run}@example.az`, username: `standing_${run}_${seq}` };
  const client = new ApiClient(base);
  const api = typedApi(client);
  const response = await api.POST('/api/id/register', {
    body: {
      ...account,
      password: 'standing-pass-7',
      fullname: `Standing User ${seq}`,
      acceptTerms: true,
      acceptPrivacy: true,
    },
    params: { header: await captchaParam(base) },
  });
  expect(response.status).toBe(201);
  await confirmAccount(client, account.email);
  return { client, api, uid: response.data!.uid, username: account.username };
}

/** A published article of `owner`: written, submitted and approved as the moderation service would. */
async function published(owner: Account, title: string): Promise<string> {
  const { article: created } = await grpc.createArticle({
    author: { uid: owner.uid, username: owner.username, fullname: 'Standing Author', imageUrl: '' },
    title,
    description: '',
    language: Language.LANGUAGE_AZ,
    category: 'tech',
    subCategories: [],
    contentJson: JSON.stringify({ blocks: [{ type: 'paragraph', data: { text } }] }),
  });
  const { article: submitted } = await grpc.publishArticle({ articleId: created!.id, actorUid: owner.uid });
  if (submitted!.status !== ArticleStatus.ARTICLE_STATUS_PUBLISHED) await approveArticle(submitted!.id);
  return submitted!.id;
}

const ratingLog = (who: Account, page?: number) =>
  who.api.GET('/api/ttin/logs/rts', { params: { query: page ? { page } : {} } });

/** Waits until the user's rating (as their log answers it) is `rating`. */
async function ratingIs(who: Account, rating: number) {
  return eventually(
    async () => {
      const log = await ratingLog(who);
      return log.data?.rating === rating ? log.data : undefined;
    },
    { timeoutMs: 20_000, intervalMs: 100 },
  );
}

const badgesOf = (username: string) =>
  typedApi(new ApiClient(base)).GET('/api/profile/{username}/badges', { params: { path: { username } } });

async function notificationsOf(who: Account, type: number) {
  const page = await who.api.GET('/api/notifications', { params: { query: {} } });
  return (page.data?.items ?? []).filter((n) => n.type === type);
}

const sqlCount = async (query: string, values: unknown[]) =>
  Number((await sql.query<{ n: string }>(query, values)).rows[0]!.n);

/**
 * How many (user, period) totals of identity.rating_periods differ from the rating log summed by calendar week (from
 * Monday) and month in Asia/Baku: 0 when every log row was counted in its week and month exactly once.
 */
const periodDrift = () =>
  sqlCount(
    `with logged as (
       select uid, 'week' as period, date_trunc('week', at at time zone 'Asia/Baku')::date as starts,
              sum(points) as points
         from identity.rating_log group by 1, 3
       union all
       select uid, 'month', date_trunc('month', at at time zone 'Asia/Baku')::date, sum(points)
         from identity.rating_log group by 1, 3)
     select count(*) as n from logged l full join identity.rating_periods p using (uid, period, starts)
      where l.points is distinct from p.points`,
    [],
  );

/** Publishes a copy of an event under a new id (at-least-once delivery: a producer's retry). */
async function publishCopy(subject: string, type: string, data: Uint8Array) {
  const nc = await connect(natsAdmin(stack));
  try {
    const h = headers();
    h.set('pc-event-type', type);
    await nc.jetstream().publish(subject, data, { msgID: randomUUID(), headers: h });
  } finally {
    await nc.close();
  }
}

beforeAll(async () => {
  await resetMessaging();
  db = await freshDatabase('standing');
  sql = new pg.Pool({ connectionString: db.url, max: 2 });
  const started = await Promise.all([
    startService('identity', db.name),
    startService('articles', db.name),
    startService('notifications', db.name, { LIVE_POLL_MS: '5000' }),
  ]);
  identity = started[0];
  apps.push(...started.slice(1));
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
  [writer, other, voter1, voter2] = await Promise.all([signUp(), signUp(), signUp(), signUp()]);
  otherArticle = await published(other, 'Başqasının yazısı');
}, 60_000);

afterAll(async () => {
  grpc?.close();
  closeReviewClient();
  await Promise.all([identity, ...apps].map((app) => app?.stop()));
  await sql?.end();
  await db?.drop();
});

describe('a rating moved by events', () => {
  it('reaches Pro through real events and unlocks downvoting in the same session', async () => {
    // The session is read (and cached by the gateway) while the writer is a Guest.
    expect((await ratingLog(writer)).data).toMatchObject({ rating: 0, tier: 'guest', items: [] });
    const refused = await writer.api.POST('/api/articles/{id}/downvote', byId(otherArticle));
    expect(codeOf(refused)).toEqual([403, 'CannotDownvote']);

    // An approval: articleApproved (+10), from articles.article.reviewed.
    writerArticle = await published(writer, 'Yazıçının ilk yazısı');
    const approved = await ratingIs(writer, 10);
    expect(approved.tier).toBe('amateur');
    expect(approved.items).toEqual([
      expect.objectContaining({ kind: 'articleApproved', points: 10, subjectId: writerArticle }),
    ]);

    // Volume by SQL (a history of 86 points), so the last step is what crosses: 96 is still Amateur.
    await sql.query(
      `insert into identity.rating_log (uid, kind, points, source_id, at) values ($1, 'articleUpvote', 86, 'seed', now() - interval '60 days')`,
      [writer.uid],
    );
    await sql.query('update identity.users set rating = rating + 86 where id = $1', [writer.uid]);
    // ...and its week's and month's totals (Asia/Baku), as the rating log's writer keeps them.
    await sql.query(
      `insert into identity.rating_periods (uid, period, starts, points)
       select $1, p, date_trunc(p, (now() - interval '60 days') at time zone 'Asia/Baku')::date, 86
         from unnest(array['week', 'month']) as p`,
      [writer.uid],
    );
    expect(codeOf(await writer.api.POST('/api/articles/{id}/downvote', byId(otherArticle)))).toEqual([
      403,
      'CannotDownvote',
    ]);

    // Two upvotes by other users through the API (+2 each): 100, Pro.
    expect((await voter1.api.POST('/api/articles/{id}/upvote', byId(writerArticle))).status).toBe(200);
    await ratingIs(writer, 98);
    expect((await voter2.api.POST('/api/articles/{id}/upvote', byId(writerArticle))).status).toBe(200);
    const pro = await ratingIs(writer, 100);
    expect(pro.tier).toBe('pro');
    expect(pro.items.slice(0, 2)).toEqual([
      expect.objectContaining({ kind: 'articleUpvote', points: 2, subjectId: writerArticle }),
      expect.objectContaining({ kind: 'articleUpvote', points: 2, subjectId: writerArticle }),
    ]);

    // The same session (its summary cached with the old rating) may downvote now.
    const down = await writer.api.POST('/api/articles/{id}/downvote', byId(otherArticle));
    expect(down.status).toBe(200);
    expect(down.data).toMatchObject({ myVote: 'down', votes: { down: 1 } });
    // ...which costs the other author the downvote's points.
    expect((await ratingIs(other, 8)).items[0]).toMatchObject({ kind: 'articleDownvote', points: -2 });

    // A withdrawn upvote takes its points back: below Pro again, and a new downvote is refused at once.
    await voter1.api.POST('/api/articles/{id}/upvote', byId(writerArticle));
    expect((await ratingIs(writer, 98)).items[0]).toMatchObject({ kind: 'articleUpvote', points: -2 });
    // Removing one's own downvote needs no rating (and gives the other author the points back).
    expect((await writer.api.POST('/api/articles/{id}/downvote', byId(otherArticle))).data).toMatchObject({
      myVote: null,
    });
    await ratingIs(other, 10);
    expect(codeOf(await writer.api.POST('/api/articles/{id}/downvote', byId(otherArticle)))).toEqual([
      403,
      'CannotDownvote',
    ]);
    // The rating is the sum of the log.
    const sum = await sql.query<{ sum: number; rating: number }>(
      'select (select sum(points) from identity.rating_log where uid = $1) as sum, rating from identity.users where id = $1',
      [writer.uid],
    );
    expect(Number(sum.rows[0]!.sum)).toBe(sum.rows[0]!.rating);
    // ...and the leaderboard's week and month totals are the log summed by calendar week and month in Asia/Baku.
    expect(await periodDrift()).toBe(0);
  });
});

describe('badges', () => {
  it('awards first-article once, with one notification 105', async () => {
    const badges = await eventually(async () => {
      const answer = await badgesOf(writer.username);
      return answer.data?.items.length ? answer.data : undefined;
    });
    expect(badges.items).toEqual([{ id: 'first-article', earnedAt: expect.any(String) }]);
    const told = await eventually(async () => {
      const found = await notificationsOf(writer, 105);
      return found.length ? found : undefined;
    });
    expect(told).toEqual([
      expect.objectContaining({ type: 105, data: expect.objectContaining({ badge: 'first-article' }) }),
    ]);
    expect(codeOf(await badgesOf(`nobody_${run}`))).toEqual([404, 'UserNotFound']);
  });

  it('stays once when the approval is delivered again under another id', async () => {
    const { rows } = await sql.query<{ event_id: string }>(
      `select event_id from identity.processed_events where consumer = 'identity-standing-article-reviews'`,
    );
    const before = rows.length;
    const copy = EVENTS.articleReviewed.message
      .encode({
        articleId: writerArticle,
        originalId: '',
        isTranslation: false,
        authorUids: [writer.uid],
        title: 'Yazıçının ilk yazısı',
        decision: 'approved',
        note: '',
        atMs: Date.now(),
        language: Language.LANGUAGE_AZ,
        isEdit: false,
      })
      .finish();
    await publishCopy(EVENTS.articleReviewed.subject, EVENTS.articleReviewed.type, copy);
    await eventually(async () =>
      (await sqlCount(
        `select count(*) as n from identity.processed_events where consumer = 'identity-standing-article-reviews'`,
        [],
      )) > before
        ? true
        : undefined,
    );
    expect((await ratingLog(writer)).data!.rating).toBe(98);
    expect(await sqlCount(`select count(*) as n from identity.user_badges where uid = $1`, [writer.uid])).toBe(1);
    expect(
      await sqlCount(
        `select value as n from identity.badge_counters where uid = $1 and counter = 'articlesPublished'`,
        [writer.uid],
      ),
    ).toBe(1);
  });

  it('stays once when the whole stream is replayed to a consumer that forgot what it processed', async () => {
    const logRows = await sqlCount('select count(*) as n from identity.rating_log', []);
    const handled = await sqlCount(
      `select count(*) as n from identity.processed_events where consumer like 'identity-standing-%'`,
      [],
    );
    const badgeRows = await sqlCount('select count(*) as n from identity.user_badges', []);
    await identity.stop();
    // Forget the processed events of every standing consumer and delete the durable consumers: on start each is
    // created again from the first message of its stream, so every event is handled a second time.
    await sql.query(`delete from identity.processed_events where consumer like 'identity-standing-%'`);
    const nc = await connect(natsAdmin(stack));
    try {
      const jsm = await nc.jetstreamManager();
      for await (const stream of jsm.streams.list()) {
        for await (const consumer of jsm.consumers.list(stream.config.name)) {
          if (consumer.name.startsWith('identity-standing-'))
            await jsm.consumers.delete(stream.config.name, consumer.name);
        }
      }
    } finally {
      await nc.close();
    }
    identity = await startService('identity', db.name);
    await eventually(
      async () =>
        (await sqlCount(
          `select count(*) as n from identity.processed_events where consumer like 'identity-standing-%'`,
          [],
        )) >= handled
          ? true
          : undefined,
      { timeoutMs: 20_000, intervalMs: 200 },
    );
    // Give the replay a moment to finish every stream, then nothing has doubled.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(await sqlCount('select count(*) as n from identity.rating_log', [])).toBe(logRows);
    expect(await periodDrift()).toBe(0);
    expect(await sqlCount('select count(*) as n from identity.user_badges', [])).toBe(badgeRows);
    expect((await ratingLog(writer)).data!.rating).toBe(98);
    expect(await notificationsOf(writer, 105)).toHaveLength(1);
  });

  it('staff grant beta-tester and bug-hunter once; no one else may', async () => {
    const staff = bearer(await staffToken());
    const grant = (
      badge: 'beta-tester' | 'bug-hunter',
      head: Record<string, string> = staff,
      username = voter2.username,
    ) =>
      typedApi(new ApiClient(base)).POST('/api/staff/users/{username}/badges', {
        params: { path: { username } },
        body: { badge },
        headers: head,
      });
    expect(codeOf(await grant('bug-hunter', {}))).toEqual([401, 'Unauthorized']);
    expect(
      codeOf(
        await voter2.api.POST('/api/staff/users/{username}/badges', {
          params: { path: { username: voter2.username } },
          body: { badge: 'bug-hunter' },
        }),
      ),
    ).toEqual([401, 'Unauthorized']);
    const first = await grant('bug-hunter');
    expect(first.status).toBe(200);
    expect(first.data).toMatchObject({ granted: true, badge: { id: 'bug-hunter' } });
    expect((await grant('bug-hunter')).data).toMatchObject({ granted: false, badge: { id: 'bug-hunter' } });
    expect(codeOf(await grant('bug-hunter', staff, `nobody_${run}`))).toEqual([404, 'UserNotFound']);
    const wrong = await typedApi(new ApiClient(base)).POST('/api/staff/users/{username}/badges', {
      params: { path: { username: voter2.username } },
      body: { badge: 'commenter' as 'bug-hunter' },
      headers: staff,
    });
    expect(codeOf(wrong)).toEqual([400, 'InvalidModel']);
    expect((await badgesOf(voter2.username)).data!.items.map((badge) => badge.id)).toEqual(['bug-hunter']);
    const told = await eventually(async () => {
      const found = await notificationsOf(voter2, 105);
      return found.length ? found : undefined;
    });
    expect(told).toHaveLength(1);
    expect(told[0]!.data).toMatchObject({ badge: 'bug-hunter' });
  });
});

describe('the leaderboard', () => {
  it('ranks all time by rating and week or month by the points gained this calendar week or month', async () => {
    const visitor = typedApi(new ApiClient(base));
    const all = await visitor.GET('/api/leaderboard', { params: { query: { period: 'all' } } });
    expect(all.status).toBe(200);
    expect(all.data!.items.map((entry) => [entry.rank, entry.username, entry.rating, entry.tier])).toEqual([
      [1, writer.username, 98, 'amateur'],
      [2, other.username, 10, 'amateur'],
    ]);
    // Last week's and last month's totals are not this week's or month's.
    await sql.query(
      `insert into identity.rating_periods (uid, period, starts, points)
       values ($1, 'week', date_trunc('week', now() at time zone 'Asia/Baku')::date - 7, 500),
              ($1, 'month', (date_trunc('month', now() at time zone 'Asia/Baku') - interval '1 month')::date, 500)`,
      [voter1.uid],
    );
    // The seeded 86 points are 60 days old: in neither this week nor this month.
    const week = await visitor.GET('/api/leaderboard', { params: { query: { period: 'week' } } });
    expect(week.data!.items.map((entry) => [entry.username, entry.points])).toEqual([
      [writer.username, 12],
      [other.username, 10],
    ]);
    // Points gained this calendar month before this week (seeded as the month's total alone: early in a month no
    // day of it may lie before this week).
    await sql.query(
      `insert into identity.rating_periods (uid, period, starts, points)
       values ($1, 'month', date_trunc('month', now() at time zone 'Asia/Baku')::date, 20)
       on conflict (uid, period, starts) do update set points = identity.rating_periods.points + excluded.points`,
      [other.uid],
    );
    const month = await visitor.GET('/api/leaderboard', { params: { query: { period: 'month' } } });
    expect(month.data!.items.map((entry) => [entry.username, entry.points])).toEqual([
      [other.username, 30],
      [writer.username, 12],
    ]);
    expect(
      (await visitor.GET('/api/leaderboard', { params: { query: { period: 'week' } } })).data!.items[0]!.username,
    ).toBe(writer.username);
    const bad = await new ApiClient(base).request('GET', '/api/leaderboard?period=year');
    expect([bad.status, (bad.body as Schemas['Error']).error.code]).toEqual([400, 'InvalidModel']);
    const far = await new ApiClient(base).request('GET', '/api/leaderboard?page=100000');
    expect([far.status, (far.body as Schemas['Error']).error.code]).toEqual([400, 'InvalidPage']);
  });
});

describe('the rating log', () => {
  it("is the signed-in user's own, and nobody's for a visitor", async () => {
    expect(codeOf(await typedApi(new ApiClient(base)).GET('/api/ttin/logs/rts'))).toEqual([401, 'Unauthorized']);
    // No id to change: another user's log is out of reach, and theirs shows nothing of the writer's.
    const theirs = (await ratingLog(voter1)).data!;
    expect(theirs).toMatchObject({ rating: 0, tier: 'guest', items: [], hasMore: false });
    // Naming another user's id changes nothing: the log is the session's.
    const named = await writer.client.request<{ rating: number }>('GET', `/api/ttin/logs/rts?uid=${other.uid}`);
    if (named.status === 200) expect(named.body.rating).toBe(98);
    else expect(named.status).toBe(400);
    // Pages: 20 a page, newest first; past the last allowed page, InvalidPage.
    const own = (await ratingLog(writer)).data!;
    expect(own).toMatchObject({ page: 1, pageSize: 20, hasMore: false });
    expect(own.items.map((item) => item.kind)).toEqual([
      'articleUpvote',
      'articleUpvote',
      'articleUpvote',
      'articleApproved',
      'articleUpvote',
    ]);
    expect(codeOf(await ratingLog(writer, 100_000))).toEqual([400, 'InvalidPage']);
  });
});

describe('reads and views', () => {
  it('every tenth read earns a point and 10,000 views the views badge, once, whatever the order of the totals', async () => {
    const counted = (readsTotal: number, viewsTotal: number) =>
      EVENTS.articleCounted.message
        .encode({ articleId: writerArticle, authorUid: writer.uid, viewsTotal, readsTotal, atMs: Date.now() })
        .finish();
    const handled = () =>
      sqlCount(
        `select count(*) as n from identity.processed_events where consumer = 'identity-standing-article-counts'`,
        [],
      );
    const before = await handled();
    const send = (data: Uint8Array) => publishCopy(EVENTS.articleCounted.subject, EVENTS.articleCounted.type, data);
    // 25 reads (two steps of ten: +2), the same totals again, then an older total arriving late.
    await send(counted(25, 10_000));
    await send(counted(25, 10_000));
    await send(counted(19, 9_000));
    await eventually(async () => ((await handled()) >= before + 3 ? true : undefined));
    const log = await ratingIs(writer, 100);
    expect(log.items[0]).toMatchObject({ kind: 'articleReads', points: 2, subjectId: writerArticle });
    expect(log.items.filter((item) => item.kind === 'articleReads')).toHaveLength(1);
    expect((await badgesOf(writer.username)).data!.items.map((badge) => badge.id)).toEqual(['first-article', 'views']);
    // Five more reads reach the third step: one more point.
    await send(counted(30, 10_050));
    expect((await ratingIs(writer, 101)).items[0]).toMatchObject({ kind: 'articleReads', points: 1 });
    const told = await eventually(async () => {
      const found = await notificationsOf(writer, 105);
      return found.length === 2 ? found : undefined;
    });
    expect(told.map((n) => n.data.badge).sort()).toEqual(['first-article', 'views']);
  });
});
