import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import {
  cacheControlFor,
  CompressionCache,
  createStaticServer,
  IMMUTABLE,
  NO_CACHE,
  parseStaticSites,
  preferredEncoding,
  toRelativePath,
} from './server.ts';
import { CONTENT_SECURITY_POLICY, parseConnectSrc, securityHeaders } from './security-headers.ts';

interface Reply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

function fetchRaw(
  server: Server,
  rawPath: string,
  options: { method?: string; headers?: Record<string, string> } = {},
) {
  const { port } = server.address() as AddressInfo;
  return new Promise<Reply>((resolve, reject) => {
    // Raw paths (with `..`) must reach the server unnormalised, which node:http allows.
    const req = request({
      host: '127.0.0.1',
      port,
      path: rawPath,
      method: options.method ?? 'GET',
      headers: options.headers,
    });
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

async function listen(server: Server): Promise<void> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
}

async function close(server: Server): Promise<void> {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
}

describe('static server', () => {
  let dir: string;
  let root: string;
  let spa: Server;
  let plain: Server;
  const bigScript = `console.log(${JSON.stringify('x'.repeat(5000))});\n`;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'pc-static-'));
    root = path.join(dir, 'dist');
    await mkdir(path.join(root, 'assets'), { recursive: true });
    await mkdir(path.join(root, 'empty-dir'));
    await writeFile(path.join(dir, 'secret.txt'), 'top secret');
    await writeFile(path.join(root, 'index.html'), '<!doctype html><title>Pencraft</title>');
    await writeFile(path.join(root, 'remotes.json'), '{"reader":"/mf/reader/mf-manifest.json"}');
    await writeFile(path.join(root, 'mf-manifest.json'), '{}');
    await writeFile(path.join(root, 'remoteEntry.js'), 'var x = 1;');
    await writeFile(path.join(root, 'assets', 'main.3f2a9c1b7d.js'), bigScript);
    await writeFile(path.join(root, 'assets', 'style.0123abcd.css'), 'body{color:red}');
    await writeFile(path.join(root, '.env'), 'SECRET=1');
    spa = createStaticServer({ root, spaFallback: true }).server;
    plain = createStaticServer({ root, basePath: '/mf/reader/' }).server;
    await listen(spa);
    await listen(plain);
  });

  afterAll(async () => {
    await close(spa);
    await close(plain);
    await rm(dir, { recursive: true, force: true });
  });

  describe('path traversal', () => {
    it.each([
      '/../secret.txt',
      '/assets/../../secret.txt',
      '/%2e%2e/secret.txt',
      '/%2e%2e%2fsecret.txt',
      '/..%5csecret.txt',
      '/assets/%2e%2e/%2e%2e/secret.txt',
      '/%00index.html',
      '/.env',
      '/%2eenv',
    ])('refuses %s', async (rawPath) => {
      const reply = await fetchRaw(plain, rawPath);
      expect([400, 404]).toContain(reply.status);
      expect(reply.body.toString()).not.toContain('top secret');
      expect(reply.body.toString()).not.toContain('SECRET');
    });

    it('answers malformed escapes with 404, not a crash', async () => {
      expect((await fetchRaw(plain, '/%E0%A4%A')).status).toBe(404);
    });

    it('toRelativePath keeps paths inside the root and strips the base path', () => {
      expect(toRelativePath('/a/b.js')).toBe('a/b.js');
      expect(toRelativePath('//a//b.js')).toBe('a/b.js');
      expect(toRelativePath('/a/../b')).toBeNull();
      expect(toRelativePath('/mf/reader/remoteEntry.js', '/mf/reader/')).toBe('remoteEntry.js');
      expect(toRelativePath('/remoteEntry.js', '/mf/reader/')).toBe('remoteEntry.js');
    });
  });

  it('lists no directories', async () => {
    const reply = await fetchRaw(plain, '/empty-dir/');
    expect(reply.status).toBe(404);
    expect((await fetchRaw(plain, '/assets/')).status).toBe(404);
  });

  it('serves a directory index and files under the base path', async () => {
    expect((await fetchRaw(plain, '/')).body.toString()).toContain('<title>Pencraft</title>');
    expect((await fetchRaw(plain, '/mf/reader/remoteEntry.js')).body.toString()).toBe('var x = 1;');
  });

  it('falls back to index.html for unknown routes only when asked, never for asset paths', async () => {
    const route = await fetchRaw(spa, '/a/123');
    expect(route.status).toBe(200);
    expect(route.headers['content-type']).toBe('text/html; charset=utf-8');
    expect((await fetchRaw(spa, '/missing.js')).status).toBe(404);
    expect((await fetchRaw(plain, '/a/123')).status).toBe(404);
  });

  it('sends the security headers on files and errors', async () => {
    for (const reply of [await fetchRaw(spa, '/'), await fetchRaw(spa, '/missing.js')]) {
      expect(reply.headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
      expect(reply.headers['x-content-type-options']).toBe('nosniff');
      expect(reply.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(reply.headers['permissions-policy']).toBeDefined();
      expect(reply.headers['strict-transport-security']).toBeUndefined();
    }
    expect(CONTENT_SECURITY_POLICY).toContain("script-src 'self'");
    expect(CONTENT_SECURITY_POLICY).toContain("frame-ancestors 'none'");
    expect(CONTENT_SECURITY_POLICY).toContain('frame-src https://www.youtube-nocookie.com');
  });

  it('lets the page fetch from the origins of CSP_CONNECT_SRC (the staff console Keycloak) and nothing else', () => {
    expect(CONTENT_SECURITY_POLICY).toContain("connect-src 'self';");
    const policy = securityHeaders({ connectSrc: parseConnectSrc('http://localhost:8380') })[
      'Content-Security-Policy'
    ]!;
    expect(policy).toContain("connect-src 'self' http://localhost:8380;");
    expect(policy.replace(' http://localhost:8380', '')).toBe(CONTENT_SECURITY_POLICY);
    expect(parseConnectSrc(' https://auth.example.az, http://127.0.0.1:8480 ')).toEqual([
      'https://auth.example.az',
      'http://127.0.0.1:8480',
    ]);
    expect(parseConnectSrc(undefined)).toEqual([]);
    for (const bad of [
      '*',
      "'unsafe-inline'",
      'https://auth.example.az/realms',
      'javascript:alert(1)',
      'auth.example.az',
    ])
      expect(() => parseConnectSrc(bad)).toThrow(/CSP_CONNECT_SRC/);
  });

  it('sends HSTS only when enabled', () => {
    expect(securityHeaders()['Strict-Transport-Security']).toBeUndefined();
    expect(securityHeaders({ hsts: true })['Strict-Transport-Security']).toMatch(/^max-age=\d+/);
  });

  describe('cache rules', () => {
    it.each([
      ['index.html', NO_CACHE],
      ['remotes.json', NO_CACHE],
      ['mf-manifest.json', NO_CACHE],
      ['remoteEntry.js', NO_CACHE],
      ['favicon.svg', NO_CACHE],
      ['assets/main.3f2a9c1b7d.js', IMMUTABLE],
      ['assets/123.abcdef0123.css', IMMUTABLE],
    ])('%s → %s', (file, expected) => {
      expect(cacheControlFor(file)).toBe(expected);
    });

    it('applies them to responses', async () => {
      expect((await fetchRaw(spa, '/remotes.json')).headers['cache-control']).toBe(NO_CACHE);
      expect((await fetchRaw(spa, '/assets/style.0123abcd.css')).headers['cache-control']).toBe(IMMUTABLE);
      expect((await fetchRaw(spa, '/')).headers['cache-control']).toBe(NO_CACHE);
    });

    it('answers 304 to a matching ETag', async () => {
      const first = await fetchRaw(spa, '/remotes.json');
      const second = await fetchRaw(spa, '/remotes.json', { headers: { 'If-None-Match': String(first.headers.etag) } });
      expect(second.status).toBe(304);
    });
  });

  it('sends correct content types', async () => {
    expect((await fetchRaw(spa, '/assets/main.3f2a9c1b7d.js')).headers['content-type']).toBe(
      'text/javascript; charset=utf-8',
    );
    expect((await fetchRaw(spa, '/remotes.json')).headers['content-type']).toBe('application/json; charset=utf-8');
    expect((await fetchRaw(spa, '/assets/style.0123abcd.css')).headers['content-type']).toBe('text/css; charset=utf-8');
  });

  it('compresses text with brotli or gzip', async () => {
    const br = await fetchRaw(spa, '/assets/main.3f2a9c1b7d.js', { headers: { 'Accept-Encoding': 'gzip, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.body).toString()).toBe(bigScript);
    const gz = await fetchRaw(spa, '/assets/main.3f2a9c1b7d.js', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(bigScript);
    const none = await fetchRaw(spa, '/assets/main.3f2a9c1b7d.js', { headers: { 'Accept-Encoding': 'br;q=0' } });
    expect(none.headers['content-encoding']).toBeUndefined();
    expect(preferredEncoding('gzip;q=1.0, br;q=0')).toBe('gzip');
  });

  it('allows only GET and HEAD', async () => {
    const post = await fetchRaw(spa, '/', { method: 'POST' });
    expect(post.status).toBe(405);
    expect(post.headers.allow).toBe('GET, HEAD');
    const head = await fetchRaw(spa, '/', { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
  });

  it('answers the probes', async () => {
    expect((await fetchRaw(plain, '/healthz')).status).toBe(200);
    const instance = createStaticServer({ root });
    await listen(instance.server);
    expect((await fetchRaw(instance.server, '/readyz')).status).toBe(200);
    instance.setNotReady();
    expect((await fetchRaw(instance.server, '/readyz')).status).toBe(503);
    await close(instance.server);
  });
});

describe('renderer mode', () => {
  let dir: string;
  let server: Server;
  const asked: string[] = [];

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'pc-static-renderer-'));
    await mkdir(path.join(dir, 'assets'), { recursive: true });
    await writeFile(path.join(dir, 'index.html'), '<!doctype html><title>standalone</title>');
    await writeFile(path.join(dir, 'assets', 'page.0123abcd.js'), 'var page = 1;');
    server = createStaticServer({
      root: dir,
      basePath: '/mf/reader/',
      renderer: async (req, res) => {
        asked.push(req.url ?? '');
        if (!req.url?.startsWith('/a/')) return false;
        res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
        res.end('<h1>rendered</h1>');
        return true;
      },
    }).server;
    await listen(server);
  });

  afterAll(async () => {
    await close(server);
    await rm(dir, { recursive: true, force: true });
  });

  it('lets the renderer answer the paths it renders', async () => {
    const reply = await fetchRaw(server, '/a/1');
    expect(reply.status).toBe(200);
    expect(reply.body.toString()).toBe('<h1>rendered</h1>');
  });

  it('serves the files for what the renderer leaves, and never asks it about the base path', async () => {
    expect((await fetchRaw(server, '/mf/reader/assets/page.0123abcd.js')).body.toString()).toBe('var page = 1;');
    expect((await fetchRaw(server, '/assets/page.0123abcd.js')).status).toBe(200);
    expect(asked).not.toContain('/mf/reader/assets/page.0123abcd.js');
    expect(asked).toContain('/assets/page.0123abcd.js');
  });

  it('keeps probes and the method check ahead of the renderer', async () => {
    expect((await fetchRaw(server, '/healthz')).status).toBe(200);
    expect((await fetchRaw(server, '/a/1', { method: 'POST' })).status).toBe(405);
    expect(asked).not.toContain('/healthz');
  });
});

describe('parseStaticSites (more sites in one process)', () => {
  it('reads a JSON array of environments, values as strings', () => {
    expect(parseStaticSites(undefined)).toEqual([]);
    expect(parseStaticSites('[{"PORT":3002,"ROOT":"/srv/editor","CSP_CONNECT_SRC":"http://localhost:8380"}]')).toEqual([
      { PORT: '3002', ROOT: '/srv/editor', CSP_CONNECT_SRC: 'http://localhost:8380' },
    ]);
  });

  it('refuses what is not a list of sites with a port and a root, and a renderer', () => {
    expect(() => parseStaticSites('{')).toThrow('JSON array');
    expect(() => parseStaticSites('{"PORT":"1"}')).toThrow('JSON array');
    expect(() => parseStaticSites('["x"]')).toThrow('object of environment variables');
    expect(() => parseStaticSites('[{"PORT":"3002"}]')).toThrow('PORT and ROOT');
    expect(() => parseStaticSites('[{"PORT":"3002","ROOT":"/srv","RENDERER":"r.cjs"}]')).toThrow('RENDERER');
  });
});

describe('CompressionCache', () => {
  const bytes = (n: number, fill = 1) => Buffer.alloc(n, fill);

  it('counts a body stored again under its key once, and stays within its bound', () => {
    const cache = new CompressionCache(100);
    cache.set('a', bytes(40));
    cache.set('a', bytes(40, 2));
    expect(cache.bytes).toBe(40);
    expect(cache.get('a')?.[0]).toBe(2);
    cache.set('b', bytes(40));
    cache.set('c', bytes(40));
    // The least recently used ('a') made room.
    expect(cache.get('a')).toBeUndefined();
    expect(cache.bytes).toBe(80);
    cache.set('big', bytes(101));
    expect(cache.get('big')).toBeUndefined();
    expect(cache.bytes).toBe(80);
  });

  it('compresses a body once for the requests that miss while it runs, and again after a failure', async () => {
    const cache = new CompressionCache(1000);
    let made = 0;
    let finish: (value: Buffer) => void = () => undefined;
    const make = () => {
      made += 1;
      return new Promise<Buffer>((resolve) => (finish = resolve));
    };
    const waiting = [cache.getOrMake('k', make), cache.getOrMake('k', make), cache.getOrMake('k', make)];
    finish(bytes(10));
    const answers = await Promise.all(waiting);
    expect(made).toBe(1);
    expect(new Set(answers).size).toBe(1);
    expect(await cache.getOrMake('k', make)).toBe(answers[0]);
    expect(made).toBe(1);

    await expect(cache.getOrMake('f', () => Promise.reject(new Error('no')))).rejects.toThrow('no');
    expect(await cache.getOrMake('f', () => Promise.resolve(bytes(5)))).toHaveLength(5);
  });
});
