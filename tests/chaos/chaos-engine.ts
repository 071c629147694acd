// Chaos under load, the engine of both forms (under-load.int-spec.ts in make test, under-load.ts as a long command):
// a mixed workload through the gateway's real routes (reads, registrations, publishing, comments, votes, follows,
// free publication subscriptions, supports paid through the provider's signed webhook) while a controller kill -9s a
// service at random gaps and starts it again, then pauses NATS and PostgreSQL (SIGSTOP, SIGCONT) for a few seconds;
// then one service is cut off (SIGSTOP) to show the gateway's deadlines and circuit breaker: callers fail within the
// deadline, then fail fast, then recover once it answers again. Afterwards the audits, counted in the database: every
// acknowledged write exists exactly once; every event was consumed exactly once by every consumer of its subject; no
// missing or doubled notification, index entry, rating change or ledger transaction; the ledger balances; every
// process answers ready. The pure parts (schedule, figures, audits) are packages/devstack/src/chaos.ts.
import { readdirSync, readFileSync } from 'node:fs';
import pg from 'pg';
import {
  auditFailures,
  consumerAudit,
  exactlyOnce,
  killSchedule,
  LoadFigures,
  recoveryTable,
  type ConsumerAudit,
  type OnceAudit,
  type Pause,
  type Recovery,
} from '../../packages/devstack/src/chaos.ts';
import {
  infraStatus,
  loadSecrets,
  mailApiUrl,
  mailpitCodeReader,
  smsMailboxOf,
  type AppHandle,
  type Stack,
} from '../../packages/devstack/src/index.ts';
import { articleContent } from '../load/bench-helpers.ts';
import { captchaHeader } from '../support/captcha.ts';
import { suiteFetch } from '../support/client-address.ts';
import { ApiClient } from '../support/http-client.ts';
import { checkLedger, type LedgerCheck } from '../support/ledger-check.ts';
import { rememberSecret } from '../support/log-hygiene.ts';
import { approveArticle, closeReviewClient } from '../support/review.ts';
import { deliverSigned, supportPaid } from '../support/stripe-webhooks.ts';

/** The processes a run starts (the gateway last); the controller kills any of them. */
export const CHAOS_SERVICES = [
  'identity',
  'articles',
  'comments',
  'publications',
  'donations',
  'notifications',
  'search',
] as const;

/** The environment of each process: the gateway's per-address limits would count the whole load as one person. */
export function chaosEnv(name: string, breakerOpenMs: number): Record<string, string> {
  if (name === 'gateway') {
    return {
      EDGE_ROUTES: '',
      RATE_LIMIT_PER_MINUTE: '100000000',
      AUTH_RATE_LIMIT_PER_MINUTE: '100000000',
      PUBLIC_CACHE_SECONDS: '0',
      GRPC_BREAKER_OPEN_MS: String(breakerOpenMs),
      LOG_LEVEL: 'warn',
    };
  }
  return { LOG_LEVEL: 'warn', ...(name === 'notifications' ? { MAIL_POLL_MS: '500' } : {}) };
}

export interface ChaosPlatform {
  stack: Stack;
  /** The run's database. */
  databaseUrl: string;
  /** Starts a process of the run (again) and resolves once it answers ready. */
  start(name: string): Promise<AppHandle>;
  /** The running processes by name, the gateway included. */
  apps: Map<string, AppHandle>;
}

export interface ChaosOptions {
  /** How long the load runs (the kills and pauses happen in it). */
  loadMs: number;
  /** The gap before each kill, drawn in [minGapMs, maxGapMs]. */
  minGapMs: number;
  maxGapMs: number;
  /** No kill in the load's last quietMs. */
  quietMs: number;
  /** How long NATS and then PostgreSQL are paused after each restart. */
  pauseMs: number;
  /** Requests a second (a weighted mix); at most maxInFlight at once. */
  rate: number;
  maxInFlight: number;
  readers: number;
  /** The processes the controller may kill. */
  killable: readonly string[];
  /** How long the breaker demonstration keeps its service stopped at most. */
  cutOff: { service: string; breakerOpenMs: number };
  say: (line: string) => void;
}

export interface ChaosReport {
  figures: LoadFigures;
  recoveries: Recovery[];
  pauses: Pause[];
  cutOff: CutOffResult;
  audits: Record<string, OnceAudit>;
  consumers: ConsumerAudit[];
  ledger: LedgerCheck;
  notReady: string[];
  failures: string[];
  counts: Record<string, number>;
  retries: number;
  breakerRejections: number;
  text: string;
}

export interface CutOffResult {
  service: string;
  /** The calls made while it was stopped before the breaker opened: status and milliseconds. */
  first: { status: number | string; ms: number }[];
  /** The calls once the breaker was open. */
  fast: { status: number | string; ms: number }[];
  /** The gateway's breaker state for the target once open (2 = open), from its /metrics. */
  breakerState: number | undefined;
  /** From SIGCONT until the route answered 200 again. */
  recoveredAfterMs: number;
}

interface Account {
  client: ApiClient;
  uid: string;
  username: string;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;
const ok = (status: number) => status >= 200 && status < 300;

/** Every process of a tree: the root and its descendants, from /proc (PostgreSQL's backends are the postmaster's). */
function processTree(root: number): number[] {
  const parents = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      parents.set(Number(entry), ppid);
    } catch {
      // gone meanwhile
    }
  }
  const tree = [root];
  for (let i = 0; i < tree.length; i += 1) {
    for (const [pid, ppid] of parents) if (ppid === tree[i] && !tree.includes(pid)) tree.push(pid);
  }
  return tree;
}

const signal = (pids: number[], name: NodeJS.Signals) => {
  for (const pid of pids) {
    try {
      process.kill(pid, name);
    } catch {
      // exited
    }
  }
};

/** Stops a process tree for `ms`, then lets it go on; always continued, even when the run fails meanwhile. */
async function paused(pids: number[], ms: number) {
  signal(pids, 'SIGSTOP');
  try {
    await sleep(ms);
  } finally {
    signal(pids, 'SIGCONT');
  }
}

export async function runChaos(platform: ChaosPlatform, options: ChaosOptions): Promise<ChaosReport> {
  const { stack } = platform;
  const { say } = options;
  const gatewayBase = `http://127.0.0.1:${stack.gateway.httpPort}`;
  const articlesAddress = `127.0.0.1:${stack.services.find((s) => s.name === 'articles')!.grpcPort}`;
  const readCode = mailpitCodeReader(mailApiUrl(stack));
  const donationsSecret = loadSecrets(stack).stripeDonationsWebhookSecret;
  const sql = new pg.Pool({ connectionString: platform.databaseUrl, max: 3 });
  const figures = new LoadFigures();
  const run = Date.now().toString(36);
  let seq = 0;

  // What the platform acknowledged, to be found exactly once afterwards.
  const acked = {
    registrations: [] as string[],
    confirmed: [] as string[],
    articles: [] as string[],
    published: [] as string[],
    votes: [] as string[],
    comments: [] as string[],
    follows: [] as string[],
    subscriptions: [] as string[],
    supports: [] as string[],
  };

  /** Times a request; a status outside 2xx/3xx or a thrown error counts by its kind. */
  async function timed<T extends { status: number }>(name: string, call: () => Promise<T>): Promise<T | undefined> {
    const started = performance.now();
    try {
      const response = await call();
      figures.record(name, response.status, performance.now() - started);
      return response;
    } catch (error) {
      figures.record(name, (error as Error).name || 'error', performance.now() - started);
      return undefined;
    }
  }

  const get = (path: string) =>
    suiteFetch(`${gatewayBase}${path}`, { signal: AbortSignal.timeout(15_000) }).then(async (r) => {
      await r.arrayBuffer();
      return { status: r.status };
    });

  /** A new account through the API, confirmed with its mailed code; undefined when the platform refused or failed. */
  async function register(label: string): Promise<Account | undefined> {
    seq += 1;
    const username = `chaos_${label}_${run}_${seq}`;
    const email = `${username}@example.az`;
    const client = new ApiClient(gatewayBase);
    const since = new Date();
    const captcha = await captchaHeader(gatewayBase).catch(() => undefined);
    if (!captcha) return undefined;
    const registered = await timed('register', () =>
      client.post<{ uid: string }>(
        '/api/id/register',
        {
          email,
          username,
          fullname: `Chaos ${label}`,
          password: 'chaos-pass-7',
          acceptTerms: true,
          acceptPrivacy: true,
        },
        captcha,
      ),
    );
    if (registered?.status !== 201) return undefined;
    acked.registrations.push(username);
    const uid = registered.body.uid;
    for (let attempt = 0; attempt < 20; attempt += 1) {
      const code = await readCode(email, since).catch(() => undefined);
      if (code) {
        // No log line may hold a code (the suites' log hygiene check).
        rememberSecret(code);
        const confirmed = await timed('register confirm', () => client.post('/api/id/register/verify', { code }));
        if (confirmed?.status === 200) {
          acked.confirmed.push(uid);
          return { client, uid, username };
        }
      }
      await sleep(500);
    }
    return undefined;
  }

  /** Tries a step until it answers 2xx (or `done` says it is done), as a client would after a crash. */
  async function until<T extends { status: number }>(
    name: string,
    call: () => Promise<T>,
    done: (r: T) => boolean = (r) => ok(r.status),
    attempts = 60,
  ): Promise<T | undefined> {
    for (let i = 0; i < attempts; i += 1) {
      const response = await timed(name, call);
      if (response && done(response)) return response;
      if (response && response.status >= 400 && response.status < 500 && response.status !== 429) return undefined;
      await sleep(500);
    }
    return undefined;
  }

  /** Each published article's author (nobody votes on their own: Forbidden). */
  const authorOf = new Map<string, string>();

  /** An article written, submitted and approved (as moderation would, over gRPC); its id once published. */
  async function publish(author: Account, label: string): Promise<string | undefined> {
    const title = `Chaos ${run} ${label}`;
    const created = await timed('publish: write', () =>
      author.client.post<{ id: string }>('/api/articles', {
        title,
        description: 'Written while the platform is under fire',
        language: 'en',
        category: 'tech',
        content: articleContent(title),
      }),
    );
    if (created?.status !== 201) return undefined;
    acked.articles.push(title);
    const id = created.body.id;
    // Submitting again after a crash answers that it is already submitted: done either way.
    const submitted = await until(
      'publish: submit',
      () => author.client.post(`/api/articles/publishing/${id}`),
      (r) => ok(r.status) || r.status === 409,
    );
    if (!submitted) return undefined;
    for (let attempt = 0; attempt < 60; attempt += 1) {
      const started = performance.now();
      try {
        await approveArticle(id, articlesAddress);
        figures.record('publish: approve (gRPC)', 200, performance.now() - started);
        acked.published.push(id);
        authorOf.set(id, author.uid);
        return id;
      } catch (error) {
        figures.record('publish: approve (gRPC)', (error as { code?: string }).code ?? 'error', 0);
        await sleep(500);
      }
    }
    return undefined;
  }

  // --- seed ---------------------------------------------------------------------------------------------------------
  const seeded = performance.now();
  const author = (await register('author'))!;
  if (!author) throw new Error('could not register the author');
  const readers = (await Promise.all(Array.from({ length: options.readers }, () => register('reader')))).filter(
    (r): r is Account => r !== undefined,
  );
  const articleIds: string[] = [];
  for (let i = 0; i < 3; i += 1) {
    const id = await publish(author, `seed ${i}`);
    if (id) articleIds.push(id);
  }
  const publication = await author.client.post<{ id: string }>('/api/core-publications', {
    name: `Chaos ${run}`,
    slug: `chaos-${run}`,
  });
  if (publication.status !== 201) throw new Error(`no publication: ${JSON.stringify(publication.body)}`);
  // The author's support account: a citizen's country, a recent article, a verified phone.
  await author.client.request('PUT', '/api/me/settings/profile/country', { country: 'AZ' });
  const phone = `+99450${String(Math.floor(1_000_000 + Math.random() * 8_999_999))}`;
  const phoneSince = new Date();
  await author.client.request('PUT', '/api/ttin/phone', { phone });
  const smsCode = await readCode(smsMailboxOf(phone), phoneSince);
  rememberSecret(phone, phone.slice(1), smsCode);
  await author.client.post('/api/ttin/phone/verify', { code: smsCode });
  const account = await author.client.post('/api/donations/account', {});
  if (account.status !== 201) throw new Error(`no support account: ${JSON.stringify(account.body)}`);
  say(
    `chaos: seeded ${readers.length} readers, ${articleIds.length} articles, a publication and a support account in ` +
      `${((performance.now() - seeded) / 1000).toFixed(1)} s`,
  );

  // --- the load -----------------------------------------------------------------------------------------------------
  const tried = new Set<string>();
  const commentTimes = new Map<string, number[]>();
  const pendingWebhooks: Promise<void>[] = [];
  let registering = false;
  let publishing = false;
  let inFlight = 0;
  let skipped = 0;

  /** A pair not tried yet (each vote, follow or subscription is tried once: a vote again would remove it). */
  const fresh = (key: string) => (tried.has(key) ? false : (tried.add(key), true));

  const operations: [number, string, () => Promise<unknown>][] = [
    [30, 'article read', () => timed('article read', () => get(`/api/articles/${pick(articleIds)}`))],
    [10, 'home', () => timed('home', () => get('/api/home/articles?tab=all'))],
    [10, 'comments read', () => timed('comments read', () => get(`/api/articles/${pick(articleIds)}/comments`))],
    [5, 'search', () => timed('search', () => get('/api/strict/txt?q=chaos'))],
    [
      14,
      'vote',
      async () => {
        const reader = pick(readers);
        const articleId = pick(articleIds);
        if (authorOf.get(articleId) === reader.uid || !fresh(`vote:${articleId}:${reader.uid}`)) return;
        const voted = await timed('vote', () => reader.client.post(`/api/articles/${articleId}/upvote`));
        if (voted?.status === 200) acked.votes.push(`${articleId}:${reader.uid}`);
      },
    ],
    [
      8,
      'comment',
      async () => {
        // The route allows 10 comments in 10 minutes to each.
        const now = Date.now();
        const reader = readers.find((r) => (commentTimes.get(r.uid) ?? []).filter((t) => t > now - 600_000).length < 9);
        if (!reader) return;
        commentTimes.set(reader.uid, [...(commentTimes.get(reader.uid) ?? []), now]);
        seq += 1;
        const written = await timed('comment', () =>
          reader.client.post<{ id: string }>('/api/articles/comment', {
            articleId: pick(articleIds),
            content: `Chaos comment ${run}-${seq}: a remark written while services crash.`,
          }),
        );
        if (written?.status === 201) acked.comments.push(written.body.id);
      },
    ],
    [
      5,
      'follow',
      async () => {
        const follower = pick(readers);
        const followee = pick([author, ...readers].filter((a) => a.uid !== follower.uid));
        if (!followee || !fresh(`follow:${follower.uid}:${followee.uid}`)) return;
        const followed = await timed('follow', () => follower.client.post(`/api/users/${followee.uid}/follow`));
        if (followed?.status === 200) acked.follows.push(`followed-by:${follower.uid}@${followee.uid}`);
      },
    ],
    [
      3,
      'subscribe',
      async () => {
        const reader = pick(readers);
        if (!fresh(`sub:${reader.uid}`)) return;
        const subscribed = await timed('subscribe', () =>
          reader.client.post(`/api/core-publications/${publication.body.id}/sub`),
        );
        if (subscribed?.status === 201) acked.subscriptions.push(`${publication.body.id}:${reader.uid}`);
      },
    ],
    [
      5,
      'support',
      async () => {
        const reader = pick(readers);
        const amountQepik = 100 * (1 + Math.floor(Math.random() * 5));
        const started = await timed('support', () =>
          reader.client.post<{ supportId: string }>('/api/donations/initiate', {
            username: author.username,
            amountQepik,
            showName: true,
          }),
        );
        if (started?.status !== 201) return;
        const supportId = started.body.supportId;
        // The provider delivers its signed webhook until it is taken (and now and then twice, as Stripe may).
        const event = supportPaid({ supportId, amountQepik });
        const deliver = () => deliverSigned(gatewayBase, event, { endpoint: 'donations', secret: donationsSecret });
        pendingWebhooks.push(
          (async () => {
            const delivered = await until('support webhook', deliver, (r) => r.status === 200, 120);
            if (!delivered) return;
            acked.supports.push(supportId);
            if (Math.random() < 0.2) await timed('support webhook (again)', deliver);
          })(),
        );
      },
    ],
    [
      3,
      'publish',
      async () => {
        if (publishing) return;
        publishing = true;
        try {
          seq += 1;
          const id = await publish(pick([author, ...readers]), `load ${seq}`);
          if (id) articleIds.push(id);
        } finally {
          publishing = false;
        }
      },
    ],
    [
      2,
      'registration',
      async () => {
        if (registering) return;
        registering = true;
        try {
          const newcomer = await register('newcomer');
          if (newcomer) readers.push(newcomer);
        } finally {
          registering = false;
        }
      },
    ],
  ];
  const total = operations.reduce((sum, [weight]) => sum + weight, 0);
  const choose = () => {
    let roll = Math.random() * total;
    for (const entry of operations) {
      roll -= entry[0];
      if (roll <= 0) return entry;
    }
    return operations.at(-1)!;
  };

  const recoveries: Recovery[] = [];
  const pauses: Pause[] = [];
  const began = Date.now();
  const at = () => (Date.now() - began) / 1000;
  const plan = killSchedule({
    durationMs: options.loadMs,
    minGapMs: options.minGapMs,
    maxGapMs: options.maxGapMs,
    quietMs: options.quietMs,
    services: options.killable,
  });
  say(
    `chaos: ${(options.loadMs / 1000).toFixed(0)} s of load at ${options.rate} req/s; kills planned: ${plan.map((k) => `${k.service} at ${(k.atMs / 1000).toFixed(0)} s`).join(', ')}`,
  );

  const infraPid = async (name: 'nats' | 'postgres') => {
    const pid = (await infraStatus(stack)).find((i) => i.name === name)?.pid;
    if (!pid) throw new Error(`${name} is not running`);
    return pid;
  };

  const controller = (async () => {
    for (const kill of plan) {
      const wait = began + kill.atMs - Date.now();
      if (wait > 0) await sleep(wait);
      const handle = platform.apps.get(kill.service)!;
      const killedAt = at();
      const t0 = performance.now();
      await handle.kill();
      let restarted: AppHandle | undefined;
      for (let attempt = 1; !restarted; attempt += 1) {
        try {
          restarted = await platform.start(kill.service);
        } catch (error) {
          if (attempt >= 3) throw error;
        }
      }
      platform.apps.set(kill.service, restarted);
      const readyAfterMs = Math.round(performance.now() - t0);
      recoveries.push({ service: kill.service, killedAt, readyAfterMs });
      say(`  ${killedAt.toFixed(1)} s: kill -9 ${kill.service}, ready again after ${readyAfterMs} ms`);
      for (const target of ['nats', 'postgres'] as const) {
        const pids = target === 'postgres' ? processTree(await infraPid(target)) : [await infraPid(target)];
        pauses.push({ target, at: at(), ms: options.pauseMs });
        await paused(pids, options.pauseMs);
        say(`  ${at().toFixed(1)} s: ${target} paused ${options.pauseMs} ms (${pids.length} processes)`);
      }
    }
  })();

  const interval = 1000 / options.rate;
  let next = performance.now();
  const running = new Set<Promise<unknown>>();
  while (Date.now() < began + options.loadMs) {
    const [, , operation] = choose();
    if (inFlight >= options.maxInFlight) skipped += 1;
    else {
      inFlight += 1;
      const p: Promise<unknown> = operation()
        .catch(() => undefined)
        .finally(() => {
          inFlight -= 1;
          running.delete(p);
        });
      running.add(p);
    }
    next += interval;
    const wait = next - performance.now();
    if (wait > 0) await sleep(wait);
    else if (wait < -1000) next = performance.now();
  }
  await controller;
  await Promise.all(running);
  await Promise.all(pendingWebhooks);
  const loadSeconds = at();
  say(
    `chaos: load done after ${loadSeconds.toFixed(1)} s: ${figures.requests} requests (${skipped} skipped at the in-flight cap)`,
  );

  // --- one service cut off: deadlines, then the breaker fails fast, then recovery -------------------------------------
  const cutOff = await cutOffService(platform, options, gatewayBase, articleIds[0]!);
  say(
    `chaos: ${cutOff.service} cut off: ${cutOff.first.length} calls failed in ${cutOff.first.map((c) => `${c.status}/${Math.round(c.ms)} ms`).join(', ')}; ` +
      `then ${cutOff.fast.map((c) => `${c.status}/${Math.round(c.ms)} ms`).join(', ')} (breaker state ${cutOff.breakerState}); ` +
      `answering again ${cutOff.recoveredAfterMs} ms after SIGCONT`,
  );

  // --- the audits ------------------------------------------------------------------------------------------------------
  const column = async (query: string) => (await sql.query<{ k: string }>(query)).rows.map((r) => r.k);
  const schemas = (
    await sql.query<{ s: string }>(
      "select table_schema as s from information_schema.tables where table_name = 'outbox' order by 1",
    )
  ).rows.map((r) => r.s);
  const union = (table: string, columns: string) =>
    schemas.map((s) => `select ${columns} from "${s}".${table}`).join(' union all ');
  const audit = async () => {
    const audits: Record<string, OnceAudit> = {
      'registrations (identity.users)': exactlyOnce(
        acked.registrations,
        await column('select username as k from identity.users'),
      ),
      'welcome notifications': exactlyOnce(
        acked.confirmed,
        await column("select uid::text as k from notifications.notifications where dedupe_key = 'welcome'"),
      ),
      'articles written': exactlyOnce(acked.articles, await column(`select title as k from articles.articles`)),
      'search index entries': exactlyOnce(acked.published, await column('select id::text as k from search.documents')),
      'approval rating changes': exactlyOnce(
        acked.published.map((id) => `approved:${id}`),
        await column("select source_id as k from identity.rating_log where kind = 'articleApproved'"),
      ),
      votes: exactlyOnce(
        acked.votes,
        await column("select article_id || ':' || uid as k from articles.article_votes where value = 1"),
      ),
      'vote notifications': exactlyOnce(
        acked.votes.map((v) => `article-upvoted:${v}`),
        await column(
          "select dedupe_key as k from notifications.notifications where dedupe_key like 'article-upvoted:%'",
        ),
      ),
      'vote rating changes': exactlyOnce(
        await column("select id::text as k from articles.outbox where subject = 'articles.article.voted'"),
        await column("select source_id as k from identity.rating_log where kind = 'articleUpvote'"),
      ),
      comments: exactlyOnce(acked.comments, await column('select id::text as k from comments.comments')),
      follows: exactlyOnce(
        acked.follows,
        await column("select 'followed-by:' || follower_id || '@' || followee_id as k from identity.follows"),
      ),
      'follow notifications': exactlyOnce(
        acked.follows,
        await column(
          "select dedupe_key || '@' || uid as k from notifications.notifications where dedupe_key like 'followed-by:%'",
        ),
      ),
      subscriptions: exactlyOnce(
        acked.subscriptions,
        await column("select publication_id || ':' || uid as k from publications.subscriptions"),
      ),
      'paid supports': exactlyOnce(
        acked.supports,
        await column("select id::text as k from donations.supports where state = 'paid'"),
      ),
      'support ledger transactions': exactlyOnce(
        acked.supports,
        await column("select support_id::text as k from donations.ledger_transactions where kind = 'supportReceived'"),
      ),
    };
    const outbox = (await sql.query<{ id: string; subject: string }>(union('outbox', 'id::text as id, subject'))).rows;
    const processed = (
      await sql.query<{ consumer: string; eventId: string; subject: string }>(
        union('processed_events', 'consumer, event_id as "eventId", subject'),
      )
    ).rows;
    const unpublished = Number(
      (
        await sql.query<{ n: string }>(
          `select count(*) as n from (${union('outbox', 'published_at')}) o where published_at is null`,
        )
      ).rows[0]!.n,
    );
    const consumers = consumerAudit(outbox, processed);
    const failures = auditFailures(audits, consumers);
    if (unpublished > 0) failures.push(`${unpublished} outbox events not relayed yet`);
    return { audits, consumers, failures, events: outbox.length, processed: processed.length };
  };
  // Events still on their way (a consumer catching up after a restart) are waited for; doubles never go away.
  const auditStarted = Date.now();
  let result = await audit();
  while (result.failures.length > 0 && Date.now() - auditStarted < 60_000) {
    await sleep(1_000);
    result = await audit();
  }
  const ledger = await checkLedger(sql);
  if (!ledger.ok) result.failures.push(`ledger: ${JSON.stringify(ledger)}`);
  const notReady: string[] = [];
  for (const name of platform.apps.keys()) {
    const app = name === 'gateway' ? stack.gateway : stack.services.find((s) => s.name === name)!;
    const status = await fetch(`http://127.0.0.1:${app.internalPort}/readyz`, { signal: AbortSignal.timeout(5_000) })
      .then((r) => r.status)
      .catch(() => 0);
    if (status !== 200) notReady.push(`${name} (${status})`);
  }
  if (notReady.length) result.failures.push(`not ready: ${notReady.join(', ')}`);
  const gatewayMetrics = await fetch(`http://127.0.0.1:${stack.gateway.internalPort}/metrics`)
    .then((r) => r.text())
    .catch(() => '');
  const sumOf = (metric: string) =>
    gatewayMetrics
      .split('\n')
      .filter((line) => line.startsWith(`${metric}{`))
      .reduce((sum, line) => sum + Number(line.split(' ').at(-1)), 0);
  const retries = sumOf('grpc_client_retries_total');
  const breakerRejections = sumOf('grpc_client_breaker_rejected_total');
  await sql.end();
  closeReviewClient();

  const counts = Object.fromEntries(Object.entries(acked).map(([k, v]) => [k, v.length]));
  const text = [
    `## Load: ${loadSeconds.toFixed(0)} s at ${options.rate} req/s, ${figures.requests} requests`,
    '',
    figures.table(),
    '',
    `Acknowledged writes: ${Object.entries(counts)
      .map(([k, n]) => `${n} ${k}`)
      .join(
        ', ',
      )}. Events: ${result.events} in the outboxes, ${result.processed} consumptions by ${new Set(result.consumers.map((c) => c.consumer)).size} consumers. ` +
      `Ledger: ${ledger.transactions} transactions, ${ledger.entries} entries, sum ${ledger.total}. ` +
      `Gateway: ${retries} gRPC retries of reads, ${breakerRejections} calls failed fast by an open breaker.`,
    '',
    '## Kills and pauses',
    '',
    recoveryTable(recoveries, pauses),
    '',
    `## ${cutOff.service} cut off (SIGSTOP)`,
    '',
    `Before the breaker opened: ${cutOff.first.map((c) => `${c.status} in ${Math.round(c.ms)} ms`).join(', ')}. ` +
      `Open (gateway breaker state ${cutOff.breakerState}): ${cutOff.fast.map((c) => `${c.status} in ${Math.round(c.ms)} ms`).join(', ')}. ` +
      `Answering 200 again ${cutOff.recoveredAfterMs} ms after SIGCONT.`,
    '',
    `## Audit: ${result.failures.length === 0 ? 'everything exactly once, the ledger balances, every process ready' : `${result.failures.length} failures`}`,
    ...result.failures.map((f) => `- ${f}`),
  ].join('\n');
  return {
    figures,
    recoveries,
    pauses,
    cutOff,
    audits: result.audits,
    consumers: result.consumers,
    ledger,
    notReady,
    failures: result.failures,
    counts,
    retries,
    breakerRejections,
    text,
  };
}

/**
 * Stops one service (SIGSTOP: its connections stay open and nothing answers) and reads a route that needs it through
 * the gateway: the first calls fail at their deadline and open the gateway's breaker for it; the next ones fail
 * fast; after SIGCONT the route answers again once the breaker let a trial call through.
 */
async function cutOffService(
  platform: ChaosPlatform,
  options: ChaosOptions,
  gatewayBase: string,
  articleId: string,
): Promise<CutOffResult> {
  const { service, breakerOpenMs } = options.cutOff;
  const path = `/api/articles/${articleId}/comments`;
  const call = async () => {
    const started = performance.now();
    try {
      const response = await suiteFetch(`${gatewayBase}${path}`, { signal: AbortSignal.timeout(20_000) });
      await response.arrayBuffer();
      return { status: response.status as number | string, ms: performance.now() - started };
    } catch (error) {
      return { status: (error as Error).name as number | string, ms: performance.now() - started };
    }
  };
  const handle = platform.apps.get(service)!;
  const pids = [handle.pid];
  signal(pids, 'SIGSTOP');
  let first: CutOffResult['first'];
  const fast: CutOffResult['fast'] = [];
  let breakerState: number | undefined;
  let continuedAt: number;
  try {
    first = await Promise.all(Array.from({ length: 6 }, call));
    for (let i = 0; i < 4; i += 1) fast.push(await call());
    const metrics = await fetch(`http://127.0.0.1:${platform.stack.gateway.internalPort}/metrics`).then((r) =>
      r.text(),
    );
    const grpcPort = platform.stack.services.find((s) => s.name === service)!.grpcPort;
    const line = metrics
      .split('\n')
      .find((l) => l.startsWith('grpc_client_breaker_state{') && l.includes(`:${grpcPort}"`));
    breakerState = line ? Number(line.split(' ').at(-1)) : undefined;
  } finally {
    signal(pids, 'SIGCONT');
    continuedAt = performance.now();
  }
  for (;;) {
    const answer = await call();
    if (answer.status === 200) break;
    if (performance.now() - continuedAt > breakerOpenMs + 30_000) break;
    await sleep(100);
  }
  return { service, first, fast, breakerState, recoveredAfterMs: Math.round(performance.now() - continuedAt) };
}
