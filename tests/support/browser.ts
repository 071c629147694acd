// Debian's Chromium driven by playwright-core (npx playwright install cannot work here).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { chromium, type Browser, type BrowserContext, type Page, type Request } from 'playwright-core';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
];

/**
 * `clientAddress` (a loopback address such as 127.0.0.11) makes the browser reach `localhost` there, so the gateway
 * (listening on every address) counts a suite's requests under an address of its own: the per-address limits of the
 * sign-in and registration routes then hold for each suite alone, whatever ran just before it.
 */
export async function launchBrowser({ clientAddress }: { clientAddress?: string } = {}): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    // Publication subdomains (`{slug}.localhost`) reach the same address.
    args: clientAddress
      ? [...CHROMIUM_ARGS, `--host-resolver-rules=MAP localhost ${clientAddress}, MAP *.localhost ${clientAddress}`]
      : CHROMIUM_ARGS,
  });
  // Every page of every context is watched from its first request, for networkQuiet.
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (...args) => watchNetwork(await newContext(...args));
  const newPage = browser.newPage.bind(browser);
  browser.newPage = async (...args) => {
    const page = await newPage(...args);
    watchNetwork(page.context());
    watchPage(page);
    return page;
  };
  return browser;
}

/** Requests that never end by themselves (the notification stream) do not keep a page busy. */
const LONG_LIVED = new Set(['eventsource', 'websocket']);
interface Traffic {
  pending: Set<Request>;
  /** When a request last started or ended. */
  lastChange: number;
}
const traffic = new WeakMap<Page, Traffic>();

function watchPage(page: Page) {
  if (traffic.has(page)) return;
  const state: Traffic = { pending: new Set(), lastChange: Date.now() };
  traffic.set(page, state);
  const done = (request: Request) => {
    state.pending.delete(request);
    state.lastChange = Date.now();
  };
  page.on('request', (request) => {
    if (LONG_LIVED.has(request.resourceType())) return;
    state.pending.add(request);
    state.lastChange = Date.now();
  });
  page.on('requestfinished', done);
  page.on('requestfailed', done);
}

function watchNetwork(context: BrowserContext): BrowserContext {
  for (const page of context.pages()) watchPage(page);
  context.on('page', watchPage);
  return context;
}

/**
 * Playwright's 'networkidle' with a shorter quiet window: the page has loaded and no request (event streams aside) has
 * been in flight for `quietMs` (networkidle waits a fixed 500 ms, about a minute of every browser suite's time). A page
 * not opened through launchBrowser falls back to networkidle.
 */
export async function networkQuiet(page: Page, { quietMs = 200, timeoutMs = 30_000 } = {}): Promise<void> {
  await page.waitForLoadState('load');
  const state = traffic.get(page);
  if (!state) return page.waitForLoadState('networkidle');
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const now = Date.now();
    if (state.pending.size === 0 && now - state.lastChange >= quietMs) return;
    if (now > deadline) {
      const urls = [...state.pending].map((request) => request.url()).slice(0, 5);
      throw new Error(`the network was not quiet within ${timeoutMs} ms; in flight: ${urls.join(', ')}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeViolation {
  rule: string;
  impact: string | null | undefined;
  help: string;
  /** The offending elements: their selectors and the start of their HTML. */
  nodes: string[];
}

/**
 * Runs axe-core (every rule but the experimental ones: WCAG 2.x A/AA and best practices such as heading order,
 * one h1 and unique landmarks) on the page as it is now. The source is evaluated through the DevTools protocol,
 * so the site's CSP (no inline script) stays on.
 */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: typeof import('axe-core') }).axe;
    const results = await axe.run(document, { resultTypes: ['violations'] });
    return results.violations.map((v) => ({
      rule: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => `${n.target.join(' ')} ${n.html.slice(0, 120)}`),
    }));
  });
}

/** Fails naming every axe-core violation on the page; `where` says which page, theme and width. */
export async function expectAccessible(page: Page, where: string): Promise<void> {
  // The page itself, not the placeholder shown while its code loads (shell pages and remotes load lazily).
  await page.waitForFunction(() => !document.querySelector('.pc-remote-loading, #pc-ssr-frame'));
  const violations = await axeViolations(page);

  expect({ where, violations }).toEqual({ where, violations: [] });
}

/**
 * Opens `path` in the app already loaded in `page` as its own links do (the shell's router follows the history), without
 * loading the document again, and waits until the page's title (the element `title` selects, whose text differs from
 * page to page) is the new page's. The accessibility sweeps (every page of an area in both themes, at 375 px, in each
 * language) so load the app (and sign in again, in the staff console) once per round instead of once per page: a load
 * took 0.5-1.5 s of each page's 1.7 s there, axe-core's injection and run about 0.1 s. What they check is the page as
 * drawn, the same either way; each page's own first load is tested where its suite opens it.
 */
export async function navigateInApp(page: Page, path: string, title: string): Promise<void> {
  const before = await page.locator(title).first().textContent();
  await page.evaluate((target) => {
    window.history.pushState(null, '', target);
    window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
  }, path);
  await page.waitForFunction(
    ([selector, previous]) => {
      const shown = document.querySelector(selector!);
      return shown !== null && shown.textContent !== previous;
    },
    [title, before] as const,
    { timeout: 15_000 },
  );
}

/**
 * Waits until the app has taken over a server-rendered page (the reader's frame is replaced, no remote or page is still
 * loading): until then the page's buttons are inert, so a click would do nothing.
 */
export async function appReady(page: Page): Promise<void> {
  await page.waitForFunction(() => !document.querySelector('#pc-ssr-frame, .pc-spinner, .pc-remote-loading'));
}
