// The time from a vote to the author's open page receiving the notification: a real vote (articles' EngagementService,
// as the gateway calls it) → outbox → JetStream → the notifications consumer → NOTIFY after commit → the gRPC stream
// → the gateway's Server-Sent Events → this reader. One vote at a time, each by a new voter, so every figure is one
// whole trip (not throughput). openOtherStreams holds other signed-in users' streams open meanwhile (aim 4 of issue
// #19: the trip within 100 ms at p99 while 1,000 other streams are open).
import { EngagementServiceClient, EngagementServiceService } from '@pencraft/contracts/articles/v1/engagement';
import { createGrpcClient } from '@pencraft/kit';
import { randomBytes, randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { request as httpRequest, type ClientRequest } from 'node:http';
import pg from 'pg';

export interface TripFigures {
  votes: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  missed: number;
  /** Each arrived vote's wall-clock times (epoch ms), in order: for the breakdown by stage (stageBreakdown). */
  samples: { sentAt: number; arrivedAt: number }[];
}

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

export async function measureVoteToStream(options: {
  gatewayBase: string;
  /** The author's session cookie header (pc_su=...). */
  cookie: string;
  articlesGrpc: string;
  articleIds: string[];
  votes: number;
  timeoutMs?: number;
  /** A pause between one vote's arrival and the next vote, so the votes spread over the streams' periodic work. */
  gapMs?: number;
}): Promise<TripFigures> {
  const engagement = createGrpcClient(EngagementServiceClient, EngagementServiceService, options.articlesGrpc);
  const controller = new AbortController();
  const waiting = new Map<string, (at: number) => void>();
  const response = await fetch(`${options.gatewayBase}/api/notifications/stream`, {
    headers: { cookie: options.cookie, accept: 'text/event-stream' },
    signal: controller.signal,
  });
  if (response.status !== 200) throw new Error(`the notification stream answered ${response.status}`);
  const reading = (async () => {
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
        const at = performance.now();
        buffer += decoder.decode(chunk, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const data = buffer
            .slice(0, end)
            .split('\n')
            .find((line) => line.startsWith('data: '));
          buffer = buffer.slice(end + 2);
          if (!data) continue;
          const n = JSON.parse(data.slice(6)) as { type: number; actor: { uid: string } | null };
          if (n.type === 0 && n.actor) waiting.get(n.actor.uid)?.(at);
        }
      }
    } catch {
      // closed at the end
    }
  })();
  const trips: number[] = [];
  const samples: TripFigures['samples'] = [];
  let missed = 0;
  try {
    for (let i = 0; i < options.votes; i += 1) {
      const voterUid = randomUUID();
      const articleId = options.articleIds[i % options.articleIds.length]!;
      const arrived = new Promise<number | undefined>((resolve) => {
        const timer = setTimeout(() => resolve(undefined), options.timeoutMs ?? 10_000);
        waiting.set(voterUid, (at) => {
          clearTimeout(timer);
          resolve(at);
        });
      });
      const sent = performance.now();
      const sentAt = Date.now();
      await engagement.vote({ articleId, voterUid, direction: 'up', voterRating: 0 });
      const at = await arrived;
      waiting.delete(voterUid);
      if (at === undefined) missed += 1;
      else {
        trips.push(at - sent);
        samples.push({ sentAt, arrivedAt: sentAt + (at - sent) });
      }
      if (options.gapMs) await new Promise((resolve) => setTimeout(resolve, options.gapMs));
    }
  } finally {
    controller.abort();
    await reading;
    engagement.close();
  }
  const sorted = [...trips].sort((a, b) => a - b);
  const round = (ms: number) => Math.round(ms * 10) / 10;
  return {
    votes: options.votes,
    p50: round(percentile(sorted, 50)),
    p90: round(percentile(sorted, 90)),
    p99: round(percentile(sorted, 99)),
    max: round(sorted.at(-1) ?? 0),
    missed,
    samples,
  };
}

/** One stage of the trip: its median and 99th percentile over the votes, in ms. */
export interface Stage {
  stage: string;
  p50: number;
  p99: number;
}

/**
 * Where the trips' time goes, from the times the pipeline's own tables keep (PostgreSQL's now(), each transaction's
 * start, on the machine's clock like the bench's): the relay's transaction that published the vote's event (articles'
 * outbox published_at) and the notifications consumer's transaction that stored it (processed_events.processed_at),
 * joined by the event id. Undefined when the votes cannot be matched one to one (a missed one).
 */
export async function stageBreakdown(databaseUrl: string, trip: TripFigures): Promise<Stage[] | undefined> {
  if (trip.missed > 0 || trip.samples.length === 0) return undefined;
  const sql = new pg.Client({ connectionString: databaseUrl });
  await sql.connect();
  try {
    const { rows } = await sql.query<{ published: number | null; processed: number | null }>(
      `select extract(epoch from o.published_at) * 1000 as published, extract(epoch from p.processed_at) * 1000 as processed
         from articles.outbox o
         left join notifications.processed_events p on p.consumer = 'notifications-articles-votes' and p.event_id = o.id::text
        where o.subject = 'articles.article.voted' and o.created_at >= to_timestamp($1::float8 / 1000)
        order by o.created_at, o.id`,
      [trip.samples[0]!.sentAt - 1_000],
    );
    if (rows.length !== trip.samples.length || rows.some((r) => r.published === null || r.processed === null)) {
      return undefined;
    }
    const stage = (name: string, of: (i: number) => number): Stage => {
      const sorted = trip.samples.map((_, i) => of(i)).sort((a, b) => a - b);
      const round = (ms: number) => Math.round(ms * 10) / 10;
      return { stage: name, p50: round(percentile(sorted, 50)), p99: round(percentile(sorted, 99)) };
    };
    const at = (i: number) => ({
      ...trip.samples[i]!,
      published: Number(rows[i]!.published),
      processed: Number(rows[i]!.processed),
    });
    return [
      stage('the vote (gRPC, its transaction) and the outbox relay waking', (i) => at(i).published - at(i).sentAt),
      stage('the relay publishing, JetStream, the consumer receiving', (i) => at(i).processed - at(i).published),
      stage(
        'the consumer storing it, NOTIFY, the stream reading it, gRPC, SSE',
        (i) => at(i).arrivedAt - at(i).processed,
      ),
    ];
  } finally {
    await sql.end();
  }
}

/** Other users' open streams, held while the trips are measured. */
export interface OtherStreams {
  /** Streams answered 200 and still open. */
  open: () => number;
  /** Streams refused or broken (never expected). */
  failed: () => number;
  /** Notification events those streams received: none is theirs during the bench, so any would be another's. */
  received: () => number;
  /** Heartbeats they received (each one a session check of the gateway). */
  heartbeats: () => number;
  /** Seconds to sign the users in, and to open the streams. */
  signInSeconds: number;
  openSeconds: number;
  close: () => void;
}

/** Open files of a process: how many it holds and its soft limit (/proc). */
export function openFilesOf(pid: number): { open: number; limit: number } | undefined {
  try {
    const limits = readFileSync(`/proc/${pid}/limits`, 'utf8');
    const limit = Number(/^Max open files\s+(\d+)/m.exec(limits)?.[1] ?? 0);
    return { open: readdirSync(`/proc/${pid}/fd`).length, limit };
  } catch {
    return undefined;
  }
}

/** Runs `work` over `items`, `width` at a time. */
async function inParallel<T>(items: T[], width: number, work: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(width, items.length) }, async () => {
      while (next < items.length) await work(items[next++]!);
    }),
  );
}

/**
 * `count` other users, each signed in through the API (POST /api/id/auth/login: an argon2id verify and a real
 * session in identity) with one notification stream open through the gateway (GET /api/notifications/stream, its
 * own socket from 127.0.0.1). The accounts themselves are copies of the template account's row in identity.users
 * (its password hash, confirmed), made with SQL: signing up a thousand through the captcha and the mail would only
 * measure the setup.
 */
export async function openOtherStreams(options: {
  gatewayBase: string;
  databaseUrl: string;
  count: number;
  /** The account whose password hash the others share, and that password. */
  template: { username: string; password: string };
  /** Sign-ins at once (each an argon2id verify in identity). */
  signInWidth?: number;
  /**
   * How the sessions are made: 'api' signs each user in through the gateway (an argon2id verify each: 1,000 take one
   * to two minutes on two busy cores); 'sql' writes each session into identity.sessions as identity's sign-in does (a
   * random 256-bit token, only its SHA-256 stored), and the gateway resolves them through identity like any other.
   */
  sessions?: 'api' | 'sql';
}): Promise<OtherStreams> {
  const prefix = `bench_stream_${Date.now().toString(36)}_`;
  const sql = new pg.Client({ connectionString: options.databaseUrl });
  await sql.connect();
  try {
    const made = await sql.query(
      `insert into identity.users (email, username, fullname, password_hash, lang, email_confirmed_at, terms_accepted_at)
       select $1 || i || '@example.az', $1 || i, 'Stream reader ' || i, u.password_hash, 'en', now(), now()
         from identity.users u, generate_series(1, $2::int) i
        where lower(u.username) = lower($3)`,
      [prefix, options.count, options.template.username],
    );
    if (made.rowCount !== options.count) throw new Error(`made ${made.rowCount} of ${options.count} stream accounts`);
  } finally {
    await sql.end();
  }
  const { origin, port } = new URL(options.gatewayBase);
  const cookies: string[] = [];
  const signInStarted = performance.now();
  if (options.sessions === 'api') {
    const csrf = (await (await fetch(`${origin}/api/csrf`)).json()) as { token: string };
    await inParallel(
      Array.from({ length: options.count }, (_, i) => i + 1),
      options.signInWidth ?? 4,
      async (i) => {
        const answer = await fetch(`${origin}/api/id/auth/login`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            origin: `http://localhost:${port}`,
            cookie: `pc_csrf=${csrf.token}`,
            'x-csrf-token': csrf.token,
          },
          body: JSON.stringify({ login: `${prefix}${i}`, password: options.template.password }),
        });
        await answer.arrayBuffer();
        const session = answer.headers
          .getSetCookie()
          .map((line) => line.split(';')[0]!)
          .find((pair) => pair.startsWith('pc_su='));
        if (answer.status !== 200 || !session) throw new Error(`stream user ${i} could not sign in: ${answer.status}`);
        cookies.push(session);
      },
    );
  } else {
    const tokens = Array.from({ length: options.count }, () => randomBytes(32).toString('base64url'));
    const sql = new pg.Client({ connectionString: options.databaseUrl });
    await sql.connect();
    try {
      const made = await sql.query(
        `insert into identity.sessions (user_id, token_hash, ip, user_agent, expires_at)
         select u.id, sha256(convert_to(t.token, 'UTF8')), '127.0.0.1', 'bench', now() + interval '1 day'
           from unnest($1::text[]) with ordinality t(token, n)
           join identity.users u on lower(u.username) = $2 || t.n`,
        [tokens, prefix],
      );
      if (made.rowCount !== options.count) throw new Error(`made ${made.rowCount} of ${options.count} sessions`);
    } finally {
      await sql.end();
    }
    cookies.push(...tokens.map((token) => `pc_su=${token}`));
  }
  const signInSeconds = (performance.now() - signInStarted) / 1000;
  let open = 0;
  let failed = 0;
  let received = 0;
  let heartbeats = 0;
  let closing = false;
  const requests: ClientRequest[] = [];
  const openStarted = performance.now();
  await inParallel(cookies, 32, async (cookie) => {
    await new Promise<void>((resolve) => {
      const request = httpRequest(
        {
          hostname: '127.0.0.1',
          port,
          path: '/api/notifications/stream',
          headers: { cookie, accept: 'text/event-stream' },
          // A socket of its own, as each browser's page holds one.
          agent: false,
        },
        (response) => {
          if (response.statusCode !== 200) {
            failed += 1;
            response.resume();
            resolve();
            return;
          }
          open += 1;
          resolve();
          let buffer = '';
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => {
            buffer += chunk;
            let end: number;
            while ((end = buffer.indexOf('\n\n')) >= 0) {
              const event = buffer.slice(0, end);
              buffer = buffer.slice(end + 2);
              if (event.startsWith(': hb')) heartbeats += 1;
              else if (/^event: notification$/m.test(event)) received += 1;
            }
          });
          response.on('close', () => {
            open -= 1;
            if (!closing) failed += 1;
          });
          response.on('error', () => undefined);
        },
      );
      request.on('error', () => {
        if (!closing) failed += 1;
        resolve();
      });
      request.end();
      requests.push(request);
    });
  });
  const openSeconds = (performance.now() - openStarted) / 1000;
  return {
    open: () => open,
    failed: () => failed,
    received: () => received,
    heartbeats: () => heartbeats,
    signInSeconds,
    openSeconds,
    close: () => {
      closing = true;
      for (const request of requests) request.destroy();
    },
  };
}
