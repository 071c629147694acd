// Notifications through the gateway on real servers (identity, articles, comments, notifications, gateway;
// PostgreSQL, Redis, NATS, mailpit): every type whose source exists made by its real event, the user's switches
// honoured, mails in the user's language only for what they chose, the live stream (SSE) receiving new ones and a
// reconnection with Last-Event-ID getting the missed ones, the stream ending at the heartbeat after its session ended,
// toggled votes and follows telling once per pair, and that nobody reads or marks another user's.
import { ArticlesServiceClient, ArticlesServiceService } from '@pencraft/contracts/articles/v1/articles';
import { createGrpcClient, type PromiseClient } from '@pencraft/kit';
import pg from 'pg';
import type { AppHandle } from '../../packages/devstack/src/index.ts';
import { confirmAccount } from '../support/accounts.ts';
import { approveComment, closeCommentReviewClient, decideComment } from '../support/comment-review.ts';
import { mailsTo, waitForMail } from '../support/mailbox.ts';
import { approveArticle, closeReviewClient, decideReview } from '../support/review.ts';
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
import type { operations, Schemas } from '@pencraft/api-client';
import { Language } from '@pencraft/contracts/common/v1/common';

type Notification = Schemas['Notification'];
interface Account {
  client: ApiClient;
  api: TypedApi;
  uid: string;
  username: string;
  email: string;
}

let db: TestDatabase;
let sql: pg.Pool;
const apps: AppHandle[] = [];
let grpc: PromiseClient<ArticlesServiceClient>;
let base: string;
let seq = 0;
const run = Date.now().toString(36);
const password = 'notify-pass-7';
/** Short, so a stream whose session ended closes within a second or so. */
const HEARTBEAT_MS = 1_000;
const text = 'Bakıda payız gələndə küləklər şəhəri təmizləyir, insanlar isə çay süfrəsi ətrafında toplaşır.';

let author: Account;
let reader: Account;
let other: Account;

const codeOf = (response: { error?: Schemas['Error'] }) => response.error?.error.code;
const byId = (id: string) => ({ params: { path: { id } } });

async function signUp(): Promise<Account> {
  seq += 1;
  const account = {
    email: `notify${seq}.${run}@example.az`,
    username: `notify_${run}_${seq}`,
    password,
  };
  const client = new ApiClient(base);
  const api = typedApi(client);
  const response = await api.POST('/api/id/register', {
    body: { ...account, fullname: `Notify User ${seq}`, acceptTerms: true, acceptPrivacy: true },
    params: { header: await captchaParam(base) },
  });
  expect(response.status).toBe(201);
  await confirmAccount(client, account.email);
  return { client, api, uid: response.data!.uid, username: account.username, email: account.email };
}

/** Another session of the account (another browser). */
async function signIn(account: Account): Promise<Account> {
  const client = new ApiClient(base);
  const response = await typedApi(client).POST('/api/id/auth/login', { body: { login: account.username, password } });
  expect(response.status).toBe(200);
  return { ...account, client, api: typedApi(client) };
}

/** How many events of `subject` the notifications service has handled (each recorded with what it stored). */
async function processed(subject: string): Promise<number> {
  const { rows } = await sql.query<{ n: string }>(
    'select count(*) as n from notifications.processed_events where subject = $1',
    [subject],
  );
  return Number(rows[0]!.n);
}

/** Waits until the notifications service has handled `n` more events of `subject` than `before`. */
async function handled(subject: string, before: number, n: number) {
  await eventually(async () => ((await processed(subject)) >= before + n ? true : undefined), {
    timeoutMs: 20_000,
    intervalMs: 100,
  });
}

async function submitted(owner: Account, title: string): Promise<string> {
  const { article } = await grpc.createArticle({
    author: { uid: owner.uid, username: owner.username, fullname: 'Notify Author', imageUrl: '' },
    title,
    description: '',
    language: Language.LANGUAGE_AZ,
    category: 'tech',
    subCategories: [],
    contentJson: JSON.stringify({ blocks: [{ type: 'paragraph', data: { text } }] }),
  });
  const { article: sent } = await grpc.publishArticle({ articleId: article!.id, actorUid: owner.uid });
  return sent!.id;
}

async function published(owner: Account, title: string): Promise<string> {
  const id = await submitted(owner, title);
  await approveArticle(id);
  // The comments service asks articles whether it is published; articles counts it once its event is read.
  return id;
}

type NotificationsQuery = NonNullable<operations['listNotifications']['parameters']['query']>;
const mine = (account: Account, query: NotificationsQuery = {}) =>
  account.api.GET('/api/notifications', { params: { query } });

/** Waits for a notification of `type` matching `match` among the account's newest. */
async function arrived(account: Account, type: number, match: (n: Notification) => boolean = () => true) {
  return eventually(
    async () => {
      const page = await mine(account);
      return page.data?.items.find((n) => n.type === type && match(n));
    },
    { timeoutMs: 20_000, intervalMs: 200 },
  );
}

async function comment(account: Account, articleId: string, content: string, parentId?: string): Promise<string> {
  const response = await account.api.POST('/api/articles/comment', {
    body: { articleId, content, ...(parentId ? { parentId } : {}) },
  });
  expect(response.status).toBe(201);
  return response.data!.id;
}

/** An open SSE stream read as events. */
class EventStream {
  readonly events: { id: string; event: string; data: Notification }[] = [];
  private readonly controller = new AbortController();
  status = 0;
  headers?: Headers;
  heartbeats = 0;
  /** Set when the server ended the stream (not when this side closed it). */
  endedByServer = false;
  private done?: Promise<void>;

  static async open(account: Account, lastEventId?: string) {
    const stream = new EventStream();
    const cookie = [...account.client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const response = await fetch(`${base}/api/notifications/stream`, {
      headers: { accept: 'text/event-stream', cookie, ...(lastEventId ? { 'last-event-id': lastEventId } : {}) },
      signal: stream.controller.signal,
    });
    stream.status = response.status;
    stream.headers = response.headers;
    if (response.ok && response.body) stream.done = stream.read(response.body);
    else await response.text();
    return stream;
  }

  private async read(body: ReadableStream<Uint8Array>) {
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of body as unknown as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(chunk, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (block.startsWith(': hb')) this.heartbeats += 1;
          const fields = Object.fromEntries(
            block
              .split('\n')
              .filter((line) => !line.startsWith(':') && line.includes(':'))
              .map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 1).trimStart()]),
          );
          if (fields.event === 'notification') {
            this.events.push({ id: fields.id!, event: fields.event, data: JSON.parse(fields.data!) as Notification });
          }
        }
      }
      this.endedByServer = true;
    } catch {
      // aborted
    }
  }

  /** Resolves when the server ends the stream; fails after `timeoutMs`. */
  async ended(timeoutMs: number) {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`the stream was still open after ${timeoutMs} ms`)), timeoutMs);
    });
    try {
      await Promise.race([this.done, late]);
    } finally {
      clearTimeout(timer);
    }
    expect(this.endedByServer).toBe(true);
  }

  /** Waits for `n` more heartbeats than it has had (the stream is open and its session checked). */
  async beats(n: number) {
    const target = this.heartbeats + n;
    await eventually(async () => (this.heartbeats >= target ? true : undefined), { timeoutMs: 20_000, intervalMs: 50 });
  }

  async waitFor(match: (n: Notification) => boolean) {
    return eventually(async () => this.events.find((e) => match(e.data)), { timeoutMs: 20_000, intervalMs: 50 });
  }

  async close() {
    this.controller.abort();
    await this.done;
  }
}

beforeAll(async () => {
  await resetMessaging();
  db = await freshDatabase('notifications');
  sql = new pg.Pool({ connectionString: db.url, max: 2 });
  apps.push(
    ...(await Promise.all([
      startService('identity', db.name),
      startService('articles', db.name),
      startService('comments', db.name),
      startService('notifications', db.name, { MAIL_POLL_MS: '200', LIVE_POLL_MS: '5000' }),
    ])),
  );
  apps.push(
    await startService('gateway', db.name, {
      EDGE_ROUTES: '',
      AUTH_RATE_LIMIT_PER_MINUTE: '1000',
      RATE_LIMIT_PER_MINUTE: '5000',
      PUBLIC_CACHE_SECONDS: '0',
      NOTIFICATION_STREAM_HEARTBEAT_MS: String(HEARTBEAT_MS),
    }),
  );
  base = httpBase('gateway');
  grpc = createGrpcClient(ArticlesServiceClient, ArticlesServiceService, grpcAddress('articles'));
  [author, reader, other] = await Promise.all([signUp(), signUp(), signUp()]);
}, 120_000);

afterAll(async () => {
  grpc?.close();
  closeReviewClient();
  closeCommentReviewClient();
  await Promise.all(apps.map((app) => app.stop()));
  await sql?.end();
  await db?.drop();
});

describe('types made by their events', () => {
  it('100: a confirmed account is welcomed (once)', async () => {
    const welcome = await arrived(author, 100);
    expect(welcome).toMatchObject({ key: null, actor: null, read: false });
    const page = await mine(author);
    expect(page.data!.items.filter((n) => n.type === 100)).toHaveLength(1);
  });

  it('104: the followed user hears of a new follower, with the follower as actor', async () => {
    expect((await reader.api.POST('/api/users/{id}/follow', byId(author.uid))).status).toBe(200);
    const follow = await arrived(author, 104);
    expect(follow.actor).toMatchObject({ uid: reader.uid, username: reader.username });

    // Unfollowing and following again tells the followed nothing new: one 104 per follower.
    const followed = await processed('identity.user.followed');
    expect((await reader.api.DELETE('/api/users/{id}/follow', byId(author.uid))).status).toBe(200);
    expect((await reader.api.POST('/api/users/{id}/follow', byId(author.uid))).status).toBe(200);
    await handled('identity.user.followed', followed, 1);
    const fromReader = (await mine(author)).data!.items.filter((n) => n.type === 104 && n.actor?.uid === reader.uid);
    expect(fromReader).toHaveLength(1);
  });

  it('2: a moderator decision tells the author with the note; the initial review tells nobody', async () => {
    const rejected = await submitted(author, 'Rədd ediləcək məqalə');
    await decideReview(rejected, 'startInitialReview');
    await decideReview(rejected, 'passInitialReview');
    await decideReview(rejected, 'reject', 'Mövzudan kənar');
    const notice = await arrived(author, 2, (n) => n.subject.articleId === rejected);
    expect(notice).toMatchObject({
      key: 'ara',
      subject: { title: 'Rədd ediləcək məqalə' },
      data: { decision: 'rejected', note: 'Mövzudan kənar' },
    });
    const page = await mine(author);
    expect(page.data!.items.filter((n) => n.subject.articleId === rejected)).toHaveLength(1);
  });

  it('0 and 1, 51, 52, 50: votes and comments reach the people they concern, never the actor', async () => {
    const article = await published(author, 'Şərh üçün məqalə');
    await arrived(author, 2, (n) => n.subject.articleId === article && n.data.decision === 'approved');

    expect((await reader.api.POST('/api/articles/{id}/upvote', byId(article))).status).toBe(200);
    const vote = await arrived(author, 0, (n) => n.subject.articleId === article);
    expect(vote).toMatchObject({ key: 'ar', actor: { uid: reader.uid } });

    const top = await comment(reader, article, 'Çox maraqlı yazıdır, təşəkkürlər!');
    await approveComment(top);
    const onArticle = await arrived(author, 1, (n) => n.subject.commentId === top);
    expect(onArticle).toMatchObject({ key: 'ac', actor: { uid: reader.uid }, subject: { articleId: article } });
    expect(await arrived(reader, 52, (n) => n.subject.commentId === top)).toMatchObject({
      key: 'cra',
      data: { decision: 'approved' },
    });

    const reply = await comment(author, article, 'Sağ olun!', top);
    await approveComment(reply);
    const replied = await arrived(reader, 51, (n) => n.subject.commentId === reply);
    expect(replied).toMatchObject({ key: 'cc', actor: { uid: author.uid }, data: { parentCommentId: top } });

    expect(
      (await reader.api.POST('/api/articles/comments/{cid}/upvote', { params: { path: { cid: reply } } })).status,
    ).toBe(200);
    expect(await arrived(author, 50, (n) => n.subject.commentId === reply)).toMatchObject({
      actor: { uid: reader.uid },
    });

    // The author's own reply on their own article tells them nothing but its review.
    const authorTypes = (await mine(author))
      .data!.items.filter((n) => n.subject.commentId === reply)
      .map((n) => n.type);
    expect(authorTypes.sort()).toEqual([50, 52]);

    const rejected = await comment(other, article, 'Bu şərh rədd olunacaq.');
    await decideComment(rejected, 'reject', 'Qaydalara zidd');
    expect(await arrived(other, 52, (n) => n.subject.commentId === rejected)).toMatchObject({
      data: { decision: 'rejected', note: 'Qaydalara zidd' },
    });
  });
  it('0 and 50: an upvote removed and given again tells the author once', async () => {
    const article = await published(other, 'Səs ver, geri al');
    const votes = await processed('articles.article.voted');
    // Up, removed (the same route again), up again.
    for (let i = 0; i < 3; i += 1) {
      expect((await author.api.POST('/api/articles/{id}/upvote', byId(article))).status).toBe(200);
    }
    await handled('articles.article.voted', votes, 3);
    const onArticle = (await mine(other)).data!.items.filter((n) => n.type === 0 && n.subject.articleId === article);
    expect(onArticle).toHaveLength(1);

    const top = await comment(other, article, 'Öz məqaləmə şərh yazıram.');
    await approveComment(top);
    await arrived(other, 52, (n) => n.subject.commentId === top);
    const commentVotes = await processed('comments.comment.voted');
    for (let i = 0; i < 3; i += 1) {
      expect(
        (await author.api.POST('/api/articles/comments/{cid}/upvote', { params: { path: { cid: top } } })).status,
      ).toBe(200);
    }
    await handled('comments.comment.voted', commentVotes, 3);
    const onComment = (await mine(other)).data!.items.filter((n) => n.type === 50 && n.subject.commentId === top);
    expect(onComment).toHaveLength(1);
  });

  it('500, 3, 4: a co-author invitation, a translation of my article, and the review of a translation', async () => {
    const created = await author.api.POST('/api/drafts', {
      body: {
        title: 'Birgə məqalə',
        description: 'Bakı haqqında',
        language: 'az',
        category: 'travel',
        subCategories: [],
        content: { blocks: [{ type: 'paragraph', data: { text } }] },
      },
    });
    expect(created.status).toBe(201);
    const invited = await author.api.POST('/api/drafts/{id}/invite', {
      params: { path: { id: created.data!.id }, query: { username: other.username } },
    });
    expect(invited.status).toBe(201);
    const invitation = await arrived(other, 500, (n) => n.data.invitationId === invited.data!.id);
    expect(invitation).toMatchObject({
      key: null,
      actor: { uid: author.uid, username: author.username },
      subject: { title: 'Birgə məqalə' },
    });
    expect((await other.api.POST('/api/drafts/invitations/{id}/accept', byId(invited.data!.id))).status).toBe(200);
    const submitted = await author.api.POST('/api/articles/publishing/{id}', byId(created.data!.id));
    expect(submitted.status).toBe(200);
    const original = submitted.data!.id;
    await approveArticle(original);
    // Both authors hear of the approval.
    await arrived(other, 2, (n) => n.subject.articleId === original && n.data.decision === 'approved');

    // The co-author translates it: the original's author hears of the translation, the translator of its review.
    const translation = await other.api.POST('/api/drafts/translate', {
      params: { query: { aid: original, lang: 'en' } },
    });
    expect(translation.status).toBe(201);
    const sent = await other.api.POST('/api/articles/publishing/{id}', byId(translation.data!.id));
    expect(sent.status).toBe(200);
    await approveArticle(sent.data!.id);
    expect(await arrived(author, 3, (n) => n.subject.articleId === sent.data!.id)).toMatchObject({
      key: 'at',
      actor: { uid: other.uid },
      data: { originalId: original, language: 'en' },
    });
    expect(await arrived(other, 4, (n) => n.subject.articleId === sent.data!.id)).toMatchObject({
      key: 'atra',
      data: { decision: 'approved', originalId: original, language: 'en' },
    });
  });
});

describe('switches and mails', () => {
  it('a switch turned off stops that type; others keep coming', async () => {
    const saved = await author.api.PUT('/api/ttin/nots', { body: { ar: false } });
    expect(saved.data).toMatchObject({ ar: false, ac: true });
    await eventually(async () => {
      const { rows } = await sql.query("select settings->>'ar' as ar from notifications.people where uid = $1", [
        author.uid,
      ]);
      return rows[0]?.ar === 'false' ? true : undefined;
    });
    const article = await published(author, 'Səssiz məqalə');
    expect((await other.api.POST('/api/articles/{id}/upvote', byId(article))).status).toBe(200);
    const top = await comment(other, article, 'Səs verdim və yazıram.');
    await approveComment(top);
    await arrived(author, 1, (n) => n.subject.commentId === top);
    const page = await mine(author);
    expect(page.data!.items.some((n) => n.type === 0 && n.subject.articleId === article)).toBe(false);
    await author.api.PUT('/api/ttin/nots', { body: { ar: true } });
  });

  it('mails what the user chose, in their language, and nothing else', async () => {
    const mail = await reader.api.GET('/api/ttin/nots/mail');
    expect(mail.data).toEqual({
      ar: false,
      ac: false,
      ara: true,
      at: false,
      atra: true,
      cr: false,
      cc: false,
      cra: true,
    });
    // The reader's comment approval (52, cra: mailed by default) came in the language of the account (English, as
    // it signed up).
    const en = await waitForMail({ to: reader.email, subject: /was approved/ });
    expect(en.text).toContain('Şərh üçün məqalə');

    // Russian from now on, and replies (cc) by e-mail too.
    expect((await reader.api.PUT('/api/ttin/prefs/language', { body: { language: 'ru' } })).status).toBe(200);
    const chosen = await reader.api.PUT('/api/ttin/nots/mail', { body: { cc: true } });
    expect(chosen.data).toMatchObject({ cc: true });
    await eventually(async () => {
      const { rows } = await sql.query("select lang, mail->>'cc' as cc from notifications.people where uid = $1", [
        reader.uid,
      ]);
      return rows[0]?.lang === 'ru' && rows[0]?.cc === 'true' ? true : undefined;
    });
    const article = await published(other, 'Mail article');
    const top = await comment(reader, article, 'A comment to be answered.');
    await approveComment(top);
    const reply = await comment(other, article, 'An answer that is mailed.', top);
    await approveComment(reply);
    const ru = await waitForMail({ to: reader.email, subject: /ответил\(а\) на ваш комментарий/ });
    expect(ru.text).toContain(`/a/${article}#comment-${reply}`);
    expect(ru.html).toContain('<html lang="ru">');

    // A vote (ar) is not chosen by mail: it arrives in the app only.
    const since = new Date();
    const own = await published(reader, 'Reader article');
    expect((await other.api.POST('/api/articles/{id}/upvote', byId(own))).status).toBe(200);
    await arrived(reader, 0, (n) => n.subject.articleId === own);
    await new Promise((r) => setTimeout(r, 1_000));
    expect((await mailsTo({ to: reader.email, subject: /проголосовал|upvoted/, after: since })).length).toBe(0);
  });
});

describe('reading and marking', () => {
  it('pages, filters unread, marks one and all read', async () => {
    const page = await mine(author);
    expect(page.status).toBe(200);
    expect(page.data!.unread).toBeGreaterThan(1);
    const first = page.data!.items[0]!;
    const marked = await author.api.PUT('/api/notifications/{id}/read', byId(first.id));
    expect(marked.status).toBe(200);
    expect(marked.data!.unread).toBe(page.data!.unread - 1);
    const unread = await mine(author, { unread: 'true' });
    expect(unread.data!.items.some((n) => n.id === first.id)).toBe(false);
    const summary = await author.api.GET('/api/notifications/my');
    expect(summary.data!.unread).toBe(page.data!.unread - 1);
    expect(summary.data!.items.length).toBeLessThanOrEqual(5);
    expect((await author.api.PUT('/api/notifications/read')).data).toEqual({
      unread: 0,
    });
    expect((await mine(author, { unread: 'true' })).data!.items).toEqual([]);
  });

  it("nobody reads or marks another user's notifications", async () => {
    const authors = await mine(author);
    const theirs = authors.data!.items[0]!.id;
    const tried = await reader.api.PUT('/api/notifications/{id}/read', byId(theirs));
    expect(tried.status).toBe(404);
    expect(codeOf(tried)).toBe('NotificationNotFound');
    const readers = await mine(reader);
    expect(readers.data!.items.some((n) => n.id === theirs)).toBe(false);
    const visitor = typedApi(new ApiClient(base));
    expect((await visitor.GET('/api/notifications')).status).toBe(401);
    expect((await visitor.GET('/api/notifications/my')).status).toBe(401);
    expect((await fetch(`${base}/api/notifications/stream`)).status).toBe(401);
    expect((await reader.api.PUT('/api/notifications/{id}/read', byId('abc'))).status).toBe(404);
  });
});

describe('live stream (SSE)', () => {
  it('delivers a new notification as it happens, and a reconnection with Last-Event-ID gets the missed ones', async () => {
    const stream = await EventStream.open(author);
    expect(stream.status).toBe(200);
    expect(stream.headers!.get('content-type')).toMatch(/^text\/event-stream/);
    expect(stream.headers!.get('x-accel-buffering')).toBe('no');
    expect(stream.headers!.get('content-encoding')).toBeNull();

    const article = await published(author, 'Canlı məqalə');
    const approved = await stream.waitFor((n) => n.type === 2 && n.subject.articleId === article);
    expect(approved.event).toBe('notification');
    expect(approved.data.data.decision).toBe('approved');
    await stream.close();

    // While no page listens: a vote and a follow.
    expect((await other.api.POST('/api/articles/{id}/upvote', byId(article))).status).toBe(200);
    expect((await other.api.POST('/api/users/{id}/follow', byId(author.uid))).status).toBe(200);
    await arrived(author, 104, (n) => n.actor?.uid === other.uid);

    const again = await EventStream.open(author, approved.id);
    await again.waitFor((n) => n.type === 104 && n.actor?.uid === other.uid);
    await again.waitFor((n) => n.type === 0 && n.subject.articleId === article);
    const ids = again.events.map((e) => Number(e.id));
    expect(ids.every((id) => id > Number(approved.id))).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort((a, b) => a - b)).toEqual(ids);
    await again.close();
  });

  it('ends at the next heartbeat once its session is signed out', async () => {
    const session = await signIn(author);
    const stream = await EventStream.open(session);
    expect(stream.status).toBe(200);
    await stream.beats(1);
    expect((await session.api.POST('/api/id/out')).status).toBe(204);
    await stream.ended(2 * HEARTBEAT_MS + 2_000);
  });

  it("ends at the next heartbeat once its session is ended from another session; the other's stream goes on", async () => {
    const victim = await signIn(author);
    const stream = await EventStream.open(victim);
    const kept = await EventStream.open(author);
    expect([stream.status, kept.status]).toEqual([200, 200]);
    await stream.beats(1);
    const sessions = await victim.api.GET('/api/ttin/logs/sns');
    const id = sessions.data!.sessions.find((s) => s.current)!.id;
    expect((await author.api.DELETE('/api/ttin/sessions/{id}', byId(id))).status).toBe(204);
    await stream.ended(2 * HEARTBEAT_MS + 2_000);
    await kept.beats(2);
    expect(kept.endedByServer).toBe(false);
    await kept.close();
  });

  it('refuses a sixth stream of one user', async () => {
    const streams = await Promise.all([1, 2, 3, 4, 5].map(() => EventStream.open(reader)));
    expect(streams.map((s) => s.status)).toEqual([200, 200, 200, 200, 200]);
    const sixth = await EventStream.open(reader);
    expect(sixth.status).toBe(429);
    await Promise.all(streams.map((s) => s.close()));
    await eventually(async () => {
      const next = await EventStream.open(reader);
      await next.close();
      return next.status === 200 ? true : undefined;
    });
  });
});
