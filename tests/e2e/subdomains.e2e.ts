// A publication's subdomain in Chromium (issue #15): http://{slug}.localhost:<gateway port>/ with no hosts file
// (launchBrowser maps *.localhost to this suite's own address, as Chromium resolves *.localhost to the loopback).
// The publication's home shows with its name, about and plan, no cookie banner, consent stored as false, and axe
// finds nothing in the light and dark themes, on a wide screen and at 375 px, for a visitor (its subscribe links lead
// to sign in and back) and for a signed-in reader, who subscribes for free and unsubscribes there and is told in their
// language why the plan cannot be bought yet (the owner has not connected a merchant account: MerchantNotConnected).
import type { Browser, Page } from 'playwright-core';
import { expectAccessible, launchBrowser, networkQuiet } from '../support/browser.ts';
import { useClientAddress } from '../support/client-address.ts';
import { signInBrowser, signUp, type Person } from '../support/reader-fixtures.ts';
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
let reader: Person;
/** A reader whose account speaks Azerbaijani (the account's language wins over this device's at sign-in). */
let readerAz: Person;

async function settled(page: Page) {
  await networkQuiet(page);
  await page.waitForFunction(() => !document.querySelector('.pc-spinner, .pc-remote-loading'));
}

async function open(options: { width?: number; theme?: string; person?: Person } = {}) {
  const context = await browser.newContext({
    viewport: { width: options.width ?? 1280, height: 900 },
    ...(options.width === 375 ? { isMobile: true, hasTouch: true } : {}),
  });
  if (options.theme) await context.addInitScript((theme) => localStorage.setItem('pc_theme', theme), options.theme);
  await context.addInitScript(() => localStorage.setItem('pc_lang', 'en'));
  // Signed in on the subdomain: the session cookie for its host (production shares it through the cookie domain).
  if (options.person) await signInBrowser(context, options.person, HOME);
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
  [reader, readerAz] = await Promise.all([
    signUp(API, `subrdr_${run}`, 'Subdomain Reader', 'en'),
    signUp(API, `subaz_${run}`, 'Subdomen Oxucusu', 'az'),
  ]);
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
    // A visitor's ways to subscribe lead to sign in on the subdomain, and back to its home.
    for (const label of ['Subscribe', 'Subscribe for ₼49.00 a year'])
      expect(await page.getByRole('link', { name: label, exact: true }).getAttribute('href')).toBe('/login?next=%2F');
    await context.close();
  });

  it('lets a signed-in reader subscribe for free and unsubscribe, and says why the plan cannot be bought yet', async () => {
    const { context, page } = await open({ person: reader });
    await page.goto(HOME);
    await settled(page);
    await page.getByRole('button', { name: 'Subscribe', exact: true }).click();
    await page.getByText('You are subscribed for free.').waitFor();
    await page.getByRole('button', { name: 'Unsubscribe', exact: true }).click();
    await page.getByRole('button', { name: 'Subscribe', exact: true }).waitFor();
    // The owner has not connected a merchant account: the API's refusal, as it words it.
    await page.getByRole('button', { name: 'Subscribe for ₼49.00 a year', exact: true }).click();
    await page.getByRole('alert').getByText('This publication does not accept paid subscriptions yet.').waitFor();
    expect(new URL(page.url()).host).toBe(`${slug}.localhost:${PORT}`);
    await context.close();

    // The same refusal in the reader's language (Azerbaijani).
    const az = await open({ person: readerAz });
    await az.page.goto(HOME);
    await settled(az.page);
    await az.page.getByRole('button', { name: /^Abunə ol — ildə .*₼/ }).click();
    await az.page.getByRole('alert').getByText('Bu nəşr hələ ödənişli abunəlik qəbul etmir.').waitFor();
    await az.context.close();
  });

  it.each(['light', 'dark'])('is accessible in the %s theme, on a wide screen and at 375 px', async (theme) => {
    for (const width of [1280, 375])
      for (const person of [undefined, reader]) {
        const { context, page } = await open({ width, theme, person });
        await page.goto(HOME);
        await settled(page);
        await page.getByRole('heading', { level: 1, name }).waitFor();
        await page.getByRole(person ? 'button' : 'link', { name: 'Subscribe', exact: true }).waitFor();
        const who = person ? 'signed in' : 'visitor';
        await expectAccessible(page, `publication home (${theme}, ${width} px, ${who})`);
        // Nothing wider than the phone: the plan's long button wraps.
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        await context.close();
      }
  });
});
