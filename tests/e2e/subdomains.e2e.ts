// A publication's subdomain in Chromium (issue #15): http://{slug}.localhost:<gateway port>/ with no hosts file
// (launchBrowser maps *.localhost to this suite's own address, as Chromium resolves *.localhost to the loopback).
// The publication's home shows with its name, about and plan, no cookie banner, consent stored as false, and axe
// finds nothing in the light and dark themes, on a wide screen and at 375 px.
import type { Browser, Page } from 'playwright-core';
import { expectAccessible, launchBrowser, networkQuiet } from '../support/browser.ts';
import { useClientAddress } from '../support/client-address.ts';
import { signUp } from '../support/reader-fixtures.ts';
import { closeReviewClient } from '../support/review.ts';
import { stack } from '../support/stack.ts';

const PORT = stack.gateway.httpPort;
const CLIENT_ADDRESS = '127.0.0.93';
useClientAddress(CLIENT_ADDRESS);
const API = `http://${CLIENT_ADDRESS}:${PORT}`;
const run = Date.now().toString(36);
const slug = `e2e-${run}`;
const name = `Browser Notes ${run}`;
const HOME = `http://${slug}.localhost:${PORT}/`;

let browser: Browser;

async function settled(page: Page) {
  await networkQuiet(page);
  await page.waitForFunction(() => !document.querySelector('.pc-spinner, .pc-remote-loading'));
}

async function open(options: { width?: number; theme?: string } = {}) {
  const context = await browser.newContext({
    viewport: { width: options.width ?? 1280, height: 900 },
    ...(options.width === 375 ? { isMobile: true, hasTouch: true } : {}),
  });
  if (options.theme) await context.addInitScript((theme) => localStorage.setItem('pc_theme', theme), options.theme);
  await context.addInitScript(() => localStorage.setItem('pc_lang', 'en'));
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  return { context, page };
}

beforeAll(async () => {
  const owner = await signUp(API, `sube2e_${run}`, 'Subdomain Writer', 'en');
  const created = await owner.client.post<{ id: string }>('/api/core-publications', {
    name,
    slug,
    description: 'Field notes, read on their own subdomain.',
  });
  expect(created.status).toBe(201);
  const plan = await owner.client.post(`/api/core-publications/${created.body.id}/studio/plans`, {
    interval: 'year',
    price: 4900,
    description: 'A year of notes.',
  });
  expect(plan.status).toBe(201);
  browser = await launchBrowser({ clientAddress: CLIENT_ADDRESS });
});

afterAll(async () => {
  await browser?.close();
  closeReviewClient();
});

describe("a publication's subdomain in the browser", () => {
  it('shows the publication home without a cookie banner, consent kept off', async () => {
    const { context, page } = await open();
    await page.goto(HOME);
    await page.getByRole('heading', { level: 1, name }).waitFor();
    await settled(page);
    await page.getByRole('heading', { level: 1, name }).waitFor();
    await page.getByText('Field notes, read on their own subdomain.').waitFor();
    await page.getByRole('heading', { level: 3, name: '₼49.00 a year' }).waitFor();
    expect(await page.title()).toBe(name);
    expect(await page.getByRole('region', { name: 'Cookie consent' }).count()).toBe(0);
    expect(await page.evaluate(() => localStorage.getItem('pc_consent'))).toBe('false');
    await context.close();
  });

  it.each(['light', 'dark'])('is accessible in the %s theme, on a wide screen and at 375 px', async (theme) => {
    for (const width of [1280, 375]) {
      const { context, page } = await open({ width, theme });
      await page.goto(HOME);
      await settled(page);
      await page.getByRole('heading', { level: 1, name }).waitFor();
      await expectAccessible(page, `publication home (${theme}, ${width} px)`);
      await context.close();
    }
  });
});
