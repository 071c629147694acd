// Comments through the gateway on real servers (identity, articles, comments, gateway; PostgreSQL, Redis, NATS,
// mailpit): written under review and published only by moderation's decision (played here over gRPC as the
// moderation service sends it), threads three deep, votes toggled with the Pro rating for a downvote and exact under
// concurrent votes, reports (once each, ten a day), the per-user comment limits, edits that go back to moderation,
// soft deletes that keep replies, a user's comments, the per-viewer effects, the article's comments count kept from
// the events, and the events in the outbox. And that nobody edits, deletes or reads another's comment under review
// by changing an id: the author is always the session's.
import { ArticleStatus, ArticlesServiceClient, ArticlesServiceService } from '@pencraft/contracts/articles/v1/articles';
import {
  CommentDeleted,
  CommentPublished,
  CommentReported,
  CommentReviewed,
  CommentSubmitted,
  CommentVoted,
} from '@pencraft/contracts/events/v1/comments';
import { CommentStatus } from '@pencraft/contracts/comments/v1/comments';
import { ReportReason } from '@pencraft/contracts/common/v1/common';
import { EVENTS } from '@pencraft/contracts/events';
import { UserDeleted } from '@pencraft/contracts/events/v1/identity';
import { createGrpcClient, type PromiseClient } from '@pencraft/kit';
import { connect, headers } from 'nats';
import { createHash, randomUUID } from 'node:crypto';
import pg from 'pg';
import { createClient } from 'redis';
import type { AppHandle } from '../../packages/devstack/src/index.ts';
import { confirmAccount } from '../support/accounts.ts';
import { closeCommentReviewClient, decideComment } from '../support/comment-review.ts';
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
import { captchaParam, typedApi, type BodyOf, type TypedApi } from '../support/typed-api.ts';
import { DocumentedClient as ApiClient } from './gateway-openapi.ts';
import type { operations, Schemas } from '@pencraft/api-client';
import { Language } from '@pencraft/contracts/common/v1/common';

type CommentJson = Schemas['Comment'];
interface Account {
  client: ApiClient;
  api: TypedApi;
  uid: string;
  username: string;
}

let db: TestDatabase;
let sql: pg.Pool;
let redis: ReturnType<typeof createClient>;
const apps: AppHandle[] = [];
let articles: PromiseClient<ArticlesServiceClient>;
let base: string;
let seq = 0;
const run = Date.now().toString(36);
const body = 'Bakıda payız gələndə küləklər şəhəri təmizləyir, insanlar isə çay süfrəsi ətrafında toplaşır.';

let writer: Account;
let alice: Account;
let bob: Account;
let pro: Account;
let chatty: Account;
let unconfirmed: Account;
let voters: Account[];
let article: string;
let draft: string;

const statusAndCode = (response: { status: number; error?: Schemas['Error'] }) => [
  response.status,
  response.error?.error.code,
];
const visitor = () => typedApi(new ApiClient(base));

async function signUp(confirmed = true): Promise<Account> {
  seq += 1;
  const account = { email: `cmt${seq}.${run}@example.az`, username: `cmt_${run}_${seq}`, password: 'comment-pass-7' };
  const client = new ApiClient(base);
  const api = typedApi(client);
  const response = await api.POST('/api/id/register', {
    body: { ...account, fullname: `Comment User ${seq}`, acceptTerms: true, acceptPrivacy: true },
    params: { header: await captchaParam(base) },
  });
  expect(response.status).toBe(201);
  if (confirmed) await confirmAccount(client, account.email);
  return { client, api, uid: response.data!.uid, username: account.username };
}

async function newArticle(owner: Account, publish: boolean): Promise<string> {
  const { article: created } = await articles.createArticle({
    author: { uid: owner.uid, username: owner.username, fullname: 'Comment Writer', imageUrl: '' },
    title: publish ? 'Şərhlər üçün məqalə' : 'Qaralama',
    description: '',
    language: Language.LANGUAGE_AZ,
    category: 'tech',
    subCategories: [],
    contentJson: JSON.stringify({ blocks: [{ type: 'paragraph', data: { text: body } }] }),
  });
  if (!publish) return created!.id;
  const { article: submitted } = await articles.publishArticle({ articleId: created!.id, actorUid: owner.uid });
  if (submitted!.status !== ArticleStatus.ARTICLE_STATUS_PUBLISHED) await approveArticle(submitted!.id);
  return submitted!.id;
}

/** Gives an account a rating (identity's column) and drops the gateway's cached summary of its session. */
async function setRating(account: Account, rating: number) {
  await sql.query('update identity.users set rating = $1 where id = $2', [rating, account.uid]);
  const token = account.client.cookies.get('pc_su')!;
  await redis.del(`gw:sess:${createHash('sha256').update(token).digest().toString('base64url')}`);
}

async function write(account: Account, content: string, parentId?: string, articleId = article) {
  return account.api.POST('/api/articles/comment', {
    body: { articleId, content, ...(parentId ? { parentId } : {}) },
  });
}

/** A comment written by `account` and published by moderation. */
async function published(account: Account, content: string, parentId?: string): Promise<CommentJson> {
  const created = await write(account, content, parentId);
  expect(created.status).toBe(201);
  await decideComment(created.data!.id, 'approve');
  return created.data!;
}

const thread = (api: TypedApi, query: NonNullable<operations['listArticleComments']['parameters']['query']> = {}) =>
  api.GET('/api/articles/{id}/comments', { params: { path: { id: article }, query } });
const one = (api: TypedApi, cid: string) => api.GET('/api/articles/comments/{cid}', { params: { path: { cid } } });
const vote = (account: Account, cid: string, direction: 'upvote' | 'downvote') =>
  account.api.POST(`/api/articles/comments/{cid}/${direction}`, { params: { path: { cid } } });
type CommentReportReason = BodyOf<'reportComment'>['reason'];
const report = (account: Account, cid: string, reason: CommentReportReason, note?: string) =>
  account.api.POST('/api/articles/comments/{cid}/report', {
    params: { path: { cid } },
    body: { reason, ...(note !== undefined ? { note } : {}) },
  });
const edit = (account: Account, commentId: string, content: string) =>
  account.api.PUT('/api/articles/comment', { body: { commentId, content } });
const effects = (api: TypedApi, ids: string) =>
  api.GET('/api/articles/effect/comments', { params: { query: { ids } } });
const commentsOf = (api: TypedApi, username: string) =>
  api.GET('/api/articles/comments/all', { params: { query: { username } } });

/** A comment of a thread at any of its three levels, as the document spells them out. */
type ThreadComment = Schemas['Comment'] | Schemas['CommentDepth2'] | Schemas['CommentDepth3'];
function find(items: readonly ThreadComment[], id: string): ThreadComment | undefined {
  for (const item of items) {
    if (item.id === id) return item;
    // The third level holds no replies (an empty list in the document).
    const replies = (item.replies as readonly object[]).filter((reply): reply is ThreadComment => 'id' in reply);
    const inside = find(replies, id);
    if (inside) return inside;
  }
  return undefined;
}

async function outbox<T>(subject: string, decode: (bytes: Uint8Array) => T): Promise<T[]> {
  const { rows } = await sql.query<{ payload: Buffer }>(
    'select payload from comments.outbox where subject = $1 order by created_at, id',
    [subject],
  );
  return rows.map((row) => decode(new Uint8Array(row.payload)));
}

async function commentsCount(): Promise<number> {
  const meta = await visitor().GET('/api/articles/{id}/meta', { params: { path: { id: article } } });
  return meta.data!.comments;
}

beforeAll(async () => {
  await resetMessaging();
  db = await freshDatabase('comments');
  sql = new pg.Pool({ connectionString: db.url, max: 2 });
  redis = createClient({ url: redisUrl(stack) });
  await redis.connect();
  apps.push(...(await Promise.all([startService('identity', db.name), startService('articles', db.name)])));
  apps.push(await startService('comments', db.name));
  apps.push(
    await startService('gateway', db.name, {
      EDGE_ROUTES: '',
      AUTH_RATE_LIMIT_PER_MINUTE: '1000',
      RATE_LIMIT_PER_MINUTE: '5000',
      PUBLIC_CACHE_SECONDS: '0',
    }),
  );
  base = httpBase('gateway');
  articles = createGrpcClient(ArticlesServiceClient, ArticlesServiceService, grpcAddress('articles'));
  [writer, alice, bob, pro, chatty, unconfirmed] = await Promise.all([
    signUp(),
    signUp(),
    signUp(),
    signUp(),
    signUp(),
    signUp(false),
  ]);
  voters = await Promise.all(Array.from({ length: 6 }, () => signUp()));
  await setRating(pro, 150);
  article = await newArticle(writer, true);
  draft = await newArticle(writer, false);
});

afterAll(async () => {
  articles?.close();
  closeReviewClient();
  closeCommentReviewClient();
  await Promise.all(apps.map((app) => app.stop()));
  await redis?.close();
  await sql?.end();
  await db?.drop();
});

describe('writing and review', () => {
  let pending: CommentJson;

  it('refuses visitors, unconfirmed accounts, articles that are not published and empty or long text', async () => {
    const anonymous = await visitor().POST('/api/articles/comment', { body: { articleId: article, content: 'Salam' } });
    expect(statusAndCode(anonymous)).toEqual([401, 'Unauthorized']);
    expect(statusAndCode(await write(unconfirmed, 'Salam'))).toEqual([403, 'AccountNotConfirmed']);
    expect(statusAndCode(await write(alice, 'Salam', undefined, draft))).toEqual([404, 'ArticleNotFound']);
    expect(statusAndCode(await write(alice, 'Salam', undefined, randomUUID()))).toEqual([404, 'ArticleNotFound']);
    expect(statusAndCode(await write(alice, '<b> </b>\n\n'))).toEqual([400, 'InvalidContent']);
    expect(statusAndCode(await write(alice, 'ə'.repeat(2001)))).toEqual([400, 'InvalidContent']);
    expect(statusAndCode(await write(alice, 'Salam', randomUUID()))).toEqual([404, 'CommentNotFound']);
  });

  it('takes a comment as plain text under review, shown to its author only', async () => {
    const created = await write(alice, '  Salam <script>alert(1)</script>dünya!\r\n\r\n\r\n\r\nİkinci sətir  ');
    expect(created.status).toBe(201);
    pending = created.data!;
    expect(pending).toMatchObject({
      articleId: article,
      parentId: null,
      depth: 1,
      state: 'pending',
      content: 'Salam alert(1)dünya!\n\nİkinci sətir',
      author: { uid: alice.uid, username: alice.username },
      replyTo: null,
      up: 0,
      down: 0,
      editedAt: null,
      replies: [],
    });

    const visitorThread = await thread(visitor());
    expect(visitorThread.status).toBe(200);
    expect(find(visitorThread.data!.items, pending.id)).toBeUndefined();
    expect(find((await thread(bob.api)).data!.items, pending.id)).toBeUndefined();
    expect(find((await thread(alice.api)).data!.items, pending.id)).toMatchObject({ state: 'pending' });

    expect(statusAndCode(await one(bob.api, pending.id))).toEqual([404, 'RawCommentNotFound']);
    expect(statusAndCode(await one(visitor(), pending.id))).toEqual([404, 'RawCommentNotFound']);
    expect((await one(alice.api, pending.id)).data).toMatchObject({
      state: 'pending',
      article: { id: article, title: 'Şərhlər üçün məqalə' },
    });
    // Nobody answers a comment readers cannot see.
    expect(statusAndCode(await write(bob, 'Cavab', pending.id))).toEqual([404, 'CommentNotFound']);

    const [submitted] = (await outbox('comments.comment.submitted', CommentSubmitted.decode)).filter(
      (event) => event.commentId === pending.id,
    );
    expect(submitted).toMatchObject({
      articleId: article,
      authorUid: alice.uid,
      authorUsername: alice.username,
      content: pending.content,
      parentId: '',
      isEdit: false,
      articleTitle: 'Şərhlər üçün məqalə',
    });
  });

  it('publishes it by moderation’s decision once, counting it on the article', async () => {
    const approved = await decideComment(pending.id, 'approve');
    expect(approved.status).toBe(CommentStatus.COMMENT_STATUS_PUBLISHED);
    // A repeated decision changes nothing and announces nothing.
    await decideComment(pending.id, 'approve');
    const events = (await outbox('comments.comment.published', CommentPublished.decode)).filter(
      (event) => event.commentId === pending.id,
    );
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      articleId: article,
      articleTitle: 'Şərhlər üçün məqalə',
      articleAuthorUids: [writer.uid],
      authorUid: alice.uid,
      authorUsername: alice.username,
      parentId: '',
      parentAuthorUid: '',
      excerpt: 'Salam alert(1)dünya! İkinci sətir',
    });
    const reviewed = (await outbox('comments.comment.reviewed', CommentReviewed.decode)).filter(
      (event) => event.commentId === pending.id,
    );
    expect(reviewed).toEqual([expect.objectContaining({ decision: 'approve', authorUid: alice.uid, isEdit: false })]);

    const visitorThread = await thread(visitor());
    expect(find(visitorThread.data!.items, pending.id)).toMatchObject({
      state: 'published',
      author: { uid: alice.uid },
    });
    expect(visitorThread.data!.total).toBeGreaterThanOrEqual(1);
    expect((await one(bob.api, pending.id)).status).toBe(200);
    await eventually(async () => ((await commentsCount()) === 1 ? true : undefined));
  });

  it('nests replies three deep; an answer to the deepest sits beside it, naming whom it answers', async () => {
    const top = await published(alice, 'Üst şərh');
    const second = await published(bob, 'İkinci səviyyə', top.id);
    const third = await published(alice, 'Üçüncü səviyyə', second.id);
    const beside = await published(bob, 'Yenə cavab', third.id);
    expect([second.depth, third.depth, beside.depth]).toEqual([2, 3, 3]);
    expect(beside).toMatchObject({ parentId: second.id, replyTo: { uid: alice.uid, username: alice.username } });

    const root = find((await thread(visitor())).data!.items, top.id)!;
    expect(root.replyCount).toBe(1);
    expect(root.replies[0]).toMatchObject({ id: second.id, replyTo: { uid: alice.uid } });
    expect(root.replies[0]!.replies.map((reply) => reply.id)).toEqual([third.id, beside.id]);

    const event = (await outbox('comments.comment.published', CommentPublished.decode)).find(
      (candidate) => candidate.commentId === beside.id,
    );
    expect(event).toMatchObject({ parentId: second.id, parentAuthorUid: alice.uid, authorUid: bob.uid });
  });

  it('pages the top level and sorts it', async () => {
    const oldest = await thread(visitor(), { sort: 'oldest' });
    const newest = await thread(visitor(), { sort: 'newest' });
    expect(oldest.data!.items[0]!.id).toBe(pending.id);
    expect(newest.data!.items.at(-1)!.id).toBe(pending.id);
    expect(oldest.data).toMatchObject({ page: 1, pageSize: 20, hasMore: false });
    expect(statusAndCode(await thread(visitor(), { page: 0 }))).toEqual([400, 'InvalidPage']);
    const ofDraft = await visitor().GET('/api/articles/{id}/comments', { params: { path: { id: draft } } });
    expect(statusAndCode(ofDraft)).toEqual([404, 'ArticleNotFound']);
  });
});

describe('votes', () => {
  let target: CommentJson;

  beforeAll(async () => {
    target = await published(alice, 'Səs veriləcək şərh');
  });

  it('toggles an upvote and refuses one on one’s own comment', async () => {
    const up = await vote(bob, target.id, 'upvote');
    expect(up.data).toEqual({ id: target.id, up: 1, down: 0, myVote: 'up' });
    const again = await vote(bob, target.id, 'upvote');
    expect(again.data).toEqual({ id: target.id, up: 0, down: 0, myVote: null });
    expect(statusAndCode(await vote(alice, target.id, 'upvote'))).toEqual([403, 'ForbiddenSelfReaction']);
  });

  it('lets only the Pro rating cast a downvote', async () => {
    expect(statusAndCode(await vote(bob, target.id, 'downvote'))).toEqual([403, 'CannotDownvote']);
    const down = await vote(pro, target.id, 'downvote');
    expect(down.data).toMatchObject({ up: 0, down: 1, myVote: 'down' });
    const events = (await outbox('comments.comment.voted', CommentVoted.decode)).filter(
      (event) => event.commentId === target.id,
    );
    expect(events.at(-1)).toMatchObject({
      authorUid: alice.uid,
      voterUid: pro.uid,
      voterUsername: pro.username,
      vote: 'down',
      previous: '',
      down: 1,
    });
  });

  it('answers the viewer’s own votes and reports, never cached, and nothing to a visitor', async () => {
    const mine = await effects(pro.api, `${target.id},${randomUUID()}`);
    expect(mine.headers.get('cache-control')).toBe('no-store');
    expect(mine.data!.items[0]).toEqual({ id: target.id, myVote: 'down', reported: false });
    const visitors = await effects(visitor(), target.id);
    expect(visitors.data!.items).toEqual([{ id: target.id, myVote: null, reported: false }]);
    expect((await effects(visitor(), 'nope')).status).toBe(400);
  });

  it('counts concurrent votes exactly', async () => {
    const answers = await Promise.all(voters.map((voter) => vote(voter, target.id, 'upvote')));
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    const { rows } = await sql.query<{ up_votes: number; votes: string }>(
      `select up_votes, (select count(*) from comments.comment_votes where comment_id = $1 and value = 1) as votes
         from comments.comments where id = $1`,
      [target.id],
    );
    expect(rows[0]).toEqual({ up_votes: voters.length, votes: String(voters.length) });
    expect(find((await thread(visitor())).data!.items, target.id)).toMatchObject({
      up: voters.length,
      down: 1,
    });
  });

  it('refuses votes on comments readers cannot see', async () => {
    const hidden = await write(alice, 'Hələ yoxlanılır');
    expect(statusAndCode(await vote(bob, hidden.data!.id, 'upvote'))).toEqual([404, 'CommentNotFound']);
    expect(statusAndCode(await vote(bob, randomUUID(), 'upvote'))).toEqual([404, 'CommentNotFound']);
    expect(statusAndCode(await vote(bob, 'not-an-id', 'upvote'))).toEqual([404, 'CommentNotFound']);
  });
});

describe('limits and reports', () => {
  const chattyComments: CommentJson[] = [];

  it('takes 10 new comments in 10 minutes, then answers CommentsCountExceed', async () => {
    for (let i = 0; i < 10; i += 1) {
      const created = await write(chatty, `Şərh nömrə ${i + 1}`);
      expect(created.status).toBe(201);
      chattyComments.push(created.data!);
    }
    const refused = await chatty.api.POST('/api/articles/comment', {
      body: { articleId: article, content: 'Bir dənə də' },
      headers: { 'accept-language': 'az' },
    });
    expect(statusAndCode(refused)).toEqual([429, 'CommentsCountExceed']);
    // Edits are not new comments.
    expect((await edit(chatty, chattyComments[0]!.id, 'Düzəliş')).status).toBe(200);
    await Promise.all(chattyComments.map((comment) => decideComment(comment.id, 'approve')));
  });

  it('takes one report per comment and user with a reason and a note, and announces it', async () => {
    const target = chattyComments[0]!;
    const first = await report(bob, target.id, 'spam', ' Reklam <b>linki</b>\n var ');
    expect(first.status).toBe(201);
    expect(statusAndCode(await report(bob, target.id, 'scam'))).toEqual([409, 'AlreadyReportedComment']);
    expect(statusAndCode(await report(chatty, target.id, 'spam'))).toEqual([403, 'ForbiddenSelfReaction']);
    // Raw on purpose: a reason outside the document's list.
    expect((await bob.client.post(`/api/articles/comments/${target.id}/report`, { reason: 'note' })).status).toBe(400);
    expect(statusAndCode(await report(bob, randomUUID(), 'spam'))).toEqual([404, 'CommentNotFound']);
    const [event] = (await outbox('comments.comment.reported', CommentReported.decode)).filter(
      (candidate) => candidate.commentId === target.id,
    );
    expect(event).toMatchObject({
      reportId: first.data!.id,
      reporterUid: bob.uid,
      reason: ReportReason.REPORT_REASON_SPAM,
      note: 'Reklam linki var',
      authorUid: chatty.uid,
      excerpt: 'Düzəliş',
    });
    expect((await effects(bob.api, target.id)).data!.items[0]!.reported).toBe(true);
  });

  it('takes 10 reports a day, then answers ReportsCountExceed', async () => {
    for (const comment of chattyComments) expect((await report(pro, comment.id, 'harassment')).status).toBe(201);
    const extra = await published(alice, 'Daha bir şərh');
    expect(statusAndCode(await report(pro, extra.id, 'spam'))).toEqual([429, 'ReportsCountExceed']);
  });
});

describe('edits and deletes', () => {
  let parent: CommentJson;
  let reply: CommentJson;

  beforeAll(async () => {
    parent = await published(alice, 'Silinəcək şərh');
    reply = await published(bob, 'Ona cavab', parent.id);
  });

  it('lets only the author edit; a published comment stays published and goes to moderation again', async () => {
    expect(statusAndCode(await edit(bob, parent.id, 'Oğurluq'))).toEqual([404, 'EditCommentNotFound']);
    expect(statusAndCode(await edit(alice, randomUUID(), 'Yox'))).toEqual([404, 'EditCommentNotFound']);
    expect(statusAndCode(await edit(alice, parent.id, ' <i></i> '))).toEqual([400, 'InvalidContent']);
    const edited = await edit(alice, parent.id, 'Düzəldilmiş şərh');
    expect(edited.status).toBe(200);
    expect(edited.data).toMatchObject({ state: 'published', content: 'Düzəldilmiş şərh' });
    expect(edited.data!.editedAt).not.toBeNull();
    const submitted = (await outbox('comments.comment.submitted', CommentSubmitted.decode)).filter(
      (event) => event.commentId === parent.id,
    );
    expect(submitted.at(-1)).toMatchObject({ isEdit: true, content: 'Düzəldilmiş şərh' });
    expect((await one(visitor(), parent.id)).data!.content).toBe('Düzəldilmiş şərh');
  });

  it('lets only the author delete; replies stay under a placeholder and the count goes down', async () => {
    const before = await eventually(async () => {
      const count = await commentsCount();
      const { rows } = await sql.query<{ n: number }>(
        `select count(*)::int as n from comments.comments where article_id = $1 and status = 'published' and not deleted`,
        [article],
      );
      return count === rows[0]!.n ? count : undefined;
    });
    const remove = (account: Account) =>
      account.api.DELETE('/api/articles/comments/{cid}', { params: { path: { cid: parent.id } } });
    expect(statusAndCode(await remove(bob))).toEqual([404, 'CommentNotFound']);
    expect((await remove(alice)).status).toBe(204);
    expect(statusAndCode(await remove(alice))).toEqual([404, 'CommentNotFound']);
    const placeholder = find((await thread(visitor())).data!.items, parent.id)!;
    expect(placeholder).toMatchObject({ state: 'deleted', content: null, author: null, replyCount: 1 });
    expect(placeholder.replies.map((child) => child.id)).toEqual([reply.id]);
    expect(statusAndCode(await one(alice.api, parent.id))).toEqual([404, 'CommentNotFound']);
    const deleted = (await outbox('comments.comment.deleted', CommentDeleted.decode)).filter(
      (event) => event.commentId === parent.id,
    );
    expect(deleted).toEqual([expect.objectContaining({ wasPublished: true, by: 'author', authorUid: alice.uid })]);
    await eventually(async () => ((await commentsCount()) === before - 1 ? true : undefined));
    expect(statusAndCode(await edit(alice, parent.id, 'Geri'))).toEqual([404, 'EditCommentNotFound']);
  });

  it('removes a published comment rejected by moderation, announcing it as deleted', async () => {
    const removed = await published(alice, 'Moderasiya siləcək');
    await decideComment(removed.id, 'reject', 'Qaydalara ziddir');
    expect(find((await thread(visitor())).data!.items, removed.id)).toBeUndefined();
    expect((await one(alice.api, removed.id)).data).toMatchObject({ state: 'rejected' });
    expect(statusAndCode(await one(bob.api, removed.id))).toEqual([404, 'RawCommentNotFound']);
    const deleted = (await outbox('comments.comment.deleted', CommentDeleted.decode)).filter(
      (event) => event.commentId === removed.id,
    );
    expect(deleted).toEqual([expect.objectContaining({ wasPublished: true, by: 'moderation' })]);
    const reviewed = (await outbox('comments.comment.reviewed', CommentReviewed.decode)).filter(
      (event) => event.commentId === removed.id,
    );
    expect(reviewed.at(-1)).toMatchObject({ decision: 'reject', note: 'Qaydalara ziddir' });
  });
});

describe("a user's comments", () => {
  it('lists the published ones to anyone and the pending ones to their author only', async () => {
    const pending = await write(alice, 'Profil üçün gözləyən');
    const visitors = await commentsOf(visitor(), alice.username);
    expect(visitors.status).toBe(200);
    expect(visitors.data!.items.length).toBeGreaterThan(0);
    expect(visitors.data!.items.every((item) => item.state === 'published' && item.author?.uid === alice.uid)).toBe(
      true,
    );
    expect(visitors.data!.items[0]!.article).toEqual({ id: article, title: 'Şərhlər üçün məqalə' });
    expect(visitors.data!.items.find((item) => item.id === pending.data!.id)).toBeUndefined();
    const bobs = await commentsOf(bob.api, alice.username);
    expect(bobs.data!.items.find((item) => item.id === pending.data!.id)).toBeUndefined();
    const own = await commentsOf(alice.api, alice.username);
    expect(own.data!.items[0]).toMatchObject({ id: pending.data!.id, state: 'pending' });
    expect(statusAndCode(await commentsOf(visitor(), 'nobody_here_at_all'))).toEqual([404, 'UserNotFound']);
  });
});

describe('a deleted account', () => {
  it("loses its comments' text and author, its votes leave the counts, and the article's count follows", async () => {
    const leaver = await signUp();
    const target = await published(alice, 'Gedənin səs verdiyi şərh');
    const own = await published(leaver, 'Gedənin şərhi');
    const answer = await published(bob, 'Gedənə cavab', own.id);
    expect((await vote(leaver, target.id, 'upvote')).data).toMatchObject({ up: 1 });
    const before = await eventually(async () => {
      const count = await commentsCount();
      const { rows } = await sql.query<{ n: number }>(
        `select count(*)::int as n from comments.comments where article_id = $1 and status = 'published' and not deleted`,
        [article],
      );
      return count === rows[0]!.n ? count : undefined;
    });

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

    const placeholder = await eventually(async () => {
      const found = find((await thread(visitor())).data!.items, own.id);
      return found?.state === 'deleted' ? found : undefined;
    });
    expect(placeholder).toMatchObject({ content: null, author: null });
    expect(placeholder.replies.map((reply) => reply.id)).toEqual([answer.id]);
    expect(find((await thread(visitor())).data!.items, target.id)).toMatchObject({ up: 0 });
    await eventually(async () => ((await commentsCount()) === before - 1 ? true : undefined));
    const { rows } = await sql.query<{ n: number }>(
      `select (select count(*)::int from comments.comment_votes where uid = $1) +
              (select count(*)::int from comments.authors where uid = $1) +
              (select count(*)::int from comments.comments where author_uid = $1 and content <> '') as n`,
      [leaver.uid],
    );
    expect(rows[0]!.n).toBe(0);
  });
});
