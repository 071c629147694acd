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
import { captchaHeader } from '../support/captcha.ts';
import { closeCommentReviewClient, decideComment } from '../support/comment-review.ts';
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
interface CommentJson {
  id: string;
  articleId: string;
  parentId: string | null;
  depth: number;
  state: 'published' | 'pending' | 'rejected' | 'deleted';
  content: string | null;
  author: { uid: string; username: string; fullname: string; imageUrl: string | null } | null;
  replyTo: { uid: string; username: string } | null;
  up: number;
  down: number;
  createdAt: string;
  editedAt: string | null;
  replyCount: number;
  replies: CommentJson[];
  article?: { id: string; title: string };
}
interface Thread {
  items: CommentJson[];
  page: number;
  pageSize: number;
  hasMore: boolean;
  total: number;
}
interface Votes {
  id: string;
  up: number;
  down: number;
  myVote: 'up' | 'down' | null;
}
interface Account {
  client: ApiClient;
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

const codeOf = (response: { body: unknown }) => (response.body as ErrorBody).error?.code;
const statusAndCode = (response: { status: number; body: unknown }) => [response.status, codeOf(response)];

async function signUp(confirmed = true): Promise<Account> {
  seq += 1;
  const account = { email: `cmt${seq}.${run}@example.az`, username: `cmt_${run}_${seq}`, password: 'comment-pass-7' };
  const client = new ApiClient(base);
  const response = await client.post<{ uid: string }>(
    '/api/id/register',
    { ...account, fullname: `Comment User ${seq}`, acceptTerms: true, acceptPrivacy: true },
    await captchaHeader(base),
  );
  expect(response.status).toBe(201);
  if (confirmed) await confirmAccount(client, account.email);
  return { client, uid: response.body.uid, username: account.username };
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
  return account.client.post<CommentJson & ErrorBody>('/api/articles/comment', {
    articleId,
    content,
    ...(parentId ? { parentId } : {}),
  });
}

/** A comment written by `account` and published by moderation. */
async function published(account: Account, content: string, parentId?: string): Promise<CommentJson> {
  const created = await write(account, content, parentId);
  expect(created.status).toBe(201);
  await decideComment(created.body.id, 'approve');
  return created.body;
}

const thread = (client: ApiClient, query = '') =>
  client.get<Thread & ErrorBody>(`/api/articles/${article}/comments${query}`);
const one = (client: ApiClient, id: string) => client.get<CommentJson & ErrorBody>(`/api/articles/comments/${id}`);
const vote = (account: Account, id: string, direction: 'upvote' | 'downvote') =>
  account.client.post<Votes & ErrorBody>(`/api/articles/comments/${id}/${direction}`);
const report = (account: Account, id: string, reason: string, note?: string) =>
  account.client.post<ErrorBody & { id: string }>(`/api/articles/comments/${id}/report`, {
    reason,
    ...(note !== undefined ? { note } : {}),
  });

function find(items: CommentJson[], id: string): CommentJson | undefined {
  for (const item of items) {
    if (item.id === id) return item;
    const inside = find(item.replies, id);
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
  const meta = await new ApiClient(base).get<{ comments: number }>(`/api/articles/${article}/meta`);
  return meta.body.comments;
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
    const visitor = new ApiClient(base);
    expect(
      statusAndCode(await visitor.post('/api/articles/comment', { articleId: article, content: 'Salam' })),
    ).toEqual([401, 'Unauthorized']);
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
    pending = created.body;
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

    const visitorThread = await thread(new ApiClient(base));
    expect(visitorThread.status).toBe(200);
    expect(find(visitorThread.body.items, pending.id)).toBeUndefined();
    expect(find((await thread(bob.client)).body.items, pending.id)).toBeUndefined();
    expect(find((await thread(alice.client)).body.items, pending.id)).toMatchObject({ state: 'pending' });

    expect(statusAndCode(await one(bob.client, pending.id))).toEqual([404, 'RawCommentNotFound']);
    expect(statusAndCode(await one(new ApiClient(base), pending.id))).toEqual([404, 'RawCommentNotFound']);
    expect((await one(alice.client, pending.id)).body).toMatchObject({
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

    const visitorThread = await thread(new ApiClient(base));
    expect(find(visitorThread.body.items, pending.id)).toMatchObject({
      state: 'published',
      author: { uid: alice.uid },
    });
    expect(visitorThread.body.total).toBeGreaterThanOrEqual(1);
    expect((await one(bob.client, pending.id)).status).toBe(200);
    await eventually(async () => ((await commentsCount()) === 1 ? true : undefined));
  });

  it('nests replies three deep; an answer to the deepest sits beside it, naming whom it answers', async () => {
    const top = await published(alice, 'Üst şərh');
    const second = await published(bob, 'İkinci səviyyə', top.id);
    const third = await published(alice, 'Üçüncü səviyyə', second.id);
    const beside = await published(bob, 'Yenə cavab', third.id);
    expect([second.depth, third.depth, beside.depth]).toEqual([2, 3, 3]);
    expect(beside).toMatchObject({ parentId: second.id, replyTo: { uid: alice.uid, username: alice.username } });

    const root = find((await thread(new ApiClient(base))).body.items, top.id)!;
    expect(root.replyCount).toBe(1);
    expect(root.replies[0]).toMatchObject({ id: second.id, replyTo: { uid: alice.uid } });
    expect(root.replies[0]!.replies.map((reply) => reply.id)).toEqual([third.id, beside.id]);

    const event = (await outbox('comments.comment.published', CommentPublished.decode)).find(
      (candidate) => candidate.commentId === beside.id,
    );
    expect(event).toMatchObject({ parentId: second.id, parentAuthorUid: alice.uid, authorUid: bob.uid });
  });

  it('pages the top level and sorts it', async () => {
    const oldest = await thread(new ApiClient(base), '?sort=oldest');
    const newest = await thread(new ApiClient(base), '?sort=newest');
    expect(oldest.body.items[0]!.id).toBe(pending.id);
    expect(newest.body.items.at(-1)!.id).toBe(pending.id);
    expect(oldest.body).toMatchObject({ page: 1, pageSize: 20, hasMore: false });
    expect(statusAndCode(await thread(new ApiClient(base), '?page=0'))).toEqual([400, 'InvalidPage']);
    expect(statusAndCode(await new ApiClient(base).get(`/api/articles/${draft}/comments`))).toEqual([
      404,
      'ArticleNotFound',
    ]);
  });
});

describe('votes', () => {
  let target: CommentJson;

  beforeAll(async () => {
    target = await published(alice, 'Səs veriləcək şərh');
  });

  it('toggles an upvote and refuses one on one’s own comment', async () => {
    const up = await vote(bob, target.id, 'upvote');
    expect(up.body).toEqual({ id: target.id, up: 1, down: 0, myVote: 'up' });
    const again = await vote(bob, target.id, 'upvote');
    expect(again.body).toEqual({ id: target.id, up: 0, down: 0, myVote: null });
    expect(statusAndCode(await vote(alice, target.id, 'upvote'))).toEqual([403, 'ForbiddenSelfReaction']);
  });

  it('lets only the Pro rating cast a downvote', async () => {
    expect(statusAndCode(await vote(bob, target.id, 'downvote'))).toEqual([403, 'CannotDownvote']);
    const down = await vote(pro, target.id, 'downvote');
    expect(down.body).toMatchObject({ up: 0, down: 1, myVote: 'down' });
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
    const mine = await pro.client.get<{ items: { id: string; myVote: string | null; reported: boolean }[] }>(
      `/api/articles/effect/comments?ids=${target.id},${randomUUID()}`,
    );
    expect(mine.headers.get('cache-control')).toBe('no-store');
    expect(mine.body.items[0]).toEqual({ id: target.id, myVote: 'down', reported: false });
    const visitor = await new ApiClient(base).get<{ items: unknown[] }>(
      `/api/articles/effect/comments?ids=${target.id}`,
    );
    expect(visitor.body.items).toEqual([{ id: target.id, myVote: null, reported: false }]);
    expect((await new ApiClient(base).get('/api/articles/effect/comments?ids=nope')).status).toBe(400);
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
    expect(find((await thread(new ApiClient(base))).body.items, target.id)).toMatchObject({
      up: voters.length,
      down: 1,
    });
  });

  it('refuses votes on comments readers cannot see', async () => {
    const hidden = await write(alice, 'Hələ yoxlanılır');
    expect(statusAndCode(await vote(bob, hidden.body.id, 'upvote'))).toEqual([404, 'CommentNotFound']);
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
      chattyComments.push(created.body);
    }
    const refused = await chatty.client.post<ErrorBody & { error: { message: string } }>(
      '/api/articles/comment',
      { articleId: article, content: 'Bir dənə də' },
      { 'accept-language': 'az' },
    );
    expect(statusAndCode(refused)).toEqual([429, 'CommentsCountExceed']);
    // Edits are not new comments.
    expect(
      (
        await chatty.client.request('PUT', '/api/articles/comment', {
          commentId: chattyComments[0]!.id,
          content: 'Düzəliş',
        })
      ).status,
    ).toBe(200);
    await Promise.all(chattyComments.map((comment) => decideComment(comment.id, 'approve')));
  });

  it('takes one report per comment and user with a reason and a note, and announces it', async () => {
    const target = chattyComments[0]!;
    const first = await report(bob, target.id, 'spam', ' Reklam <b>linki</b>\n var ');
    expect(first.status).toBe(201);
    expect(statusAndCode(await report(bob, target.id, 'scam'))).toEqual([409, 'AlreadyReportedComment']);
    expect(statusAndCode(await report(chatty, target.id, 'spam'))).toEqual([403, 'ForbiddenSelfReaction']);
    expect((await report(bob, target.id, 'note')).status).toBe(400);
    expect(statusAndCode(await report(bob, randomUUID(), 'spam'))).toEqual([404, 'CommentNotFound']);
    const [event] = (await outbox('comments.comment.reported', CommentReported.decode)).filter(
      (candidate) => candidate.commentId === target.id,
    );
    expect(event).toMatchObject({
      reportId: first.body.id,
      reporterUid: bob.uid,
      reason: ReportReason.REPORT_REASON_SPAM,
      note: 'Reklam linki var',
      authorUid: chatty.uid,
      excerpt: 'Düzəliş',
    });
    const effects = await bob.client.get<{ items: { reported: boolean }[] }>(
      `/api/articles/effect/comments?ids=${target.id}`,
    );
    expect(effects.body.items[0]!.reported).toBe(true);
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
    expect(
      statusAndCode(
        await bob.client.request('PUT', '/api/articles/comment', { commentId: parent.id, content: 'Oğurluq' }),
      ),
    ).toEqual([404, 'EditCommentNotFound']);
    expect(
      statusAndCode(
        await alice.client.request('PUT', '/api/articles/comment', { commentId: randomUUID(), content: 'Yox' }),
      ),
    ).toEqual([404, 'EditCommentNotFound']);
    expect(
      statusAndCode(
        await alice.client.request('PUT', '/api/articles/comment', { commentId: parent.id, content: ' <i></i> ' }),
      ),
    ).toEqual([400, 'InvalidContent']);
    const edited = await alice.client.request<CommentJson>('PUT', '/api/articles/comment', {
      commentId: parent.id,
      content: 'Düzəldilmiş şərh',
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ state: 'published', content: 'Düzəldilmiş şərh' });
    expect(edited.body.editedAt).not.toBeNull();
    const submitted = (await outbox('comments.comment.submitted', CommentSubmitted.decode)).filter(
      (event) => event.commentId === parent.id,
    );
    expect(submitted.at(-1)).toMatchObject({ isEdit: true, content: 'Düzəldilmiş şərh' });
    expect((await one(new ApiClient(base), parent.id)).body.content).toBe('Düzəldilmiş şərh');
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
    expect(statusAndCode(await bob.client.request('DELETE', `/api/articles/comments/${parent.id}`))).toEqual([
      404,
      'CommentNotFound',
    ]);
    expect((await alice.client.request('DELETE', `/api/articles/comments/${parent.id}`)).status).toBe(204);
    expect(statusAndCode(await alice.client.request('DELETE', `/api/articles/comments/${parent.id}`))).toEqual([
      404,
      'CommentNotFound',
    ]);
    const placeholder = find((await thread(new ApiClient(base))).body.items, parent.id)!;
    expect(placeholder).toMatchObject({ state: 'deleted', content: null, author: null, replyCount: 1 });
    expect(placeholder.replies.map((child) => child.id)).toEqual([reply.id]);
    expect(statusAndCode(await one(alice.client, parent.id))).toEqual([404, 'CommentNotFound']);
    const deleted = (await outbox('comments.comment.deleted', CommentDeleted.decode)).filter(
      (event) => event.commentId === parent.id,
    );
    expect(deleted).toEqual([expect.objectContaining({ wasPublished: true, by: 'author', authorUid: alice.uid })]);
    await eventually(async () => ((await commentsCount()) === before - 1 ? true : undefined));
    expect(
      statusAndCode(
        await alice.client.request('PUT', '/api/articles/comment', { commentId: parent.id, content: 'Geri' }),
      ),
    ).toEqual([404, 'EditCommentNotFound']);
  });

  it('removes a published comment rejected by moderation, announcing it as deleted', async () => {
    const removed = await published(alice, 'Moderasiya siləcək');
    await decideComment(removed.id, 'reject', 'Qaydalara ziddir');
    expect(find((await thread(new ApiClient(base))).body.items, removed.id)).toBeUndefined();
    expect((await one(alice.client, removed.id)).body).toMatchObject({ state: 'rejected' });
    expect(statusAndCode(await one(bob.client, removed.id))).toEqual([404, 'RawCommentNotFound']);
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
    const visitor = await new ApiClient(base).get<{ items: CommentJson[]; hasMore: boolean }>(
      `/api/articles/comments/all?username=${alice.username}`,
    );
    expect(visitor.status).toBe(200);
    expect(visitor.body.items.length).toBeGreaterThan(0);
    expect(visitor.body.items.every((item) => item.state === 'published' && item.author?.uid === alice.uid)).toBe(true);
    expect(visitor.body.items[0]!.article).toEqual({ id: article, title: 'Şərhlər üçün məqalə' });
    expect(visitor.body.items.find((item) => item.id === pending.body.id)).toBeUndefined();
    const bobs = await bob.client.get<{ items: CommentJson[] }>(
      `/api/articles/comments/all?username=${alice.username}`,
    );
    expect(bobs.body.items.find((item) => item.id === pending.body.id)).toBeUndefined();
    const own = await alice.client.get<{ items: CommentJson[] }>(
      `/api/articles/comments/all?username=${alice.username}`,
    );
    expect(own.body.items[0]).toMatchObject({ id: pending.body.id, state: 'pending' });
    expect(
      statusAndCode(await new ApiClient(base).get('/api/articles/comments/all?username=nobody_here_at_all')),
    ).toEqual([404, 'UserNotFound']);
  });
});

describe('a deleted account', () => {
  it("loses its comments' text and author, its votes leave the counts, and the article's count follows", async () => {
    const leaver = await signUp();
    const target = await published(alice, 'Gedənin səs verdiyi şərh');
    const own = await published(leaver, 'Gedənin şərhi');
    const answer = await published(bob, 'Gedənə cavab', own.id);
    expect((await vote(leaver, target.id, 'upvote')).body).toMatchObject({ up: 1 });
    const before = await eventually(async () => {
      const count = await commentsCount();
      const { rows } = await sql.query<{ n: number }>(
        `select count(*)::int as n from comments.comments where article_id = $1 and status = 'published' and not deleted`,
        [article],
      );
      return count === rows[0]!.n ? count : undefined;
    });

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

    const placeholder = await eventually(async () => {
      const found = find((await thread(new ApiClient(base))).body.items, own.id);
      return found?.state === 'deleted' ? found : undefined;
    });
    expect(placeholder).toMatchObject({ content: null, author: null });
    expect(placeholder.replies.map((reply) => reply.id)).toEqual([answer.id]);
    expect(find((await thread(new ApiClient(base))).body.items, target.id)).toMatchObject({ up: 0 });
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
