// The JavaScript a real browser loads for a page, in gzip bytes (each script as the static server sends it: gzip
// level 9), for the first-view budget (ssr.e2e.ts) and make bench. Two figures for a server-rendered page:
// - the first view: what loads with the page until the app starts (the app's scripts, listed in #pc-app, are held
//   back by the test), i.e. what a reader needs to see and read the page;
// - the app: everything a visitor's article view downloads in all, left alone until the network is idle: the first
//   view's scripts and the app that takes over after load (issue #17: at most 160 KB).
import { gzipSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';

export const FIRST_VIEW_BUDGET_BYTES = 120 * 1024;
/** Everything a visitor's article view downloads, left alone until the network is idle (issue #17). */
export const APP_BUDGET_BYTES = 160 * 1024;

export interface ScriptWeight {
  url: string;
  bytes: number;
  gzip: number;
}

export interface PageWeight {
  scripts: ScriptWeight[];
  /** Sum of the scripts' gzip bytes. */
  gzip: number;
}

export interface ArticleWeight {
  firstView: PageWeight;
  app: PageWeight;
}

function collect(page: Page): { scripts: ScriptWeight[]; pending: Set<Promise<void>> } {
  const scripts: ScriptWeight[] = [];
  const pending = new Set<Promise<void>>();
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script' || !response.ok()) return;
    const read = response
      .body()
      .then((body) => {
        scripts.push({
          url: new URL(response.url()).pathname,
          bytes: body.length,
          gzip: gzipSync(body, { level: 9 }).length,
        });
      })
      .catch(() => undefined)
      .finally(() => pending.delete(read));
    pending.add(read);
  });
  return { scripts, pending };
}

/**
 * Resolves once the page has had no request in flight for `quietMs` (Playwright's networkidle is reached once: a
 * chunk the app asks for after that, e.g. when it takes over, would not be waited for).
 */
async function networkIdle(page: Page, quietMs = 700, timeoutMs = 30_000): Promise<void> {
  let inFlight = 0;
  let since = Date.now();
  const start = () => {
    inFlight += 1;
  };
  const end = () => {
    inFlight = Math.max(0, inFlight - 1);
    since = Date.now();
  };
  page.on('request', start);
  page.on('requestfinished', end);
  page.on('requestfailed', end);
  try {
    const deadline = Date.now() + timeoutMs;
    while (inFlight > 0 || Date.now() - since < quietMs) {
      if (Date.now() > deadline) throw new Error(`the network was not idle within ${timeoutMs} ms`);
      await page.waitForTimeout(100);
    }
  } finally {
    page.off('request', start);
    page.off('requestfinished', end);
    page.off('requestfailed', end);
  }
}

const total = (scripts: ScriptWeight[]): PageWeight => ({ scripts, gzip: scripts.reduce((sum, s) => sum + s.gzip, 0) });

/** The app's scripts a server-rendered page holds back for after its first view (#pc-app). */
export async function appScripts(url: string): Promise<string[]> {
  const html = await (await fetch(url)).text();
  const list = /<script id="pc-app" type="application\/json">(.*?)<\/script>/.exec(html)?.[1];
  return list ? (JSON.parse(list) as string[]) : [];
}

/**
 * Loads `url` twice in fresh contexts (a visitor with an empty cache): once with the app's scripts held back (the
 * first view: what the page itself loads), once normally and left alone until the app has taken over
 * (`data-pc-app` set, no spinner) and the network is idle after that (`app`: everything the view downloads).
 */
export async function measureArticleWeight(browser: Browser, url: string): Promise<ArticleWeight> {
  const held = new Set(await appScripts(url));

  const firstContext = await browser.newContext();
  const first = await firstContext.newPage();
  await first.route('**/*', (route) =>
    held.has(new URL(route.request().url()).pathname) ? route.abort() : route.continue(),
  );
  const firstScripts = collect(first);
  await first.goto(url, { waitUntil: 'load' });
  await first.waitForFunction(() => document.documentElement.dataset.pcApp === 'loading');
  await first.waitForLoadState('networkidle');
  await Promise.all(firstScripts.pending);
  await firstContext.close();

  const appContext = await browser.newContext();
  const app = await appContext.newPage();
  const appScriptsLoaded = collect(app);
  await app.goto(url, { waitUntil: 'load' });
  await app.waitForFunction(() => document.documentElement.dataset.pcApp === 'loading');
  await app.waitForLoadState('networkidle');
  await app.waitForFunction(() => !document.querySelector('#pc-ssr-frame, .pc-spinner, .pc-remote-loading'));
  await networkIdle(app);
  await Promise.all(appScriptsLoaded.pending);
  await appContext.close();

  return { firstView: total(firstScripts.scripts), app: total(appScriptsLoaded.scripts) };
}

export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** One line per script, for a log. */
export function describeWeight(weight: PageWeight): string {
  return [...weight.scripts]
    .sort((a, b) => b.gzip - a.gzip)
    .map((s) => `${kb(s.gzip).padStart(9)}  ${s.url}`)
    .join('\n');
}
