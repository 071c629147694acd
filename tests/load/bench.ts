// make bench: requests per second and latency through the gateway for reading one article and for the home
// list, and the same figures for a bare Node HTTP server answering the same bytes from memory (the ceiling
// on this machine), with the ratio. A measurement, never a test: it prints figures and exits 0.
// Only 127.0.0.1 is loaded, for a bounded time (BENCH_SECONDS per run, default 10).
import autocannon from 'autocannon';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { writeFileSync } from 'node:fs';
import {
  createDatabase,
  databaseUrl,
  dropDatabase,
  runMigrations,
  stackFor,
  startApp,
  startInfra,
  stopInfra,
  type AppHandle,
} from '../../packages/devstack/src/index.ts';
import { ApiClient } from '../support/http-client.ts';

const PROFILE = 'test';
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const stack = stackFor(PROFILE);
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
}

async function measure(name: string, url: string, headers: Record<string, string> = {}): Promise<Figures> {
  // A short warm-up first, so the figures are of optimized code, not of the JIT compiler at work.
  await autocannon({ url, connections: CONNECTIONS, duration: 2, headers });
  const result = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS, headers });
  const errors = result.errors + result.timeouts + result.non2xx;
  return {
    name,
    rps: result.requests.average,
    p50: result.latency.p50,
    p90: result.latency.p90,
    p99: result.latency.p99,
    errors,
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

async function seed() {
  const client = new ApiClient(gatewayBase);
  const registered = await client.post('/api/id/register', {
    email: 'bench@example.az',
    username: 'bench_writer',
    fullname: 'Bench Writer',
    password: 'bench-pass-1',
    acceptTerms: true,
    acceptPrivacy: true,
  });
  if (registered.status !== 201) throw new Error(`could not register: ${JSON.stringify(registered.body)}`);
  let last = '';
  for (let i = 0; i < 30; i += 1) {
    const paragraphs = Array.from({ length: 12 }, (_, j) => ({
      type: 'paragraph',
      data: {
        text: `Paragraph ${j} of article ${i}: <b>benchmarks</b> measure every hop between the browser and the data.`,
      },
    }));
    const created = await client.post<{ id: string }>('/api/articles', {
      title: `Benchmark article ${i}`,
      description: 'An article of a realistic size for the benchmark',
      language: 'en',
      category: 'tech',
      content: { blocks: [{ type: 'header', data: { text: 'Measuring', level: 2 } }, ...paragraphs] },
    });
    await client.post(`/api/articles/publishing/${created.body.id}`);
    last = created.body.id;
  }
  return last;
}

function table(rows: Figures[]) {
  say('');
  say('| run | req/s | p50 ms | p90 ms | p99 ms | errors |');
  say('|---|---:|---:|---:|---:|---:|');
  for (const r of rows) say(`| ${r.name} | ${r.rps.toFixed(0)} | ${r.p50} | ${r.p90} | ${r.p99} | ${r.errors} |`);
}

async function main() {
  const apps: AppHandle[] = [];
  const startGateway = async (cacheSeconds: string) => {
    const gateway = await startApp('gateway', PROFILE, {
      RATE_LIMIT_PER_MINUTE: '100000000',
      PUBLIC_CACHE_SECONDS: cacheSeconds,
      LOG_LEVEL: 'warn',
      EDGE_ROUTES: '',
    });
    await gateway.waitReady();
    return gateway;
  };
  say(`bench: ${SECONDS}s a run, ${CONNECTIONS} connections, 127.0.0.1 only`);
  await startInfra(PROFILE);
  await createDatabase(PROFILE, database);
  try {
    await runMigrations(PROFILE, databaseUrl(stack, database));
    for (const name of ['identity', 'articles', 'search']) {
      const app = await startApp(name, PROFILE, { LOG_LEVEL: 'warn' }, { database });
      apps.push(app);
      await app.waitReady();
    }
    let gateway = await startGateway('2');
    const articleId = await seed();
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
    say(`article: ${pages[articlePath]!.body.length} bytes, home list: ${pages[homePath]!.body.length} bytes`);

    const bare = await bareServer(pages);
    const bareBase = `http://127.0.0.1:${(bare.address() as AddressInfo).port}`;
    const results: Figures[] = [];
    results.push(await measure('bare node: article', `${bareBase}${articlePath}`));
    results.push(await measure('gateway: article (2 s public cache)', `${gatewayBase}${articlePath}`));
    results.push(await measure('bare node: home list', `${bareBase}${homePath}`));
    results.push(await measure('gateway: home list (2 s public cache)', `${gatewayBase}${homePath}`));
    await gateway.stop();
    gateway = await startGateway('0');
    results.push(await measure('gateway: article, no cache (gRPC + PostgreSQL)', `${gatewayBase}${articlePath}`));
    results.push(await measure('gateway: home list, no cache (gRPC + PostgreSQL)', `${gatewayBase}${homePath}`));
    await gateway.stop();
    bare.close();

    table(results);
    const ratio = (a: string, b: string) => {
      const x = results.find((r) => r.name.startsWith(a))!;
      const y = results.find((r) => r.name.startsWith(b))!;
      return `${((x.rps / y.rps) * 100).toFixed(1)}%`;
    };
    say('');
    say(
      `gateway/bare, article:   ${ratio('gateway: article (', 'bare node: article')} (cached), ${ratio('gateway: article, no', 'bare node: article')} (uncached)`,
    );
    say(
      `gateway/bare, home list: ${ratio('gateway: home list (', 'bare node: home')} (cached), ${ratio('gateway: home list, no', 'bare node: home')} (uncached)`,
    );
    writeFileSync(
      `${stack.root}/.run/bench.json`,
      JSON.stringify({ seconds: SECONDS, connections: CONNECTIONS, results }, null, 2),
    );
  } finally {
    await Promise.all(apps.map((app) => app.stop().catch(() => undefined)));
    await dropDatabase(PROFILE, database).catch(() => undefined);
    if (process.env.BENCH_KEEP_INFRA !== 'true') await stopInfra(PROFILE).catch(() => undefined);
  }
}

main().catch((error: unknown) => {
  // A measurement never fails the build: report and exit 0.
  process.stderr.write(`bench could not complete: ${(error as Error).stack ?? String(error)}\n`);
});
