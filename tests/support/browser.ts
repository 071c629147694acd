// Debian's Chromium driven by playwright-core (npx playwright install cannot work here).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { chromium, type Browser, type Page } from 'playwright-core';

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
export function launchBrowser({ clientAddress }: { clientAddress?: string } = {}): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: clientAddress ? [...CHROMIUM_ARGS, `--host-resolver-rules=MAP localhost ${clientAddress}`] : CHROMIUM_ARGS,
  });
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
 * Waits until the app has taken over a server-rendered page (the reader's frame is replaced, no remote or page is still
 * loading): until then the page's buttons are inert, so a click would do nothing.
 */
export async function appReady(page: Page): Promise<void> {
  await page.waitForFunction(() => !document.querySelector('#pc-ssr-frame, .pc-spinner, .pc-remote-loading'));
}
