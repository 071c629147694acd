// The Node processes of the stack: every service, the gateway and the frontend static servers, each detached with
// its pid file and log under .run/<profile>/, configured only through envFor (plus extra variables for tests).
import type { ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { adoptTestClientIdentity, ensurePki } from './certs.ts';
import { envFor, type Env } from './env.ts';
import {
  baseEnv,
  ensureRunDirs,
  exitOf,
  holderOf,
  httpStatus,
  isSameProgram,
  logFile,
  logTail,
  pidFile,
  portHolder,
  portOpen,
  removePid,
  run,
  spawnDetached,
  terminate,
  tracked,
  waitUntil,
  writePid,
  type Identity,
} from './proc.ts';
import { appsOf, findApp, type AppInfo, type Profile, type Stack, stackFor } from './registry.ts';

export const READY_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 15_000;

export interface ExitInfo {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface AppHandle {
  name: string;
  pid: number;
  /** Sends `signal` (SIGTERM), waits up to `timeoutMs` for the exit, then SIGKILLs; resolves with how it exited. */
  stop(signal?: NodeJS.Signals, timeoutMs?: number): Promise<ExitInfo>;
  /** SIGKILL now (a crash, for chaos tests). */
  kill(): Promise<ExitInfo>;
  /** Resolves once GET /readyz (on the internal port) answers 200; rejects with the log tail if it exits or the time runs out. */
  waitReady(timeoutMs?: number): Promise<void>;
  /** Resolves when the process exits, however that happens. */
  exited: Promise<ExitInfo>;
}

export interface StartOptions {
  /** Defaults to the registry seen through the profile. */
  stack?: Stack;
  /** Test profile only: another database for DATABASE_URL. */
  database?: string;
  /**
   * V8's code cache of the modules kept between starts (NODE_COMPILE_CACHE): about 15% off each start, for the test
   * profile's suites, which start services a few hundred times in a run. Its entries stay in the process's malloc
   * heap for its whole life (about 8 MiB each, issue #19), so the dev profile and the bench run without it, as the
   * images do. Default: on for the test profile.
   */
  compileCache?: boolean;
}

/** The script a process runs. Throws a pointer to `make build` when it is not built. */
export function scriptOf(stack: Stack, app: AppInfo): string {
  if (app.kind === 'frontend') {
    // The built JavaScript: running server.ts through Node's type stripping loads the stripper too (about 25 MiB
    // more per static server); the source is the fallback before `make build`.
    const dir = join(stack.root, 'packages', 'static-server');
    const script = [join(dir, 'dist', 'server.js'), join(dir, 'src', 'server.ts')].find((file) => existsSync(file));
    if (!script) throw new Error(`the static server is missing (${join(dir, 'src', 'server.ts')})`);
    const root = join(stack.root, 'frontends', app.name, 'dist');
    if (!existsSync(root)) throw new Error(`${app.name} is not built (no ${root}): run \`make build\``);
    const renderer = app.renderer && join(stack.root, 'frontends', app.name, app.renderer);
    if (renderer && !existsSync(renderer))
      throw new Error(`${app.name}'s server rendering is not built (no ${renderer}): run \`make build\``);
    return script;
  }
  const script = join(stack.root, 'services', app.name, 'dist', 'main.js');
  if (!existsSync(script)) throw new Error(`${app.name} is not built (no ${script}): run \`make build\``);
  return script;
}

/**
 * Services and the gateway start with the kit's preload, which enables the OpenTelemetry instrumentations before
 * any of their modules load (as the images do); the static servers need none.
 */
export function nodeArgsOf(app: AppInfo, script: string): string[] {
  return app.kind === 'frontend' ? [script] : ['--import', '@pencraft/kit/instrument', script];
}

function identityOf(stack: Stack, app: AppInfo): Identity {
  // The static server's dist/server.js, or its src/server.ts before a build.
  const staticServer = `${join(stack.root, 'packages', 'static-server')}/`;
  const main = (name: string) => join(stack.root, 'services', name, 'dist', 'main.js');
  // A static frontend runs in a static server, or in the gateway that hosts it.
  if (staticOnly(app)) return { cmdlineIncludes: [], alternatives: [[staticServer], [main(stack.gateway.name)]] };
  return { cmdlineIncludes: [app.kind === 'frontend' ? staticServer : main(app.name)] };
}

function portsOf(app: AppInfo): number[] {
  if (app.kind === 'service') return [app.httpPort, app.internalPort, app.grpcPort];
  if (app.kind === 'gateway') return [app.httpPort, app.internalPort];
  return [app.httpPort];
}

/** Where an app's probes are: the internal port of services and the gateway, the static servers' own port. */
export function probePort(app: AppInfo): number {
  return app.kind === 'frontend' ? app.httpPort : app.internalPort;
}

export function readyUrl(app: AppInfo): string {
  return `http://127.0.0.1:${probePort(app)}/readyz`;
}

async function waitAppReady(stack: Stack, app: AppInfo, pid: number, timeoutMs: number): Promise<void> {
  const log = logFile(stack, app.name);
  const identity = identityOf(stack, app);
  const ready = await waitUntil(async () => (await httpStatus(readyUrl(app), 1500)) === 200, {
    timeoutMs,
    abort: () => (tracked(pidFile(stack, app.name), identity).state === 'running' ? undefined : 'exited'),
  }).catch((error: Error) => {
    throw new Error(
      `${app.name} (pid ${pid}) ${error.message} before it was ready; last lines of ${log}:\n${logTail(log)}`,
      {
        cause: error,
      },
    );
  });
  if (!ready) {
    throw new Error(
      `${app.name} (pid ${pid}) was not ready within ${timeoutMs / 1000} s (GET ${readyUrl(app)}); last lines of ${log}:\n${logTail(log)}`,
    );
  }
}

/** Whether a service only answers probes for now: neither the gateway nor any service calls it. */
function probesOnly(stack: Stack, app: AppInfo): boolean {
  return (
    app.kind === 'service' &&
    !stack.gateway.calls.includes(app.name) &&
    !stack.services.some((service) => service.calls.includes(app.name))
  );
}

/**
 * V8 settings per kind of process (the chart's values set the same). By default V8 sizes its heap from the machine's
 * memory: the young generation grows to 3 x 32 MiB while modules load and never shrinks, and the old generation keeps
 * growing under load. Measured with make bench and --cpu-prof (README, Benchmark): for the processes under load a
 * 4 MiB semi-space is worth its memory (with 1 MiB, garbage collection took 22% instead of 17% of the gateway's CPU and
 * 23% instead of 12% of the articles service's in the uncached read, for about 6 MiB less each; issue #19: the
 * comments service took 6.6 instead of 3.6 ms of CPU an answer, for about 5 MiB less after the runs); the services that
 * only answer probes take a 1 MiB semi-space and run without the JIT (--jitless: about 12 MiB less each; give a
 * service its JIT back with its first real traffic); the static servers hold little.
 */
export function nodeOptionsOf(stack: Stack, app: AppInfo): string {
  const options = v8OptionsOf(stack, app);
  // V8's gc function, for the kit's release of memory once a process is idle after work (lifecycle/idle-memory.ts):
  // every service, the gateway and a frontend that renders pages (the reader); the static servers hold little.
  return app.kind === 'frontend' && !app.renderer ? options : `${options} --expose-gc`;
}

function v8OptionsOf(stack: Stack, app: AppInfo): string {
  // The gateway: a 16 MiB semi-space took its garbage collection from 15% to 10% of its CPU in the uncached read, for
  // about 10 MiB more (issue #19, aim 1).
  if (app.kind === 'gateway') return '--max-semi-space-size=16 --max-old-space-size=192';
  // A frontend that renders pages (the reader) runs React on the server: more heap (peak about 220 MiB RSS in make bench);
  // an 8 MiB semi-space takes 10-15% off its CPU per uncached page against 2 MiB (16 is no better; issue #19, aim 2).
  if (app.kind === 'frontend') {
    return app.renderer
      ? '--max-semi-space-size=8 --max-old-space-size=96'
      : '--max-semi-space-size=1 --max-old-space-size=64';
  }
  if (probesOnly(stack, app)) return '--max-semi-space-size=1 --max-old-space-size=64 --jitless';
  return '--max-semi-space-size=4 --max-old-space-size=128';
}

/**
 * glibc malloc settings per process (the chart's values set the same). By default glibc gives each thread that
 * allocates its own arena (up to 8 per core) and, once a large block is freed, raises its mmap threshold to that block's
 * size, so later blocks of that size come from the arenas and stay resident after they are freed. MALLOC_ARENA_MAX=2
 * bounds the arenas of Node's worker threads. Identity's argon2id hashes 19 MiB per sign-in on those threads: with a
 * fixed 128 KiB mmap threshold each hash's block is mapped and unmapped (about 10 ms more CPU per sign-in for the page
 * faults) instead of about 19 MiB per thread staying resident for good (issue #19: 290 MiB after the bench's sign-ins).
 */
export function mallocEnvOf(app: AppInfo): Env {
  return { MALLOC_ARENA_MAX: '2', ...(app.name === 'identity' ? { MALLOC_MMAP_THRESHOLD_: '131072' } : {}) };
}

/** NODE_COMPILE_CACHE under the stack's run dir when the code cache is on (StartOptions.compileCache). */
export function compileCacheEnvOf(stack: Stack, compileCache = stack.profile === 'test'): Env {
  return compileCache ? { NODE_COMPILE_CACHE: join(stack.runDir, 'compile-cache') } : {};
}

/** Starts one process detached. It must not be running already and its ports must be free. */
export async function startApp(
  name: string,
  profile: Profile,
  extraEnv: Env = {},
  options: StartOptions = {},
): Promise<AppHandle> {
  const stack = options.stack ?? stackFor(profile);
  const app = findApp(stack, name);
  const script = scriptOf(stack, app);
  const file = pidFile(stack, name);
  const identity = identityOf(stack, app);
  const current = tracked(file, identity);
  if (current.state === 'running') throw new Error(`${name} is already running (pid ${current.pid}); stop it first`);
  for (const port of portsOf(app)) {
    if (await portOpen(port)) throw new Error(`${name}: port ${port} is taken by ${holderOf(port)}`);
  }
  ensureRunDirs(stack);
  // The gRPC identities (issue #19): every process's certificate, and the caller's own client certificate.
  if (app.kind !== 'frontend') ensurePki(stack);
  adoptTestClientIdentity(stack);
  const env = {
    ...baseEnv(),
    NODE_OPTIONS: nodeOptionsOf(stack, app),
    ...mallocEnvOf(app),
    ...compileCacheEnvOf(stack, options.compileCache),
    ...envFor(name, profile, { stack, database: options.database }),
    ...extraEnv,
  };
  const child = spawnDetached({
    command: process.execPath,
    args: nodeArgsOf(app, script),
    env,
    cwd: stack.root,
    log: logFile(stack, name),
  });
  if (child.pid === undefined)
    throw new Error(`${name} did not start: ${process.execPath} ${nodeArgsOf(app, script).join(' ')}`);
  writePid(file, child.pid);
  return handleOf(stack, app, child, child.pid);
}

/**
 * Stops a process of this app's own program (its command line names the app's script under this stack's root) that
 * listens on one of the app's ports without being the one its pid file names: a leftover whose pid file was lost or
 * overwritten (two starts racing, one of them a start a finished test suite no longer waited for). Another program
 * on the port is left alone. Answers the pids it stopped.
 */
export async function reclaimPorts(name: string, profile: Profile, options: { stack?: Stack } = {}): Promise<number[]> {
  const stack = options.stack ?? stackFor(profile);
  const app = findApp(stack, name);
  const identity = identityOf(stack, app);
  const current = tracked(pidFile(stack, name), identity);
  const stopped: number[] = [];
  for (const port of portsOf(app)) {
    const holder = portHolder(port);
    if (!holder || (current.state === 'running' && current.pid === holder.pid) || stopped.includes(holder.pid)) {
      continue;
    }
    if (!isSameProgram(holder.pid, identity)) continue;
    await terminate(holder.pid, identity, { timeoutMs: STOP_TIMEOUT_MS });
    stopped.push(holder.pid);
  }
  return stopped;
}

/** The settings of one site a static server serves (packages/static-server: STATIC_SITES). */
const SITE_KEYS = ['HOST', 'PORT', 'ROOT', 'BASE_PATH', 'SPA_FALLBACK', 'SPA_ROUTES', 'CSP_CONNECT_SRC', 'HSTS'];

/** STATIC_SITES of the named static frontends: each one's site settings, as its own process would have them. */
export function staticSitesOf(stack: Stack, names: string[]): string {
  return JSON.stringify(
    names.map((name) => {
      const env = envFor(name, stack.profile, { stack });
      return Object.fromEntries(SITE_KEYS.filter((key) => env[key] !== undefined).map((key) => [key, env[key]]));
    }),
  );
}

/** A frontend served from its files only (no server rendering): it can share a process with the others. */
export function staticOnly(app: AppInfo): boolean {
  return app.kind === 'frontend' && !app.renderer;
}

/**
 * Starts static frontends in one process (a static server takes about 60 MiB resident whatever it serves, so five
 * took 300 MiB): the first serves its own site and the others' (STATIC_SITES), each on its own port with its own
 * readiness, and every one's pid file names that process. Stopping any of them stops the process, so all of them
 * (`pencraft restart <one>` starts them together again: sharingProcess).
 */
export async function startStaticFrontends(
  stack: Stack,
  names: string[],
  extraEnv: Env = {},
  options: Pick<StartOptions, 'compileCache'> = {},
): Promise<AppHandle> {
  const [host, ...guests] = names.map((name) => findApp(stack, name));
  if (!host || !staticOnly(host)) {
    throw new Error(`only frontends without server rendering share a process: ${names.join(', ')}`);
  }
  return startHosting(stack, host, guests, extraEnv, options);
}

/**
 * Starts `host` serving the static frontends `guests` too (STATIC_SITES: each on its own port with its own readiness),
 * and writes their pid files with its pid. The handle's stop and kill forget those pid files too.
 */
async function startHosting(
  stack: Stack,
  host: AppInfo,
  guests: AppInfo[],
  extraEnv: Env,
  options: Pick<StartOptions, 'compileCache'>,
): Promise<AppHandle> {
  if (guests.some((guest) => !staticOnly(guest))) {
    throw new Error(`only frontends without server rendering share a process: ${guests.map((g) => g.name).join(', ')}`);
  }
  for (const guest of guests) {
    scriptOf(stack, guest); // built, or a pointer to `make build`
    const current = tracked(pidFile(stack, guest.name), identityOf(stack, guest));
    if (current.state === 'running') throw new Error(`${guest.name} is already running (pid ${current.pid})`);
    for (const port of portsOf(guest)) {
      if (await portOpen(port)) throw new Error(`${guest.name}: port ${port} is taken by ${holderOf(port)}`);
    }
  }
  const names = guests.map((guest) => guest.name);
  const env = names.length > 0 ? { ...extraEnv, STATIC_SITES: staticSitesOf(stack, names) } : extraEnv;
  const handle = await startApp(host.name, stack.profile, env, { ...options, stack });
  for (const name of names) writePid(pidFile(stack, name), handle.pid);
  const forgetGuests = (ended: Promise<ExitInfo>) =>
    ended.finally(() => {
      for (const name of names) removePid(pidFile(stack, name), handle.pid);
    });
  return {
    name: handle.name,
    pid: handle.pid,
    stop: (signal, timeoutMs) => forgetGuests(handle.stop(signal, timeoutMs)),
    kill: () => forgetGuests(handle.kill()),
    waitReady: (timeoutMs) => handle.waitReady(timeoutMs),
    get exited() {
      return handle.exited;
    },
  };
}

/** The apps running in the same process as `name` (itself included): several static frontends share one. */
export function sharingProcess(stack: Stack, name: string): string[] {
  const app = findApp(stack, name);
  const current = tracked(pidFile(stack, name), identityOf(stack, app));
  if (current.state !== 'running') return [name];
  return appsOf(stack)
    .filter((other) => {
      const theirs = tracked(pidFile(stack, other.name), identityOf(stack, other));
      return other.name === name || (theirs.state === 'running' && theirs.pid === current.pid);
    })
    .map((other) => other.name);
}

/** How long past its stop timeout a handle waits for its child's exit before it gives up with an error. */
const EXIT_GRACE_MS = 10_000;

/** The exit, or an error after `ms`: a stop or a kill never waits for ever (a start that failed must say why). */
export async function boundedExit(ended: Promise<ExitInfo>, ms: number, message: string): Promise<ExitInfo> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${message} within ${ms / 1000} s`)), ms);
  });
  try {
    return await Promise.race([ended, late]);
  } finally {
    clearTimeout(timer);
  }
}

function handleOf(stack: Stack, app: AppInfo, child: ChildProcess, pid: number): AppHandle {
  const identity = identityOf(stack, app);
  let exited: Promise<ExitInfo> | undefined;
  const exit = (): Promise<ExitInfo> => (exited ??= exitOf(child));
  const end = async (signal: NodeJS.Signals, timeoutMs: number): Promise<ExitInfo> => {
    const ended = exit();
    const result = await terminate(pid, identity, { signal, timeoutMs });
    // terminate signals only a process it still recognises as the app's program; the child this handle started is
    // ours by construction (its pid cannot be reused before Node has seen it exit), so kill it through its handle.
    if (result === 'not-running' && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    removePid(pidFile(stack, app.name), pid);
    return boundedExit(ended, timeoutMs + EXIT_GRACE_MS, `${app.name} (pid ${pid}) did not exit after ${signal}`);
  };
  return {
    name: app.name,
    pid,
    stop: (signal = 'SIGTERM', timeoutMs = STOP_TIMEOUT_MS) => end(signal, timeoutMs),
    kill: () => end('SIGKILL', 5_000),
    waitReady: (timeoutMs = READY_TIMEOUT_MS) => waitAppReady(stack, app, pid, timeoutMs),
    get exited() {
      return exit();
    },
  };
}

/** Stops a process through its pid file (SIGTERM, then SIGKILL after the timeout). False when it was not running. */
export async function stopApp(
  name: string,
  profile: Profile,
  options: { stack?: Stack; timeoutMs?: number } = {},
): Promise<boolean> {
  const stack = options.stack ?? stackFor(profile);
  const app = findApp(stack, name);
  const file = pidFile(stack, name);
  const current = tracked(file, identityOf(stack, app));
  if (current.state !== 'running') return false;
  await terminate(current.pid, identityOf(stack, app), { timeoutMs: options.timeoutMs ?? STOP_TIMEOUT_MS });
  removePid(file);
  return true;
}

export type Reporter = (line: string) => void;

/**
 * Applies every service's migrations (services with a schema, in registry order, one after the other)
 * against the profile's database or `databaseUrl`.
 */
export async function runMigrations(
  profile: Profile,
  databaseUrl?: string,
  options: { stack?: Stack; report?: Reporter; only?: string[] } = {},
): Promise<void> {
  const stack = options.stack ?? stackFor(profile);
  const only = options.only;
  const services = stack.services.filter(
    (s) => s.schema !== undefined && (only === undefined || only.includes(s.name)),
  );
  for (const service of services) {
    const script = join(stack.root, 'services', service.name, 'dist', 'migrate.js');
    if (!existsSync(script)) throw new Error(`${service.name} is not built (no ${script}): run \`make build\``);
    const env = {
      ...baseEnv(),
      ...envFor(service.name, profile, { stack }),
      ...(databaseUrl === undefined ? {} : { DATABASE_URL: databaseUrl }),
    };
    const started = Date.now();
    const result = await run(process.execPath, [script], { env, cwd: stack.root });
    if (result.code !== 0) {
      throw new Error(`migrations of ${service.name} failed (exit ${result.code}):\n${result.output.trimEnd()}`);
    }
    options.report?.(`${service.name}: migrated (${Date.now() - started} ms)`);
  }
}

export interface AppStatus {
  name: string;
  kind: AppInfo['kind'];
  pid: number | undefined;
  port: number;
  /** Where /readyz and /metrics are (services and the gateway). */
  internalPort: number | undefined;
  ready: boolean;
}

export async function appsStatus(stack: Stack): Promise<AppStatus[]> {
  return Promise.all(
    appsOf(stack).map(async (app) => {
      const current = tracked(pidFile(stack, app.name), identityOf(stack, app));
      const pid = current.state === 'running' ? current.pid : undefined;
      const ready = pid !== undefined && (await httpStatus(readyUrl(app), 1500)) === 200;
      const internalPort = app.kind === 'frontend' ? undefined : app.internalPort;
      return { name: app.name, kind: app.kind, pid, port: app.httpPort, internalPort, ready };
    }),
  );
}

/**
 * Starts the gateway serving the named static frontends too (STATIC_SITES: each on its own port with its own
 * readiness), and writes their pid files with its pid: they take no process of their own (a static server takes about
 * 60 MiB resident whatever it serves; issue #19). Stopping one of them stops the gateway, and so all of them
 * (`pencraft restart <one>` starts them together again: sharingProcess).
 */
export async function startGatewayHosting(
  stack: Stack,
  names: string[],
  extraEnv: Env = {},
  options: Pick<StartOptions, 'compileCache'> = {},
): Promise<AppHandle> {
  return startHosting(
    stack,
    stack.gateway,
    names.map((name) => findApp(stack, name)),
    extraEnv,
    options,
  );
}

/**
 * Starts the named processes (default: all) that are not running yet, in waves — services, the gateway, the frontends —
 * and waits for each wave to be ready before the next. Already running processes only get a readiness check. The
 * static frontends that are not running are served by the gateway when it starts here (startGatewayHosting), else
 * together in one process of their own (startStaticFrontends).
 */
export async function startApps(stack: Stack, names?: string[], report: Reporter = () => undefined): Promise<void> {
  const wanted = names === undefined ? appsOf(stack) : names.map((name) => findApp(stack, name));
  const waves = [
    wanted.filter((a) => a.kind === 'service'),
    wanted.filter((a) => a.kind === 'gateway'),
    wanted.filter((a) => a.kind === 'frontend'),
  ];
  const idleStatic = (app: AppInfo) =>
    staticOnly(app) && tracked(pidFile(stack, app.name), identityOf(stack, app)).state !== 'running';
  const gatewayStarts = waves[1]!.some(
    (app) => tracked(pidFile(stack, app.name), identityOf(stack, app)).state !== 'running',
  );
  const hosted = gatewayStarts ? wanted.filter(idleStatic) : [];
  for (const wave of waves) {
    const idle = wave.filter(idleStatic);
    const shared =
      idle.length > 1
        ? startStaticFrontends(
            stack,
            idle.map((app) => app.name),
          )
        : undefined;
    shared?.catch(() => undefined); // reported by each of its frontends below
    const results = await Promise.allSettled(
      wave.map(async (app) => {
        const current = tracked(pidFile(stack, app.name), identityOf(stack, app));
        const pid =
          shared && idle.includes(app)
            ? (await shared).pid
            : current.state === 'running'
              ? current.pid
              : app.kind === 'gateway'
                ? (
                    await startGatewayHosting(
                      stack,
                      hosted.map((frontend) => frontend.name),
                    )
                  ).pid
                : (await startApp(app.name, stack.profile, {}, { stack })).pid;
        await waitAppReady(stack, app, pid, READY_TIMEOUT_MS);
        const state = hosted.includes(app)
          ? "up in the gateway's process"
          : current.state === 'running'
            ? 'already up'
            : 'up';
        return `${app.name}: ${state} on ${app.httpPort} (pid ${pid})`;
      }),
    );
    for (const result of results) if (result.status === 'fulfilled') report(result.value);
    const failures = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    if (failures.length > 0) throw new Error(failures.map((f) => (f.reason as Error).message).join('\n\n'));
  }
}

/** Stops every process of the stack that this tool started, frontends first, services last. */
export async function stopApps(stack: Stack, report: Reporter = () => undefined): Promise<void> {
  const waves = [stack.frontends, [stack.gateway], stack.services];
  for (const wave of waves) {
    await Promise.all(
      wave.map(async (app) => {
        if (await stopApp(app.name, stack.profile, { stack })) report(`${app.name}: stopped`);
      }),
    );
  }
}
