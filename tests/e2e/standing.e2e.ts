// Standing in Chromium through the whole platform: a writer who earns a badge (first-article, from the approval of a
// first article published while the page is open) sees notification 105 arrive live, without reloading (the bell's
// count goes up and its panel says so), and so does a badge granted by staff; the profile's badges tab lists both;
// the leaderboard page shows its periods with the tiers; the settings' rating log shows what moved the rating. Every
// screen in both themes, at 375 px, without axe-core violations.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { expectAccessible, launchBrowser, networkQuiet } from '../support/browser.ts';
import { suiteFetch, useClientAddress } from '../support/client-address.ts';
import { bearer, staffToken } from '../support/keycloak.ts';
import { rememberSecret } from '../support/log-hygiene.ts';
import { publishArticle, signInBrowser, signUp, type Person } from '../support/reader-fixtures.ts';
import { closeReviewClient } from '../support/review.ts';
import { eventually, stack } from '../support/stack.ts';

const SITE = `http://localhost:${stack.gateway.httpPort}`;
/** This suite's own client address (see launchBrowser): the per-address limits count this suite alone. */
const CLIENT_ADDRESS = '127.0.0.102';
useClientAddress(CLIENT_ADDRESS);
const API = `http://${CLIENT_ADDRESS}:${stack.gateway.httpPort}`;
const suffix = Date.now().toString(36).slice(-6);

let writer: Person;
let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  writer = await signUp(API, `st_writer_${suffix}`, 'Sevda Reytinq');
  browser = await launchBrowser({ clientAddress: CLIENT_ADDRESS });
  context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-US' });
  await context.addInitScript(() => {
    localStorage.setItem('pc_consent', 'true');
    if (!localStorage.getItem('pc_lang')) localStorage.setItem('pc_lang', 'en');
  });
  await signInBrowser(context, writer, SITE);
  rememberSecret(...(await context.cookies()).filter((c) => c.name === 'pc_su').map((c) => c.value));
  page = await context.newPage();
  page.setDefaultTimeout(20_000);
});

afterEach(async () => {
  const name = (expect.getState().currentTestName ?? 'test').replace(/[^a-z0-9]+/gi, '-').slice(0, 80);
  await page?.screenshot({ path: `${stack.root}/.run/test-reports/e2e/${name}.png` }).catch(() => undefined);
});

afterAll(async () => {
  await browser?.close();
  closeReviewClient();
});

function until(check: () => Promise<unknown>) {
  return eventually(
    async () => {
      await check();
      return true;
    },
    { timeoutMs: 20_000, intervalMs: 200 },
  );
}

async function settled(target: Page = page) {
  await networkQuiet(target).catch(() => undefined);
  await target.waitForFunction(() => !document.querySelector('.pc-spinner, .pc-remote-loading, #pc-ssr-frame'));
}

const bell = () => page.getByRole('banner').getByRole('button', { name: /^Notifications/ });
const panel = () => page.locator('.pc-bell__panel');

async function bellCount(): Promise<number> {
  const label = (await bell().getAttribute('aria-label')) ?? '';
  const match = /unread: (\d+)/.exec(label);
  return match ? Number(match[1]) : 0;
}

async function badgeNotifications(): Promise<number> {
  const answer = await writer.client.get<{ items: { type: number }[] }>('/api/notifications/my');
  return answer.body.items.filter((item) => item.type === 105).length;
}

/** axe-core in the light and the dark theme and at 375 px (no horizontal scrolling); `reopen` shows the page again. */
async function checkEverywhere(where: string, reopen: () => Promise<void>) {
  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate((value) => localStorage.setItem('pc_theme', value), theme);
    await reopen();
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe(theme);
    await expectAccessible(page, `${where}, ${theme}`);
  }
  await page.setViewportSize({ width: 375, height: 800 });
  try {
    await reopen();
    await expectAccessible(page, `${where}, 375 px`);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect({ where, overflow }).toEqual({ where, overflow: 0 });
  } finally {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.evaluate(() => localStorage.removeItem('pc_theme'));
  }
}

describe('badges', () => {
  it('a badge earned while the page is open arrives live (105), and so does a staff grant', async () => {
    await page.goto(`${SITE}/leaderboard`);
    await settled();
    await bell().waitFor();
    const marker = await page.evaluate(() => {
      (window as unknown as { marker: string }).marker = 'still the same page';
      return 'still the same page';
    });
    const before = await bellCount();

    // A first article, approved: the approval (2) and the first-article badge (105) arrive without a reload.
    await publishArticle(writer, {
      title: `Standing first ${suffix}`,
      description: 'A first article',
      language: 'en',
      category: 'tech',
      blocks: [{ type: 'paragraph', data: { text: 'A first article earns the first badge of a writer on Pencraft.' } }],
    });
    await until(async () => expect(await bellCount()).toBe(before + 2));
    await bell().click();
    // A 105 leads nowhere: it is a sentence, not a link, naming the badge in the page's language.
    await panel().getByText('You earned the badge “First article”.').waitFor();
    await page.keyboard.press('Escape');

    // A staff grant (bug-hunter): one more 105, live.
    const granted = await suiteFetch(`${API}/api/staff/users/${writer.username}/badges`, {
      method: 'POST',
      headers: { ...bearer(await staffToken()), 'content-type': 'application/json' },
      body: JSON.stringify({ badge: 'bug-hunter' }),
    });
    expect(granted.status).toBe(200);
    await until(async () => expect(await bellCount()).toBe(before + 3));
    expect(await badgeNotifications()).toBe(2);
    expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe(marker);
  });

  it("the profile's badges tab lists them, named and explained", async () => {
    const open = async () => {
      await page.goto(`${SITE}/@${writer.username}?tab=badges`);
      await settled();
      await page.locator('[data-badges] [data-badge="bug-hunter"]').waitFor();
    };
    await open();
    await page.getByRole('link', { name: 'Badges' }).and(page.locator('[aria-current="page"]')).waitFor();
    const badges = page.locator('[data-badges] [data-badge]');
    expect(await badges.evaluateAll((items) => items.map((item) => item.getAttribute('data-badge')))).toEqual([
      'first-article',
      'bug-hunter',
    ]);
    await page.getByText('Published a first article.').waitFor();
    // The rating and its tier beside the counts (10 for the approval: Amateur).
    await page.locator('.pc-profile__counts [data-tier="amateur"]').getByText('10 · Amateur').waitFor();
    await checkEverywhere('badges tab', open);
  });
});

describe('the leaderboard', () => {
  it('shows the periods and the tiers', async () => {
    const open = async (period = '') => {
      await page.goto(`${SITE}/leaderboard${period ? `?period=${period}` : ''}`);
      await settled();
      await page.getByRole('heading', { level: 1, name: 'Leaderboard' }).waitFor();
      await page.locator('[data-leaders] li').first().waitFor();
    };
    await open('week');
    const periods = page.getByRole('navigation', { name: 'Period' });
    expect(await periods.getByRole('link').allTextContents()).toEqual(['This week', 'This month', 'All time']);
    expect(await periods.getByRole('link', { name: 'This week' }).getAttribute('aria-current')).toBe('page');
    // Every row has its tier; the writer gained 10 points this week.
    const rows = page.locator('[data-leaders] li');
    expect(await rows.count()).toBeGreaterThan(0);
    expect(await rows.locator('[data-tier]').count()).toBe(await rows.count());
    await periods.getByRole('link', { name: 'All time' }).click();
    await page.waitForURL(`${SITE}/leaderboard`);
    await page.locator('[data-leaders="all"] li').first().waitFor();
    await checkEverywhere('leaderboard', () => open());
  });
});

describe('the rating log', () => {
  it('shows the rating, its tier and what moved it', async () => {
    const open = async () => {
      await page.goto(`${SITE}/settings/rating`);
      await settled();
      await page.locator('[data-rating-entry="articleApproved"]').waitFor();
    };
    await open();
    await page.getByRole('heading', { level: 1, name: 'Rating log' }).waitFor();
    expect(await page.locator('[data-rating]').getAttribute('data-rating')).toBe('10');
    await page.locator('[data-tier="amateur"]').getByText('Amateur').waitFor();
    await page.getByText('Your article was approved').waitFor();
    await checkEverywhere('rating log', open);
  });
});
