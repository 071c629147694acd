// The reader's server rendering: its public pages (home, article, category, profile) as real HTML with their head
// tags and initial data, plus the sitemap and RSS feeds. Built for Node by rspack.server.mjs into
// dist-server/renderer.cjs; the static server loads it in renderer mode (RENDERER=...) and asks it first for every
// GET. The pages are the reader's own components and loaders (src/routes.ts, src/data), fed by the gateway's API
// over HTTP through the same typed client the browser uses.
import { createI18n } from '@pencraft/i18n';
import { startIdleMemoryRelease } from '@pencraft/kit/idle-memory';
import { ApiError, createApiClient, FeedbackProvider, InitialDataProvider, SessionProvider } from '@pencraft/ui';
import type { ApiClient } from '@pencraft/ui';
import type { i18n as I18n } from 'i18next';
import { readdirSync, readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { ComponentType, ReactNode } from 'react';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { Route, Routes, StaticRouter } from 'react-router';
import { siteHostOf } from '@pencraft/rules';
import { pageData, publicationHomeData, type PublicationHomeData } from '../src/data/index.js';
import PublicationHome from '../src/pages/PublicationHome.js';
import reader from '../src/routes.js';
import { keepAliveAgent, serverGet } from './api.js';
import { feed, publicationSitemap, type FeedContext } from './feeds.js';
import { headTags } from './head.js';
import { metaFor, publicationHomeMeta } from './meta.js';
import { FEED_PATTERNS, matchFirst, PAGE_PATTERNS, type PagePattern } from './pages.js';
import { forwardedFor, LANGUAGES, requestHost, type Language } from './request.js';
import { memoizeTranslations, sharingFixedAnswers } from './memo.js';
import { renderToHtml } from './render.js';
import { missingStatus } from './status.js';
import { frames, shellTemplate } from './template.js';

export interface RendererOptions {
  /** The gateway (the public API), e.g. http://127.0.0.1:8080. */
  apiOrigin: string;
  /** The shell's static server, for its index.html. */
  shellOrigin: string;
  /** The site's public origin, for canonical URLs and feeds. */
  publicOrigin: string;
  /** The reader's built files (dist/), for its stylesheets. */
  distDir: string;
  /** Where the reader's files are served (its system.json path). */
  basePath?: string;
  /** Seconds a rendered page is kept in memory (0: off). */
  cacheSeconds?: number;
  /** Extra headers of every answer (the security headers of the static server). */
  headers?: Record<string, string>;
}

export type RequestHandler = (req: IncomingMessage, res: ServerResponse) => Promise<boolean>;

interface Answer {
  status: number;
  type: string;
  body: Buffer;
  gzip?: Buffer;
  br?: Buffer;
  expires: number;
}

/** The same client, its GETs carrying X-Forwarded-For (a small wrapper per request; the client itself is shared). */
function forwarding(client: ApiClient, chain: string): ApiClient {
  if (!chain) return client;
  const plain = client.get as unknown as (path: string, init: { headers?: Record<string, string> }) => Promise<unknown>;
  const get = (path: string, init: { headers?: Record<string, string> } = {}) =>
    plain(path, { ...init, headers: { ...init.headers, 'x-forwarded-for': chain } });
  return { ...client, get: get as unknown as ApiClient['get'] };
}

/**
 * The reader's own stylesheets (page chunks repeat reader.css under one content hash: linked once). The UI kit's
 * (its theme tokens on :root, and the captcha widget's) are left out: the shell's index.html links the kit already,
 * and a second copy after the shell's stylesheet would override the shell's own rules.
 */
function readerStyles(distDir: string, basePath: string): string[] {
  let files: string[];
  try {
    files = readdirSync(join(distDir, 'assets')).filter((f) => f.endsWith('.css'));
  } catch {
    return [];
  }
  const seen = new Set<string>();
  return files
    .filter((file) => {
      const hash = /\.([0-9a-f]{8,})\.css$/.exec(file)?.[1] ?? file;
      if (seen.has(hash)) return false;
      seen.add(hash);
      return !readFileSync(join(distDir, 'assets', file), 'utf8')
        .trimStart()
        .startsWith(':root');
    })
    .map((file) => `${basePath}assets/${file}`);
}

/**
 * The frame around a server-rendered page until the shell takes over (#pc-ssr-frame goes then): the site's name and
 * plain links in the shell's classes, so the page reads and navigates without JavaScript.
 */
function ServerFrame({ children }: { children: ReactNode }) {
  return (
    <div className="pc-app" id="pc-ssr-frame">
      <header className="pc-header">
        <div className="pc-container pc-header__inner">
          <a href="/" className="pc-logo">
            <span>Pencraft</span>
          </a>
        </div>
      </header>
      <main id="content" className="pc-main" tabIndex={-1}>
        {children}
      </main>
      <footer className="pc-footer">
        <div className="pc-container pc-footer__inner">
          <span>© Pencraft</span>
        </div>
      </footer>
    </div>
  );
}

/** react-router matches whole segments: `/@:username` is mounted as `/:username` (the page checks the "@"). */
const routerPath = (pattern: string) => pattern.replace('/@:', '/:');

export async function createRenderer(options: RendererOptions): Promise<RequestHandler> {
  const basePath = options.basePath ?? '/mf/reader/';
  const cacheMs = (options.cacheSeconds ?? 2) * 1000;
  const template = shellTemplate(options.shellOrigin);
  const origin = options.publicOrigin.replace(/\/$/, '');
  const site = new URL(origin);
  const scheme = site.protocol === 'https:' ? 'https:' : 'http:';
  /** A publication's own origin: its slug under the main host, same scheme and port. */
  const publicationOrigin = (slug: string) => `${site.protocol}//${slug}.${site.host}`;
  // The shell's, like boot.js: it starts the shell's scripts, whatever reader build serves this page.
  const frameOf = frames({ styles: readerStyles(options.distDir, basePath), loader: '/first-view.js' });

  // One i18next instance and one API client per language, every catalogue loaded before the first request.
  const i18ns = new Map<Language, I18n>();
  const clients = new Map<Language, ApiClient>();
  const agent = keepAliveAgent(options.apiOrigin);
  for (const language of LANGUAGES) {
    const { i18n, ready } = createI18n({
      language,
      storage: null,
      plugins: [initReactI18next],
      namespaces: reader.namespaces,
    });
    await ready;
    memoizeTranslations(i18n);
    i18ns.set(language, i18n);
    const translate = (key: string) => i18n.t(key, { ns: 'common' });
    const client = createApiClient({
      baseUrl: options.apiOrigin,
      getLanguage: () => language,
      getCookie: () => undefined,
      translate,
      fetch: (input, init) => fetch(input, { ...init, signal: init?.signal ?? AbortSignal.timeout(5000) }),
    });
    // The loaders only read: their GETs take the plain HTTP path (server/api.ts), one pool for every language.
    clients.set(
      language,
      sharingFixedAnswers({ ...client, get: serverGet({ baseUrl: options.apiOrigin, language, translate, agent }) }),
    );
  }
  const pages = new Map<string, ComponentType>();
  for (const route of reader.routes) {
    if ((PAGE_PATTERNS as readonly string[]).includes(route.path)) pages.set(route.path, (await route.load()).default);
  }

  const cache = new Map<string, Answer>();
  function remember(key: string, answer: Answer): Answer {
    if (cacheMs > 0 && answer.status < 500) {
      if (cache.size >= 1000) cache.delete(cache.keys().next().value!);
      cache.set(key, answer);
    }
    return answer;
  }

  async function renderPage(
    pattern: PagePattern,
    params: Record<string, string>,
    path: string,
    search: URLSearchParams,
    language: Language,
    client: ApiClient,
  ): Promise<Omit<Answer, 'expires'>> {
    const i18n = i18ns.get(language)!;
    const Page = pages.get(pattern);
    const spec = pageData[pattern]?.(params, search);
    let status = 200;
    const data: Record<string, unknown> = {};
    if (spec) {
      try {
        data[spec.key] = await spec.load(client);
      } catch (error) {
        if (!(error instanceof ApiError) || (error.status !== 404 && error.status !== 400)) throw error;
        status = missingStatus(error);
        data[spec.key] = null;
      }
    }
    const value = spec ? data[spec.key] : undefined;
    // A category nobody knows is answered (the list is empty, the name null): still a missing page.
    if (pattern === '/c/:category' && !(value as { name?: unknown } | null)?.name) status = 404;
    const meta = metaFor(pattern, params, value, { origin, t: i18n.getFixedT(language) });
    const body = Page
      ? await renderToHtml(
          <I18nextProvider i18n={i18n}>
            <InitialDataProvider data={data}>
              <SessionProvider client={client}>
                <FeedbackProvider>
                  <StaticRouter location={`${path}${search.size ? `?${search}` : ''}`}>
                    <ServerFrame>
                      <Routes>
                        <Route path={routerPath(pattern)} element={<Page />} />
                      </Routes>
                    </ServerFrame>
                  </StaticRouter>
                </FeedbackProvider>
              </SessionProvider>
            </InitialDataProvider>
          </I18nextProvider>,
        )
      : '';
    const html = frameOf(await template.get())({
      // An article's page is in the article's language; the others in the app's.
      language: meta.type === 'article' && meta.language ? meta.language : language,
      head: headTags(meta),
      body,
      data: { path, data },
    });
    return { status, type: 'text/html; charset=utf-8', body: Buffer.from(html) };
  }

  /**
   * `/` on a publication's subdomain: its home, with its own head (canonical on the subdomain); an unknown slug is
   * the not-found page (404).
   */
  async function renderPublicationHome(
    slug: string,
    language: Language,
    client: ApiClient,
  ): Promise<Omit<Answer, 'expires'>> {
    const i18n = i18ns.get(language)!;
    const spec = publicationHomeData(slug);
    let value: PublicationHomeData | null;
    try {
      value = await spec.load(client);
    } catch (error) {
      if (!(error instanceof ApiError) || (error.status !== 404 && error.status !== 400)) throw error;
      value = null;
    }
    const data = { [spec.key]: value };
    const subdomain = publicationOrigin(slug);
    const meta = publicationHomeMeta(value, slug, { origin: subdomain, t: i18n.getFixedT(language) });
    const body = await renderToHtml(
      <I18nextProvider i18n={i18n}>
        <InitialDataProvider data={data}>
          <SessionProvider client={client}>
            <FeedbackProvider>
              <StaticRouter location="/">
                <ServerFrame>
                  <PublicationHome slug={slug} />
                </ServerFrame>
              </StaticRouter>
            </FeedbackProvider>
          </SessionProvider>
        </InitialDataProvider>
      </I18nextProvider>,
    );
    const html = frameOf(await template.get())({ language, head: headTags(meta), body, data: { path: '/', data } });
    return { status: value ? 200 : 404, type: 'text/html; charset=utf-8', body: Buffer.from(html) };
  }

  /** Whether a slug names a publication (the other pages of an unknown subdomain are not found either). */
  async function publicationExists(slug: string, client: ApiClient): Promise<boolean> {
    try {
      await client.get('/api/core-publications', { params: { query: { slug } } });
      return true;
    } catch (error) {
      if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return false;
      throw error;
    }
  }

  async function answerFor(
    path: string,
    search: URLSearchParams,
    language: Language,
    forwardedFor: string,
    slug: string | null,
  ): Promise<Answer | null> {
    const page = matchFirst(PAGE_PATTERNS, path);
    const feedMatch = page ? null : matchFirst(FEED_PATTERNS, path);
    if (!page && !feedMatch) return null;
    const key = `${language}\0${slug ?? ''}\0${path}\0${page?.pattern === '/c/:category' ? (search.get('sort') ?? '') : ''}`;
    const cached = cache.get(key);
    if (cached && cached.expires > Date.now()) return cached;
    const client = forwarding(clients.get(language)!, forwardedFor);
    if (slug) {
      // A publication's subdomain: its home and its sitemap; the site's other pages answer there too (their
      // canonical URLs stay on the main host), unless the slug names no publication.
      if (page?.pattern === '/')
        return remember(key, {
          ...(await renderPublicationHome(slug, language, client)),
          expires: Date.now() + cacheMs,
        });
      const exists = await publicationExists(slug, client);
      if (feedMatch?.pattern === '/sitemap.xml')
        return remember(key, { ...publicationSitemap(publicationOrigin(slug), exists), expires: Date.now() + cacheMs });
      if (!exists)
        return remember(key, {
          ...(await renderPublicationHome(slug, language, client)),
          expires: Date.now() + cacheMs,
        });
    }
    const fresh = page
      ? await renderPage(page.pattern, page.params, path, search, language, client)
      : await feed(feedMatch!.pattern, feedMatch!.params, {
          client,
          origin,
          language,
          t: i18ns.get(language)!.getFixedT(language),
        } satisfies FeedContext);
    return remember(key, { ...fresh, expires: Date.now() + cacheMs });
  }

  // Idle after rendering, the process gives V8's freed pages back and malloc's, as the services do (under node
  // --expose-gc, which the dev stack and the chart give the reader; issue #19, aim 3).
  startIdleMemoryRelease({
    onRelease: ({ rssBefore, rssAfter, ms, trimmed }) =>
      process.stdout.write(
        `${JSON.stringify({ level: 'info', msg: 'idle: memory released', rssBeforeMiB: Math.round(rssBefore / 1_048_576), rssAfterMiB: Math.round(rssAfter / 1_048_576), ms: Math.round(ms), mallocTrimmed: trimmed })}\n`,
      ),
  });

  return async (req, res) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return false;
    const url = new URL(req.url ?? '/', 'http://reader.invalid');
    // The app's language for a first visit (the shell's default: az; a visitor's choice lives in their browser,
    // applied by boot.js before the first paint and by the app when it takes over).
    const language: Language = 'az';
    let answer: Answer | null;
    try {
      // The host the browser asked for (the Ingress's or the dev edge's X-Forwarded-Host, else Host) names the
      // publication of a subdomain ({slug}.{main host}); the slug is looked up through the API.
      const host = siteHostOf(requestHost(req), site.host, scheme);
      const slug = host.kind === 'publication' ? host.slug : null;
      answer = await answerFor(url.pathname, url.searchParams, language, forwardedFor(req), slug);
    } catch (error) {
      process.stderr.write(
        `${JSON.stringify({ level: 'error', msg: 'server rendering failed', route: matchFirst([...PAGE_PATTERNS, ...FEED_PATTERNS], url.pathname)?.pattern, error: error instanceof ApiError ? error.code : String(error).slice(0, 200) })}\n`,
      );
      // The shell's page without server data: the browser loads it as before.
      answer = {
        status: 503,
        type: 'text/html; charset=utf-8',
        body: Buffer.from(await template.get()),
        expires: 0,
      };
      res.setHeader('Retry-After', '5');
    }
    if (!answer) return false;
    const accept = String(req.headers['accept-encoding'] ?? '');
    let body = answer.body;
    let encoding: string | undefined;
    if (/\bbr\b/.test(accept)) {
      answer.br ??= brotliCompressSync(answer.body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } });
      body = answer.br;
      encoding = 'br';
    } else if (/\bgzip\b/.test(accept)) {
      answer.gzip ??= gzipSync(answer.body, { level: 6 });
      body = answer.gzip;
      encoding = 'gzip';
    }
    res.writeHead(answer.status, {
      ...options.headers,
      'Content-Type': answer.type,
      'Cache-Control': 'no-cache',
      Vary: 'Accept-Encoding',
      'Content-Length': String(body.length),
      ...(encoding ? { 'Content-Encoding': encoding } : {}),
    });
    res.end(req.method === 'HEAD' ? undefined : body);
    return true;
  };
}
