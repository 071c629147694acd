#!/usr/bin/env node
// A small hardened static file server for the built frontends (Node 24 runs this file directly).
// GET/HEAD only, no directory listing, no dotfiles, path traversal refused, brotli/gzip with a
// bounded in-memory cache, long-lived caching only for content-hashed file names.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { readFile, realpath, stat } from 'node:fs/promises';
import { createReadStream, type Stats } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import { parseRoutes, routeMatcher } from './routes.ts';
import { parseConnectSrc, securityHeaders } from './security-headers.ts';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

export interface StaticServerOptions {
  /** Directory with the built files. */
  root: string;
  /** Serve index.html for unknown paths without a file extension (client-side routing). */
  spaFallback?: boolean;
  /**
   * With spaFallback: the site's client routes (system.json `frontends.*.routes`, env SPA_ROUTES). A path that is one
   * of them gets index.html with 200, any other path index.html with 404 (the app shows its not-found page), so an
   * unknown page is not a soft 404. Absent: every path is answered 200.
   */
  routes?: readonly string[];
  /** Send Strict-Transport-Security. */
  hsts?: boolean;
  /** More connect-src origins of the CSP (CSP_CONNECT_SRC: the staff console's Keycloak). */
  connectSrc?: readonly string[];
  /** URL prefix the files may be requested under (e.g. `/mf/reader/`); stripped when present. */
  basePath?: string;
  /** Upper bound of the compressed-response cache, in bytes. */
  compressionCacheBytes?: number;
  /**
   * Renderer mode: asked first for every GET and HEAD outside basePath; answers the paths it renders (true) and
   * leaves the rest to the files (false). A frontend's server rendering (e.g. the reader's) plugs in here.
   */
  renderer?: Renderer;
}

/** A frontend's server rendering: answers a request (true) or leaves it to the static files (false). */
export type Renderer = (req: IncomingMessage, res: ServerResponse) => Promise<boolean>;

/** What a renderer module (RENDERER) exports. */
export interface RendererModule {
  createRenderer(options: {
    apiOrigin: string;
    shellOrigin: string;
    publicOrigin: string;
    distDir: string;
    basePath: string;
    cacheSeconds: number;
    headers: Record<string, string>;
  }): Promise<Renderer>;
}

export interface StaticServer {
  server: Server;
  /** Marks the server not ready (readyz answers 503), as on SIGTERM. */
  setNotReady(): void;
}

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.wasm': 'application/wasm',
};

const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.json', '.map', '.webmanifest', '.txt', '.xml', '.svg']);
const MIN_COMPRESS_BYTES = 1024;
const MAX_BUFFERED_BYTES = 8 * 1024 * 1024;
const MAX_URL_LENGTH = 4096;

export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const NO_CACHE = 'no-cache';

export function contentTypeOf(filePath: string): string {
  return CONTENT_TYPES[path.extname(filePath).toLowerCase()] ?? 'application/octet-stream';
}

/** A file name carrying a content hash (e.g. `main.3f2a9c1b7d.js`) never changes, so it may be cached forever. */
export function isHashedAsset(filePath: string): boolean {
  return /[.-][0-9a-f]{8,}\.[a-z0-9]+$/i.test(path.basename(filePath));
}

export function cacheControlFor(filePath: string): string {
  const base = path.basename(filePath).toLowerCase();
  if (base.endsWith('.html') || base.endsWith('.json') || base === 'mf-manifest.json') return NO_CACHE;
  return isHashedAsset(filePath) ? IMMUTABLE : NO_CACHE;
}

/**
 * Maps a request path to a path relative to the root, or null when it must not be served
 * (traversal, dotfiles, NUL bytes, backslashes, malformed escapes).
 */
export function toRelativePath(rawPath: string, basePath = '/'): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(rawPath);
  } catch {
    return null;
  }
  if (!decoded.startsWith('/') || decoded.includes('\0') || decoded.includes('\\')) return null;
  const segments = decoded.split('/').filter((s) => s !== '');
  if (segments.some((s) => s.startsWith('.'))) return null;
  let relative = segments.join('/');
  const base = basePath
    .split('/')
    .filter((s) => s !== '')
    .join('/');
  if (base && (relative === base || relative.startsWith(base + '/'))) relative = relative.slice(base.length + 1);
  return relative;
}

/** Whether a raw path lies under a base path other than `/`. */
function isUnder(rawPath: string, basePath = '/'): boolean {
  const base = `/${basePath.split('/').filter(Boolean).join('/')}`;
  return base !== '/' && (rawPath === base || rawPath.startsWith(`${base}/`));
}

type Encoding = 'br' | 'gzip';

export function preferredEncoding(acceptEncoding: string | undefined): Encoding | null {
  if (!acceptEncoding) return null;
  const accepted = new Set<string>();
  for (const part of acceptEncoding.split(',')) {
    const [token, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (token && (!q || Number(q.slice(2)) > 0)) accepted.add(token);
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return null;
}

/**
 * Least-recently-used cache of compressed bodies, bounded by their total size. A body is compressed once: requests
 * that miss while its compression runs wait for the same one (brotli at quality 9 of a large bundle takes tens of
 * milliseconds of a pool thread and megabytes of its working memory, so a burst of first requests for the same file
 * would otherwise compress it once each).
 */
export class CompressionCache {
  private readonly entries = new Map<string, Buffer>();
  private readonly pending = new Map<string, Promise<Buffer>>();
  private total = 0;
  private readonly maxBytes: number;

  constructor(maxBytes: number) {
    this.maxBytes = maxBytes;
  }

  /** The bytes held (at most maxBytes). */
  get bytes(): number {
    return this.total;
  }

  get(key: string): Buffer | undefined {
    const value = this.entries.get(key);
    if (value) {
      this.entries.delete(key);
      this.entries.set(key, value);
    }
    return value;
  }

  set(key: string, value: Buffer): void {
    const previous = this.entries.get(key);
    if (previous) {
      this.entries.delete(key);
      this.total -= previous.length;
    }
    if (value.length > this.maxBytes) return;
    this.entries.set(key, value);
    this.total += value.length;
    for (const [oldKey, oldValue] of this.entries) {
      if (this.total <= this.maxBytes) break;
      this.entries.delete(oldKey);
      this.total -= oldValue.length;
    }
  }

  /** The cached body, else the one `make` gives, made once however many ask for it meanwhile. */
  async getOrMake(key: string, make: () => Promise<Buffer>): Promise<Buffer> {
    const cached = this.get(key);
    if (cached) return cached;
    let running = this.pending.get(key);
    if (!running) {
      running = make()
        .then((value) => {
          this.set(key, value);
          return value;
        })
        .finally(() => this.pending.delete(key));
      this.pending.set(key, running);
    }
    return running;
  }
}

async function statFile(filePath: string): Promise<Stats | null> {
  try {
    return await stat(filePath);
  } catch {
    return null;
  }
}

export function createStaticServer(options: StaticServerOptions): StaticServer {
  const root = path.resolve(options.root);
  const headers = securityHeaders({ hsts: options.hsts ?? false, connectSrc: options.connectSrc ?? [] });
  const cache = new CompressionCache(options.compressionCacheBytes ?? 64 * 1024 * 1024);
  let ready = true;
  let realRoot: string | undefined;
  const isRoute = options.routes ? routeMatcher(options.routes) : () => true;

  async function insideRoot(filePath: string): Promise<boolean> {
    realRoot ??= await realpath(root);
    try {
      const real = await realpath(filePath);
      return real === realRoot || real.startsWith(realRoot + path.sep);
    } catch {
      return false;
    }
  }

  /** Finds the file for a relative path: the file itself or a directory's index.html. */
  async function findFile(relative: string): Promise<{ filePath: string; stats: Stats } | null> {
    let filePath = path.join(root, relative);
    if (filePath !== root && !filePath.startsWith(root + path.sep)) return null;
    let stats = await statFile(filePath);
    if (stats?.isDirectory()) {
      filePath = path.join(filePath, 'index.html');
      stats = await statFile(filePath);
    }
    if (!stats?.isFile() || !(await insideRoot(filePath))) return null;
    return { filePath, stats };
  }

  function send(res: ServerResponse, status: number, body: string, extra: Record<string, string> = {}): void {
    res.writeHead(status, {
      ...headers,
      'Content-Type': 'text/plain; charset=utf-8',
      'Cache-Control': NO_CACHE,
      'Content-Length': String(Buffer.byteLength(body)),
      ...extra,
    });
    res.end(res.req.method === 'HEAD' ? undefined : body);
  }

  async function body(
    filePath: string,
    stats: Stats,
    encoding: Encoding | null,
  ): Promise<{ data: Buffer | null; encoding: Encoding | null }> {
    const compressible = COMPRESSIBLE.has(path.extname(filePath).toLowerCase());
    if (encoding && compressible) {
      const pre = await statFile(`${filePath}.${encoding === 'br' ? 'br' : 'gz'}`);
      if (pre?.isFile() && pre.mtimeMs >= stats.mtimeMs) {
        return { data: await readFile(`${filePath}.${encoding === 'br' ? 'br' : 'gz'}`), encoding };
      }
    }
    if (stats.size > MAX_BUFFERED_BYTES) return { data: null, encoding: null };
    if (!encoding || !compressible || stats.size < MIN_COMPRESS_BYTES) {
      return { data: await readFile(filePath), encoding: null };
    }
    const key = `${filePath}\0${stats.mtimeMs}\0${stats.size}\0${encoding}`;
    const data = await cache.getOrMake(key, async () => {
      const raw = await readFile(filePath);
      return encoding === 'br'
        ? brotli(raw, {
            params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 9, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: raw.length },
          })
        : gzipAsync(raw, { level: 9 });
    });
    return { data, encoding };
  }

  async function serveFile(
    req: IncomingMessage,
    res: ServerResponse,
    filePath: string,
    stats: Stats,
    status = 200,
  ): Promise<void> {
    const etag = `W/"${stats.size.toString(16)}-${Math.floor(stats.mtimeMs).toString(16)}"`;
    const common: Record<string, string> = {
      ...headers,
      'Content-Type': contentTypeOf(filePath),
      'Cache-Control': cacheControlFor(filePath),
      'Last-Modified': stats.mtime.toUTCString(),
      ETag: etag,
      Vary: 'Accept-Encoding',
    };
    if (status === 200 && req.headers['if-none-match'] === etag) {
      res.writeHead(304, common);
      res.end();
      return;
    }
    const { data, encoding } = await body(filePath, stats, preferredEncoding(req.headers['accept-encoding']));
    if (encoding) common['Content-Encoding'] = encoding;
    common['Content-Length'] = String(data ? data.length : stats.size);
    if (status !== 200) delete common.ETag;
    res.writeHead(status, common);
    if (req.method === 'HEAD') {
      res.end();
    } else if (data) {
      res.end(data);
    } else {
      createReadStream(filePath).pipe(res);
    }
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = req.url ?? '/';
    if (url.length > MAX_URL_LENGTH) return send(res, 414, 'URI Too Long');
    const rawPath = url.split(/[?#]/, 1)[0] ?? '/';
    if (rawPath === '/healthz') return send(res, 200, 'ok');
    if (rawPath === '/readyz') return ready ? send(res, 200, 'ok') : send(res, 503, 'shutting down');
    if (req.method !== 'GET' && req.method !== 'HEAD')
      return send(res, 405, 'Method Not Allowed', { Allow: 'GET, HEAD' });

    if (options.renderer && !isUnder(rawPath, options.basePath) && (await options.renderer(req, res))) return;

    const relative = toRelativePath(rawPath, options.basePath);
    if (relative === null) return send(res, 404, 'Not Found');
    const found = await findFile(relative);
    if (found) return serveFile(req, res, found.filePath, found.stats);

    const lastSegment = relative.split('/').pop() ?? '';
    if (options.spaFallback && !path.extname(lastSegment) && !relative.startsWith('api/')) {
      const index = await findFile('index.html');
      if (index) return serveFile(req, res, index.filePath, index.stats, isRoute(rawPath) ? 200 : 404);
    }
    return send(res, 404, 'Not Found');
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      process.stderr.write(`${JSON.stringify({ level: 'error', msg: 'request failed', error: String(error) })}\n`);
      if (!res.headersSent) send(res, 500, 'Internal Server Error');
      else res.destroy();
    });
  });
  server.keepAliveTimeout = 5000;
  server.headersTimeout = 10000;
  server.requestTimeout = 30000;

  return {
    server,
    setNotReady: () => {
      ready = false;
    },
  };
}

function fail(message: string): never {
  process.stderr.write(`${JSON.stringify({ level: 'fatal', msg: message })}\n`);
  process.exit(1);
}

/** Loads a frontend's server rendering (RENDERER: its built module) with the origins it needs. */
async function loadRenderer(
  file: string,
  root: string,
  basePath: string,
  hsts: boolean,
  connectSrc: readonly string[],
): Promise<Renderer> {
  const env = process.env;
  const origin = (name: string): string => {
    const value = env[name];
    try {
      if (value && ['http:', 'https:'].includes(new URL(value).protocol)) return value;
    } catch {
      // reported below
    }
    return fail(`${name} must be an http(s) URL when RENDERER is set, got "${value ?? ''}"`);
  };
  const options = {
    apiOrigin: origin('API_ORIGIN'),
    shellOrigin: origin('SHELL_ORIGIN'),
    publicOrigin: origin('PUBLIC_ORIGIN'),
    distDir: root,
    basePath,
    cacheSeconds: Number(env.RENDER_CACHE_SECONDS ?? '2'),
    headers: securityHeaders({ hsts, connectSrc }),
  };
  if (!Number.isFinite(options.cacheSeconds) || options.cacheSeconds < 0) fail('RENDER_CACHE_SECONDS must be >= 0');
  const loaded = (await import(pathToFileURL(path.resolve(file)).href)) as Partial<RendererModule> & {
    default?: Partial<RendererModule>;
  };
  const create = loaded.createRenderer ?? loaded.default?.createRenderer;
  if (typeof create !== 'function') fail(`RENDERER ${file} exports no createRenderer`);
  return create(options);
}

/** The environment of one site this process serves (its own, and each of STATIC_SITES). */
export type SiteEnv = Record<string, string | undefined>;

/** One site from its environment (PORT, ROOT, BASE_PATH, SPA_*, HSTS, CSP_CONNECT_SRC, RENDERER...), not yet listening. */
async function siteFrom(env: SiteEnv): Promise<ListeningSite> {
  const port = Number(env.PORT ?? '8080');
  if (!Number.isInteger(port) || port < 0 || port > 65535) fail(`PORT must be a port number, got "${env.PORT}"`);
  const root = path.resolve(env.ROOT ?? 'dist');
  const rootStats = await statFile(root);
  if (!rootStats?.isDirectory()) fail(`ROOT must be a directory, got "${root}"`);
  const host = env.HOST || '0.0.0.0';

  const hsts = env.HSTS === 'true';
  const basePath = env.BASE_PATH || '/';
  let connectSrc: string[] = [];
  try {
    connectSrc = parseConnectSrc(env.CSP_CONNECT_SRC);
  } catch (error) {
    fail((error as Error).message);
  }
  let routes: string[] | undefined;
  try {
    routes = env.SPA_ROUTES ? parseRoutes(env.SPA_ROUTES) : undefined;
  } catch (error) {
    fail((error as Error).message);
  }
  const renderer = env.RENDERER ? await loadRenderer(env.RENDERER, root, basePath, hsts, connectSrc) : undefined;
  const site = createStaticServer({
    root,
    spaFallback: env.SPA_FALLBACK === 'true',
    routes,
    hsts,
    connectSrc,
    basePath,
    renderer,
  });
  return { ...site, port, host, root };
}

/**
 * STATIC_SITES: more sites for this process to serve, each on its own port, as a JSON array of environments (each
 * over this process's own, e.g. `[{"PORT":"3002","ROOT":"/srv/editor/dist","BASE_PATH":"/mf/editor/"}]`). Static
 * remotes need no process each (the dev stack runs them in its gateway's: startStaticSites); a renderer (RENDERER)
 * runs only in a process of its own.
 */
export function parseStaticSites(value: string | undefined): SiteEnv[] {
  if (!value) return [];
  let sites: unknown;
  try {
    sites = JSON.parse(value);
  } catch {
    throw new Error('STATIC_SITES must be a JSON array of environments');
  }
  if (!Array.isArray(sites)) throw new Error('STATIC_SITES must be a JSON array of environments');
  return sites.map((site: unknown) => {
    if (site === null || typeof site !== 'object' || Array.isArray(site)) {
      throw new Error('each of STATIC_SITES must be an object of environment variables');
    }
    const env = Object.fromEntries(Object.entries(site).map(([key, item]) => [key, String(item)]));
    if (env.RENDERER)
      throw new Error('a site of STATIC_SITES may not have a RENDERER (it runs in a process of its own)');
    if (!env.PORT || !env.ROOT) throw new Error('each of STATIC_SITES needs its PORT and ROOT');
    return env;
  });
}

/** A site that serves on its port. */
type ListeningSite = StaticServer & { port: number; host: string; root: string };

/** Starts sites on their ports; resolves once each listens (logging its address). */
async function listen(sites: ListeningSite[]): Promise<void> {
  await Promise.all(
    sites.map(
      ({ server, port, host, root }) =>
        new Promise<void>((resolve, reject) => {
          server.once('error', reject);
          server.listen(port, host, () => {
            server.off('error', reject);
            const address = server.address();
            const actualPort = typeof address === 'object' && address ? address.port : port;
            process.stdout.write(
              `${JSON.stringify({ level: 'info', msg: 'listening', host, port: actualPort, root })}\n`,
            );
            resolve();
          });
        }),
    ),
  );
}

/** Marks every site not ready (readyz answers 503) and closes its server, idle connections first. */
function closeSites(sites: ListeningSite[]): Promise<void> {
  return Promise.all(
    sites.map(
      ({ server, setNotReady }) =>
        new Promise<void>((resolve) => {
          setNotReady();
          server.close(() => resolve());
          server.closeIdleConnections();
        }),
    ),
  ).then(() => undefined);
}

/** The static sites another process hosts, and how to close them. */
export interface HostedSites {
  /** Marks every site not ready (readyz answers 503) and closes its server, idle connections first. */
  close(): Promise<void>;
}

/**
 * Serves static sites (STATIC_SITES: parseStaticSites) from another Node process, each on its own port, as a static
 * server's own process would: the dev stack's gateway hosts the static frontends, so they take no process of their
 * own. A site's HOST is 127.0.0.1 unless it names one. Resolves once every site listens.
 */
export async function startStaticSites(sites: SiteEnv[]): Promise<HostedSites> {
  const started: ListeningSite[] = [];
  for (const site of sites) started.push(await siteFrom({ HOST: '127.0.0.1', ...site }));
  await listen(started);
  return { close: () => closeSites(started) };
}

async function main(): Promise<void> {
  const env = process.env;
  const graceMs = Number(env.SHUTDOWN_GRACE_MS ?? '10000');
  let hosted: SiteEnv[] = [];
  try {
    hosted = parseStaticSites(env.STATIC_SITES);
  } catch (error) {
    fail((error as Error).message);
  }
  const own: SiteEnv = { ...env, STATIC_SITES: undefined };
  const sites = [await siteFrom(own)];
  // Each hosted site over this process's environment, without what only the first site's own settings mean.
  for (const site of hosted) {
    sites.push(
      await siteFrom({ ...own, SPA_FALLBACK: undefined, SPA_ROUTES: undefined, BASE_PATH: undefined, ...site }),
    );
  }

  const shutdown = (signal: string): void => {
    process.stdout.write(`${JSON.stringify({ level: 'info', msg: 'shutting down', signal })}\n`);
    void closeSites(sites).then(() => process.exit(0));
    setTimeout(() => {
      for (const { server } of sites) server.closeAllConnections();
      process.exit(0);
    }, graceMs).unref();
  };
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  process.once('SIGINT', () => shutdown('SIGINT'));

  await listen(sites);
}

if (import.meta.main) await main();
