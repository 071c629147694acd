// Engagement and reading lists through the gateway on real servers (identity, articles, gateway; PostgreSQL, Redis,
// NATS, mailpit): toggled votes with the Pro rating for a downvote and counts that stay exact under concurrent votes,
// bookmarks (private), collections (private ones only for their owner, caps, saving others' public ones), category
// follows and the category, newest, top and following lists (the people a user follows come from identity's events),
// an author's top and next article, and the events in the outbox. And that nobody reads or changes another user's
// bookmarks or private collection by changing an id: the uid is always the session's.
import { ArticleStatus, ArticlesServiceClient, ArticlesServiceService } from '@pencraft/contracts/articles/v1/articles';
import { EVENTS } from '@pencraft/contracts/events';
import { ArticleBookmarked, ArticleVoted } from '@pencraft/contracts/events/v1/articles';
import { UserDeleted } from '@pencraft/contracts/events/v1/identity';
import { createGrpcClient, type PromiseClient } from '@pencraft/kit';
import { connect, headers } from 'nats';
import { createHash, randomUUID } from 'node:crypto';
import pg from 'pg';
import { createClient } from 'redis';
import type { AppHandle } from '../../packages/devstack/src/index.ts';
import { confirmAccount } from '../support/accounts.ts';
import { captchaHeader } from '../support/captcha.ts';
import { approveArticle, closeReviewClient } from '../support/review.ts';
import {
  eventually,
  freshDatabase,
  grpcAddress,
  httpBase,
  natsUrl,
  redisUrl,
  resetMessaging,
  stack,
  startService,
  type TestDatabase,
} from '../support/stack.ts';
import { DocumentedClient as ApiClient } from './gateway-openapi.ts';
import { Language } from '@pencraft/contracts/common/v1/common';

interface ErrorBody {
  error: { code: string; details?: { field: string; code: string }[] };
}
interface Meta {
  votes: { up: number; down: number };
  myVote: 'up' | 'down' | null;
  bookmarked: boolean;
  bookmarks: number;
  comments: number;
  collections: string[];
}
interface Card {
  id: string;
  title: string;
  category: string;
  votes?: number;
  coverUrl?: string | null;
  author: { uid: string; username: string };
}
interface Page {
  items: Card[];
  page: number;
  pageSize: number;
  hasMore: boolean;
}
interface Collection {
  id: string;
  name: string;
  private: boolean;
  owner: { uid: string; username: string };
  itemCount: number;
  own: boolean;
  saved: boolean;
}
interface Account {
  client: ApiClient;
  uid: string;
  username: string;
  email: string;
}

let db: TestDatabase;
let sql: pg.Pool;
let redis: ReturnType<typeof createClient>;
const apps: AppHandle[] = [];
let grpc: PromiseClient<ArticlesServiceClient>;
let base: string;
let seq = 0;
const run = Date.now().toString(36);
const text = 'Bakıda payız gələndə küləklər şəhəri təmizləyir, insanlar isə çay süfrəsi ətrafında toplaşır.';

let author: Account;
let reader: Account;
let pro: Account;
let stranger: Account;
/** Published: two in tech, one in culture; a draft that never was. */
let tech1: string;
let tech2: string;
let culture1: string;
let draft: string;

const codeOf = (response: { body: unknown }) => (response.body as ErrorBody).error?.code;
const del = <T>(client: ApiClient, path: string) => client.request<T & ErrorBody>('DELETE', path);
const put = <T>(client: ApiClient, path: string) => client.request<T & ErrorBody>('PUT', path);
const patch = <T>(client: ApiClient, path: string, body: unknown) => client.request<T & ErrorBody>('PATCH', path, body);

async function signUp(confirmed = true): Promise<Account> {
  seq += 1;
  const account = {
    email: `engage${seq}.${run}@example.az`,
    username: `engage_${run}_${seq}`,
    password: 'engage-pass-7',
  };
  const client = new ApiClient(base);
  const response = await client.post<{ uid: string }>(
    '/api/id/register',
    { ...account, fullname: `Engage User ${seq}`, acceptTerms: true, acceptPrivacy: true },
    await captchaHeader(base),
  );
  expect(response.status).toBe(201);
  if (confirmed) await confirmAccount(client, account.email);
  return { client, uid: response.body.uid, username: account.username, email: account.email };
}

/** A published article of `owner`: written, submitted and approved as the moderation service will. */
async function publishedArticle(owner: Account, title: string, category: string): Promise<string> {
  const { article: created } = await grpc.createArticle({
    author: { uid: owner.uid, username: owner.username, fullname: 'Engage Author', imageUrl: '' },
    title,
    description: '',
    language: Language.LANGUAGE_AZ,
    category,
    subCategories: [],
    contentJson: JSON.stringify({ blocks: [{ type: 'paragraph', data: { text } }] }),
  });
  const { article: submitted } = await grpc.publishArticle({ articleId: created!.id, actorUid: owner.uid });
  if (submitted!.status !== ArticleStatus.ARTICLE_STATUS_PUBLISHED) await approveArticle(submitted!.id);
  return submitted!.id;
}

/** Gives an account a rating (identity's column) and drops the gateway's cached summary of its session. */
async function setRating(account: Account, rating: number) {
  await sql.query('update identity.users set rating = $1 where id = $2', [rating, account.uid]);
  const token = account.client.cookies.get('pc_su')!;
  await redis.del(`gw:sess:${createHash('sha256').update(token).digest().toString('base64url')}`);
}

/** Waits until the article has its engagement row (articles.article.published, read by the articles service). */
async function listed(articleId: string) {
  await eventually(async () => {
    const { rows } = await sql.query('select 1 from articles.article_engagement where article_id = $1', [articleId]);
    return rows.length ? true : undefined;
  });
}

const metaOf = (client: ApiClient, id: string) => client.get<Meta & ErrorBody>(`/api/articles/${id}/meta`);
const ids = (page: { items: Card[] }) => page.items.map((card) => card.id);

beforeAll(async () => {
  await resetMessaging();
  db = await freshDatabase('engagement');
  sql = new pg.Pool({ connectionString: db.url, max: 2 });
  redis = createClient({ url: redisUrl(stack) });
  await redis.connect();
  apps.push(...(await Promise.all([startService('identity', db.name), startService('articles', db.name)])));
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
  [author, reader, pro, stranger] = await Promise.all([signUp(), signUp(), signUp(), signUp(false)]);
  tech1 = await publishedArticle(author, 'Texnologiya bir', 'tech');
  tech2 = await publishedArticle(author, 'Texnologiya iki', 'tech');
  culture1 = await publishedArticle(author, 'Mədəniyyət bir', 'culture');
  const { article } = await grpc.createArticle({
    author: { uid: author.uid, username: author.username, fullname: 'Engage Author', imageUrl: '' },
    title: 'Qaralama',
    description: '',
    language: Language.LANGUAGE_AZ,
    category: 'tech',
    subCategories: [],
    contentJson: JSON.stringify({ blocks: [{ type: 'paragraph', data: { text } }] }),
  });
  draft = article!.id;
  await Promise.all([tech1, tech2, culture1].map(listed));
});

afterAll(async () => {
  grpc?.close();
  closeReviewClient();
  await Promise.all(apps.map((app) => app.stop()));
  await redis?.close();
  await sql?.end();
  await db?.drop();
});

describe('votes', () => {
  it('answers the meta of a published article to anyone, and nothing of a draft', async () => {
    const visitor = new ApiClient(base);
    const meta = await metaOf(visitor, tech1);
    expect(meta.status).toBe(200);
    expect(meta.headers.get('cache-control')).toBe('no-store');
    expect(meta.body).toEqual({
      votes: { up: 0, down: 0 },
      myVote: null,
      bookmarked: false,
      bookmarks: 0,
      comments: 0,
      collections: [],
    });
    expect(codeOf(await metaOf(visitor, draft))).toBe('ArticleNotFound');
    expect(codeOf(await metaOf(author.client, draft))).toBe('ArticleNotFound');
    expect(codeOf(await metaOf(visitor, randomUUID()))).toBe('ArticleNotFound');
    const bad = await metaOf(visitor, 'not-an-id');
    expect([bad.status, codeOf(bad)]).toEqual([400, 'InvalidIdentifier']);
  });

  it('toggles an upvote: the same again removes it', async () => {
    const up = await reader.client.post<Meta>(`/api/articles/${tech1}/upvote`);
    expect(up.status).toBe(200);
    expect(up.body).toMatchObject({ votes: { up: 1, down: 0 }, myVote: 'up' });
    expect((await metaOf(new ApiClient(base), tech1)).body).toMatchObject({ votes: { up: 1 }, myVote: null });
    const again = await reader.client.post<Meta>(`/api/articles/${tech1}/upvote`);
    expect(again.body).toMatchObject({ votes: { up: 0, down: 0 }, myVote: null });
  });

  it('lets only the Pro rating (100 and more) cast a downvote; anyone removes their own', async () => {
    const refused = await reader.client.post(`/api/articles/${tech1}/downvote`);
    expect([refused.status, codeOf(refused)]).toEqual([403, 'CannotDownvote']);
    await setRating(pro, 150);
    const down = await pro.client.post<Meta>(`/api/articles/${tech1}/downvote`);
    expect(down.body).toMatchObject({ votes: { up: 0, down: 1 }, myVote: 'down' });
    const switched = await pro.client.post<Meta>(`/api/articles/${tech1}/upvote`);
    expect(switched.body).toMatchObject({ votes: { up: 1, down: 0 }, myVote: 'up' });
    await pro.client.post(`/api/articles/${tech1}/downvote`);
    await setRating(pro, 5);
    const removed = await pro.client.post<Meta>(`/api/articles/${tech1}/downvote`);
    expect(removed.body).toMatchObject({ votes: { up: 0, down: 0 }, myVote: null });
    await setRating(pro, 150);
  });

  it("refuses one's own article, drafts, visitors and unconfirmed accounts", async () => {
    const own = await author.client.post(`/api/articles/${tech1}/upvote`);
    expect([own.status, codeOf(own)]).toEqual([403, 'Forbidden']);
    expect(codeOf(await reader.client.post(`/api/articles/${draft}/upvote`))).toBe('ArticleNotFound');
    const visitor = await new ApiClient(base).post(`/api/articles/${tech1}/upvote`);
    expect([visitor.status, codeOf(visitor)]).toEqual([401, 'Unauthorized']);
    const unconfirmed = await stranger.client.post(`/api/articles/${tech1}/upvote`);
    expect([unconfirmed.status, codeOf(unconfirmed)]).toEqual([403, 'AccountNotConfirmed']);
    expect((await metaOf(reader.client, tech1)).body.votes).toEqual({ up: 0, down: 0 });
  });

  it('keeps the counts exact under concurrent votes and announces each change', async () => {
    const voters = [reader, pro, ...(await Promise.all([signUp(), signUp()]))];
    // Each voter presses upvote three times at once: an odd number of toggles leaves one upvote each.
    await Promise.all(voters.flatMap((v) => [1, 2, 3].map(() => v.client.post(`/api/articles/${tech2}/upvote`))));
    const { rows } = await sql.query(
      `select e.up_votes, e.down_votes, (select count(*)::int from articles.article_votes v
         where v.article_id = e.article_id and v.value = 1) as rows
         from articles.article_engagement e where e.article_id = $1`,
      [tech2],
    );
    expect(rows[0].up_votes).toBe(rows[0].rows);
    expect(rows[0].down_votes).toBe(0);
    expect(rows[0].up_votes).toBe(4);
    const events = await sql.query(`select payload from articles.outbox where subject = 'articles.article.voted'`);
    const mine = events.rows.map((r) => ArticleVoted.decode(r.payload)).filter((e) => e.articleId === tech2);
    expect(mine).toHaveLength(12);
    expect(mine.every((e) => e.authorUid === author.uid)).toBe(true);
    // The outbox's times are the transactions' starts, not their commit order: the highest count is the last.
    expect(Math.max(...mine.map((e) => e.up))).toBe(4);
    expect(mine.filter((e) => e.vote === 'up')).toHaveLength(8);
  });
});

describe('bookmarks', () => {
  it('bookmarks once, lists them only to their owner and removes them', async () => {
    const first = await reader.client.post<Meta>(`/api/articles/${culture1}/bookmark`);
    expect(first.body).toMatchObject({ bookmarked: true, bookmarks: 1 });
    const again = await reader.client.post<Meta>(`/api/articles/${culture1}/bookmark`);
    expect(again.body).toMatchObject({ bookmarked: true, bookmarks: 1 });
    await reader.client.post(`/api/articles/${tech1}/bookmark`);

    const mine = await reader.client.get<Page>('/api/profile/bookmarks');
    expect(ids(mine.body)).toEqual([tech1, culture1]);
    expect(mine.body.items[0]).toMatchObject({ category: 'tech', author: { uid: author.uid } });
    expect(ids((await pro.client.get<Page>('/api/profile/bookmarks')).body)).toEqual([]);
    expect((await new ApiClient(base).get('/api/profile/bookmarks')).status).toBe(401);
    expect((await metaOf(pro.client, culture1)).body).toMatchObject({ bookmarked: false, bookmarks: 1 });

    const removed = await del<Meta>(reader.client, `/api/articles/${culture1}/bookmark`);
    expect(removed.body).toMatchObject({ bookmarked: false, bookmarks: 0 });
    expect(ids((await reader.client.get<Page>('/api/profile/bookmarks')).body)).toEqual([tech1]);
    const events = await sql.query(
      `select payload from articles.outbox where subject = 'articles.article.bookmarked' order by created_at, id`,
    );
    const decoded = events.rows.map((r) => ArticleBookmarked.decode(r.payload));
    expect(decoded.filter((e) => e.articleId === culture1).map((e) => e.bookmarked)).toEqual([true, false]);
  });

  it('refuses drafts, unknown articles and visitors', async () => {
    expect(codeOf(await reader.client.post(`/api/articles/${draft}/bookmark`))).toBe('ArticleNotFound');
    expect(codeOf(await reader.client.post(`/api/articles/${randomUUID()}/bookmark`))).toBe('ArticleNotFound');
    expect((await new ApiClient(base).post(`/api/articles/${tech1}/bookmark`)).status).toBe(401);
    const page = await reader.client.get('/api/profile/bookmarks?page=0');
    expect([page.status, codeOf(page)]).toEqual([400, 'InvalidPage']);
  });
});

describe('collections', () => {
  let secret: Collection;
  let shelf: Collection;

  beforeAll(async () => {
    const created = await reader.client.post<Collection>('/api/collections', {
      name: ' Gizli <b>siyahı</b> ',
      private: true,
    });
    expect(created.status).toBe(201);
    secret = created.body;
    shelf = (await reader.client.post<Collection>('/api/collections', { name: 'Rəf' })).body;
  });

  it('makes private and public collections and keeps articles in them', async () => {
    expect(secret).toMatchObject({ name: 'Gizli siyahı', private: true, own: true, saved: false, itemCount: 0 });
    expect(shelf).toMatchObject({ name: 'Rəf', private: false, owner: { uid: reader.uid } });
    const added = await put<Collection>(reader.client, `/api/collections/${secret.id}/${tech1}`);
    expect(added.body.itemCount).toBe(1);
    expect((await put<Collection>(reader.client, `/api/collections/${secret.id}/${tech1}`)).body.itemCount).toBe(1);
    await put(reader.client, `/api/collections/${shelf.id}/${culture1}`);
    expect((await metaOf(reader.client, tech1)).body.collections).toEqual([secret.id]);
    expect((await metaOf(pro.client, tech1)).body.collections).toEqual([]);

    const page = await reader.client.get<{ collection: Collection; items: Card[] }>(`/api/collections/${secret.id}`);
    expect(page.body.collection).toMatchObject({ id: secret.id, private: true, itemCount: 1 });
    expect(ids(page.body)).toEqual([tech1]);
    expect(codeOf(await put(reader.client, `/api/collections/${secret.id}/${draft}`))).toBe('ArticleNotFound');
    const removed = await del<Collection>(reader.client, `/api/collections/${secret.id}/${tech1}`);
    expect(removed.body.itemCount).toBe(0);
    await put(reader.client, `/api/collections/${secret.id}/${tech1}`);
  });

  it('refuses a bad name and a 21st collection', async () => {
    const bad = await reader.client.post('/api/collections', { name: '   ' });
    expect([bad.status, codeOf(bad)]).toEqual([400, 'InvalidName']);
    const long = await reader.client.post('/api/collections', { name: 'x'.repeat(65) });
    expect(codeOf(long)).toBe('InvalidName');
    const collector = await signUp(false);
    for (let i = 0; i < 20; i += 1) {
      expect((await collector.client.post('/api/collections', { name: `Kolleksiya ${i}` })).status).toBe(201);
    }
    const over = await collector.client.post('/api/collections', { name: 'Bir çox' });
    expect([over.status, codeOf(over)]).toEqual([429, 'MaximumCollectionsCount']);
  });

  it('keeps a private collection from anyone but its owner, whatever the id or path', async () => {
    for (const client of [pro.client, new ApiClient(base)]) {
      const read = await client.get(`/api/collections/${secret.id}`);
      expect([read.status, codeOf(read)]).toEqual([404, 'CollectionNotFound']);
    }
    expect(codeOf(await patch(pro.client, `/api/collections/${secret.id}`, { name: 'Mənim' }))).toBe(
      'CollectionNotFound',
    );
    expect(codeOf(await del(pro.client, `/api/collections/${secret.id}`))).toBe('CollectionNotFound');
    expect(codeOf(await put(pro.client, `/api/collections/${secret.id}/${tech2}`))).toBe('CollectionNotFound');
    expect(codeOf(await del(pro.client, `/api/collections/${secret.id}/${tech1}`))).toBe('CollectionNotFound');
    expect(codeOf(await pro.client.post('/api/collections/save', { collectionId: secret.id }))).toBe(
      'CollectionNotFound',
    );
    expect(codeOf(await pro.client.post('/api/collections/remove', { collectionId: secret.id }))).toBe(
      'CollectionNotFound',
    );
    const theirs = await pro.client.get<{ items: Collection[] }>(`/api/profile/collections/${reader.username}`);
    expect(theirs.body.items.map((c) => c.id)).toEqual([shelf.id]);
    const visitors = await new ApiClient(base).get<{ items: Collection[] }>(
      `/api/profile/collections/${reader.username}`,
    );
    expect(visitors.body.items.map((c) => c.id)).toEqual([shelf.id]);
    const own = await reader.client.get<{ items: Collection[] }>(`/api/profile/collections/${reader.username}`);
    expect(own.body.items.map((c) => c.id)).toEqual([shelf.id, secret.id]);
    const unknown = await new ApiClient(base).get(`/api/profile/collections/nobody_${run}`);
    expect([unknown.status, codeOf(unknown)]).toEqual([404, 'UserNotFound']);
    // Changing a public collection of someone else is refused outright (it is visible anyway).
    const renamed = await patch(pro.client, `/api/collections/${shelf.id}`, { name: 'Oğurluq' });
    expect([renamed.status, codeOf(renamed)]).toEqual([403, 'Forbidden']);
    expect(codeOf(await put(pro.client, `/api/collections/${shelf.id}/${tech2}`))).toBe('Forbidden');
    expect(
      (await reader.client.get<{ collection: Collection }>(`/api/collections/${shelf.id}`)).body.collection.name,
    ).toBe('Rəf');
  });

  it("saves and removes someone else's public collection, never one's own", async () => {
    const own = await reader.client.post('/api/collections/save', { collectionId: shelf.id });
    expect([own.status, codeOf(own)]).toEqual([409, 'CantSaveOwnCollection']);
    const saved = await pro.client.post<Collection>('/api/collections/save', { collectionId: shelf.id });
    expect(saved.body).toMatchObject({ id: shelf.id, own: false, saved: true, itemCount: 1 });
    const list = await pro.client.get<{ items: Collection[] }>('/api/collections');
    expect(list.body.items.map((c) => [c.id, c.saved])).toEqual([[shelf.id, true]]);
    const removeOwn = await reader.client.post('/api/collections/remove', { collectionId: shelf.id });
    expect([removeOwn.status, codeOf(removeOwn)]).toEqual([409, 'CantRemoveOwnCollection']);

    // Made private, it leaves the saver's list and cannot be read by them.
    await patch(reader.client, `/api/collections/${shelf.id}`, { private: true });
    expect((await pro.client.get<{ items: Collection[] }>('/api/collections')).body.items).toEqual([]);
    expect(codeOf(await pro.client.get(`/api/collections/${shelf.id}`))).toBe('CollectionNotFound');
    await patch(reader.client, `/api/collections/${shelf.id}`, { private: false, name: 'Açıq rəf' });
    expect((await pro.client.get<{ items: Collection[] }>('/api/collections')).body.items).toHaveLength(1);
    const removed = await pro.client.post('/api/collections/remove', { collectionId: shelf.id });
    expect(removed.status).toBe(204);
    expect((await pro.client.get<{ items: Collection[] }>('/api/collections')).body.items).toEqual([]);
  });

  it('lists mine with private ones and deletes with the owner only', async () => {
    const mine = await reader.client.get<{ items: Collection[] }>('/api/collections');
    expect(mine.body.items.map((c) => c.id)).toEqual([shelf.id, secret.id]);
    expect((await new ApiClient(base).get('/api/collections')).status).toBe(401);
    const gone = await del(reader.client, `/api/collections/${secret.id}`);
    expect(gone.status).toBe(204);
    expect(codeOf(await reader.client.get(`/api/collections/${secret.id}`))).toBe('CollectionNotFound');
    expect((await metaOf(reader.client, tech1)).body.collections).toEqual([]);
    const bad = await reader.client.get('/api/collections/not-an-id');
    expect([bad.status, codeOf(bad)]).toEqual([404, 'CollectionNotFound']);
  });
});

describe('reading lists', () => {
  it('lists a category newest first or by score, and refuses an unknown one', async () => {
    const newest = await new ApiClient(base).get<Page>('/api/articles/cs/cot/tech');
    expect(newest.status).toBe(200);
    expect(ids(newest.body)).toEqual([tech2, tech1]);
    expect(newest.body.items[0]).toMatchObject({ votes: 4, coverUrl: null });
    await reader.client.post(`/api/articles/${tech1}/upvote`);
    await reader.client.post(`/api/articles/${tech2}/upvote`);
    const top = await new ApiClient(base).get<Page>('/api/articles/cs/cot/tech?sKey=top');
    expect(top.body.items.map((c) => [c.id, c.votes])).toEqual([
      [tech2, 3],
      [tech1, 1],
    ]);
    const unknown = await new ApiClient(base).get('/api/articles/cs/cot/astrology');
    expect([unknown.status, codeOf(unknown)]).toEqual([400, 'InvalidCategory']);
    const badSort = await new ApiClient(base).get('/api/articles/cs/cot/tech?sKey=old');
    expect(badSort.status).toBe(400);
    expect(ids((await new ApiClient(base).get<Page>('/api/articles/cs/cot/law')).body)).toEqual([]);
  });

  it('lists the newest and the top of the last 30 days', async () => {
    const newest = await new ApiClient(base).get<Page>('/api/articles/nd/cot');
    expect(ids(newest.body)).toEqual([culture1, tech2, tech1]);
    expect(newest.body).toMatchObject({ page: 1, pageSize: 20, hasMore: false });
    const top = await new ApiClient(base).get<Page>('/api/articles/top');
    expect(ids(top.body)).toEqual([tech2, tech1, culture1]);
    await sql.query(
      `update articles.article_engagement set published_at = published_at - interval '31 days' where article_id = $1`,
      [tech2],
    );
    expect(ids((await new ApiClient(base).get<Page>('/api/articles/top')).body)).toEqual([tech1, culture1]);
    await sql.query(
      `update articles.article_engagement set published_at = published_at + interval '31 days' where article_id = $1`,
      [tech2],
    );
    expect((await new ApiClient(base).get('/api/articles/top?page=501')).status).toBe(400);
  });

  it("lists an author's best and their next article, wrapping after the newest", async () => {
    const topOf = await new ApiClient(base).get<{ items: Card[] }>(`/api/users/${author.uid}/articles/top`);
    expect(ids(topOf.body)).toEqual([tech2, tech1, culture1]);
    expect(
      ids((await new ApiClient(base).get<{ items: Card[] }>(`/api/users/${randomUUID()}/articles/top`)).body),
    ).toEqual([]);
    const next = (aid: string) =>
      new ApiClient(base).get<{ next?: Card } & ErrorBody>(`/api/users/${author.uid}/articles/${aid}/next`);
    expect((await next(tech1)).body.next?.id).toBe(tech2);
    expect((await next(tech2)).body.next?.id).toBe(culture1);
    expect((await next(culture1)).body.next?.id).toBe(tech1);
    expect(codeOf(await next(draft))).toBe('ArticleNotFound');
    const others = await new ApiClient(base).get(`/api/users/${reader.uid}/articles/${tech1}/next`);
    expect([others.status, codeOf(others)]).toEqual([404, 'ArticleNotFound']);
    const loner = await signUp();
    const only = await publishedArticle(loner, 'Tək', 'law');
    await listed(only);
    const alone = await new ApiClient(base).get<{ next?: Card }>(`/api/users/${loner.uid}/articles/${only}/next`);
    expect(alone.body).toEqual({});
  });

  it('follows categories and lists them named in the request language', async () => {
    const followed = await pro.client.post<{ category: string; following: boolean }>('/api/categories/culture/follow');
    expect(followed.body).toEqual({ category: 'culture', following: true });
    await pro.client.post('/api/categories/tech/follow');
    await pro.client.post('/api/categories/tech/follow');
    const mine = await pro.client.get<{ items: { id: string; name: string }[] }>('/api/follow/categories');
    expect(mine.body.items.map((c) => c.id)).toEqual(['tech', 'culture']);
    expect(mine.body.items[0]!.name).toBe('Technology');
    expect((await reader.client.get<{ items: unknown[] }>('/api/follow/categories')).body.items).toEqual([]);
    const unfollowed = await del<{ following: boolean }>(pro.client, '/api/categories/tech/follow');
    expect(unfollowed.body.following).toBe(false);
    const unknown = await pro.client.post('/api/categories/astrology/follow');
    expect([unknown.status, codeOf(unknown)]).toEqual([400, 'InvalidCategory']);
    expect((await new ApiClient(base).post('/api/categories/tech/follow')).status).toBe(401);
    for (const path of ['/api/categories', '/api/cats']) {
      const all = await new ApiClient(base, 'az').get<{ items: { id: string; name: string }[] }>(path);
      expect(all.body.items).toHaveLength(20);
      expect(all.body.items.find((c) => c.id === 'tech')!.name).toBe('Texnologiya');
    }
  });

  it('feeds the articles of the people and categories a user follows', async () => {
    // pro follows culture (above); reader follows the author through identity, whose event reaches articles.
    const pros = await pro.client.get<Page>('/api/articles/flw');
    expect(ids(pros.body)).toEqual([culture1]);
    expect(ids((await reader.client.get<Page>('/api/articles/flw')).body)).toEqual([]);
    expect((await reader.client.post(`/api/users/${author.uid}/follow`)).status).toBe(200);
    const fed = await eventually(async () => {
      const feed = await reader.client.get<Page>('/api/articles/following');
      return feed.body.items.length === 3 ? feed.body : undefined;
    });
    expect(ids(fed)).toEqual([culture1, tech2, tech1]);
    await del(reader.client, `/api/users/${author.uid}/follow`);
    await eventually(async () => {
      const feed = await reader.client.get<Page>('/api/articles/flw');
      return feed.body.items.length === 0 ? true : undefined;
    });
    expect((await new ApiClient(base).get('/api/articles/flw')).status).toBe(401);
  });
});

describe('account deletion', () => {
  it("takes a deleted account's votes and bookmarks out of the counts and removes its collections", async () => {
    const leaver = await signUp();
    await setRating(leaver, 500);
    await leaver.client.post(`/api/articles/${culture1}/downvote`);
    await leaver.client.post(`/api/articles/${culture1}/bookmark`);
    const kept = (await leaver.client.post<Collection>('/api/collections', { name: 'Gedən' })).body;
    await put(leaver.client, `/api/collections/${kept.id}/${culture1}`);
    await leaver.client.post('/api/categories/culture/follow');
    const before = (await metaOf(reader.client, culture1)).body;
    expect(before).toMatchObject({ votes: { down: 1 }, bookmarks: 1 });

    // identity announces the deletion at the end of the grace period; here the test publishes it.
    const nc = await connect({ servers: natsUrl(stack) });
    try {
      const h = headers();
      h.set('pc-event-type', EVENTS.userDeleted.type);
      await nc
        .jetstream()
        .publish(
          EVENTS.userDeleted.subject,
          UserDeleted.encode({ uid: leaver.uid, deletedAtMs: Date.now() }).finish(),
          {
            msgID: randomUUID(),
            headers: h,
          },
        );
    } finally {
      await nc.close();
    }
    const after = await eventually(async () => {
      const meta = (await metaOf(reader.client, culture1)).body;
      return meta.votes.down === 0 ? meta : undefined;
    });
    expect(after).toMatchObject({ votes: { up: before.votes.up, down: 0 }, bookmarks: 0 });
    expect(codeOf(await reader.client.get(`/api/collections/${kept.id}`))).toBe('CollectionNotFound');
    const left = await sql.query(
      `select (select count(*)::int from articles.article_votes where uid = $1) +
              (select count(*)::int from articles.bookmarks where uid = $1) +
              (select count(*)::int from articles.collections where owner_uid = $1) +
              (select count(*)::int from articles.category_follows where uid = $1) as n`,
      [leaver.uid],
    );
    expect(left.rows[0].n).toBe(0);
  });
});
