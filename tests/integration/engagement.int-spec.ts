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
import { approveArticle, closeReviewClient } from '../support/review.ts';
import {
  eventually,
  freshDatabase,
  grpcAddress,
  httpBase,
  natsAdmin,
  redisUrl,
  resetMessaging,
  stack,
  startService,
  type TestDatabase,
} from '../support/stack.ts';
import { captchaParam, typedApi, type TypedApi } from '../support/typed-api.ts';
import { DocumentedClient as ApiClient } from './gateway-openapi.ts';
import type { Schemas } from '@pencraft/api-client';
import { Language } from '@pencraft/contracts/common/v1/common';

type Collection = Schemas['CollectionSummary'];
interface Account {
  client: ApiClient;
  api: TypedApi;
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

const codeOf = (response: { error?: Schemas['Error'] }) => response.error?.error.code;
/** The same of a raw answer: a call the document refuses (a category or a sort key outside its lists). */
const rawCodeOf = (response: { status: number; body: unknown }) =>
  response.status >= 400 ? (response.body as Schemas['Error']).error?.code : undefined;
const visitor = (lang?: string) => typedApi(new ApiClient(base, lang));
const byId = <Id extends string>(id: Id) => ({ params: { path: { id } } });
const inCollection = (id: string, articleId: string) => ({ params: { path: { id, articleId } } });

async function signUp(confirmed = true): Promise<Account> {
  seq += 1;
  const account = {
    email: `engage${seq}.${run}@example.az`,
    username: `engage_${run}_${seq}`,
    password: 'engage-pass-7',
  };
  const client = new ApiClient(base);
  const api = typedApi(client);
  const response = await api.POST('/api/id/register', {
    body: { ...account, fullname: `Engage User ${seq}`, acceptTerms: true, acceptPrivacy: true },
    params: { header: await captchaParam(base) },
  });
  expect(response.status).toBe(201);
  if (confirmed) await confirmAccount(client, account.email);
  return { client, api, uid: response.data!.uid, username: account.username, email: account.email };
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

const metaOf = (api: TypedApi, id: string) => api.GET('/api/articles/{id}/meta', byId(id));
const upvote = (who: Account, id: string) => who.api.POST('/api/articles/{id}/upvote', byId(id));
const downvote = (who: Account, id: string) => who.api.POST('/api/articles/{id}/downvote', byId(id));
const bookmark = (who: Account, id: string) => who.api.POST('/api/articles/{id}/bookmark', byId(id));
const ids = (page: { items: { id: string }[] } | undefined) => page!.items.map((card) => card.id);

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
    const anonymous = visitor();
    const meta = await metaOf(anonymous, tech1);
    expect(meta.status).toBe(200);
    expect(meta.headers.get('cache-control')).toBe('no-store');
    expect(meta.data).toEqual({
      votes: { up: 0, down: 0 },
      myVote: null,
      bookmarked: false,
      bookmarks: 0,
      comments: 0,
      collections: [],
    });
    expect(codeOf(await metaOf(anonymous, draft))).toBe('ArticleNotFound');
    expect(codeOf(await metaOf(author.api, draft))).toBe('ArticleNotFound');
    expect(codeOf(await metaOf(anonymous, randomUUID()))).toBe('ArticleNotFound');
    const bad = await metaOf(anonymous, 'not-an-id');
    expect([bad.status, codeOf(bad)]).toEqual([400, 'InvalidIdentifier']);
  });

  it('toggles an upvote: the same again removes it', async () => {
    const up = await upvote(reader, tech1);
    expect(up.status).toBe(200);
    expect(up.data).toMatchObject({ votes: { up: 1, down: 0 }, myVote: 'up' });
    expect((await metaOf(visitor(), tech1)).data).toMatchObject({ votes: { up: 1 }, myVote: null });
    const again = await upvote(reader, tech1);
    expect(again.data).toMatchObject({ votes: { up: 0, down: 0 }, myVote: null });
  });

  it('lets only the Pro rating (100 and more) cast a downvote; anyone removes their own', async () => {
    const refused = await downvote(reader, tech1);
    expect([refused.status, codeOf(refused)]).toEqual([403, 'CannotDownvote']);
    await setRating(pro, 150);
    const down = await downvote(pro, tech1);
    expect(down.data).toMatchObject({ votes: { up: 0, down: 1 }, myVote: 'down' });
    const switched = await upvote(pro, tech1);
    expect(switched.data).toMatchObject({ votes: { up: 1, down: 0 }, myVote: 'up' });
    await downvote(pro, tech1);
    await setRating(pro, 5);
    const removed = await downvote(pro, tech1);
    expect(removed.data).toMatchObject({ votes: { up: 0, down: 0 }, myVote: null });
    await setRating(pro, 150);
  });

  it("refuses one's own article, drafts, visitors and unconfirmed accounts", async () => {
    const own = await upvote(author, tech1);
    expect([own.status, codeOf(own)]).toEqual([403, 'Forbidden']);
    expect(codeOf(await upvote(reader, draft))).toBe('ArticleNotFound');
    const anonymous = await visitor().POST('/api/articles/{id}/upvote', byId(tech1));
    expect([anonymous.status, codeOf(anonymous)]).toEqual([401, 'Unauthorized']);
    const unconfirmed = await upvote(stranger, tech1);
    expect([unconfirmed.status, codeOf(unconfirmed)]).toEqual([403, 'AccountNotConfirmed']);
    expect((await metaOf(reader.api, tech1)).data!.votes).toEqual({ up: 0, down: 0 });
  });

  it('keeps the counts exact under concurrent votes and announces each change', async () => {
    const voters = [reader, pro, ...(await Promise.all([signUp(), signUp()]))];
    // Each voter presses upvote three times at once: an odd number of toggles leaves one upvote each.
    await Promise.all(voters.flatMap((v) => [1, 2, 3].map(() => upvote(v, tech2))));
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
    const first = await bookmark(reader, culture1);
    expect(first.data).toMatchObject({ bookmarked: true, bookmarks: 1 });
    const again = await bookmark(reader, culture1);
    expect(again.data).toMatchObject({ bookmarked: true, bookmarks: 1 });
    await bookmark(reader, tech1);

    const mine = await reader.api.GET('/api/profile/bookmarks');
    expect(ids(mine.data)).toEqual([tech1, culture1]);
    expect(mine.data!.items[0]).toMatchObject({ category: 'tech', author: { uid: author.uid } });
    expect(ids((await pro.api.GET('/api/profile/bookmarks')).data)).toEqual([]);
    expect((await visitor().GET('/api/profile/bookmarks')).status).toBe(401);
    expect((await metaOf(pro.api, culture1)).data).toMatchObject({ bookmarked: false, bookmarks: 1 });

    const removed = await reader.api.DELETE('/api/articles/{id}/bookmark', byId(culture1));
    expect(removed.data).toMatchObject({ bookmarked: false, bookmarks: 0 });
    expect(ids((await reader.api.GET('/api/profile/bookmarks')).data)).toEqual([tech1]);
    const events = await sql.query(
      `select payload from articles.outbox where subject = 'articles.article.bookmarked' order by created_at, id`,
    );
    const decoded = events.rows.map((r) => ArticleBookmarked.decode(r.payload));
    expect(decoded.filter((e) => e.articleId === culture1).map((e) => e.bookmarked)).toEqual([true, false]);
  });

  it('refuses drafts, unknown articles and visitors', async () => {
    expect(codeOf(await bookmark(reader, draft))).toBe('ArticleNotFound');
    expect(codeOf(await bookmark(reader, randomUUID()))).toBe('ArticleNotFound');
    expect((await visitor().POST('/api/articles/{id}/bookmark', byId(tech1))).status).toBe(401);
    const page = await reader.api.GET('/api/profile/bookmarks', { params: { query: { page: 0 } } });
    expect([page.status, codeOf(page)]).toEqual([400, 'InvalidPage']);
  });
});

describe('collections', () => {
  let secret: Collection;
  let shelf: Collection;
  const addTo = (who: Account, id: string, articleId: string) =>
    who.api.PUT('/api/collections/{id}/{articleId}', inCollection(id, articleId));
  const takeFrom = (who: Account, id: string, articleId: string) =>
    who.api.DELETE('/api/collections/{id}/{articleId}', inCollection(id, articleId));
  const rename = (who: Account, id: string, body: Schemas['UpdateCollectionBody']) =>
    who.api.PATCH('/api/collections/{id}', { ...byId(id), body });
  const collectionsOf = (api: TypedApi, username: string) =>
    api.GET('/api/profile/collections/{username}', { params: { path: { username } } });

  beforeAll(async () => {
    const created = await reader.api.POST('/api/collections', {
      body: { name: ' Gizli <b>siyahı</b> ', private: true },
    });
    expect(created.status).toBe(201);
    secret = created.data!;
    shelf = (await reader.api.POST('/api/collections', { body: { name: 'Rəf' } })).data!;
  });

  it('makes private and public collections and keeps articles in them', async () => {
    expect(secret).toMatchObject({ name: 'Gizli siyahı', private: true, own: true, saved: false, itemCount: 0 });
    expect(shelf).toMatchObject({ name: 'Rəf', private: false, owner: { uid: reader.uid } });
    const added = await addTo(reader, secret.id, tech1);
    expect(added.data!.itemCount).toBe(1);
    expect((await addTo(reader, secret.id, tech1)).data!.itemCount).toBe(1);
    await addTo(reader, shelf.id, culture1);
    expect((await metaOf(reader.api, tech1)).data!.collections).toEqual([secret.id]);
    expect((await metaOf(pro.api, tech1)).data!.collections).toEqual([]);

    const page = await reader.api.GET('/api/collections/{id}', byId(secret.id));
    expect(page.data!.collection).toMatchObject({ id: secret.id, private: true, itemCount: 1 });
    expect(ids(page.data)).toEqual([tech1]);
    expect(codeOf(await addTo(reader, secret.id, draft))).toBe('ArticleNotFound');
    const removed = await takeFrom(reader, secret.id, tech1);
    expect(removed.data!.itemCount).toBe(0);
    await addTo(reader, secret.id, tech1);
  });

  it('refuses a bad name and a 21st collection', async () => {
    const bad = await reader.api.POST('/api/collections', { body: { name: '   ' } });
    expect([bad.status, codeOf(bad)]).toEqual([400, 'InvalidName']);
    const long = await reader.api.POST('/api/collections', { body: { name: 'x'.repeat(65) } });
    expect(codeOf(long)).toBe('InvalidName');
    const collector = await signUp(false);
    for (let i = 0; i < 20; i += 1) {
      expect((await collector.api.POST('/api/collections', { body: { name: `Kolleksiya ${i}` } })).status).toBe(201);
    }
    const over = await collector.api.POST('/api/collections', { body: { name: 'Bir çox' } });
    expect([over.status, codeOf(over)]).toEqual([429, 'MaximumCollectionsCount']);
  });

  it('keeps a private collection from anyone but its owner, whatever the id or path', async () => {
    for (const api of [pro.api, visitor()]) {
      const read = await api.GET('/api/collections/{id}', byId(secret.id));
      expect([read.status, codeOf(read)]).toEqual([404, 'CollectionNotFound']);
    }
    expect(codeOf(await rename(pro, secret.id, { name: 'Mənim' }))).toBe('CollectionNotFound');
    expect(codeOf(await pro.api.DELETE('/api/collections/{id}', byId(secret.id)))).toBe('CollectionNotFound');
    expect(codeOf(await addTo(pro, secret.id, tech2))).toBe('CollectionNotFound');
    expect(codeOf(await takeFrom(pro, secret.id, tech1))).toBe('CollectionNotFound');
    expect(codeOf(await pro.api.POST('/api/collections/save', { body: { collectionId: secret.id } }))).toBe(
      'CollectionNotFound',
    );
    expect(codeOf(await pro.api.POST('/api/collections/remove', { body: { collectionId: secret.id } }))).toBe(
      'CollectionNotFound',
    );
    const theirs = await collectionsOf(pro.api, reader.username);
    expect(theirs.data!.items.map((c) => c.id)).toEqual([shelf.id]);
    const visitors = await collectionsOf(visitor(), reader.username);
    expect(visitors.data!.items.map((c) => c.id)).toEqual([shelf.id]);
    const own = await collectionsOf(reader.api, reader.username);
    expect(own.data!.items.map((c) => c.id)).toEqual([shelf.id, secret.id]);
    const unknown = await collectionsOf(visitor(), `nobody_${run}`);
    expect([unknown.status, codeOf(unknown)]).toEqual([404, 'UserNotFound']);
    // Changing a public collection of someone else is refused outright (it is visible anyway).
    const renamed = await rename(pro, shelf.id, { name: 'Oğurluq' });
    expect([renamed.status, codeOf(renamed)]).toEqual([403, 'Forbidden']);
    expect(codeOf(await addTo(pro, shelf.id, tech2))).toBe('Forbidden');
    expect((await reader.api.GET('/api/collections/{id}', byId(shelf.id))).data!.collection.name).toBe('Rəf');
  });

  it("saves and removes someone else's public collection, never one's own", async () => {
    const save = (who: Account) => who.api.POST('/api/collections/save', { body: { collectionId: shelf.id } });
    const remove = (who: Account) => who.api.POST('/api/collections/remove', { body: { collectionId: shelf.id } });
    const own = await save(reader);
    expect([own.status, codeOf(own)]).toEqual([409, 'CantSaveOwnCollection']);
    const saved = await save(pro);
    expect(saved.data).toMatchObject({ id: shelf.id, own: false, saved: true, itemCount: 1 });
    const list = await pro.api.GET('/api/collections');
    expect(list.data!.items.map((c) => [c.id, c.saved])).toEqual([[shelf.id, true]]);
    const removeOwn = await remove(reader);
    expect([removeOwn.status, codeOf(removeOwn)]).toEqual([409, 'CantRemoveOwnCollection']);

    // Made private, it leaves the saver's list and cannot be read by them.
    await rename(reader, shelf.id, { private: true });
    expect((await pro.api.GET('/api/collections')).data!.items).toEqual([]);
    expect(codeOf(await pro.api.GET('/api/collections/{id}', byId(shelf.id)))).toBe('CollectionNotFound');
    await rename(reader, shelf.id, { private: false, name: 'Açıq rəf' });
    expect((await pro.api.GET('/api/collections')).data!.items).toHaveLength(1);
    const removed = await remove(pro);
    expect(removed.status).toBe(204);
    expect((await pro.api.GET('/api/collections')).data!.items).toEqual([]);
  });

  it('lists mine with private ones and deletes with the owner only', async () => {
    const mine = await reader.api.GET('/api/collections');
    expect(mine.data!.items.map((c) => c.id)).toEqual([shelf.id, secret.id]);
    expect((await visitor().GET('/api/collections')).status).toBe(401);
    const gone = await reader.api.DELETE('/api/collections/{id}', byId(secret.id));
    expect(gone.status).toBe(204);
    expect(codeOf(await reader.api.GET('/api/collections/{id}', byId(secret.id)))).toBe('CollectionNotFound');
    expect((await metaOf(reader.api, tech1)).data!.collections).toEqual([]);
    const bad = await reader.api.GET('/api/collections/{id}', byId('not-an-id'));
    expect([bad.status, codeOf(bad)]).toEqual([404, 'CollectionNotFound']);
  });
});

describe('reading lists', () => {
  it('lists a category newest first or by score, and refuses an unknown one', async () => {
    const inCategory = (category: Schemas['CategoryId'], query: { sKey?: 'new' | 'top' } = {}) =>
      visitor().GET('/api/articles/cs/cot/{category}', { params: { path: { category }, query } });
    const newest = await inCategory('tech');
    expect(newest.status).toBe(200);
    expect(ids(newest.data)).toEqual([tech2, tech1]);
    expect(newest.data!.items[0]).toMatchObject({ votes: 4, coverUrl: null });
    await upvote(reader, tech1);
    await upvote(reader, tech2);
    const top = await inCategory('tech', { sKey: 'top' });
    expect(top.data!.items.map((c) => [c.id, c.votes])).toEqual([
      [tech2, 3],
      [tech1, 1],
    ]);
    // Raw on purpose: a category and a sort key outside the document's lists.
    const unknown = await new ApiClient(base).get('/api/articles/cs/cot/astrology');
    expect([unknown.status, rawCodeOf(unknown)]).toEqual([400, 'InvalidCategory']);
    const badSort = await new ApiClient(base).get('/api/articles/cs/cot/tech?sKey=old');
    expect(badSort.status).toBe(400);
    expect(ids((await inCategory('law')).data)).toEqual([]);
  });

  it('lists the newest and the top of the last 30 days', async () => {
    const newest = await visitor().GET('/api/articles/nd/cot');
    expect(ids(newest.data)).toEqual([culture1, tech2, tech1]);
    expect(newest.data).toMatchObject({ page: 1, pageSize: 20, hasMore: false });
    const top = await visitor().GET('/api/articles/top');
    expect(ids(top.data)).toEqual([tech2, tech1, culture1]);
    await sql.query(
      `update articles.article_engagement set published_at = published_at - interval '31 days' where article_id = $1`,
      [tech2],
    );
    expect(ids((await visitor().GET('/api/articles/top')).data)).toEqual([tech1, culture1]);
    await sql.query(
      `update articles.article_engagement set published_at = published_at + interval '31 days' where article_id = $1`,
      [tech2],
    );
    expect((await visitor().GET('/api/articles/top', { params: { query: { page: 501 } } })).status).toBe(400);
  });

  it("lists an author's best and their next article, wrapping after the newest", async () => {
    const topOf = (id: string) => visitor().GET('/api/users/{id}/articles/top', byId(id));
    expect(ids((await topOf(author.uid)).data)).toEqual([tech2, tech1, culture1]);
    expect(ids((await topOf(randomUUID())).data)).toEqual([]);
    const nextOf = (id: string, aid: string) =>
      visitor().GET('/api/users/{id}/articles/{aid}/next', { params: { path: { id, aid } } });
    const next = (aid: string) => nextOf(author.uid, aid);
    expect((await next(tech1)).data!.next?.id).toBe(tech2);
    expect((await next(tech2)).data!.next?.id).toBe(culture1);
    expect((await next(culture1)).data!.next?.id).toBe(tech1);
    expect(codeOf(await next(draft))).toBe('ArticleNotFound');
    const others = await nextOf(reader.uid, tech1);
    expect([others.status, codeOf(others)]).toEqual([404, 'ArticleNotFound']);
    const loner = await signUp();
    const only = await publishedArticle(loner, 'Tək', 'law');
    await listed(only);
    const alone = await nextOf(loner.uid, only);
    expect(alone.data).toEqual({});
  });

  it('follows categories and lists them named in the request language', async () => {
    const follow = (id: Schemas['CategoryId']) => pro.api.POST('/api/categories/{id}/follow', byId(id));
    const followed = await follow('culture');
    expect(followed.data).toEqual({ category: 'culture', following: true });
    await follow('tech');
    await follow('tech');
    const mine = await pro.api.GET('/api/follow/categories');
    expect(mine.data!.items.map((c) => c.id)).toEqual(['tech', 'culture']);
    expect(mine.data!.items[0]!.name).toBe('Technology');
    expect((await reader.api.GET('/api/follow/categories')).data!.items).toEqual([]);
    const unfollowed = await pro.api.DELETE('/api/categories/{id}/follow', byId('tech'));
    expect(unfollowed.data!.following).toBe(false);
    // Raw on purpose: a category outside the document's list.
    const unknown = await pro.client.post('/api/categories/astrology/follow');
    expect([unknown.status, rawCodeOf(unknown)]).toEqual([400, 'InvalidCategory']);
    expect((await visitor().POST('/api/categories/{id}/follow', byId('tech'))).status).toBe(401);
    for (const path of ['/api/categories', '/api/cats'] as const) {
      const all = await visitor('az').GET(path);
      expect(all.data!.items).toHaveLength(20);
      expect(all.data!.items.find((c) => c.id === 'tech')!.name).toBe('Texnologiya');
    }
  });

  it('feeds the articles of the people and categories a user follows', async () => {
    // pro follows culture (above); reader follows the author through identity, whose event reaches articles.
    const pros = await pro.api.GET('/api/articles/flw');
    expect(ids(pros.data)).toEqual([culture1]);
    expect(ids((await reader.api.GET('/api/articles/flw')).data)).toEqual([]);
    expect((await reader.api.POST('/api/users/{id}/follow', byId(author.uid))).status).toBe(200);
    const fed = await eventually(async () => {
      const feed = await reader.api.GET('/api/articles/following');
      return feed.data!.items.length === 3 ? feed.data : undefined;
    });
    expect(ids(fed)).toEqual([culture1, tech2, tech1]);
    await reader.api.DELETE('/api/users/{id}/follow', byId(author.uid));
    await eventually(async () => {
      const feed = await reader.api.GET('/api/articles/flw');
      return feed.data!.items.length === 0 ? true : undefined;
    });
    expect((await visitor().GET('/api/articles/flw')).status).toBe(401);
  });
});

describe('account deletion', () => {
  it("takes a deleted account's votes and bookmarks out of the counts and removes its collections", async () => {
    const leaver = await signUp();
    await setRating(leaver, 500);
    await downvote(leaver, culture1);
    await bookmark(leaver, culture1);
    const kept = (await leaver.api.POST('/api/collections', { body: { name: 'Gedən' } })).data!;
    await leaver.api.PUT('/api/collections/{id}/{articleId}', inCollection(kept.id, culture1));
    await leaver.api.POST('/api/categories/{id}/follow', byId('culture'));
    const before = (await metaOf(reader.api, culture1)).data!;
    expect(before).toMatchObject({ votes: { down: 1 }, bookmarks: 1 });

    // identity announces the deletion at the end of the grace period; here the test publishes it.
    const nc = await connect(natsAdmin(stack));
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
      const meta = (await metaOf(reader.api, culture1)).data!;
      return meta.votes.down === 0 ? meta : undefined;
    });
    expect(after).toMatchObject({ votes: { up: before.votes.up, down: 0 }, bookmarks: 0 });
    expect(codeOf(await reader.api.GET('/api/collections/{id}', byId(kept.id)))).toBe('CollectionNotFound');
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
