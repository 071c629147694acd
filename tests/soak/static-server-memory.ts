// The static frontends' server under repeated requests for every file it serves (issue #19, the soak's one flag: its
// resident memory rose in two steps). It starts packages/static-server's built server as `make dev` does (the shell,
// with the editor, settings, staff and studio as more sites of the same process, the same V8 and malloc settings),
// asks for every file of their dist/ with brotli, gzip and no encoding (STATIC_CONCURRENCY at once, default 8),
// STATIC_PASSES times (default 31); then STATIC_REVALIDATIONS (default 50,000) conditional GETs of the shell's
// index.html, the soak's only traffic to it (the reader's renderer asks every 5 s: 50,000 are about 69 hours of it).
// It prints the resident memory and the V8 heap after the first pass, every tenth pass after it and every fifth of the
// revalidations. The heap figures come from the process itself (a SIGUSR2 handler preloaded by --import). A
// measurement, never a test: loopback only, ports the system picks. Run: node tests/soak/static-server-memory.ts
// (after make build).
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { nodeOptionsOf, stackFor } from '../../packages/devstack/src/index.ts';

const ROOT = join(import.meta.dirname, '..', '..');
const SITES = ['shell', 'editor', 'settings', 'staff', 'studio'];
const PASSES = Number(process.env.STATIC_PASSES ?? '31');
const CONCURRENCY = Number(process.env.STATIC_CONCURRENCY ?? '8');
const REVALIDATIONS = Number(process.env.STATIC_REVALIDATIONS ?? '50000');

const filesUnder = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const file = join(dir, name);
    return statSync(file).isDirectory() ? filesUnder(file) : [file];
  });

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const ports = await Promise.all(SITES.map(() => freePort()));
const dist = (site: string) => join(ROOT, 'frontends', site, 'dist');
const stack = stackFor('dev');
const shell = stack.frontends.find((app) => app.name === 'shell');
if (!shell) throw new Error('no shell in the registry');
// The heap figures on SIGUSR2, written to stderr by the server process itself.
const probe = join(mkdtempSync(join(tmpdir(), 'pencraft-static-')), 'heap-probe.mjs');
writeFileSync(
  probe,
  `process.on('SIGUSR2', () => { const m = process.memoryUsage(); const f = (n) => (n / 1048576).toFixed(1);
   process.stderr.write('heap ' + f(m.heapUsed) + ' used / ' + f(m.heapTotal) + ' committed MiB, external ' + f(m.external) + ' MiB\\n'); });\n`,
);
const server = spawn(process.execPath, [join(ROOT, 'packages', 'static-server', 'dist', 'server.js')], {
  env: {
    PATH: process.env.PATH ?? '',
    MALLOC_ARENA_MAX: '2',
    // STATIC_NODE_OPTIONS: more V8 flags, e.g. --jitless to see what the compiled code holds.
    NODE_OPTIONS: `${nodeOptionsOf(stack, shell)} ${process.env.STATIC_NODE_OPTIONS ?? ''} --import ${probe}`,
    HOST: '127.0.0.1',
    PORT: String(ports[0]),
    ROOT: dist('shell'),
    STATIC_SITES: JSON.stringify(
      SITES.slice(1).map((site, i) => ({ HOST: '127.0.0.1', PORT: String(ports[i + 1]), ROOT: dist(site) })),
    ),
  },
  stdio: ['ignore', 'ignore', 'pipe'],
});
let heap = '';
server.stderr.on('data', (chunk: Buffer) => {
  const line = /heap [^\n]+/.exec(chunk.toString())?.[0];
  if (line) heap = line;
});

const rssMiB = () => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${server.pid}/status`, 'utf8'))?.[1]) / 1024;
async function report(label: string) {
  heap = '';
  server.kill('SIGUSR2');
  for (let i = 0; i < 20 && !heap; i += 1) await new Promise((resolve) => setTimeout(resolve, 50));
  console.log(`${label}: resident ${rssMiB().toFixed(1)} MiB, ${heap || 'heap not reported'}`);
}

const targets = SITES.flatMap((site, i) =>
  filesUnder(dist(site)).map((file) => `http://127.0.0.1:${ports[i]}/${relative(dist(site), file)}`),
);
async function pass() {
  for (const encoding of ['br', 'gzip', 'identity']) {
    const queue = [...targets];
    const worker = async () => {
      for (let url = queue.shift(); url; url = queue.shift()) {
        const answer = await fetch(url, { headers: { 'accept-encoding': encoding } });
        await answer.arrayBuffer();
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  }
}

try {
  for (let i = 0; i < 50; i += 1) {
    const ready = await fetch(`http://127.0.0.1:${ports[0]}/healthz`).catch(() => undefined);
    if (ready?.ok) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await report(`started (${targets.length} files, ${SITES.length} sites)`);
  for (let n = 1; n <= PASSES; n += 1) {
    await pass();
    if (n === 1 || (n - 1) % 10 === 0) await report(`after ${n} pass${n === 1 ? '' : 'es'}`);
  }
  const page = `http://127.0.0.1:${ports[0]}/index.html`;
  const etag = (await fetch(page)).headers.get('etag') ?? '';
  let sent = 0;
  const step = Math.max(1, Math.floor(REVALIDATIONS / 5));
  while (sent < REVALIDATIONS) {
    const batch = Math.min(step, REVALIDATIONS - sent);
    let left = batch;
    const worker = async () => {
      while (left > 0) {
        left -= 1;
        const answer = await fetch(page, { headers: { 'if-none-match': etag } });
        if (answer.status !== 304) throw new Error(`a revalidation answered ${answer.status}`);
        await answer.arrayBuffer();
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    sent += batch;
    await report(`after ${sent} revalidations of index.html`);
  }
} finally {
  server.kill();
}
