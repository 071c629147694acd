// make bench: requests per second and latency through the gateway for reading one article and for the home
// list, and the same figures for a bare Node HTTP server answering the same bytes from memory (the ceiling
// on this machine), with the ratio. With BENCH_SCALE=<n> (make bench SCALE=100000) it also measures the uncached
// reads that depend on the amount of data (an article by random id, the first and the deepest page of the home
// list, a search for a common and for a rare word) at a few hundred articles and again at n, side by side.
// Beside the uncached article read and page, the bare chain (bare-chain.ts) makes the same hops of the design's bare
// parts alone (node:http, grpc-js over mutual TLS, pg with the articles service's statement): the floor they set.
// The reader's server-rendered article and home pages are measured beside them (its renderer, with and without its
// 2 s page cache), the JavaScript weight of the first article view (Chromium, tests/support/js-weight.ts), and the
// time from a vote to the author's open page receiving its notification (p50, p99; tests/load/notify-latency.ts; with
// the author's stream alone and with BENCH_NOTIFY_STREAMS, default 1,000, other users' streams open), and
// reader support: 100 supports started and paid at once and 100 payout requests at once against one balance, with
// their latency and the ledger check afterwards (tests/load/donations-bench.ts).
// Then it prints the resident memory of every platform process it started, right after the runs and again after
// BENCH_IDLE_SECONDS idle (default 35: each service's release of memory once idle has run). A measurement, never a
// test: it prints figures and exits 0. Only 127.0.0.1 is loaded, for a bounded time (BENCH_SECONDS per run, default 10).
// It runs its own stack (bench-stack.ts: own ports and data), so it never collides with `make dev` or the tests.
// BENCH_ONLY=<group,...> runs only some groups (to iterate on one figure): reads (bare, the gateway's article and home
// list, cached and not), ssr (the reader's rendered pages), publication (its home and the paid read), comments,
// profile, partner, notify, signin, donations, weight; the scale runs follow BENCH_SCALE. Memory is always printed.
// BENCH_CPU_PROF=<app,...> starts those processes with --cpu-prof (profiles in .run/bench/profiles, written when the
// process stops; the gateway's uncached runs get a profile of their own, as the gateway is restarted for them).
// BENCH_CPU=true prints each run's CPU per process (the platform's, PostgreSQL, the bench, others on the machine).
import autocannon from 'autocannon';
import { createServer, request as httpRequest, type Server } from 'node:http';
import pg from 'pg';
import type { AddressInfo } from 'node:net';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  appsOf,
  createDatabase,
  databaseUrl,
  dropDatabase,
  pidFile,
  staticOnly,
  staticSitesOf,
  runMigrations,
  startApp,
  startInfra,
  stopInfra,
  type AppHandle,
} from '../../packages/devstack/src/index.ts';
import { grpcTlsEnv } from '../../packages/devstack/src/certs.ts';
import { nodeOptionsOf } from '../../packages/devstack/src/processes.ts';
import { launchBrowser } from '../support/browser.ts';
import {
  APP_BUDGET_BYTES,
  describeWeight,
  FIRST_VIEW_BUDGET_BYTES,
  kb,
  measureArticleWeight,
  type ArticleWeight,
} from '../support/js-weight.ts';
import { ApiClient } from '../support/http-client.ts';
import { approveArticle, closeReviewClient } from '../support/review.ts';
import {
  articleContent,
  articlesGrpcAddress as articlesGrpcOf,
  memoryOf,
  registerAccount as registerOn,
  seedComments as seedCommentsOn,
} from './bench-helpers.ts';
import { benchStack } from './bench-stack.ts';
import { describeDonations, measureDonations, type DonationsFigures } from './donations-bench.ts';
import {
  measureVoteToStream,
  openFilesOf,
  openOtherStreams,
  stageBreakdown,
  type Stage,
  type TripFigures,
} from './notify-latency.ts';
import { startBareChain, type BareChain } from './bare-chain.ts';
import { preparePartnerReads } from './partner-bench.ts';
import { COMMON_WORD, growArticles, growRaters, publishedIds, rareWord, waitForDocuments } from './scale.ts';

const PROFILE = 'test';
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
/**
 * Seconds the platform is left idle after the runs before its memory is read a second time (0: not read again): long
 * enough for each service's release of memory once idle (20 s idle, sampled every 5 s; kit lifecycle/idle-memory.ts).
 */
const IDLE_SECONDS = Number(process.env.BENCH_IDLE_SECONDS ?? 35);
/** Articles for the scale runs (0: no scale runs) and how many for the small side of the comparison. */
const SCALE = Number(process.env.BENCH_SCALE || 0);
const SMALL = Number(process.env.BENCH_SCALE_SMALL ?? 300);
/** The groups of runs to run (BENCH_ONLY; empty: all). */
const ONLY = new Set((process.env.BENCH_ONLY ?? '').split(',').filter(Boolean));
const runs = (group: string) => ONLY.size === 0 || ONLY.has(group);
/** The processes started with --cpu-prof (BENCH_CPU_PROF). */
const CPU_PROF = new Set((process.env.BENCH_CPU_PROF ?? '').split(',').filter(Boolean));
/** The deepest page of the home list the gateway accepts (PageQuery). */
const DEEP_PAGE = 500;
/** The notify group: votes per trip run, the pause between them, and the other users' streams held open. */
const NOTIFY_VOTES = Number(process.env.BENCH_NOTIFY_VOTES ?? 200);
const NOTIFY_GAP_MS = Number(process.env.BENCH_NOTIFY_GAP_MS ?? 100);
const NOTIFY_STREAMS = Number(process.env.BENCH_NOTIFY_STREAMS ?? 1000);
/** How the stream users' sessions are made (notify-latency.ts): sql (default) or api (a sign-in each). */
const NOTIFY_SESSIONS = process.env.BENCH_NOTIFY_SESSIONS === 'api' ? 'api' : 'sql';
interface NotifyTrip {
  /** Other users' streams open meanwhile. */
  streams: number;
  figures: TripFigures;
  stages?: Stage[];
  seconds: number;
  cpu?: Record<string, number>;
}
/** The common word with two letters swapped: found only by the search's typo tolerance. */
const TYPO_WORD = 'benchmakrs';

/** Follows the home list's nextCursor to page `depth` (or the last page there is): that page's cursor. */
async function deepCursor(depth: number): Promise<{ page: number; cursor: string }> {
  let cursor = '';
  let page = 1;
  for (; page < depth; page += 1) {
    const response = await fetch(`${gatewayBase}/api/home/articles?tab=all${cursor ? `&cursor=${cursor}` : ''}`);
    const { nextCursor } = (await response.json()) as { nextCursor: string | null };
    if (!nextCursor) break;
    cursor = encodeURIComponent(nextCursor);
  }
  return { page, cursor };
}
const stack = benchStack();
const database = `bench_${Date.now().toString(36)}`;
const gatewayBase = `http://127.0.0.1:${stack.gateway.httpPort}`;
const say = (line: string) => process.stdout.write(`${line}\n`);

interface Figures {
  name: string;
  rps: number;
  p50: number;
  p90: number;
  p99: number;
  errors: number;
  /** The errors by kind: the statuses of non-2xx answers, timeouts, failed connections (e.g. "429×3"). */
  errorKinds?: string;
  /** CPU seconds per process during the measured seconds (BENCH_CPU=true): where the run's time goes. */
  cpu?: Record<string, number>;
}

// --- CPU per process ----------------------------------------------------------------------------------------------

/** The processes the bench started, by pid (set as they start). */
const platformPids = new Map<number, string>();
/** The bare chain's processes (bare-chain.ts): named in the CPU breakdown, not counted as the platform's memory. */
const chainPids = new Map<number, string>();
const TICKS = 100; // USER_HZ on Linux

/** utime + stime (s) and the parent of every process, from /proc. */
function cpuSnapshot(): Map<number, { name: string; ppid: number; seconds: number }> {
  const all = new Map<number, { name: string; ppid: number; seconds: number }>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const close = stat.lastIndexOf(')');
      const name = stat.slice(stat.indexOf('(') + 1, close);
      const fields = stat.slice(close + 2).split(' ');
      all.set(Number(entry), {
        name,
        ppid: Number(fields[1]),
        seconds: (Number(fields[11]) + Number(fields[12])) / TICKS,
      });
    } catch {
      // gone meanwhile
    }
  }
  return all;
}

/** Who each process is for the breakdown: a platform process, the bench's PostgreSQL, the bench itself, or others. */
function cpuGroups(): (pid: number, snapshot: ReturnType<typeof cpuSnapshot>) => string {
  let postmaster = 0;
  try {
    postmaster = Number(readFileSync(pidFile(stack, 'postgres'), 'utf8').trim().split(/\s/)[0]);
  } catch {
    // not known: PostgreSQL counts as others
  }
  return (pid, snapshot) => {
    if (pid === process.pid) return 'bench (autocannon)';
    const app = platformPids.get(pid) ?? chainPids.get(pid);
    if (app) return app;
    // PostgreSQL's backends are children of its postmaster (which may run under a wrapper the pid file names).
    for (let at: number | undefined = pid, depth = 0; at && depth < 4; at = snapshot.get(at)?.ppid, depth += 1) {
      if (at === postmaster) return 'postgres';
    }
    return 'others on the machine';
  };
}

/** CPU seconds per group between two snapshots. */
function cpuBetween(before: ReturnType<typeof cpuSnapshot>, after: ReturnType<typeof cpuSnapshot>) {
  const groupOf = cpuGroups();
  const groups: Record<string, number> = {};
  for (const [pid, now] of after) {
    const used = now.seconds - (before.get(pid)?.seconds ?? 0);
    if (used <= 0) continue;
    const group = groupOf(pid, after);
    groups[group] = (groups[group] ?? 0) + used;
  }
  return Object.fromEntries(Object.entries(groups).sort((a, b) => b[1] - a[1]));
}

/** `path` is called for every request when given (e.g. a random article each time). */
/** `headers` are sent with every request (a Host naming a publication's subdomain, a session cookie). */
async function measure(
  name: string,
  url: string,
  path?: () => string,
  headers?: Record<string, string>,
): Promise<Figures> {
  const requests: autocannon.Request[] | undefined = path
    ? [{ setupRequest: (request) => ({ ...request, path: path() }) }]
    : undefined;
  // A short warm-up first, so the figures are of optimized code, not of the JIT compiler at work.
  await autocannon({ url, connections: CONNECTIONS, duration: 2, requests, headers });
  const before = process.env.BENCH_CPU === 'true' ? cpuSnapshot() : undefined;
  const result = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS, requests, headers });
  const errors = result.errors + result.timeouts + result.non2xx;
  const cpu = before && cpuBetween(before, cpuSnapshot());
  if (cpu) {
    // Share of one core, and CPU milliseconds per answered request (steadier than req/s on a busy machine).
    const requests = Math.max(1, result.requests.total);
    const shares = Object.entries(cpu)
      .filter(([, seconds]) => seconds / SECONDS >= 0.01)
      .map(
        ([group, seconds]) =>
          `${group} ${((seconds / SECONDS) * 100).toFixed(0)}%` +
          (group === 'others on the machine' ? '' : ` ${((seconds * 1000) / requests).toFixed(2)} ms/req`),
      );
    say(`cpu, ${name}: ${shares.join(', ')}`);
  }
  return {
    name,
    rps: result.requests.average,
    p50: result.latency.p50,
    p90: result.latency.p90,
    p99: result.latency.p99,
    errors,
    ...(errors ? { errorKinds: errorKindsOf(result) } : {}),
    ...(cpu ? { cpu } : {}),
  };
}

/**
 * Sign-ins: POST /api/id/auth/login with a username and password, as the sign-in form sends it (the CSRF cookie and
 * header, the site's Origin); every answer opens a new session, so each is one argon2id verify. Each connection signs
 * in to an account of its own (the writer, then bench_signer_<n>): attempts on one account in flight count against
 * it until they succeed, and from the third its sign-ins need a captcha (CaptchaRequired, the guard against parallel
 * guessing), so eight at once on one account measure that guard, not sign-in.
 */
async function measureSignIns(connections: number): Promise<Figures> {
  const accounts = await signers(connections);
  const csrf = await fetch(`${gatewayBase}/api/csrf`);
  const { token } = (await csrf.json()) as { token: string };
  const origin = new URL(gatewayBase);
  // The error codes of refused sign-ins (their bodies' error.code).
  const codes = new Map<string, number>();
  let next = 0;
  const request: autocannon.Request = {
    method: 'POST',
    path: '/api/id/auth/login',
    headers: {
      'content-type': 'application/json',
      origin: `http://localhost:${origin.port}`,
      cookie: `pc_csrf=${token}`,
      'x-csrf-token': token,
    },
    // The context is the connection's own: its account is chosen once.
    setupRequest: (req, context: { account?: number }) => {
      context.account ??= next++ % accounts.length;
      return { ...req, body: JSON.stringify(accounts[context.account]) };
    },
    onResponse: (status, body) => {
      if (status < 300) return;
      const code = /"code":"([A-Za-z]+)"/.exec(body)?.[1] ?? String(status);
      codes.set(code, (codes.get(code) ?? 0) + 1);
    },
  };
  const options = { url: gatewayBase, connections, requests: [request] };
  await autocannon({ ...options, duration: 2 });
  codes.clear();
  const result = await autocannon({ ...options, duration: SECONDS });
  const errors = result.errors + result.timeouts + result.non2xx;
  // The refusals by their code where the body named one (CaptchaRequired says more than 400).
  const errorKinds = codes.size > 0 ? [...codes].map(([c, n]) => `${c}×${n}`).join(', ') : errorKindsOf(result);
  return {
    name: `gateway: sign-in (argon2id verify + new session), ${connections} at a time${connections > 1 ? `, ${connections} accounts` : ''}`,
    rps: result.requests.average,
    p50: result.latency.p50,
    p90: result.latency.p90,
    p99: result.latency.p99,
    errors,
    ...(errorKinds ? { errorKinds } : {}),
  };
}

async function bareServer(pages: Record<string, { body: Buffer; type: string }>): Promise<Server> {
  const server = createServer((request, response) => {
    const page = pages[request.url ?? ''];
    if (!page) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': page.type, 'content-length': page.body.length });
    response.end(page.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}

/**
 * The bare chain (bare-chain.ts) on the bench's database and certificates, checked with one read; undefined, with
 * the reason said, when it does not start (the bench measures the rest without it).
 */
async function bareChain(databaseUrl: string, articlePath: string, pageBytes: number): Promise<BareChain | undefined> {
  let chain: BareChain | undefined;
  try {
    chain = await startBareChain({
      databaseUrl,
      identity: (name) => grpcTlsEnv(stack, name),
      pageBytes,
    });
    for (const [pid, name] of chain.pids) chainPids.set(pid, name);
    const probe = await fetch(`${chain.articleBase}${articlePath}`);
    if (probe.status !== 200) throw new Error(`it answered the article with ${probe.status}: ${await probe.text()}`);
    await probe.arrayBuffer();
    return chain;
  } catch (error) {
    chain?.stop();
    say(`the bare chain is not measured: ${(error as Error).message}`);
    return undefined;
  }
}

/** The bench's writer: signs in by username in the sign-in runs; its public profile is the profile page read. */
const WRITER = { login: 'bench_writer', password: 'bench-pass-1' };

/** The accounts of the sign-in runs: the writer, then bench_signer_1, 2, ... (registered when first needed). */
const signerAccounts: { login: string; password: string }[] = [WRITER];
async function signers(count: number): Promise<{ login: string; password: string }[]> {
  while (signerAccounts.length < count) {
    const n = signerAccounts.length;
    const account = { login: `bench_signer_${n}`, password: `bench-pass-signer-${n}` };
    await registerAccount(new ApiClient(gatewayBase), {
      email: `bench-signer-${n}@example.az`,
      username: account.login,
      fullname: `Bench Signer ${n}`,
      password: account.password,
    });
    signerAccounts.push(account);
  }
  return signerAccounts.slice(0, count);
}

/** The bench writer's session: the author whose open page the notification trip ends at. */
let writer: ApiClient | undefined;

/** Registers and confirms an account on the bench stack (bench-helpers.ts). */
const registerAccount = (
  client: ApiClient,
  account: { email: string; username: string; fullname: string; password: string },
) => registerOn(stack, client, account);
/** The bench stack's articles gRPC address (its ports are the test profile's, shifted). */
const articlesGrpcAddress = () => articlesGrpcOf(stack);
/** 20 threads of 3 comments under the article (bench-helpers.ts). */
const seedComments = (articleId: string) => seedCommentsOn(stack, articleId);

async function seed() {
  const client = new ApiClient(gatewayBase);
  writer = client;
  await registerAccount(client, {
    email: 'bench@example.az',
    username: WRITER.login,
    fullname: 'Bench Writer',
    password: WRITER.password,
  });
  const ids: string[] = [];
  for (let i = 0; i < 30; i += 1) {
    const created = await client.post<{ id: string }>('/api/articles', {
      title: `Benchmark article ${i}`,
      description: 'An article of a realistic size for the benchmark',
      language: 'en',
      category: 'tech',
      content: articleContent(`article ${i}`),
    });
    await client.post(`/api/articles/publishing/${created.body.id}`);
    // Nothing is published without review: the setup plays the moderator over gRPC, as the tests do.
    await approveArticle(created.body.id, articlesGrpcAddress());
    ids.push(created.body.id);
  }
  closeReviewClient();
  return ids;
}

/** The bench's publication: its subdomain is {PUBLICATION_SLUG}.localhost:<gateway port>. */
const PUBLICATION_SLUG = 'bench-press';

interface PublicationSeed {
  id: string;
  /** The paid article (audience paid, in the publication), pinned on its home with two free ones. */
  paidArticleId: string;
  /** The paid subscriber's cookie header (pc_su). */
  subscriberCookie: string;
}

/**
 * A publication owned by the bench writer, with a monthly and a yearly plan and three articles written into it as
 * the editor does (a draft aimed at the publication, saved with its audience, submitted, approved over gRPC): one
 * paid, two free, all three pinned, so its home renders the publication, three cards and two plans. A reader signs
 * up and subscribes for free; the subscription is then made paid in the publications schema, as a verified Stripe
 * webhook would leave it (a Stripe checkout cannot be completed in a bench; tests/integration/paid-articles does the
 * same).
 */
async function seedPublication(owner: ApiClient): Promise<PublicationSeed> {
  const expect = (what: string, answer: { status: number; body: unknown }, status: number) => {
    if (answer.status !== status) throw new Error(`${what} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  };
  const created = await owner.post<{ id: string }>('/api/core-publications', {
    name: 'Bench Press',
    slug: PUBLICATION_SLUG,
    description: 'The publication the benchmark reads on its subdomain.',
  });
  expect('creating the publication', created, 201);
  const id = created.body.id;
  const studio = (path: string) => `/api/core-publications/${id}/studio/${path}`;
  expect('a monthly plan', await owner.post(studio('plans'), { interval: 'month', price: 500 }), 201);
  expect('a yearly plan', await owner.post(studio('plans'), { interval: 'year', price: 5000 }), 201);
  const articleIds: string[] = [];
  for (const audience of ['free', 'free', 'paid'] as const) {
    const fields = {
      title: `Publication article ${articleIds.length} (${audience})`,
      description: `A ${audience} article of the bench's publication`,
      language: 'en',
      category: 'tech',
      content: articleContent(`publication article ${articleIds.length}`),
    };
    const draft = await owner.post<{ id: string }>('/api/drafts', fields);
    expect('a draft', draft, 201);
    const targeted = await owner.request<{ version: number }>('PUT', `/api/drafts/${draft.body.id}/publication`, {
      publicationId: id,
    });
    expect('aiming the draft at the publication', targeted, 200);
    const saved = await owner.request('PUT', `/api/drafts/${draft.body.id}`, {
      ...fields,
      audience,
      version: targeted.body.version,
    });
    expect('saving the draft', saved, 200);
    const submitted = await owner.post<{ id: string }>(`/api/articles/publishing/${draft.body.id}`);
    expect('submitting the draft', submitted, 200);
    await approveArticle(submitted.body.id, articlesGrpcAddress());
    articleIds.push(submitted.body.id);
  }
  closeReviewClient();
  for (const articleId of articleIds) {
    expect('pinning', await owner.request('PUT', studio(`articles/${articleId}/pin`)), 204);
  }
  const subscriber = new ApiClient(gatewayBase);
  await registerAccount(subscriber, {
    email: 'bench-subscriber@example.az',
    username: 'bench_subscriber',
    fullname: 'Bench Subscriber',
    password: 'bench-pass-2',
  });
  const info = await subscriber.get<{ uid: string }>('/api/users/info');
  expect('the free subscription', await subscriber.post(`/api/core-publications/${id}/sub`), 201);
  const sql = new pg.Client({ connectionString: databaseUrl(stack, database) });
  await sql.connect();
  try {
    const updated = await sql.query(
      `update publications.subscriptions set tier = 'paid', period_end = now() + interval '30 days'
        where publication_id = $1 and uid = $2`,
      [id, info.body.uid],
    );
    if (updated.rowCount !== 1) throw new Error('the subscription to make paid was not found');
  } finally {
    await sql.end();
  }
  const paidArticleId = articleIds.at(-1)!;
  const subscriberCookie = [...subscriber.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  // The subscriber reads it in full, a visitor its teaser: otherwise the figures would be of a refusal.
  const full = await fetch(`${gatewayBase}/api/articles/${paidArticleId}`, { headers: { cookie: subscriberCookie } });
  const read = (await full.json()) as { paid?: boolean; locked?: boolean };
  if (full.status !== 200 || read.paid !== true || read.locked !== false) {
    throw new Error(`the paid subscriber's read answered ${full.status} ${JSON.stringify(read).slice(0, 200)}`);
  }
  return { id, paidArticleId, subscriberCookie };
}

/** GET with a Host header of our choosing (fetch does not let one set Host), to 127.0.0.1 only. */
function getWithHost(base: string, path: string, host: string): Promise<{ status: number; body: Buffer }> {
  const { port } = new URL(base);
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      { hostname: '127.0.0.1', port, path, method: 'GET', headers: { host, accept: 'text/html' } },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks) }));
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end();
  });
}

/** What an autocannon run's errors were: each non-2xx status with its count, then timeouts and failed connections. */
function errorKindsOf(result: autocannon.Result): string | undefined {
  const kinds = Object.entries(result.statusCodeStats ?? {})
    .filter(([status]) => !status.startsWith('2'))
    .map(([status, stats]) => `${status}×${stats.count ?? 0}`);
  if (result.timeouts) kinds.push(`timeout×${result.timeouts}`);
  if (result.errors > result.timeouts) kinds.push(`connection×${result.errors - result.timeouts}`);
  return kinds.length ? kinds.join(', ') : undefined;
}

function table(rows: Figures[]) {
  say('');
  say('| run | req/s | p50 ms | p90 ms | p99 ms | errors |');
  say('|---|---:|---:|---:|---:|---:|');
  for (const r of rows) {
    const errors = r.errorKinds ? `${r.errors} (${r.errorKinds})` : String(r.errors);
    say(`| ${r.name} | ${r.rps.toFixed(0)} | ${r.p50} | ${r.p90} | ${r.p99} | ${errors} |`);
  }
}

// --- memory -------------------------------------------------------------------------------------------------------

const MIB = 1024 * 1024;

interface MemoryRow {
  name: string;
  kind: string;
  loaded: boolean;
  afterStart: number;
  afterRuns: number;
  peak: number;
  /** Of afterRuns: the pages only this process holds, and those shared with other processes (Node's own code). */
  privateAfterRuns: number;
  sharedAfterRuns: number;
  /** Of a service or the gateway after the runs (its /metrics): V8's heap in use and committed, and external memory. */
  heap?: { used: number; total: number; external: number };
  /** The same once the platform has been idle IDLE_SECONDS after the runs. */
  afterIdle?: number;
  privateAfterIdle?: number;
  sharedAfterIdle?: number;
}

/** A process's V8 heap from its /metrics (prom-client's Node figures), on the internal port of services and the gateway. */
async function heapOf(port: number): Promise<MemoryRow['heap']> {
  try {
    const response = await fetch(`http://127.0.0.1:${port}/metrics`, { signal: AbortSignal.timeout(3000) });
    const text = await response.text();
    const value = (metric: string) => Number(new RegExp(`^${metric}(?:\\{[^}]*\\})? (\\S+)$`, 'm').exec(text)?.[1]);
    const heap = {
      used: value('nodejs_heap_size_used_bytes'),
      total: value('nodejs_heap_size_total_bytes'),
      external: value('nodejs_external_memory_bytes'),
    };
    return Object.values(heap).every(Number.isFinite) ? heap : undefined;
  } catch {
    return undefined;
  }
}

/** Private and shared resident bytes of a process (smaps_rollup); shared pages are mostly the node binary's code. */
function residentParts(pid: number): { private: number; shared: number } {
  try {
    const text = readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
    const kib = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(text)?.[1] ?? 0) * 1024;
    return {
      private: kib('Private_Clean') + kib('Private_Dirty'),
      shared: kib('Shared_Clean') + kib('Shared_Dirty'),
    };
  } catch {
    return { private: 0, shared: 0 };
  }
}

function memoryTable(rows: MemoryRow[]) {
  const mib = (bytes: number) => (bytes / MIB).toFixed(0);
  say('');
  // Where the private pages go: V8's heap (in use / committed) and external memory (buffers), from /metrics; the rest
  // of the private pages is malloc (Node's and the native modules'), thread stacks and V8's code outside the heap.
  say(
    '| process | under load | RSS after start MiB | RSS after the runs MiB | of which private MiB | peak RSS MiB | ' +
      `V8 heap used / committed MiB | external MiB | RSS after ${IDLE_SECONDS} s idle MiB |`,
  );
  say('|---|---|---:|---:|---:|---:|---:|---:|---:|');
  const idle = (bytes: number | undefined) => (bytes === undefined ? '-' : mib(bytes));
  for (const r of rows) {
    say(
      `| ${r.name} | ${r.loaded ? 'yes' : 'no'} | ${mib(r.afterStart)} | ${mib(r.afterRuns)} | ` +
        `${mib(r.privateAfterRuns)} | ${mib(r.peak)} | ` +
        (r.heap ? `${mib(r.heap.used)} / ${mib(r.heap.total)} | ${mib(r.heap.external)} |` : '- | - |') +
        ` ${idle(r.afterIdle)} |`,
    );
  }
  const sum = (pick: (r: MemoryRow) => number) => mib(rows.reduce((total, r) => total + pick(r), 0));
  const idled = rows.every((r) => r.afterIdle !== undefined);
  say(
    `| all ${rows.length} processes | | ${sum((r) => r.afterStart)} | ${sum((r) => r.afterRuns)} | ` +
      `${sum((r) => r.privateAfterRuns)} | ${sum((r) => r.peak)} | ` +
      `${sum((r) => r.heap?.used ?? 0)} / ${sum((r) => r.heap?.total ?? 0)} | ${sum((r) => r.heap?.external ?? 0)} | ` +
      `${idled ? sum((r) => r.afterIdle!) : '-'} |`,
  );
  // The sum of RSS counts the pages every Node process shares (its binary's code) once per process.
  const held = (privates: number[], shareds: number[]) => {
    const shared = Math.max(0, ...shareds);
    return { held: privates.reduce((total, bytes) => total + bytes, 0) + shared, shared };
  };
  const runs = held(
    rows.map((r) => r.privateAfterRuns),
    rows.map((r) => r.sharedAfterRuns),
  );
  say(
    `the platform's processes hold ${mib(runs.held)} MiB after the runs: their private pages plus the shared ones once ` +
      `(at most ${mib(runs.shared)} MiB, Node's code); the RSS sum counts those ${rows.length} times`,
  );
  if (idled) {
    const rested = held(
      rows.map((r) => r.privateAfterIdle ?? 0),
      rows.map((r) => r.sharedAfterIdle ?? 0),
    );
    say(
      `after ${IDLE_SECONDS} s idle (each service's release of memory once idle has run): RSS sum ` +
        `${sum((r) => r.afterIdle!)} MiB; private pages plus the shared ones once ${mib(rested.held)} MiB`,
    );
  }
}

async function main() {
  const apps = new Map<string, { handle: AppHandle; afterStart: number }>();
  const start = async (name: string, env: Record<string, string> = {}) => {
    // Without the code cache between starts, as make dev and the images run (its entries stay in each process's heap).
    const options =
      appsOf(stack).find((app) => app.name === name)!.kind === 'service'
        ? { stack, database, compileCache: false }
        : { stack, compileCache: false };
    // BENCH_NODE_OPTIONS replaces the V8 flags the dev stack gives each kind of process (to compare settings).
    const app = appsOf(stack).find((a) => a.name === name)!;
    const nodeOptions = process.env.BENCH_NODE_OPTIONS ?? (CPU_PROF.has(name) ? nodeOptionsOf(stack, app) : undefined);
    const profile = CPU_PROF.has(name)
      ? ` --cpu-prof --cpu-prof-dir=${join(stack.runDir, 'profiles')} --cpu-prof-name=${name}-${Date.now()}.cpuprofile`
      : '';
    const flags: Record<string, string> = nodeOptions === undefined ? {} : { NODE_OPTIONS: `${nodeOptions}${profile}` };
    const handle = await startApp(name, PROFILE, { LOG_LEVEL: 'warn', ...flags, ...env }, options);
    await handle.waitReady();
    apps.set(name, { handle, afterStart: 0 });
    platformPids.set(handle.pid, name);
    return handle;
  };
  // The static frontends the gateway serves besides the API, as the dev stack runs them (startGatewayHosting;
  // BENCH_SEPARATE_STATIC=true: one process each, as before).
  let hostedStatics: string[] = [];
  const startGateway = async (cacheSeconds: string, edge = false) => {
    const gateway = await start('gateway', {
      ...(hostedStatics.length > 0 ? { STATIC_SITES: staticSitesOf(stack, hostedStatics) } : {}),
      RATE_LIMIT_PER_MINUTE: '100000000',
      AUTH_RATE_LIMIT_PER_MINUTE: '100000000',
      // A writer's personal access tokens; a partner client's limits are its registry record's (lifted by the bench).
      PARTNER_TOKEN_RATE_LIMIT_PER_MINUTE: '100000000',
      PARTNER_TOKEN_DAILY_QUOTA: '2000000000',
      PUBLIC_CACHE_SECONDS: cacheSeconds,
      // The edge (frontends at the gateway's origin) only for the browser's weight measurement.
      ...(edge ? {} : { EDGE_ROUTES: '', EDGE_PAGES: '' }),
    });
    for (const name of hostedStatics) apps.set(name, { handle: gateway, afterStart: 0 });
    if (hostedStatics.length > 0) platformPids.set(gateway.pid, ['gateway', ...hostedStatics].join(' + '));
    // After a moment: what a started process holds once its boot garbage is collected.
    await new Promise((resolve) => setTimeout(resolve, 2000));
    apps.get('gateway')!.afterStart = memoryOf(gateway.pid)?.rss ?? 0;
    return gateway;
  };
  say(
    `bench: ${SECONDS}s a run, ${CONNECTIONS} connections, 127.0.0.1 only` +
      (SCALE > 0 ? `; scale runs at ${SMALL} and ${SCALE} articles` : ''),
  );
  // Keycloak too: the partner reads are measured with a client's real access token (it is Java, outside the Node
  // processes' memory below).
  // Keycloak only when the partner reads run (a minute to start, and Java's memory on the shared cores).
  await startInfra(stack, undefined, runs('partner') ? [] : ['keycloak']);
  await createDatabase(stack, database);
  const url = databaseUrl(stack, database);
  try {
    await runMigrations(PROFILE, url, { stack });
    // Every service, the health-only ones too, and the frontends' static servers: the whole platform's memory.
    const others = [...stack.services, ...stack.frontends].filter(
      (app) => app.kind === 'service' || existsSync(join(stack.root, 'frontends', app.name, 'dist')),
    );
    // The bench runs the test profile's layout; its setup approves the articles it writes (see seed).
    if (process.env.BENCH_SEPARATE_STATIC !== 'true') {
      hostedStatics = others.filter((app) => staticOnly(app)).map((app) => app.name);
    }
    const own = others.filter((app) => !hostedStatics.includes(app.name));
    await Promise.all(own.map((app) => start(app.name)));
    await new Promise((resolve) => setTimeout(resolve, 2000));
    for (const app of own) apps.get(app.name)!.afterStart = memoryOf(apps.get(app.name)!.handle.pid)?.rss ?? 0;
    const gateway = await startGateway('2');
    const templates = await seed();
    const articleId = templates.at(-1)!;
    await seedComments(articleId);
    const publication = runs('publication') ? await seedPublication(writer!) : undefined;
    const articlePath = `/api/articles/${articleId}`;
    const homePath = '/api/home/articles?page=1';
    const pages: Record<string, { body: Buffer; type: string }> = {};
    for (const path of [articlePath, homePath]) {
      const response = await fetch(`${gatewayBase}${path}`);
      pages[path] = {
        body: Buffer.from(await response.arrayBuffer()),
        type: response.headers.get('content-type') ?? 'application/json',
      };
    }
    // The reader's server-rendered pages (its renderer, as the Ingress reaches it), and their bytes for the bare server.
    const reader = stack.frontends.find((f) => f.name === 'reader')!;
    const readerBase = `http://127.0.0.1:${reader.httpPort}`;
    const articlePage = `/a/${articleId}`;
    for (const path of [articlePage, '/']) {
      const response = await fetch(`${readerBase}${path}`);
      if (response.status !== 200) throw new Error(`the reader answered ${path} with ${response.status}`);
      pages[path] = { body: Buffer.from(await response.arrayBuffer()), type: 'text/html; charset=utf-8' };
    }
    // The publication's home on its subdomain, as a browser at http://{slug}.localhost:<port>/ asks for it: the Host
    // names the subdomain of the main host (PUBLIC_ORIGIN's, the gateway's port); the renderer decides from it.
    const publicationHost = `${PUBLICATION_SLUG}.localhost:${stack.gateway.httpPort}`;
    const publicationHome = '/publication-home';
    if (publication) {
      const { status, body } = await getWithHost(readerBase, '/', publicationHost);
      if (status !== 200 || !body.includes(`content="${PUBLICATION_SLUG}"`)) {
        throw new Error(`the reader answered the publication's home with ${status}`);
      }
      pages[publicationHome] = { body, type: 'text/html; charset=utf-8' };
    }
    say(
      `article: ${pages[articlePath]!.body.length} bytes, home list: ${pages[homePath]!.body.length} bytes; ` +
        `server-rendered article page: ${pages[articlePage]!.body.length} bytes, home page: ${pages['/']!.body.length} bytes, ` +
        `publication home: ${pages[publicationHome]?.body.length ?? '-'} bytes`,
    );

    const bare = await bareServer(pages);
    const bareBase = `http://127.0.0.1:${(bare.address() as AddressInfo).port}`;
    const results: Figures[] = [];
    if (runs('reads')) {
      results.push(await measure('bare node: article', `${bareBase}${articlePath}`));
      results.push(await measure('gateway: article (2 s public cache)', `${gatewayBase}${articlePath}`));
      results.push(await measure('bare node: home list', `${bareBase}${homePath}`));
      results.push(await measure('gateway: home list (2 s public cache)', `${gatewayBase}${homePath}`));
    }
    if (runs('ssr')) {
      results.push(await measure('bare node: article page (HTML)', `${bareBase}${articlePage}`));
      results.push(await measure('reader: server-rendered article (2 s page cache)', `${readerBase}${articlePage}`));
      results.push(await measure('bare node: home page (HTML)', `${bareBase}/`));
      results.push(await measure('reader: server-rendered home (2 s page cache)', `${readerBase}/`));
    }
    if (publication) {
      results.push(await measure('bare node: publication home page (HTML)', `${bareBase}${publicationHome}`));
      results.push(
        await measure(
          'reader: server-rendered publication home on its subdomain (2 s page cache)',
          `${readerBase}/`,
          undefined,
          { host: publicationHost },
        ),
      );
    }
    await gateway.stop();
    await startGateway('0');
    // The same hops made of the design's bare parts (http, grpc-js over mutual TLS, pg; none of our code): the floor
    // of the uncached runs on this machine, measured beside them.
    let chain: BareChain | undefined;
    if (runs('reads') || runs('ssr')) chain = await bareChain(url, articlePath, pages[articlePage]!.body.length);
    // Every request rendered: the reader's page cache off, the gateway's too (render + HTTP + gRPC + PostgreSQL).
    await apps.get('reader')!.handle.stop();
    await start('reader', { RENDER_CACHE_SECONDS: '0' });
    if (runs('ssr')) {
      results.push(
        await measure(
          'reader: server-rendered article, no cache (render + gateway + gRPC + PostgreSQL)',
          `${readerBase}${articlePage}`,
        ),
      );
      if (chain) {
        results.push(
          await measure(
            'bare chain: article page (http → http → gRPC over mutual TLS → PostgreSQL; no framework)',
            `${chain.pageBase}${articlePage}`,
          ),
        );
      }
      results.push(
        await measure(
          'reader: server-rendered home, no cache (render + gateway + gRPC + PostgreSQL)',
          `${readerBase}/`,
        ),
      );
    }
    if (publication) {
      results.push(
        await measure(
          'reader: server-rendered publication home on its subdomain, no cache (render + gateway + gRPC + PostgreSQL)',
          `${readerBase}/`,
          undefined,
          { host: publicationHost },
        ),
      );
    }
    if (runs('reads')) {
      results.push(await measure('gateway: article, no cache (gRPC + PostgreSQL)', `${gatewayBase}${articlePath}`));
      if (chain) {
        results.push(
          await measure(
            'bare chain: article (http → gRPC over mutual TLS → PostgreSQL; no framework)',
            `${chain.articleBase}${articlePath}`,
          ),
        );
      }
    }
    // Never under a shared key: each read resolves the session and asks articles, whose entitlement keeps a yes 5 s.
    if (publication) {
      results.push(
        await measure(
          'gateway: paid article read by a paid subscriber (session + gRPC + entitlement + PostgreSQL; never shared)',
          `${gatewayBase}/api/articles/${publication.paidArticleId}`,
          undefined,
          { cookie: publication.subscriberCookie },
        ),
      );
    }
    if (runs('reads')) {
      results.push(await measure('gateway: home list, no cache (gRPC + PostgreSQL)', `${gatewayBase}${homePath}`));
    }
    chain?.stop();
    if (runs('comments')) {
      results.push(
        await measure(
          "gateway: an article's comments, 20 threads of 3 (gRPC + PostgreSQL)",
          `${gatewayBase}/api/articles/${articleId}/comments`,
        ),
      );
    }
    if (runs('profile')) {
      results.push(
        await measure(
          'gateway: public profile /@bench_writer (gRPC + PostgreSQL)',
          `${gatewayBase}/api/profile/bench_writer`,
        ),
      );
    }
    // Partner reads with bearer credentials beside the same read with a session cookie (issue #18).
    if (runs('partner'))
      try {
        const partner = await preparePartnerReads({ stack, databaseUrl: url, gatewayBase, writer: writer!, articleId });
        const measured: Figures[] = [];
        for (const run of partner.runs) measured.push(await measure(run.name, run.url, undefined, run.headers));
        results.push(...measured);
        const [cookieRead, ...bearerReads] = measured;
        for (const read of bearerReads) {
          say(`${read.name}: ${((read.rps / cookieRead!.rps) * 100).toFixed(0)}% of the cookie read's req/s`);
        }
      } catch (error) {
        say(`partner reads not measured: ${(error as Error).message}`);
      }
    // A vote's trip to the author's open page (SSE through the gateway), one vote at a time, a pause between them so
    // the votes spread over the streams' periodic work (heartbeats, polls): first with the author's stream alone, then
    // with NOTIFY_STREAMS other signed-in users' streams open (aim 4: within 100 ms at p99 with 1,000 open).
    const trips: NotifyTrip[] = [];
    if (runs('notify'))
      try {
        const gatewayPid = apps.get('gateway')!.handle.pid;
        const trip = async (streams: number) => {
          const before = process.env.BENCH_CPU === 'true' ? cpuSnapshot() : undefined;
          const started = performance.now();
          const figures = await measureVoteToStream({
            gatewayBase,
            cookie: [...writer!.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
            articlesGrpc: articlesGrpcAddress(),
            articleIds: templates,
            votes: NOTIFY_VOTES,
            gapMs: NOTIFY_GAP_MS,
          });
          const seconds = (performance.now() - started) / 1000;
          const cpu = before && cpuBetween(before, cpuSnapshot());
          const stages = await stageBreakdown(url, figures).catch(() => undefined);
          trips.push({ streams, figures, seconds, ...(cpu ? { cpu } : {}), ...(stages ? { stages } : {}) });
        };
        await trip(0);
        if (NOTIFY_STREAMS > 0) {
          const idle = openFilesOf(gatewayPid);
          const others = await openOtherStreams({
            gatewayBase,
            databaseUrl: url,
            count: NOTIFY_STREAMS,
            template: { username: WRITER.login, password: WRITER.password },
            sessions: NOTIFY_SESSIONS,
          });
          try {
            const held = openFilesOf(gatewayPid);
            say(
              `notify: ${others.open()} other streams open (${others.failed()} refused), their users' sessions made ` +
                `${NOTIFY_SESSIONS === 'api' ? 'by signing in through the API' : 'in identity.sessions with SQL'} in ` +
                `${others.signInSeconds.toFixed(1)} s and the streams opened in ` +
                `${others.openSeconds.toFixed(1)} s; the gateway's open files ${idle?.open ?? '?'} → ` +
                `${held?.open ?? '?'} (limit ${held?.limit ?? '?'}), the bench's limit ` +
                `${openFilesOf(process.pid)?.limit ?? '?'}`,
            );
            await trip(others.open());
            say(
              `notify: after the trips ${others.open()} other streams still open, ${others.failed()} broken or ` +
                `refused, ${others.heartbeats()} heartbeats received, ${others.received()} notifications received ` +
                `by them (each would be another user's: must be 0)`,
            );
          } finally {
            others.close();
          }
        }
      } catch (error) {
        say(`vote → notification not measured: ${(error as Error).message}`);
      }
    // One at a time: how long one person waits; then as many as the gateway's clients would send at once.
    if (runs('signin')) {
      results.push(await measureSignIns(1));
      results.push(await measureSignIns(8));
    }
    bare.close();
    // Reader support: 100 supports and their webhooks at once, 100 payout requests at once, then the ledger check.
    let donations: DonationsFigures | undefined;
    if (runs('donations'))
      try {
        const supporters: ApiClient[] = [];
        for (let i = 0; i < 4; i += 1) {
          const supporter = new ApiClient(gatewayBase);
          await registerAccount(supporter, {
            email: `bench-supporter-${i}@example.az`,
            username: `bench_supporter_${i}`,
            fullname: `Bench Supporter ${i}`,
            password: 'bench-pass-3',
          });
          supporters.push(supporter);
        }
        donations = await measureDonations({
          stack,
          database,
          gatewayBase,
          author: writer!,
          authorUsername: WRITER.login,
          supporters,
        });
      } catch (error) {
        say(`donations not measured: ${(error as Error).message}`);
      }

    const scale: { size: number; seconds: number; figures: Figures[] }[] = [];
    if (SCALE > 0) {
      await waitForDocuments(url, templates.length);
      // A reader who follows the bench writer and the articles' category, for the following and suggestions tabs.
      const reader = new ApiClient(gatewayBase);
      await registerAccount(reader, {
        email: 'bench-reader@example.az',
        username: 'bench_reader',
        fullname: 'Bench Reader',
        password: 'bench-pass-2',
      });
      const writerUid = (await writer!.get<{ uid: string }>('/api/users/info')).body.uid;
      await reader.post(`/api/users/${writerUid}/follow`);
      await reader.post('/api/categories/tech/follow');
      const readerCookie = { cookie: [...reader.cookies].map(([k, v]) => `${k}=${v}`).join('; ') };
      let copies = 0;
      for (const size of [SMALL, SCALE]) {
        const grown = await growArticles(url, templates, copies + 1, size);
        copies = grown.copies;
        const raters = await growRaters(url, grown.total, WRITER.login);
        say(
          `scale: ${grown.total} published articles (${grown.seconds.toFixed(1)} s to generate), ${raters} rated writers`,
        );
        const ids = await publishedIds(url);
        const pick = <T>(items: T[]) => items[Math.floor(Math.random() * items.length)]!;
        const figures: Figures[] = [];
        const run = async (name: string, path: () => string, headers?: Record<string, string>) =>
          figures.push(await measure(`${name}, ${grown.total} articles`, gatewayBase, path, headers));
        await run('article by random id', () => `/api/articles/${pick(ids)}`);
        await run('home list, page 1', () => '/api/home/articles?page=1');
        await run(`home list, page ${DEEP_PAGE}`, () => `/api/home/articles?page=${DEEP_PAGE}`);
        // The home page's own paging: the tabs by cursor, and a cursor as deep as the list allows (page DEEP_PAGE
        // at SCALE, the last page at a few hundred), reached by following nextCursor.
        await run('home, all tab by cursor', () => '/api/home/articles?tab=all');
        await run('home, following tab', () => '/api/home/articles?tab=following', readerCookie);
        await run('home, suggestions tab', () => '/api/home/articles?tab=suggestions', readerCookie);
        await run('home, trending', () => '/api/home/trends');
        const deep = await deepCursor(DEEP_PAGE);
        say(`scale: the deep cursor is of page ${deep.page} of the all tab`);
        await run('home, all tab, a deep cursor', () => `/api/home/articles?tab=all&cursor=${deep.cursor}`);
        await run(`search, common word`, () => `/api/strict/txt?q=${COMMON_WORD}`);
        await run(`search, rare word`, () => `/api/strict/txt?q=${rareWord(1 + Math.floor(Math.random() * copies))}`);
        await run(`search, typo (${TYPO_WORD})`, () => `/api/strict/txt?q=${TYPO_WORD}`);
        await run(
          'search, filtered (category, language, dates)',
          () => `/api/strict/advanced?q=${COMMON_WORD}&category=tech&language=en&from=2020-01-01`,
        );
        await run('search, suggestions (a word being typed)', () => '/api/strict/txt?q=benchm&limit=5');
        await run('search, newest first', () => `/api/strict/full?q=${COMMON_WORD}&sort=date`);
        await run('leaderboard, all time', () => '/api/leaderboard?period=all');
        await run('leaderboard, this week', () => '/api/leaderboard?period=week');
        await run('leaderboard, this month, page 2', () => '/api/leaderboard?period=month&page=2');
        scale.push({ size: grown.total, seconds: grown.seconds, figures });
      }
    }

    // The JavaScript of the first article view, as Chromium loads it through the gateway's edge (the dev layout).
    let weight: ArticleWeight | undefined;
    if (runs('weight'))
      try {
        await apps.get('gateway')!.handle.stop();
        await startGateway('2', true);
        const browser = await launchBrowser();
        try {
          weight = await measureArticleWeight(browser, `http://localhost:${stack.gateway.httpPort}${articlePage}`);
        } finally {
          await browser.close();
        }
      } catch (error) {
        say(`JavaScript weight not measured: ${(error as Error).message}`);
      }

    // One row a process: the static frontends that share one are named together.
    const seen = new Set<number>();
    const running = appsOf(stack).filter((app) => {
      const pid = apps.get(app.name)?.handle.pid;
      if (pid === undefined || seen.has(pid)) return false;
      seen.add(pid);
      return true;
    });
    const memory: MemoryRow[] = running.map(({ name: app, kind }) => {
      const { handle, afterStart } = apps.get(app)!;
      const name = platformPids.get(handle.pid) ?? app;
      const now = memoryOf(handle.pid);
      const loaded = [
        'gateway',
        'identity',
        'articles',
        'comments',
        'notifications',
        'search',
        'reader',
        'donations',
      ].includes(app);
      const parts = residentParts(handle.pid);
      return {
        name,
        kind,
        loaded,
        afterStart,
        afterRuns: now?.rss ?? 0,
        peak: now?.peak ?? 0,
        privateAfterRuns: parts.private,
        sharedAfterRuns: parts.shared,
      };
    });
    // V8's heap of the services and the gateway (their /metrics), for the memory table.
    await Promise.all(
      running.map(async (app, i) => {
        if (app.kind !== 'frontend') memory[i]!.heap = await heapOf(app.internalPort);
      }),
    );
    // Once more after the platform has rested: what idle processes keep (issue #19: idle services must not hold memory
    // they do not use). Nothing is sent to them meanwhile.
    if (IDLE_SECONDS > 0) {
      say(`memory: read again after ${IDLE_SECONDS} s idle`);
      await new Promise((resolve) => setTimeout(resolve, IDLE_SECONDS * 1000));
      running.forEach(({ name: app }, i) => {
        const pid = apps.get(app)!.handle.pid;
        const parts = residentParts(pid);
        Object.assign(memory[i]!, {
          afterIdle: memoryOf(pid)?.rss ?? 0,
          privateAfterIdle: parts.private,
          sharedAfterIdle: parts.shared,
        });
      });
    }

    table(results);
    const ratio = (a: string, b: string) => {
      const x = results.find((r) => r.name.startsWith(a));
      const y = results.find((r) => r.name.startsWith(b));
      return x && y ? `${((x.rps / y.rps) * 100).toFixed(1)}%` : '-';
    };
    say('');
    say(
      `gateway/bare, article:   ${ratio('gateway: article (', 'bare node: article')} (cached), ${ratio('gateway: article, no', 'bare node: article')} (uncached)`,
    );
    say(
      `gateway/bare, home list: ${ratio('gateway: home list (', 'bare node: home list')} (cached), ${ratio('gateway: home list, no', 'bare node: home list')} (uncached)`,
    );
    say(
      `reader/bare, article page: ${ratio('reader: server-rendered article (', 'bare node: article page')} (cached), ${ratio('reader: server-rendered article, no', 'bare node: article page')} (uncached)`,
    );
    say(
      `bare chain/bare, article: ${ratio('bare chain: article (', 'bare node: article')}; article page: ${ratio('bare chain: article page', 'bare node: article page')} (the floor of the uncached runs with the design's parts)`,
    );
    say(
      `reader/bare, home page:    ${ratio('reader: server-rendered home (', 'bare node: home page')} (cached), ${ratio('reader: server-rendered home, no', 'bare node: home page')} (uncached)`,
    );
    say(
      `reader/bare, publication home: ${ratio('reader: server-rendered publication home on its subdomain (', 'bare node: publication home')} (cached), ${ratio('reader: server-rendered publication home on its subdomain, no', 'bare node: publication home')} (uncached)`,
    );
    say(
      `gateway, paid article for a subscriber / free article uncached: ${ratio('gateway: paid article read', 'gateway: article, no')}`,
    );
    if (trips.length > 0) {
      say('');
      say(
        `vote → the author's open page (articles outbox → NATS → notifications → SSE), one vote at a time, ` +
          `${NOTIFY_GAP_MS} ms apart:`,
      );
      for (const { streams, figures: t, seconds, cpu, stages } of trips) {
        say(
          `  ${streams === 0 ? "the author's stream alone" : `with ${streams} other streams open`}: ${t.votes} votes ` +
            `in ${seconds.toFixed(1)} s, p50 ${t.p50} ms, p90 ${t.p90} ms, p99 ${t.p99} ms, max ${t.max} ms, ` +
            `missed ${t.missed}`,
        );
        if (cpu) {
          const shares = Object.entries(cpu)
            .filter(([, used]) => used / seconds >= 0.01)
            .map(
              ([group, used]) =>
                `${group} ${((used / seconds) * 100).toFixed(0)}%` +
                (group === 'others on the machine' ? '' : ` ${((used * 1000) / t.votes).toFixed(1)} ms/vote`),
            );
          say(`  cpu: ${shares.join(', ')}`);
        }
        for (const stage of stages ?? []) say(`  ${stage.stage}: p50 ${stage.p50} ms, p99 ${stage.p99} ms`);
      }
    }
    if (donations) {
      say('');
      for (const line of describeDonations(donations)) say(line);
    }
    if (weight) {
      say('');
      say(
        `JavaScript of the first article view: ${kb(weight.firstView.gzip)} gzip (budget ${kb(FIRST_VIEW_BUDGET_BYTES)})`,
      );
      say(describeWeight(weight.firstView));
      say(
        `a visitor's article view in all, left alone until the network is idle (the app included): ` +
          `${kb(weight.app.gzip)} gzip (budget ${kb(APP_BUDGET_BYTES)})`,
      );
      say(describeWeight(weight.app));
    }
    if (scale.length > 0) {
      say('');
      say(`Scale: uncached reads at ${scale.map((s) => s.size).join(' and ')} published articles`);
      say('');
      // The last two columns: the large run's p50 and p99 over the small run's (the aim: at most 1.20).
      const change = (large: number, small: number) => (small > 0 ? (large / small).toFixed(2) : '-');
      say(`| run | ${scale.map((s) => `req/s @${s.size} | p50 | p99 | errors`).join(' | ')} | p50 × | p99 × |`);
      say(`|---|${scale.map(() => '---:|---:|---:|---:').join('|')}|---:|---:|`);
      scale[0]!.figures.forEach((first, i) => {
        const name = first.name.replace(/, \d+ articles$/, '');
        const cells = scale.map((s) => {
          const f = s.figures[i]!;
          return `${f.rps.toFixed(0)} | ${f.p50} | ${f.p99} | ${f.errors}`;
        });
        const last = scale.at(-1)!.figures[i]!;
        say(`| ${name} | ${cells.join(' | ')} | ${change(last.p50, first.p50)} | ${change(last.p99, first.p99)} |`);
      });
    }
    memoryTable(memory);
    writeFileSync(
      `${stack.root}/.run/bench.json`,
      JSON.stringify(
        {
          seconds: SECONDS,
          connections: CONNECTIONS,
          results,
          scale,
          memory,
          javascript: weight && { firstViewGzip: weight.firstView.gzip, appGzip: weight.app.gzip },
          voteToNotification: trips.map(({ figures: { samples: _samples, ...figures }, ...trip }) => ({
            ...trip,
            figures,
          })),
          donations,
        },
        null,
        2,
      ),
    );
  } finally {
    const handles = new Map([...apps.values()].map(({ handle }) => [handle.pid, handle]));
    await Promise.all([...handles.values()].map((handle) => handle.stop().catch(() => undefined)));
    if (process.env.BENCH_KEEP_DATA === 'true') {
      // To look at plans afterwards: psql -h 127.0.0.1 -p <port> -U postgres <database>
      say(`kept: database ${database} on port ${stack.infra.postgres.port}`);
    } else {
      await dropDatabase(stack, database).catch(() => undefined);
      if (process.env.BENCH_KEEP_INFRA !== 'true') await stopInfra(stack).catch(() => undefined);
    }
  }
}

main()
  .catch((error: unknown) => {
    // A measurement never fails the build: report and exit 0.
    process.stderr.write(`bench could not complete: ${(error as Error).stack ?? String(error)}\n`);
  })
  // Whatever a failed setup left open (a gRPC channel, a keep-alive socket), the bench ends once it has reported.
  .finally(() => process.exit(0));
