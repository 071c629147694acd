// Server rendering in Chromium through the whole platform. With JavaScript off, an article's page shows its title,
// body and meta tags, a missing one is a 404, and the XSS corpus in every field and block is inert in the DOM the
// browser builds from the server's HTML. With JavaScript on, the shell takes over the server-rendered article
// without asking for the article again. And an article view stays within its JavaScript budgets (gzip, counted from
// the scripts the browser loads): 120 KB for the first view, 160 KB in all for a visitor who leaves the page alone
// until the network is idle, the app that takes over included (issue #17).
import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import { launchBrowser } from '../support/browser.ts';
import { useClientAddress } from '../support/client-address.ts';
import {
  APP_BUDGET_BYTES,
  describeWeight,
  FIRST_VIEW_BUDGET_BYTES,
  kb,
  measureArticleWeight,
  type ArticleWeight,
} from '../support/js-weight.ts';
import { publishArticle, signUp, type Person } from '../support/reader-fixtures.ts';
import { stack } from '../support/stack.ts';
import { dangerousMarkup, payloadBlocks, XSS_FLAG, XSS_PAYLOADS, type RenderedElement } from '../support/xss-corpus.ts';

const SITE = `http://localhost:${stack.gateway.httpPort}`;
/** This suite's own client address (see launchBrowser). */
const CLIENT_ADDRESS = '127.0.0.51';
useClientAddress(CLIENT_ADDRESS);
const API = `http://${CLIENT_ADDRESS}:${stack.gateway.httpPort}`;
const suffix = Date.now().toString(36).slice(-6);
const title = `Read before the scripts ${suffix}`;

let writer: Person;
let articleId: string;
let browser: Browser;

beforeAll(async () => {
  writer = await signUp(API, `ssr_writer_${suffix}`, 'Nigar Serverova');
  articleId = await publishArticle(writer, {
    title,
    description: 'The server renders it; the browser only shows it.',
    language: 'en',
    category: 'tech',
    blocks: [
      { type: 'header', data: { text: 'Plain HTML first', level: 2 } },
      { type: 'paragraph', data: { text: `Every word of this article arrives in the first answer ${suffix}.` } },
      { type: 'quote', data: { text: 'Fast pages are kind pages.', caption: 'A reader', alignment: 'left' } },
    ],
  });
  browser = await launchBrowser({ clientAddress: CLIENT_ADDRESS });
});

afterAll(async () => {
  await browser?.close();
});

describe('with JavaScript off', () => {
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    context = await browser.newContext({ javaScriptEnabled: false });
    page = await context.newPage();
  });

  afterAll(async () => {
    await context.close();
  });

  it("shows the article's title, body and meta tags", async () => {
    const response = await page.goto(`${SITE}/a/${articleId}`);
    expect(response?.status()).toBe(200);
    expect(await page.title()).toBe(`${title} — Pencraft`);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(title);
    await page.getByText(`Every word of this article arrives in the first answer ${suffix}.`).waitFor();
    await page.getByRole('heading', { name: 'Plain HTML first' }).waitFor();
    const meta = (selector: string) => page.locator(selector).first().getAttribute('content');
    expect(await meta('meta[name="description"]')).toBe('The server renders it; the browser only shows it.');
    expect(await meta('meta[property="og:title"]')).toBe(`${title} — Pencraft`);
    expect(await meta('meta[property="og:type"]')).toBe('article');
    expect(await meta('meta[name="twitter:card"]')).toMatch(/^summary/);
    expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toBe(`${SITE}/a/${articleId}`);
    const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}');
    expect(ld).toMatchObject({ '@type': 'Article', headline: title });
  });

  it('links to the author and home as plain links, and answers a missing article with 404', async () => {
    await page.goto(`${SITE}/a/${articleId}`);
    expect(await page.locator('a[href="/"]').count()).toBeGreaterThan(0);
    const missing = await page.goto(`${SITE}/a/00000000-0000-4000-8000-000000000000`);
    expect(missing?.status()).toBe(404);
    expect(await page.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex');
  });

  it('keeps the XSS corpus inert in the DOM built from the server HTML', async () => {
    const failures: Record<string, string[]> = {};
    for (const [index, payload] of XSS_PAYLOADS.entries()) {
      const id = await publishArticle(writer, {
        title: payload.slice(0, 150),
        description: payload.slice(0, 300),
        language: 'en',
        category: 'tech',
        blocks: payloadBlocks(payload, `/media/articles/${writer.uid}/none.png`),
      }).catch(() => undefined);
      if (!id) continue;
      await page.goto(`${SITE}/a/${id}`);
      const elements: RenderedElement[] = await page.evaluate(() =>
        Array.from(document.querySelectorAll('#root *'), (e) => ({
          tag: e.tagName.toLowerCase(),
          attributes: Object.fromEntries(Array.from(e.attributes, (a) => [a.name, a.value])),
        })),
      );
      const problems = dangerousMarkup(elements);
      if (problems.length) failures[`${index}: ${payload}`] = problems;
    }
    expect(failures).toEqual({});
  });
});

describe('with JavaScript on', () => {
  it('lets the shell take over the server-rendered article without fetching it again', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const articleRequests: string[] = [];
    page.on('request', (request: Request) => {
      const path = new URL(request.url()).pathname;
      if (path === `/api/articles/${articleId}`) articleRequests.push(`${request.method()} ${path}`);
    });
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await page.goto(`${SITE}/a/${articleId}`);
    // The app starts after the first view and replaces the server's frame with the shell's.
    await page.waitForFunction(() => !document.getElementById('pc-ssr-frame'), undefined, { timeout: 30_000 });
    await page.locator('header.pc-header nav, header.pc-header .pc-header__controls').first().waitFor();
    await page.waitForLoadState('networkidle');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(title);
    await page.getByText(`Every word of this article arrives in the first answer ${suffix}.`).waitFor();
    expect(await page.title()).toBe(`${title} — Pencraft`);
    expect(articleRequests).toEqual([]);
    expect(dialogs).toEqual([]);
    expect(await page.evaluate((flag) => flag in window, XSS_FLAG)).toBe(false);
    await context.close();
  });

  it('starts the app at the first interaction too', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${SITE}/a/${articleId}`, { waitUntil: 'domcontentloaded' });
    await page.keyboard.press('Tab');
    await page.waitForFunction(() => document.documentElement.dataset.pcApp === 'loading');
    await page.waitForFunction(() => !document.getElementById('pc-ssr-frame'), undefined, { timeout: 30_000 });
    await context.close();
  });
});

describe('JavaScript weight of the first article view', () => {
  let weight: ArticleWeight;

  beforeAll(async () => {
    weight = await measureArticleWeight(browser, `${SITE}/a/${articleId}`);
    process.stdout.write(
      `\nfirst article view: ${kb(weight.firstView.gzip)} of JavaScript (gzip)\n${describeWeight(weight.firstView)}\n` +
        `the whole view, the app included, left alone until the network is idle: ${kb(weight.app.gzip)} of ` +
        `${kb(APP_BUDGET_BYTES)} (gzip)\n${describeWeight(weight.app)}\n`,
    );
  });

  it(`stays within ${kb(FIRST_VIEW_BUDGET_BYTES)} (gzip) until the app starts`, () => {
    expect(weight.firstView.scripts.length).toBeGreaterThan(0);
    expect(weight.firstView.gzip).toBeLessThanOrEqual(FIRST_VIEW_BUDGET_BYTES);
  });

  it('loads no editor code and no second copy of a shared library with the app', () => {
    const urls = weight.app.scripts.map((s) => s.url);
    // The editor's remoteEntry and its route table are tiny; Editor.js and its tools must not come along.
    const editorBytes = weight.app.scripts
      .filter((s) => s.url.startsWith('/mf/editor/'))
      .reduce((sum, s) => sum + s.gzip, 0);
    expect(editorBytes).toBeLessThan(25 * 1024);
    expect(new Set(urls).size).toBe(urls.length);
    // React DOM is the biggest shared singleton: exactly one script of that size is loaded.
    expect(weight.app.scripts.filter((s) => s.gzip > 50 * 1024)).toHaveLength(1);
  });

  it('loads no staff console code: that remote is mounted at /staff and loaded only there', () => {
    expect(weight.app.scripts.filter((s) => s.url.startsWith('/mf/staff/'))).toEqual([]);
  });

  it("loads the reader's remote only: the others wait for an interaction, a session or a navigation", () => {
    const remotes = new Set(weight.app.scripts.map((s) => /^\/mf\/([^/]+)\//.exec(s.url)?.[1]).filter(Boolean));
    expect([...remotes]).toEqual(['reader']);
  });

  it(`downloads at most ${kb(APP_BUDGET_BYTES)} of JavaScript (gzip) in all, the app that takes over included`, () => {
    expect(weight.app.scripts.some((s) => s.url === '/first-view.js')).toBe(true);
    expect(weight.app.gzip).toBeLessThanOrEqual(APP_BUDGET_BYTES);
  });
});
