// make soak: SOAK_MINUTES (default 30) of steady mixed load through the gateway and the reader's renderer at a bounded
// rate (SOAK_RATE requests a second, default 25): article reads, the home list, searches, an article's comments, the
// server-rendered article page, votes and draft saves from signed-in readers, a comment a minute and a sign-in every
// 15 s. Every SOAK_SAMPLE_SECONDS (10) it records each Node process of the platform: resident memory (/proc), and from
// the service's /metrics (its internal port) the V8 heap, the event-loop delay p50/p99 since the last scrape, the GC
// time and the database pool (open, idle, waiting, size). Afterwards, per process, least-squares trends per hour after
// a warm-up of the first 20% (packages/devstack/src/soak.ts), flagged when resident memory grows more than 10%/h or
// lag, GC share or pool use trend upward; the report as a Markdown table (.data/soak/report.md) and an SVG chart
// (.data/soak/report.svg), the samples in .data/soak/samples.json. A measurement, never a test: it prints the verdict
// and exits 0. Only 127.0.0.1 is loaded. Its own stack (ports 150 above the test profile's, data in .data/soak,
// pid files in .run/soak), so it never collides with `make dev`, `make test` or `make bench`.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  appsOf,
  createDatabase,
  dropDatabase,
  databaseUrl,
  runMigrations,
  startApp,
  startInfra,
  stopInfra,
  type AppHandle,
  type AppInfo,
} from '../../packages/devstack/src/index.ts';
import {
  markdownTable,
  renderChart,
  sampleOf,
  soakPanels,
  verdictLine,
  verdictOf,
  SOAK_LIMITS,
  type ProcessSample,
} from '../../packages/devstack/src/soak.ts';
import { ApiClient } from '../support/http-client.ts';
import { approveArticle, closeReviewClient } from '../support/review.ts';
import { articleContent, articlesGrpcAddress, memoryOf, registerAccount, seedComments } from '../load/bench-helpers.ts';
import { shiftedStack } from '../load/bench-stack.ts';

const PROFILE = 'test';
const MINUTES = Number(process.env.SOAK_MINUTES || 30);
const RATE = Number(process.env.SOAK_RATE || 25);
const SAMPLE_SECONDS = Number(process.env.SOAK_SAMPLE_SECONDS || 10);
const WARM_UP = 0.2;
/** Requests in flight at most: past it a tick is skipped (and counted), so a slow platform is not buried. */
const MAX_IN_FLIGHT = 64;
/** 150 above the test profile's ports: clear of dev (0), test (+100) and bench (+200) ports, Keycloak's included. */
const SOAK_PORT_SHIFT = 150;

const stack = shiftedStack('soak', SOAK_PORT_SHIFT);
const database = `soak_${Date.now().toString(36)}`;
const gatewayBase = `http://127.0.0.1:${stack.gateway.httpPort}`;
const reportDir = stack.dataDir;
const say = (line: string) => process.stdout.write(`${line}\n`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const WRITER = { login: 'soak_writer', password: 'soak-pass-1' };
const READERS = 4;
const ARTICLES = 12;

interface Seeded {
  writer: ApiClient;
  readers: ApiClient[];
  articleIds: string[];
  draft: { id: string; version: number; fields: Record<string, unknown> };
}

async function seed(): Promise<Seeded> {
  const writer = new ApiClient(gatewayBase);
  await registerAccount(stack, writer, {
    email: 'soak@example.az',
    username: WRITER.login,
    fullname: 'Soak Writer',
    password: WRITER.password,
  });
  const articleIds: string[] = [];
  for (let i = 0; i < ARTICLES; i += 1) {
    const created = await writer.post<{ id: string }>('/api/articles', {
      title: `Soak article ${i}`,
      description: 'An article of a realistic size for the soak',
      language: 'en',
      category: 'tech',
      content: articleContent(`soak article ${i}`),
    });
    if (created.status !== 201) throw new Error(`could not write an article: ${JSON.stringify(created.body)}`);
    await writer.post(`/api/articles/publishing/${created.body.id}`);
    await approveArticle(created.body.id, articlesGrpcAddress(stack));
    articleIds.push(created.body.id);
  }
  closeReviewClient();
  // A discussion under a few articles, so the comments read answers threads.
  for (const articleId of articleIds.slice(0, 3)) await seedComments(stack, articleId, 10);
  const readers: ApiClient[] = [];
  for (let i = 0; i < READERS; i += 1) {
    const reader = new ApiClient(gatewayBase);
    await registerAccount(stack, reader, {
      email: `soak-reader-${i}@example.az`,
      username: `soak_reader_${i}`,
      fullname: `Soak Reader ${i}`,
      password: 'soak-pass-2',
    });
    readers.push(reader);
  }
  const fields = {
    title: 'A draft saved over and over',
    description: 'The soak saves it as the editor autosaves',
    language: 'en',
    category: 'tech',
    content: articleContent('the soak draft'),
  };
  const draft = await writer.post<{ id: string; version: number }>('/api/drafts', fields);
  if (draft.status !== 201) throw new Error(`could not start a draft: ${JSON.stringify(draft.body)}`);
  return { writer, readers, articleIds, draft: { id: draft.body.id, version: draft.body.version ?? 0, fields } };
}

// --- the load -----------------------------------------------------------------------------------------------------

interface OperationFigures {
  requests: number;
  errors: number;
  statuses: Record<string, number>;
  latencies: number[];
}

const figures = new Map<string, OperationFigures>();
let inFlight = 0;
let skipped = 0;

function record(name: string, status: number | string, ms: number) {
  const entry = figures.get(name) ?? { requests: 0, errors: 0, statuses: {}, latencies: [] };
  figures.set(name, entry);
  entry.requests += 1;
  const ok = typeof status === 'number' && status >= 200 && status < 400;
  if (!ok) {
    entry.errors += 1;
    entry.statuses[String(status)] = (entry.statuses[String(status)] ?? 0) + 1;
  }
  entry.latencies.push(ms);
}

/** Runs one operation, timing it; a thrown error counts by its name, a status outside 2xx/3xx by its number. */
function fire(name: string, operation: () => Promise<number>) {
  if (inFlight >= MAX_IN_FLIGHT) {
    skipped += 1;
    return;
  }
  inFlight += 1;
  const started = performance.now();
  operation()
    .then((status) => record(name, status, performance.now() - started))
    .catch((error: unknown) => record(name, (error as Error).name || 'error', performance.now() - started))
    .finally(() => {
      inFlight -= 1;
    });
}

const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;

async function get(url: string): Promise<number> {
  const response = await fetch(url, { signal: AbortSignal.timeout(30_000) });
  await response.arrayBuffer();
  return response.status;
}

const SEARCH_WORDS = ['benchmarks', 'measure', 'browser', 'paragraph', 'soak', 'article', 'benchmakrs'];

/** The steady mix, by weight (a request a tick, RATE ticks a second). */
function operations(seeded: Seeded, readerBase: string): [number, string, () => Promise<number>][] {
  const { articleIds, readers, writer, draft } = seeded;
  return [
    [30, 'article read', () => get(`${gatewayBase}/api/articles/${pick(articleIds)}`)],
    [12, 'home list', () => get(`${gatewayBase}/api/home/articles?tab=all`)],
    [10, 'search', () => get(`${gatewayBase}/api/strict/txt?q=${pick(SEARCH_WORDS)}`)],
    [10, 'comments read', () => get(`${gatewayBase}/api/articles/${pick(articleIds.slice(0, 3))}/comments`)],
    [8, 'article page (server-rendered)', () => get(`${readerBase}/a/${pick(articleIds)}`)],
    [4, 'profile', () => get(`${gatewayBase}/api/profile/${WRITER.login}`)],
    // A vote again removes it: a reader toggles, so the rating and the author's notifications keep moving.
    [5, 'vote', async () => (await pick(readers).post(`/api/articles/${pick(articleIds)}/upvote`)).status],
    [
      2,
      'draft save',
      async () => {
        const saved = await writer.request<{ version: number }>('PUT', `/api/drafts/${draft.id}`, {
          ...draft.fields,
          version: draft.version,
        });
        if (saved.status === 200) draft.version = saved.body.version;
        else if (saved.status === 409) {
          // Two saves crossed: take the current version, as the editor does.
          const current = await writer.get<{ version: number }>(`/api/drafts/${draft.id}`);
          if (current.status === 200) draft.version = current.body.version;
        }
        return saved.status;
      },
    ],
  ];
}

/** The steady load until `until` (ms since the epoch): RATE ticks a second, plus a comment a minute and a sign-in every 15 s. */
async function load(seeded: Seeded, readerBase: string, until: number) {
  const mix = operations(seeded, readerBase);
  const total = mix.reduce((sum, [weight]) => sum + weight, 0);
  const choose = () => {
    let roll = Math.random() * total;
    for (const entry of mix) {
      roll -= entry[0];
      if (roll <= 0) return entry;
    }
    return mix.at(-1)!;
  };
  let comments = 0;
  const comment = setInterval(() => {
    // Readers take turns: the route allows 10 comments in 10 minutes and 100 a day to each.
    const reader = seeded.readers[comments % seeded.readers.length]!;
    comments += 1;
    fire('comment', async () => {
      const written = await reader.post('/api/articles/comment', {
        articleId: pick(seeded.articleIds.slice(0, 3)),
        content: `Soak comment ${comments}: an ordinary remark of an ordinary length.`,
      });
      return written.status;
    });
  }, 60_000);
  const signIn = setInterval(() => {
    fire('sign-in', async () => (await new ApiClient(gatewayBase).post('/api/id/auth/login', WRITER)).status);
  }, 15_000);
  const interval = 1000 / RATE;
  let next = performance.now();
  try {
    while (Date.now() < until) {
      const [, name, operation] = choose();
      fire(name, operation);
      next += interval;
      const wait = next - performance.now();
      if (wait > 0) await sleep(wait);
      else if (wait < -1000) next = performance.now(); // fell behind by more than a second: do not burst to catch up
    }
  } finally {
    clearInterval(comment);
    clearInterval(signIn);
  }
  while (inFlight > 0) await sleep(50);
}

// --- the sampling -------------------------------------------------------------------------------------------------

interface Tracked {
  app: AppInfo;
  handle: AppHandle;
  samples: ProcessSample[];
}

async function metricsOf(app: AppInfo): Promise<string | undefined> {
  if (app.kind === 'frontend') return undefined; // the static servers expose no /metrics
  try {
    const response = await fetch(`http://127.0.0.1:${app.internalPort}/metrics`, { signal: AbortSignal.timeout(5000) });
    return response.status === 200 ? await response.text() : undefined;
  } catch {
    return undefined;
  }
}

async function sampleAll(tracked: readonly Tracked[], at: number) {
  await Promise.all(
    tracked.map(async (entry) => {
      const text = await metricsOf(entry.app);
      const rss = memoryOf(entry.handle.pid)?.rss;
      if (rss !== undefined) entry.samples.push(sampleOf(at, rss, text));
    }),
  );
}

function percentile(values: number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

function loadTable(seconds: number): string {
  const lines = ['| operation | requests | req/s | p50 ms | p99 ms | errors |', '|---|---:|---:|---:|---:|---|'];
  for (const [name, entry] of [...figures].sort(([, a], [, b]) => b.requests - a.requests)) {
    const errors = Object.entries(entry.statuses)
      .map(([status, count]) => `${count} × ${status}`)
      .join(', ');
    lines.push(
      `| ${name} | ${entry.requests} | ${(entry.requests / seconds).toFixed(1)} | ${percentile(entry.latencies, 50).toFixed(0)} | ` +
        `${percentile(entry.latencies, 99).toFixed(0)} | ${entry.errors === 0 ? '0' : `${entry.errors} (${errors})`} |`,
    );
  }
  return lines.join('\n');
}

async function main() {
  const apps = new Map<string, AppHandle>();
  let cleaning: Promise<void> | undefined;
  // The processes run detached (their own process groups): stopped here on the way out, a signal's way too.
  const cleanUp = () =>
    (cleaning ??= (async () => {
      await Promise.all([...apps.values()].map((handle) => handle.stop().catch(() => undefined)));
      if (process.env.SOAK_KEEP_DATA === 'true') {
        say(`kept: database ${database} on port ${stack.infra.postgres.port}`);
      } else {
        await dropDatabase(stack, database).catch(() => undefined);
        if (process.env.SOAK_KEEP_INFRA !== 'true') await stopInfra(stack).catch(() => undefined);
      }
    })());
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      say(`soak: ${signal}, stopping its stack`);
      void cleanUp().finally(() => process.exit(0));
    });
  }
  const start = async (app: AppInfo) => {
    const env: Record<string, string> = { LOG_LEVEL: 'warn' };
    if (app.kind === 'gateway') {
      // The gateway's per-address limits would count the whole soak as one person.
      Object.assign(env, { RATE_LIMIT_PER_MINUTE: '100000000', AUTH_RATE_LIMIT_PER_MINUTE: '100000000' });
    }
    const handle = await startApp(app.name, PROFILE, env, app.kind === 'service' ? { stack, database } : { stack });
    apps.set(app.name, handle);
    await handle.waitReady();
    return handle;
  };
  say(
    `soak: ${MINUTES} min of steady mixed load at ${RATE} req/s on 127.0.0.1, every process sampled each ` +
      `${SAMPLE_SECONDS} s; trends after a ${WARM_UP * 100}% warm-up`,
  );
  // Keycloak is left out (nothing in the mix signs staff in; it is Java, outside the platform's Node processes).
  await startInfra(stack, () => undefined, ['keycloak']);
  await createDatabase(stack, database);
  const url = databaseUrl(stack, database);
  try {
    await runMigrations(PROFILE, url, { stack });
    // Every service, the gateway, and the frontends that are built: every Node process of the platform.
    const started = appsOf(stack).filter(
      (app) => app.kind !== 'frontend' || existsSync(join(stack.root, 'frontends', app.name, 'dist')),
    );
    await Promise.all(started.filter((app) => app.kind !== 'gateway').map(start));
    await start(stack.gateway);
    const seeded = await seed();
    say(`seeded: ${seeded.articleIds.length} articles, ${seeded.readers.length} readers, a draft`);
    const reader = stack.frontends.find((f) => f.name === 'reader');
    const readerBase = reader ? `http://127.0.0.1:${reader.httpPort}` : gatewayBase;
    const tracked: Tracked[] = started.map((app) => ({ app, handle: apps.get(app.name)!, samples: [] }));

    const began = Date.now();
    const until = began + MINUTES * 60_000;
    const at = () => (Date.now() - began) / 1000;
    await sampleAll(tracked, 0);
    const sampler = setInterval(() => void sampleAll(tracked, at()), SAMPLE_SECONDS * 1000);
    const progress = setInterval(() => {
      const requests = [...figures.values()].reduce((sum, entry) => sum + entry.requests, 0);
      say(`  ${(at() / 60).toFixed(0)} min: ${requests} requests`);
    }, 5 * 60_000);
    try {
      await load(seeded, readerBase, until);
    } finally {
      clearInterval(sampler);
      clearInterval(progress);
    }
    const seconds = at();
    await sampleAll(tracked, seconds);

    const verdicts = tracked.filter((t) => t.samples.length > 0).map((t) => verdictOf(t.app.name, t.samples));
    // Trends per hour from a few minutes extrapolate the warm-up's tail: a short run shows the shape, not the verdict.
    const short = seconds * (1 - WARM_UP) < 10 * 60;
    const verdict =
      verdictLine(verdicts) +
      (short ? ' (a run under 12 minutes: indicative only; judge growth on the 30-minute run)' : '');
    const table = markdownTable(verdicts);
    const loads = loadTable(seconds);
    mkdirSync(reportDir, { recursive: true });
    const warmUpAt = seconds * WARM_UP;
    const svg = renderChart(soakPanels(tracked.map((t) => ({ name: t.app.name, samples: t.samples }))), {
      title: `make soak: ${(seconds / 60).toFixed(1)} min at ${RATE} req/s, ${new Date(began).toISOString()} (dashed: end of warm-up)`,
      warmUpAt,
    });
    const markdown = [
      `# Soak: ${(seconds / 60).toFixed(1)} minutes at ${RATE} req/s`,
      '',
      `Started ${new Date(began).toISOString()}; every process sampled each ${SAMPLE_SECONDS} s; trends are ` +
        `least-squares slopes per hour over the samples after the first ${WARM_UP * 100}% (${(warmUpAt / 60).toFixed(1)} min). ` +
        `Growth: RSS over ${SOAK_LIMITS.rssPerHour * 100}%/h of its mean; event-loop p99 over ` +
        `${SOAK_LIMITS.lagPerHour * 1000} ms/h and ${SOAK_LIMITS.lagRelativePerHour * 100}%/h of its mean; GC share over ` +
        `${SOAK_LIMITS.gcSharePerHour * 100} point/h and ${SOAK_LIMITS.gcRelativePerHour * 100}%/h of itself; pool in use ` +
        `over ${SOAK_LIMITS.poolPerHour}/h; each only when the rise is sure (slope over its standard error at least ` +
        `${SOAK_LIMITS.certainty}). Event-loop delay is beyond the 10 ms the loop is sampled at. Static servers expose ` +
        'no /metrics (RSS only).',
      '',
      `**Verdict: ${verdict}.**`,
      '',
      '![memory, heap, event-loop delay, GC time and pool use per process](report.svg)',
      '',
      '## Processes',
      '',
      table,
      '',
      '## Load',
      '',
      loads,
      '',
      `Ticks skipped with ${MAX_IN_FLIGHT} requests in flight: ${skipped}.`,
      '',
    ].join('\n');
    writeFileSync(join(reportDir, 'report.md'), markdown);
    writeFileSync(join(reportDir, 'report.svg'), svg);
    writeFileSync(
      join(reportDir, 'samples.json'),
      JSON.stringify(
        {
          minutes: MINUTES,
          rate: RATE,
          began: new Date(began).toISOString(),
          processes: tracked.map((t) => ({ name: t.app.name, kind: t.app.kind, samples: t.samples })),
        },
        null,
        1,
      ),
    );
    say('');
    say(table);
    say('');
    say(loads);
    say('');
    say(`soak verdict: ${verdict}`);
    say(`report: ${join(reportDir, 'report.md')}, chart: ${join(reportDir, 'report.svg')}`);
  } finally {
    await cleanUp();
  }
}

main()
  .catch((error: unknown) => {
    // A measurement never fails the build: report and exit 0.
    process.stderr.write(`soak could not complete: ${(error as Error).stack ?? String(error)}\n`);
  })
  .finally(() => process.exit(0));
