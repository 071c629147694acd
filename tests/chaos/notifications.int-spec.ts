// Notifications under failure: the notifications service is killed (SIGKILL) while votes flow (articles' outbox →
// JetStream → the durable consumer) and started again. Every vote makes exactly one notification; the page that
// kept its stream open through the gateway receives every one exactly once, in order; a page that reconnects with
// its Last-Event-ID receives every one it missed.
import { ArticlesServiceClient, ArticlesServiceService } from '@pencraft/contracts/articles/v1/articles';
import { EngagementServiceClient, EngagementServiceService } from '@pencraft/contracts/articles/v1/engagement';
import { createGrpcClient, type PromiseClient } from '@pencraft/kit';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { AppHandle } from '../../packages/devstack/src/index.ts';
import { confirmAccount } from '../support/accounts.ts';
import { captchaHeader } from '../support/captcha.ts';
import { ApiClient } from '../support/http-client.ts';
import { approveArticle, closeReviewClient } from '../support/review.ts';
import {
  eventually,
  freshDatabase,
  grpcAddress,
  httpBase,
  resetMessaging,
  startService,
  type TestDatabase,
} from '../support/stack.ts';
import { Language } from '@pencraft/contracts/common/v1/common';

const VOTES = 60;
const text = 'Every vote of this run must reach its author exactly once, whatever crashes on the way.';

let db: TestDatabase;
let sql: pg.Pool;
let notifications: AppHandle;
const apps: AppHandle[] = [];
let articles: PromiseClient<ArticlesServiceClient>;
let engagement: PromiseClient<EngagementServiceClient>;
let base: string;
let author: { client: ApiClient; uid: string; username: string };

interface Received {
  id: number;
  articleId: string;
  voterUid: string;
}

/** An SSE reader of the gateway's stream: the ids and the voters it received. */
class Page {
  readonly received: Received[] = [];
  /** Why its reading stopped, when the test did not stop it: the stream ended, or an event could not be read. */
  stopped?: string;
  private readonly controller = new AbortController();
  private done?: Promise<void>;

  constructor(private readonly cookie: string) {}

  async open(lastEventId?: string) {
    const response = await fetch(`${base}/api/notifications/stream`, {
      headers: { cookie: this.cookie, ...(lastEventId ? { 'last-event-id': lastEventId } : {}) },
      signal: this.controller.signal,
    });
    expect(response.status).toBe(200);
    this.done = (async () => {
      const decoder = new TextDecoder();
      let buffer = '';
      try {
        for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
          buffer += decoder.decode(chunk, { stream: true });
          let end: number;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const data = block.split('\n').find((line) => line.startsWith('data: '));
            if (!data) continue;
            // Not only votes: a badge (standing's "first article", no actor and no article) may come in between.
            const n = JSON.parse(data.slice(6)) as {
              id: string;
              subject: { articleId: string | null };
              actor: { uid: string } | null;
            };
            this.received.push({
              id: Number(n.id),
              articleId: n.subject.articleId ?? '',
              voterUid: n.actor?.uid ?? '',
            });
          }
        }
        this.stopped = 'the gateway ended the stream';
      } catch (error) {
        // Closed by the test, or a fault of this reader, which must not pass for a quiet stream.
        if (!this.controller.signal.aborted) this.stopped = String(error);
      }
    })();
    return this;
  }

  get lastId() {
    return String(this.received.at(-1)?.id ?? 0);
  }

  async close() {
    this.controller.abort();
    await this.done;
  }
}

/** A call may hit the moment a service dies; votes by distinct voters are idempotent per voter, so try again. */
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
  db = await freshDatabase('chaos_notifications');
  sql = new pg.Pool({ connectionString: db.url, max: 2 });
  apps.push(...(await Promise.all([startService('identity', db.name), startService('articles', db.name)])));
  notifications = await startService('notifications', db.name, { LIVE_POLL_MS: '10000' });
  apps.push(
    await startService('gateway', db.name, {
      EDGE_ROUTES: '',
      AUTH_RATE_LIMIT_PER_MINUTE: '1000',
      RATE_LIMIT_PER_MINUTE: '5000',
    }),
  );
  base = httpBase('gateway');
  articles = createGrpcClient(ArticlesServiceClient, ArticlesServiceService, grpcAddress('articles'));
  engagement = createGrpcClient(EngagementServiceClient, EngagementServiceService, grpcAddress('articles'));
  const run = Date.now().toString(36);
  const account = {
    email: `chaos.notify.${run}@example.az`,
    username: `chaos_notify_${run}`,
    password: 'chaos-pass-7',
  };
  const client = new ApiClient(base);
  const response = await client.post<{ uid: string }>(
    '/api/id/register',
    { ...account, fullname: 'Chaos Author', acceptTerms: true, acceptPrivacy: true },
    await captchaHeader(base),
  );
  expect(response.status).toBe(201);
  await confirmAccount(client, account.email);
  author = { client, uid: response.body.uid, username: account.username };
}, 120_000);

afterAll(async () => {
  articles?.close();
  engagement?.close();
  closeReviewClient();
  await Promise.all([...apps, notifications].map((app) => app?.stop()));
  await sql?.end();
  await db?.drop();
});

it('makes one notification per vote across a crash, and open and reconnecting pages miss none', async () => {
  const { article } = await articles.createArticle({
    author: { uid: author.uid, username: author.username, fullname: 'Chaos Author', imageUrl: '' },
    title: 'Chaos votes',
    description: '',
    language: Language.LANGUAGE_EN,
    category: 'tech',
    subCategories: [],
    contentJson: JSON.stringify({ blocks: [{ type: 'paragraph', data: { text } }] }),
  });
  await articles.publishArticle({ articleId: article!.id, actorUid: author.uid });
  await approveArticle(article!.id);
  // The review's notification (type 2) comes first; the stream is opened once it is stored.
  await eventually(async () => {
    const { rows } = await sql.query('select 1 from notifications.notifications where uid = $1 and type = 2', [
      author.uid,
    ]);
    return rows.length ? true : undefined;
  });

  const cookie = [...author.client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const steady = await new Page(cookie).open();
  const leaving = await new Page(cookie).open();

  const voters = Array.from({ length: VOTES }, () => randomUUID());
  let left = '';
  for (let i = 0; i < VOTES; i += 1) {
    if (i === 20) await notifications.kill();
    if (i === 30) {
      // This page goes away while the service is down and comes back later with the last id it saw.
      left = leaving.lastId;
      await leaving.close();
    }
    if (i === 40) notifications = await startService('notifications', db.name, { LIVE_POLL_MS: '10000' });
    await retry(() =>
      engagement.vote({ articleId: article!.id, voterUid: voters[i]!, direction: 'up', voterRating: 0 }),
    );
  }
  const back = await new Page(cookie).open(left);

  const votesOf = (page: Page) => page.received.filter((r) => r.articleId === article!.id);
  // Generous: under a full CI run on two cores the restarted service and the consumers behind the votes (standing,
  // trending, notifications) catch up in well over 30 s at times. The stored count below says what arrived.
  await eventually(async () => (votesOf(steady).length >= VOTES ? true : undefined), { timeoutMs: 120_000 }).catch(
    async (error: unknown) => {
      const { rows } = await sql.query(
        'select count(*)::int as c from notifications.notifications where uid = $1 and type = 0',
        [author.uid],
      );
      throw new Error(
        `the open page received ${votesOf(steady).length} of ${VOTES} votes${steady.stopped ? ` (it stopped reading: ${steady.stopped})` : ''}; ${rows[0].c} stored: ${String(error)}`,
      );
    },
  );
  await eventually(
    async () =>
      new Set([...votesOf(leaving), ...votesOf(back)].map((r) => r.voterUid)).size >= VOTES ? true : undefined,
    { timeoutMs: 30_000 },
  );
  // Anything still in flight would show up as a second notification.
  await new Promise((r) => setTimeout(r, 1_000));

  const stored = await sql.query(
    'select count(*)::int as c, count(distinct actor_uid)::int as d from notifications.notifications where uid = $1 and type = 0',
    [author.uid],
  );
  expect(stored.rows[0]).toEqual({ c: VOTES, d: VOTES });

  // The page that stayed open: read to the end without a fault, every vote once, ids increasing.
  expect(steady.stopped).toBeUndefined();
  const steadyIds = steady.received.map((r) => r.id);
  expect(new Set(votesOf(steady).map((r) => r.voterUid))).toEqual(new Set(voters));
  expect(votesOf(steady)).toHaveLength(VOTES);
  expect([...steadyIds].sort((a, b) => a - b)).toEqual(steadyIds);
  expect(new Set(steadyIds).size).toBe(steadyIds.length);

  // The page that left and came back: what it saw before plus what it got after, each once.
  const both = [...leaving.received, ...back.received].map((r) => r.id);
  expect(new Set(both).size).toBe(both.length);
  expect(back.received.every((r) => r.id > Number(left))).toBe(true);

  await Promise.all([steady.close(), back.close()]);
  // Longer than the open page's 120 s to receive every vote, so a slow run fails with the counts, not a bare timeout.
}, 240_000);
