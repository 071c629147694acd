// How the dev stack starts its processes (issue #19, memory): the environment each gets besides envFor.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cmdlineOf, isAlive, isSameProgram, pidFile, portHolder, writePid } from './proc.ts';
import {
  boundedExit,
  compileCacheEnvOf,
  mallocEnvOf,
  nodeOptionsOf,
  reclaimPorts,
  sharingProcess,
  staticOnly,
  staticSitesOf,
} from './processes.ts';
import { appsOf, findApp, stackFor, type Stack } from './registry.ts';

describe('process settings', () => {
  const dev = stackFor('dev');
  const test = stackFor('test');

  it('keeps V8’s code cache between starts for the test profile only, unless told otherwise', () => {
    expect(compileCacheEnvOf(test)).toEqual({ NODE_COMPILE_CACHE: join(test.runDir, 'compile-cache') });
    expect(compileCacheEnvOf(dev)).toEqual({});
    expect(compileCacheEnvOf(test, false)).toEqual({});
    expect(compileCacheEnvOf(dev, true)).toEqual({ NODE_COMPILE_CACHE: join(dev.runDir, 'compile-cache') });
  });

  it('bounds every process’s malloc arenas, and fixes identity’s mmap threshold (argon2id’s blocks)', () => {
    for (const app of appsOf(dev)) {
      const expected =
        app.name === 'identity'
          ? { MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '131072' }
          : { MALLOC_ARENA_MAX: '2' };
      expect([app.name, mallocEnvOf(app)]).toEqual([app.name, expected]);
    }
  });

  it('bounds V8’s heap per kind of process', () => {
    expect(nodeOptionsOf(dev, findApp(dev, 'gateway'))).toBe(
      '--max-semi-space-size=16 --max-old-space-size=192 --expose-gc',
    );
    expect(nodeOptionsOf(dev, findApp(dev, 'reader'))).toBe(
      '--max-semi-space-size=8 --max-old-space-size=96 --expose-gc',
    );
    // V8's gc function for the kit's idle release, in every process that runs it (the reader's renderer does; not the
    // static servers).
    for (const app of appsOf(dev))
      expect(nodeOptionsOf(dev, app).includes('--expose-gc')).toBe(app.kind !== 'frontend' || Boolean(app.renderer));
    // Every service under load keeps a 4 MiB semi-space (1 MiB cost the comments service 80% more CPU an answer).
    expect(nodeOptionsOf(dev, findApp(dev, 'articles'))).toBe(
      '--max-semi-space-size=4 --max-old-space-size=128 --expose-gc',
    );
    expect(nodeOptionsOf(dev, findApp(dev, 'notifications'))).toBe(
      '--max-semi-space-size=4 --max-old-space-size=128 --expose-gc',
    );
    expect(nodeOptionsOf(dev, findApp(dev, 'comments'))).toBe(
      '--max-semi-space-size=4 --max-old-space-size=128 --expose-gc',
    );
    for (const app of appsOf(dev))
      expect(nodeOptionsOf(dev, app)).toMatch(/--max-semi-space-size=\d+ --max-old-space-size=\d+/);
  });
});

describe('ports held without a pid file', () => {
  const listen = (port = 0) =>
    new Promise<Server>((resolve, reject) => {
      const server = createServer().listen(port, '127.0.0.1', () => resolve(server));
      server.once('error', reject);
    });
  const freePort = async () => {
    const server = await listen();
    const { port } = server.address() as { port: number };
    await new Promise((resolve) => server.close(resolve));
    return port;
  };

  let root: string;
  let stack: Stack;
  let script: string;
  beforeEach(async () => {
    root = mkdtempSync(join(tmpdir(), 'pencraft-reclaim-'));
    const test = stackFor('test');
    stack = {
      ...test,
      root,
      runDir: join(root, '.run'),
      logDir: join(root, '.run', 'logs'),
      gateway: { ...test.gateway, httpPort: await freePort(), internalPort: await freePort() },
    };
    mkdirSync(stack.runDir, { recursive: true });
    // The gateway's program as the identity check sees it: services/gateway/dist/main.js under the stack's root.
    script = join(root, 'services', 'gateway', 'dist', 'main.js');
    mkdirSync(join(root, 'services', 'gateway', 'dist'), { recursive: true });
    writeFileSync(
      script,
      "require('node:net').createServer().listen(Number(process.argv[2]), '127.0.0.1', () => console.log('up'));",
    );
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  const startHolder = async (port: number) => {
    const child = spawn(process.execPath, [script, String(port)], { stdio: ['ignore', 'pipe', 'inherit'] });
    await new Promise((resolve) => child.stdout.once('data', resolve));
    return child;
  };

  it('names the process listening on a port, and nothing when none listens', async () => {
    const server = await listen();
    const { port } = server.address() as { port: number };
    expect(portHolder(port)?.pid).toBe(process.pid);
    await new Promise((resolve) => server.close(resolve));
    expect(portHolder(port)).toBeUndefined();
  });

  it('stops the app’s own program on its port when no pid file names it, and only that', async () => {
    const leftover = await startHolder(stack.gateway.httpPort);
    const exited = new Promise((resolve) => leftover.once('exit', resolve));
    expect(await reclaimPorts('gateway', 'test', { stack })).toEqual([leftover.pid]);
    await exited;
    expect(portHolder(stack.gateway.httpPort)).toBeUndefined();
  });

  it('leaves the process its pid file names, and another program on the port', async () => {
    const tracked = await startHolder(stack.gateway.httpPort);
    writePid(pidFile(stack, 'gateway'), tracked.pid!);
    const other = await listen(stack.gateway.internalPort);
    try {
      expect(await reclaimPorts('gateway', 'test', { stack })).toEqual([]);
      expect(isAlive(tracked.pid!)).toBe(true);
      expect(portHolder(stack.gateway.internalPort)?.pid).toBe(process.pid);
    } finally {
      tracked.kill('SIGKILL');
      await new Promise((resolve) => other.close(resolve));
    }
  });
});

describe('the static frontends in the gateway’s process', () => {
  it('gives each static frontend its own site settings, as its own process would have them', () => {
    const test = stackFor('test');
    const statics = test.frontends.filter(staticOnly);
    expect(statics.map((f) => f.name)).toEqual(expect.arrayContaining(['shell', 'editor', 'studio', 'settings']));
    expect(test.frontends.filter((f) => !staticOnly(f)).map((f) => f.name)).toEqual(['reader']);
    const sites = JSON.parse(
      staticSitesOf(
        test,
        statics.map((f) => f.name),
      ),
    ) as Record<string, string>[];
    expect(sites).toHaveLength(statics.length);
    statics.forEach((frontend, i) => {
      expect(sites[i]).toMatchObject({
        HOST: '127.0.0.1',
        PORT: String(frontend.httpPort),
        ROOT: join(test.root, 'frontends', frontend.name, 'dist'),
      });
      // Only the shell, at /, answers its client routes and falls back to index.html.
      expect(sites[i]!.SPA_FALLBACK).toBe(frontend.path === '/' ? 'true' : undefined);
      expect(sites[i]!.RENDERER).toBeUndefined();
    });
  });

  it('matches a program by one of its alternatives', () => {
    const own = cmdlineOf(process.pid)!.split(' ')[0]!; // this process's own program
    expect(isSameProgram(process.pid, { cmdlineIncludes: [], alternatives: [['no such program'], [own]] })).toBe(true);
    expect(isSameProgram(process.pid, { cmdlineIncludes: [], alternatives: [['no such program']] })).toBe(false);
    expect(isSameProgram(process.pid, { cmdlineIncludes: ['no such program'], alternatives: [[own]] })).toBe(false);
  });

  it('takes the frontends the gateway serves as running in its process, and restarts them together', async () => {
    const root = mkdtempSync(join(tmpdir(), 'pencraft-hosted-'));
    const test = stackFor('test');
    const stack: Stack = { ...test, root, runDir: join(root, '.run'), logDir: join(root, '.run', 'logs') };
    mkdirSync(stack.runDir, { recursive: true });
    // The gateway's program as the identity check sees it: services/gateway/dist/main.js under the stack's root.
    const script = join(root, 'services', 'gateway', 'dist', 'main.js');
    mkdirSync(join(root, 'services', 'gateway', 'dist'), { recursive: true });
    writeFileSync(script, 'setInterval(() => undefined, 1000);');
    const gateway = spawn(process.execPath, [script], { stdio: 'ignore' });
    try {
      await new Promise((resolve) => gateway.once('spawn', resolve));
      for (const name of ['gateway', 'shell', 'editor']) writePid(pidFile(stack, name), gateway.pid!);
      expect(sharingProcess(stack, 'shell')).toEqual(['gateway', 'shell', 'editor']);
      expect(sharingProcess(stack, 'gateway')).toEqual(['gateway', 'shell', 'editor']);
      // The reader renders pages: never in another process, so its pid file naming the gateway is stale.
      writePid(pidFile(stack, 'reader'), gateway.pid!);
      expect(sharingProcess(stack, 'reader')).toEqual(['reader']);
    } finally {
      gateway.kill('SIGKILL');
      rmSync(root, { recursive: true, force: true });
    }
  });
});

describe("a handle's wait for its child's exit", () => {
  it('returns the exit, and fails with the reason when none comes in time', async () => {
    const exit = { code: 0, signal: null };
    await expect(boundedExit(Promise.resolve(exit), 1_000, 'app')).resolves.toBe(exit);
    await expect(
      boundedExit(new Promise(() => undefined), 50, 'gateway (pid 1) did not exit after SIGKILL'),
    ).rejects.toThrow('gateway (pid 1) did not exit after SIGKILL within 0.05 s');
  });
});
