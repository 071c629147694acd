// The home page in Chromium through the whole platform (issue #17): the mission (with its 150,000+ views), features
// and trending sections; a visitor's list (the all tab only) scrolling on by itself (IntersectionObserver) and by the
// keyboard's "load more"; a signed-in reader's tabs, the following tab showing only the user and category they
// follow, suggestions, their pinned categories first and follow suggestions; a category pinned from its page with its
// overview. axe-core in both themes and at 375 px without horizontal scroll.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { expectAccessible, launchBrowser, networkQuiet } from '../support/browser.ts';
import { useClientAddress } from '../support/client-address.ts';
import { rememberSecret } from '../support/log-hygiene.ts';
import { publishArticle, signInBrowser, signUp, type Person } from '../support/reader-fixtures.ts';
import { stack } from '../support/stack.ts';

const SITE = `http://localhost:${stack.gateway.httpPort}`;
/** This suite's own client address (see launchBrowser): the per-address limits count this suite alone. */
const CLIENT_ADDRESS = '127.0.0.103';
useClientAddress(CLIENT_ADDRESS);
const API = `http://${CLIENT_ADDRESS}:${stack.gateway.httpPort}`;
const suffix = Date.now().toString(36).slice(-6);

let followed: Person;
let other: Person;
let reader: Person;
const followedTitles: string[] = [];
let otherTitle: string;
let hotId: string;

let browser: Browser;
let context: BrowserContext;
let page: Page;

const paragraph = (text: string) => [
  { type: 'paragraph', data: { text: `${text} The road north follows the coast past fishing towns and tea houses.` } },
];

beforeAll(async () => {
  let more: Person;
  [followed, other, more, reader] = await Promise.all([
    signUp(API, `hm_followed_${suffix}`, 'Aynur İzlənən'),
    signUp(API, `hm_other_${suffix}`, 'Orxan Başqa'),
    signUp(API, `hm_more_${suffix}`, 'Kamal Daha'),
    signUp(API, `hm_reader_${suffix}`, 'Rəna Oxucu'),
  ]);
  // Enough English articles for a second page (the home shows the request language first). One at a time per
  // author (an author holds at most 10 drafts and a few articles in review), the authors side by side.
  otherTitle = `Unfollowed notes ${suffix}`;
  const queues: Array<[Person, Array<{ title: string; category: string }>]> = [
    [followed, []],
    [other, [{ title: otherTitle, category: 'health' }]],
    [more, []],
  ];
  for (let index = 0; index < 22; index += 1) {
    queues[1 + (index % 2)]![1].push({ title: `Scroll article ${index} ${suffix}`, category: 'science' });
  }
  for (const title of [`Followed essay ${suffix}`, `Followed story ${suffix}`]) {
    followedTitles.push(title);
    queues[0]![1].push({ title, category: 'travel' });
  }
  const made = await Promise.all(
    queues.map(async ([author, items]) => {
      const ids: string[] = [];
      for (const item of items) {
        ids.push(await publishArticle(author, { ...item, language: 'en', blocks: paragraph(item.title) }));
      }
      return ids;
    }),
  );
  hotId = made[0]!.at(-1)!; // the second followed article
  const follow = await reader.client.post(`/api/users/${followed.uid}/follow`);
  expect(follow.status).toBe(200);
  expect((await reader.client.post('/api/categories/literature/follow')).status).toBe(200);
  expect((await reader.client.post('/api/categories/history/pin')).status).toBe(200);
  expect((await reader.client.post(`/api/articles/${hotId}/upvote`)).status).toBe(200);

  browser = await launchBrowser({ clientAddress: CLIENT_ADDRESS });
  context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-US' });
  await context.addInitScript(() => {
    localStorage.setItem('pc_consent', 'true');
    if (!localStorage.getItem('pc_lang')) localStorage.setItem('pc_lang', 'en');
  });
  page = await context.newPage();
  page.setDefaultTimeout(20_000);
}, 120_000);

afterEach(async () => {
  const name = (expect.getState().currentTestName ?? 'test').replace(/[^a-z0-9]+/gi, '-').slice(0, 80);
  await page?.screenshot({ path: `${stack.root}/.run/test-reports/e2e/${name}.png` }).catch(() => undefined);
});

afterAll(async () => {
  await browser?.close();
});

async function settled(target: Page) {
  await networkQuiet(target);
  await target.waitForFunction(() => !document.querySelector('.pc-spinner, .pc-remote-loading, #pc-ssr-frame'));
}

async function open(path: string, target = page) {
  await target.goto(`${SITE}${path}`);
  await settled(target);
}

const cards = (target = page) => target.getByTestId('home-list').locator('.pc-card');

describe('a visitor', () => {
  it('sees the mission, features, trending and the all tab, which scrolls on by itself and by keyboard', async () => {
    await context.clearCookies();
    await open('/');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.getByText('150,000+ views').waitFor();
    await page.getByRole('heading', { level: 2, name: 'Our mission' }).waitFor();
    await page.getByRole('heading', { level: 2, name: 'What you can do here' }).waitFor();
    const trending = page.getByTestId('trending');
    await trending.getByRole('link').first().waitFor();
    expect(await trending.getByRole('link').allTextContents()).toContain(followedTitles[1]);
    // Visitors see the all tab only, and why signing in adds more.
    expect(await page.getByRole('navigation', { name: 'Articles' }).count()).toBe(0);
    await page.getByText('Sign in to see the articles of what you follow').waitFor();
    expect(await cards().count()).toBe(20);

    // The end of the list coming into view loads the next page.
    await page.locator('.pc-home__sentinel').scrollIntoViewIfNeeded();
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="home-list"] .pc-card').length > 20);
    const afterScroll = await cards().count();
    // No article twice across the pages (compared by link: other suites publish different articles under the same title).
    const links = await cards()
      .locator('.pc-card__title a')
      .evaluateAll((anchors) => anchors.map((a) => a.getAttribute('href')));
    expect(links).toHaveLength(afterScroll);
    expect(new Set(links).size).toBe(links.length);

    // The same with the keyboard: the "load more" button, focused and pressed.
    await page.evaluate(() => window.scrollTo(0, 0));
    const more = page.getByRole('button', { name: 'Load more articles' });
    if (await more.count()) {
      await more.focus();
      await page.keyboard.press('Enter');
      await page.waitForFunction(
        (count) => document.querySelectorAll('[data-testid="home-list"] .pc-card').length > count,
        afterScroll,
      );
    }
    await expectAccessible(page, 'home, visitor (light)');
  });
});

describe('a signed-in reader', () => {
  beforeAll(async () => {
    await signInBrowser(context, reader, SITE);
    rememberSecret(...(await context.cookies()).filter((c) => c.name === 'pc_su').map((c) => c.value));
  });

  it('sees only what they follow on the following tab, then suggestions', async () => {
    await open('/');
    const tabs = page.getByRole('navigation', { name: 'Articles' });
    await tabs.getByRole('link', { name: 'All' }).waitFor();
    expect(await tabs.getByRole('link', { name: 'All' }).getAttribute('aria-current')).toBe('page');
    // Their categories, the pinned first.
    const mine = page.getByTestId('my-categories');
    await mine.getByRole('link').first().waitFor();
    expect(await mine.getByRole('link').allTextContents()).toEqual(['History · Pinned', 'Literature']);

    await tabs.getByRole('link', { name: 'Following' }).click();
    await page.waitForURL(/\?tab=following$/);
    await page.locator('[data-tab="following"] .pc-card').first().waitFor();
    await settled(page);
    const shown = await cards().locator('.pc-card__title').allTextContents();
    expect(shown.length).toBeGreaterThanOrEqual(2);
    expect(shown).toEqual(expect.arrayContaining(followedTitles));
    expect(shown).not.toContain(otherTitle);
    // Every card is the followed author's or in the followed category (what the API says of each).
    const api = await reader.client.get<{ items: { title: string; category: string; author: { uid: string } }[] }>(
      '/api/home/articles?tab=following',
    );
    for (const item of api.body.items) {
      expect(item.author.uid === followed.uid || item.category === 'literature').toBe(true);
    }
    expect(shown.slice(0, api.body.items.length)).toEqual(api.body.items.map((item) => item.title));
    expect(await tabs.getByRole('link', { name: 'Following' }).getAttribute('aria-current')).toBe('page');

    await tabs.getByRole('link', { name: 'Suggestions' }).click();
    await page.waitForURL(/\?tab=suggestions$/);
    await page.locator('[data-tab="suggestions"]').waitFor();
    await settled(page);
    expect(await cards().locator('.pc-card__title').allTextContents()).not.toEqual(
      expect.arrayContaining(followedTitles),
    );
    await page.getByTestId('follow-suggestions').getByRole('heading', { name: 'Whom to follow' }).waitFor();
  });

  it.each(['light', 'dark'])('has no axe-core violations in the %s theme', async (theme) => {
    await page.evaluate((value) => localStorage.setItem('pc_theme', value), theme);
    for (const path of ['/', '/?tab=following', '/c/history']) {
      await open(path);
      expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe(theme);
      await expectAccessible(page, `${path} (${theme})`);
    }
    await page.evaluate(() => localStorage.removeItem('pc_theme'));
  });

  it('pins a category from its page and sees its overview', async () => {
    await open('/c/science');
    const overview = page.getByTestId('category-explore');
    await overview.getByRole('heading', { name: 'Overview' }).waitFor();
    await overview.getByText('Top authors').waitFor();
    // At least this suite's science articles are counted.
    const articles = Number((await overview.locator('dd').first().textContent())!.replace(/\D/g, ''));
    expect(articles).toBeGreaterThanOrEqual(22);
    const pin = page.getByRole('button', { name: 'Pin to my home' });
    await pin.click();
    await page.getByRole('button', { name: 'Unpin from my home' }).waitFor();
    expect(await page.getByRole('button', { name: 'Unpin from my home' }).getAttribute('aria-pressed')).toBe('true');
    // Pinning follows.
    expect(await page.getByRole('button', { name: 'Unfollow the category' }).count()).toBe(1);
    await open('/');
    await page.getByTestId('my-categories').getByRole('link', { name: 'Science · Pinned' }).waitFor();
    expect((await page.getByTestId('my-categories').getByRole('link').allTextContents())[0]).toBe('Science · Pinned');
  });

  it('fits a phone without horizontal scroll and without axe-core violations', async () => {
    const phone = await browser.newContext({
      viewport: { width: 375, height: 812 },
      isMobile: true,
      hasTouch: true,
      locale: 'en-US',
    });
    await phone.addInitScript(() => {
      localStorage.setItem('pc_consent', 'true');
      localStorage.setItem('pc_lang', 'en');
    });
    await signInBrowser(phone, reader, SITE);
    const mobile = await phone.newPage();
    for (const path of ['/', '/?tab=following', '/c/science']) {
      await open(path, mobile);
      expect(await mobile.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      await expectAccessible(mobile, `${path} (375 px)`);
    }
    await phone.clearCookies();
    await open('/', mobile);
    expect(await mobile.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expectAccessible(mobile, 'home, visitor (375 px)');
    await phone.close();
  });
});
