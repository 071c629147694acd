// The reader's server rendering on real servers: identity, articles and search behind the gateway, the shell's and
// the reader's static servers (the reader in renderer mode), reached through the gateway's edge as a browser or a
// crawler would. The first answer for an article, the home page, a category and a profile is real HTML: content,
// title, description, canonical, Open Graph, Twitter, JSON-LD Article and hreflang from the article's translations,
// and the page's data for the app; a missing page is a real 404; the sitemap and the RSS feeds list what is
// published; and the XSS corpus through every field and block comes out inert in the HTML as a browser parses it.
// The pages, the sitemap and the feeds are raw fetches (HTML and XML, outside the API's document); the articles are
// written through the API by tests/support/reader-fixtures.ts, and the page's data for the app is read as the
// document's Article.
import type { Schemas } from '@pencraft/api-client';
import { parse, type DefaultTreeAdapterTypes } from 'parse5';
import type { AppHandle } from '../../packages/devstack/src/index.ts';
import { closeReviewClient } from '../support/review.ts';
import { freshDatabase, httpBase, resetMessaging, stack, startService, type TestDatabase } from '../support/stack.ts';
import { publishArticle, publishTranslation, signUp, type Person } from '../support/reader-fixtures.ts';
import {
  dangerousMarkup,
  payloadBlocks,
  urlBlocks,
  XSS_FILLER,
  XSS_PAYLOADS,
  XSS_URLS,
  type RenderedElement,
} from '../support/xss-corpus.ts';

type Node = DefaultTreeAdapterTypes.Node;
type Element = DefaultTreeAdapterTypes.Element;

let db: TestDatabase;
const apps: AppHandle[] = [];
let site: string;
let writer: Person;
let articleId: string;
let translationId: string;
const run = Date.now().toString(36);
const ORIGIN = `http://localhost:${stack.gateway.httpPort}`;

/** Every element of a parsed document, depth first (template contents included). */
function elementsOf(node: Node): Element[] {
  const out: Element[] = [];
  const visit = (n: Node) => {
    if ('tagName' in n) out.push(n);
    if ('childNodes' in n) for (const child of n.childNodes) visit(child);
    if ('content' in n && n.content) visit(n.content as Node);
  };
  visit(node);
  return out;
}

const attrs = (element: Element) => Object.fromEntries(element.attrs.map((a) => [a.name, a.value]));
const textOf = (node: Node): string =>
  'value' in node && node.nodeName === '#text'
    ? (node as DefaultTreeAdapterTypes.TextNode).value
    : 'childNodes' in node
      ? node.childNodes.map(textOf).join('')
      : '';

interface Page {
  status: number;
  type: string;
  html: string;
  elements: Element[];
  head: Element;
  root: Element;
  meta: (key: string) => string | undefined;
  links: (rel: string) => Record<string, string>[];
  json: (selector: (a: Record<string, string>) => boolean) => unknown[];
}

async function page(path: string, language = 'en'): Promise<Page> {
  const response = await fetch(`${site}${path}`, { headers: { 'accept-language': language } });
  const html = await response.text();
  const elements = elementsOf(parse(html));
  const head = elements.find((e) => e.tagName === 'head')!;
  const root = elements.find((e) => attrs(e).id === 'root')!;
  return {
    status: response.status,
    type: response.headers.get('content-type') ?? '',
    html,
    elements,
    head,
    root,
    meta: (key) =>
      elements
        .filter((e) => e.tagName === 'meta')
        .map(attrs)
        .find((a) => a.name === key || a.property === key)?.content,
    links: (rel) =>
      elements
        .filter((e) => e.tagName === 'link')
        .map(attrs)
        .filter((a) => a.rel === rel),
    json: (selector) =>
      elements.filter((e) => e.tagName === 'script' && selector(attrs(e))).map((e) => JSON.parse(textOf(e)) as unknown),
  };
}

beforeAll(async () => {
  await resetMessaging();
  db = await freshDatabase('ssr');
  apps.push(
    ...(await Promise.all([
      startService('identity', db.name),
      startService('articles', db.name),
      startService('search', db.name),
    ])),
  );
  // The gateway with its edge (EDGE_ROUTES, EDGE_PAGES of the test profile), as in make dev.
  apps.push(
    await startService('gateway', db.name, { RATE_LIMIT_PER_MINUTE: '100000', AUTH_RATE_LIMIT_PER_MINUTE: '1000' }),
  );
  apps.push(...(await Promise.all([startService('shell', db.name), startService('reader', db.name)])));
  site = httpBase('gateway');
  writer = await signUp(site, `ssr_${run}`, 'Sərvər Yazar', 'en');
  articleId = await publishArticle(writer, {
    title: `Rendered on the server ${run}`,
    description: 'What crawlers and link previews see first.',
    language: 'en',
    category: 'tech',
    blocks: [
      { type: 'header', data: { text: 'A heading in the body', level: 2 } },
      { type: 'paragraph', data: { text: `The body of the article, long enough for the rules ${run}.` } },
    ],
  });
  translationId = await publishTranslation(writer, articleId, {
    title: `Serverdə hazırlanıb ${run}`,
    description: 'Azərbaycanca tərcümə.',
    language: 'az',
    category: 'tech',
    blocks: [{ type: 'paragraph', data: { text: `Məqalənin mətni, qaydalar üçün kifayət qədər uzun ${run}.` } }],
  });
});

afterAll(async () => {
  closeReviewClient();
  await Promise.all(apps.map((app) => app.stop()));
  await db?.drop();
});

describe('an article page on the first request', () => {
  it('is HTML with its title, body, description, canonical, Open Graph and Twitter tags', async () => {
    const p = await page(`/a/${articleId}`);
    expect(p.status).toBe(200);
    expect(p.type).toMatch(/^text\/html/);
    expect(textOf(p.elements.find((e) => e.tagName === 'title')!)).toBe(`Rendered on the server ${run} — Pencraft`);
    expect(p.elements.filter((e) => e.tagName === 'title')).toHaveLength(1);
    expect(textOf(p.root)).toContain(`Rendered on the server ${run}`);
    expect(textOf(p.root)).toContain(`The body of the article, long enough for the rules ${run}.`);
    expect(textOf(p.root)).toContain('A heading in the body');
    expect(p.meta('description')).toBe('What crawlers and link previews see first.');
    expect(p.links('canonical')).toEqual([expect.objectContaining({ href: `${ORIGIN}/a/${articleId}` })]);
    expect(p.meta('og:type')).toBe('article');
    expect(p.meta('og:title')).toBe(`Rendered on the server ${run} — Pencraft`);
    expect(p.meta('og:url')).toBe(`${ORIGIN}/a/${articleId}`);
    expect(p.meta('og:locale')).toBe('en_US');
    expect(p.meta('twitter:card')).toMatch(/^summary/);
    expect(p.meta('article:author')).toBe(`${ORIGIN}/@${writer.username}`);
    expect(p.elements.find((e) => e.tagName === 'html')!.attrs).toContainEqual({ name: 'lang', value: 'en' });
  });

  it('carries JSON-LD Article and the hreflang alternates of its translations', async () => {
    const p = await page(`/a/${articleId}`);
    const [ld] = p.json((a) => a.type === 'application/ld+json') as Array<Record<string, unknown>>;
    expect(ld).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Article',
      headline: `Rendered on the server ${run}`,
      inLanguage: 'en',
      mainEntityOfPage: `${ORIGIN}/a/${articleId}`,
      author: [{ '@type': 'Person', name: 'Sərvər Yazar', url: `${ORIGIN}/@${writer.username}` }],
    });
    expect(typeof ld!.datePublished).toBe('string');
    const alternates = p.links('alternate').filter((a) => a.hreflang);
    expect(alternates).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ hreflang: 'en', href: `${ORIGIN}/a/${articleId}` }),
        expect.objectContaining({ hreflang: 'az', href: `${ORIGIN}/a/${translationId}` }),
        expect.objectContaining({ hreflang: 'x-default', href: `${ORIGIN}/a/${articleId}` }),
      ]),
    );
    // The translation points back the same way.
    const az = await page(`/a/${translationId}`);
    expect(az.elements.find((e) => e.tagName === 'html')!.attrs).toContainEqual({ name: 'lang', value: 'az' });
    expect(az.status).toBe(200);
    expect(az.meta('og:locale')).toBe('az_AZ');
    expect(
      az
        .links('alternate')
        .filter((a) => a.hreflang)
        .map((a) => a.hreflang)
        .sort(),
    ).toEqual(['az', 'en', 'x-default']);
  });

  it('hands the app its data (#pc-data) and loads the app after the first view (#pc-app)', async () => {
    const p = await page(`/a/${articleId}`);
    const [data] = p.json((a) => a.id === 'pc-data') as Array<{
      path: string;
      data: Record<string, Schemas['Article']>;
    }>;
    expect(data!.path).toBe(`/a/${articleId}`);
    expect(data!.data[`article:${articleId}`]!.id).toBe(articleId);
    const [app] = p.json((a) => a.id === 'pc-app') as string[][];
    expect(app!.length).toBeGreaterThan(0);
    for (const src of app!) expect(src).toMatch(/^\/assets\/.+\.js$/);
    const scripts = p.elements.filter((e) => e.tagName === 'script' && attrs(e).src).map((e) => attrs(e).src);
    expect(scripts).toEqual(['/boot.js', '/first-view.js']);
  });

  it('answers a missing article with a real 404 (noindex), also for an id that is no id', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      const p = await page(`/a/${id}`);
      expect({ id, status: p.status }).toEqual({ id, status: 404 });
      expect(p.meta('robots')).toBe('noindex');
      const [data] = p.json((a) => a.id === 'pc-data') as Array<{ data: Record<string, unknown> }>;
      expect(Object.values(data!.data)).toEqual([null]);
    }
  });
});

describe('home, category and profile pages', () => {
  it('render the home list with the site feed', async () => {
    const p = await page('/');
    expect(p.status).toBe(200);
    // The home shows a visitor's language first and a translation in it instead of its original (issue #17).
    expect(textOf(p.root)).toContain(`Serverdə hazırlanıb ${run}`);
    expect(p.links('canonical')[0]!.href).toBe(`${ORIGIN}/`);
    expect(p.links('alternate')).toContainEqual(
      expect.objectContaining({ type: 'application/rss+xml', href: `${ORIGIN}/feed.xml` }),
    );
    expect(p.json((a) => a.type === 'application/ld+json')).toContainEqual(
      expect.objectContaining({ '@type': 'WebSite' }),
    );
  });

  it('render a category with its name and its articles', async () => {
    const p = await page('/c/tech');
    expect(p.status).toBe(200);
    const title = textOf(p.elements.find((e) => e.tagName === 'title')!);
    expect(title).toMatch(/ — Pencraft$/);
    expect(title).not.toBe('tech — Pencraft');
    expect(textOf(p.root)).toContain(`Rendered on the server ${run}`);
  });

  it('render a profile, and a missing one is a 404', async () => {
    const p = await page(`/@${writer.username}`);
    expect(p.status).toBe(200);
    expect(textOf(p.elements.find((e) => e.tagName === 'title')!)).toBe(
      `Sərvər Yazar (@${writer.username}) — Pencraft`,
    );
    expect(textOf(p.root)).toContain('Sərvər Yazar');
    expect(p.meta('og:type')).toBe('profile');
    expect((await page(`/@nobody_${run}`)).status).toBe(404);
  });

  it('leave every other path to the shell', async () => {
    const login = await fetch(`${site}/login`);
    expect(login.status).toBe(200);
    const html = await login.text();
    expect(html).not.toContain('id="pc-data"');
    expect(html).toContain('<div id="root"></div>');
  });
});

describe('sitemap and feeds', () => {
  it('list the article and its translation in the sitemap, with the author and the category', async () => {
    const response = await fetch(`${site}/sitemap.xml`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/xml/);
    const xml = await response.text();
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(xml).toContain(`<loc>${ORIGIN}/a/${articleId}</loc>`);
    expect(xml).toContain(`<loc>${ORIGIN}/a/${translationId}</loc>`);
    expect(xml).toContain(`<loc>${ORIGIN}/@${writer.username}</loc>`);
    expect(xml).toContain(`<loc>${ORIGIN}/c/tech</loc>`);
  });

  it.each([
    ['the site', () => '/feed.xml'],
    ['the category', () => '/c/tech/feed.xml'],
    ['the author', () => `/@${writer.username}/feed.xml`],
  ])('serve RSS 2.0 of %s', async (_name, path) => {
    const response = await fetch(`${site}${path()}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/rss\+xml/);
    const xml = await response.text();
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<rss version="2.0"/);
    expect(xml).toContain(`<link>${ORIGIN}/a/${articleId}</link>`);
    expect(xml).toContain(`<title>Rendered on the server ${run}</title>`);
  });

  it('answer 404 for the feed of nobody or of no category', async () => {
    expect((await fetch(`${site}/@nobody_${run}/feed.xml`)).status).toBe(404);
    expect((await fetch(`${site}/c/no-such-category/feed.xml`)).status).toBe(404);
  });
});

describe('the XSS corpus through the server HTML', () => {
  /** Checks one rendered article: nothing in its content is live, and the head holds only our own scripts. */
  function inert(p: Page): string[] {
    const content: RenderedElement[] = elementsOf(p.root).map((e) => ({ tag: e.tagName, attributes: attrs(e) }));
    const problems = dangerousMarkup(content);
    for (const e of p.elements) {
      const a = attrs(e);
      if (e.tagName === 'script') {
        const ours =
          a.type === 'application/json' ||
          a.type === 'application/ld+json' ||
          a.src === '/boot.js' ||
          a.src === '/first-view.js';
        if (!ours) problems.push(`<script ${JSON.stringify(a)}>`);
        if (a.type?.startsWith('application/')) JSON.parse(textOf(e));
      }
      for (const name of Object.keys(a)) if (name.startsWith('on')) problems.push(`<${e.tagName} ${name}>`);
      if (['iframe', 'object', 'embed', 'base', 'form'].includes(e.tagName) && !elementsOf(p.root).includes(e))
        problems.push(`<${e.tagName}> outside the content`);
    }
    return problems;
  }

  it('keeps every markup payload in every field and block inert', async () => {
    const failures: Record<string, string[]> = {};
    for (const [index, payload] of XSS_PAYLOADS.entries()) {
      const id = await publishArticle(writer, {
        title: payload.slice(0, 150),
        description: payload.slice(0, 300),
        language: 'en',
        category: 'tech',
        blocks: payloadBlocks(payload, `/media/articles/${writer.uid}/none.png`),
      }).catch((error: Error) => `refused: ${error.message}`);
      if (id.startsWith('refused')) {
        // A payload the server refuses whole never reaches a page; it must be a refusal, not a failure.
        expect(id).toMatch(/answered 400/);
        continue;
      }
      const p = await page(`/a/${id}`);
      expect({ index, status: p.status }).toEqual({ index, status: 200 });
      const problems = inert(p);
      if (problems.length) failures[`${index}: ${payload}`] = problems;
    }
    expect(failures).toEqual({});
  });

  it('keeps every hostile address in the image, link, video and inline link inert', async () => {
    const failures: Record<string, string[]> = {};
    for (const url of XSS_URLS) {
      for (const blocks of urlBlocks(url)) {
        const id = await publishArticle(writer, {
          title: `Hostile address ${run}`,
          language: 'en',
          category: 'tech',
          blocks: [{ type: 'paragraph', data: { text: XSS_FILLER } }, ...blocks],
        }).catch(() => undefined);
        if (!id) continue; // refused by the server
        const p = await page(`/a/${id}`);
        const problems = inert(p);
        if (problems.length) failures[`${url} in ${blocks[0]!.type}`] = problems;
      }
    }
    expect(failures).toEqual({});
  });
});
