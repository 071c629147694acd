// Notifications in Chromium through the whole platform: the header's bell shows the unread count of the signed-in
// user (GET /api/notifications/my); a vote and a new follower made elsewhere arrive live, without reloading, through
// the SSE stream (the count goes up, a polite live region announces the sentence); the bell's panel opens and closes
// by keyboard, lists the newest in words, and leads to the subject, marking it read; "mark all as read" clears the
// count; the /notifications page lists them all with an unread filter and marks one read; another user never sees
// them; the settings page chooses which ones also come by e-mail. Every screen in both themes, at 375 px, without
// axe-core violations.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { expectAccessible, launchBrowser, networkQuiet } from '../support/browser.ts';
import { useClientAddress } from '../support/client-address.ts';
import { rememberSecret } from '../support/log-hygiene.ts';
import {
  addCoAuthor,
  publishArticle,
  publishTranslation,
  signInBrowser,
  signUp,
  type Person,
} from '../support/reader-fixtures.ts';
import { closeReviewClient } from '../support/review.ts';
import { eventually, stack } from '../support/stack.ts';

const SITE = `http://localhost:${stack.gateway.httpPort}`;
/** This suite's own client address (see launchBrowser): the per-address limits count this suite alone. */
const CLIENT_ADDRESS = '127.0.0.71';
useClientAddress(CLIENT_ADDRESS);
const API = `http://${CLIENT_ADDRESS}:${stack.gateway.httpPort}`;
const suffix = Date.now().toString(36).slice(-6);
const title = `Winds of Absheron ${suffix}`;

interface Summary {
  unread: number;
  items: { id: string; type: number; read: boolean }[];
}

let author: Person;
let voter: Person;
let follower: Person;
let articleId: string;

let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  author = await signUp(API, `nt_author_${suffix}`, 'Nərmin Yazar');
  voter = await signUp(API, `nt_voter_${suffix}`, 'Vüsal Oxucu');
  follower = await signUp(API, `nt_fan_${suffix}`, 'Fidan İzləyici');
  articleId = await publishArticle(author, {
    title,
    description: 'The wind, the sea and the oil rocks',
    language: 'en',
    category: 'travel',
    blocks: [{ type: 'paragraph', data: { text: 'On Absheron the wind decides what the day will be like.' } }],
  });
  browser = await launchBrowser({ clientAddress: CLIENT_ADDRESS });
  context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-US' });
  await context.addInitScript(() => {
    localStorage.setItem('pc_consent', 'true');
    if (!localStorage.getItem('pc_lang')) localStorage.setItem('pc_lang', 'en');
  });
  await signInBrowser(context, author, SITE);
  rememberSecret(...(await context.cookies()).filter((c) => c.name === 'pc_su').map((c) => c.value));
  page = await context.newPage();
  page.setDefaultTimeout(20_000);
  page.on('response', (response) => {
    if (response.url().includes('/api/notifications/stream'))
      streams.push(`${response.status()} ${response.headers()['content-type'] ?? ''} ${response.url()}`);
  });
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
});

const streams: string[] = [];
/** The vote's sentence, naming the article (articles.article.voted carries its title). */
const voteSentence = (prefix = '') => new RegExp(`^${prefix}Vüsal Oxucu upvoted your article “${title}”\\.$`);
const consoleErrors: string[] = [];

/** Waits for `locator`; when it does not come, fails saying what the page and the server had. */
async function shows(locator: ReturnType<Page['locator']>, what: string) {
  try {
    await locator.waitFor();
  } catch (error) {
    const mine = await author.client.get<Summary>('/api/notifications/my');
    const toasts = await page
      .locator('.pc-toasts')
      .innerText()
      .catch(() => '');
    throw new Error(
      `${what} did not show: ${(error as Error).message.split('\n')[0]}\nstreams: ${JSON.stringify(streams)}\n` +
        `toasts: ${JSON.stringify(toasts)}\nconsole errors: ${JSON.stringify(consoleErrors)}\n` +
        `summary: ${JSON.stringify(mine.body)}`,
      { cause: error },
    );
  }
}

afterEach(async () => {
  const name = (expect.getState().currentTestName ?? 'test').replace(/[^a-z0-9]+/gi, '-').slice(0, 80);
  await page?.screenshot({ path: `${stack.root}/.run/test-reports/e2e/${name}.png` }).catch(() => undefined);
});

afterAll(async () => {
  await browser?.close();
  closeReviewClient();
});

/** Waits until `check` stops throwing. */
function until(check: () => Promise<unknown>) {
  return eventually(async () => {
    await check();
    return true;
  });
}

async function summary(person: Person): Promise<Summary> {
  const answer = await person.client.get<Summary>('/api/notifications/my');
  expect(answer.status).toBe(200);
  return answer.body;
}

/** Loaded, the app has taken over, nothing is loading any more. */
async function settled(target: Page = page) {
  await networkQuiet(target).catch(() => undefined);
  await target.waitForFunction(() => !document.querySelector('.pc-spinner, .pc-remote-loading, #pc-ssr-frame'));
}

const bell = (target: Page = page) => target.getByRole('banner').getByRole('button', { name: /^Notifications/ });
const panel = (target: Page = page) => target.locator('.pc-bell__panel');

async function bellCount(target: Page = page): Promise<number> {
  const label = (await bell(target).getAttribute('aria-label')) ?? '';
  const match = /unread: (\d+)/.exec(label);
  return match ? Number(match[1]) : 0;
}

/** axe-core in the light and the dark theme and at 375 px (no horizontal scrolling); `reopen` shows the state again. */
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

describe('the bell', () => {
  it('is not there for a visitor', async () => {
    const visitor = await browser.newContext({ locale: 'en-US' });
    await visitor.addInitScript(() => {
      localStorage.setItem('pc_lang', 'en');
      localStorage.setItem('pc_consent', 'true');
    });
    const other = await visitor.newPage();
    await other.goto(`${SITE}/about`);
    await settled(other);
    await other.getByRole('link', { name: 'Sign in' }).first().waitFor();
    expect(await bell(other).count()).toBe(0);
    await visitor.close();
  });

  it('shows the unread count of the signed-in user', async () => {
    // The welcome (confirmation) and the article's approval are there already.
    await until(async () => expect((await summary(author)).unread).toBeGreaterThanOrEqual(2));
    const { unread } = await summary(author);
    await page.goto(`${SITE}/about`);
    await settled();
    await bell().waitFor();
    await until(async () => expect(await bellCount()).toBe(unread));
    expect(await page.locator('.pc-bell__count').textContent()).toBe(String(unread));
  });

  it('hears a vote and a new follower live, without reloading, and announces them politely', async () => {
    const before = await bellCount();
    const marker = await page.evaluate(() => {
      (window as unknown as { marker: string }).marker = 'still the same page';
      return 'still the same page';
    });
    expect((await voter.client.post(`/api/articles/${articleId}/upvote`)).status).toBe(200);
    await shows(page.getByRole('status').getByText(voteSentence('New notification: ')), 'the vote');
    await until(async () => expect(await bellCount()).toBe(before + 1));
    expect((await follower.client.post(`/api/users/${author.uid}/follow`)).status).toBe(200);
    await shows(
      page.getByRole('status').getByText('New notification: Fidan İzləyici started following you.'),
      'the follower',
    );
    await until(async () => expect(await bellCount()).toBe(before + 2));
    // Nothing reloaded the page.
    expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe(marker);
    expect(await page.locator('[aria-live="polite"]').count()).toBeGreaterThan(0);
  });

  it('opens by keyboard, lists the newest in words, closes with Escape and gives the focus back', async () => {
    await bell().focus();
    await page.keyboard.press('Enter');
    await panel().waitFor({ state: 'visible' });
    expect(await bell().getAttribute('aria-expanded')).toBe('true');
    await panel().getByRole('link', { name: 'Fidan İzləyici started following you.' }).waitFor();
    await panel().getByRole('link', { name: voteSentence() }).waitFor();
    await panel().getByRole('link', { name: 'All notifications' }).waitFor();
    await expectAccessible(page, 'bell panel open');
    await page.keyboard.press('Escape');
    await panel().waitFor({ state: 'hidden' });
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-expanded'))).toBe('false');
  });

  it('leads to the subject and marks that one read', async () => {
    const before = await bellCount();
    await bell().click();
    await panel().getByRole('link', { name: voteSentence() }).click();
    await page.waitForURL(`${SITE}/a/${articleId}`);
    await until(async () => expect(await bellCount()).toBe(before - 1));
    const vote = (await summary(author)).items.find((item) => item.type === 0);
    expect(vote?.read).toBe(true);
  });

  it('marks all as read', async () => {
    await settled();
    await bell().click();
    await panel().getByRole('button', { name: 'Mark all as read' }).click();
    await until(async () => expect(await bellCount()).toBe(0));
    expect(await page.locator('.pc-bell__count').count()).toBe(0);
    expect((await summary(author)).unread).toBe(0);
    await page.keyboard.press('Escape');
  });
});

describe('the notifications page', () => {
  it('lists them all, filters the unread, marks one read, and follows live arrivals on the first page', async () => {
    await page.goto(`${SITE}/notifications`);
    await page.getByRole('heading', { level: 1, name: 'Notifications' }).waitFor();
    await settled();
    await page.getByRole('heading', { level: 2, name: 'Fidan İzləyici started following you.' }).waitFor();
    await page
      .getByRole('heading', { level: 2, name: `Your article “${title}” was approved and published.` })
      .waitFor();
    await page.getByRole('link', { name: 'Unread' }).click();
    await page.getByText('You have read every notification.').waitFor();
    // A new one, while the unread list is open.
    expect((await follower.client.request('DELETE', `/api/users/${author.uid}/follow`)).status).toBe(200);
    expect((await voter.client.post(`/api/users/${author.uid}/follow`)).status).toBe(200);
    const item = page.locator('.pc-notifications__list li', { hasText: 'Vüsal Oxucu started following you.' });
    await item.waitFor();
    await item.getByText('Unread').waitFor();
    await item.getByRole('button', { name: 'Mark as read' }).click();
    await item.getByRole('button', { name: 'Mark as read' }).waitFor({ state: 'detached' });
    await until(async () => expect((await summary(author)).unread).toBe(0));
  });

  it('is accessible in both themes and at 375 px', async () => {
    await checkEverywhere('notifications page', async () => {
      await page.goto(`${SITE}/notifications`);
      await page.getByRole('heading', { level: 1, name: 'Notifications' }).waitFor();
      await settled();
      await page.locator('.pc-notifications__list li').first().waitFor();
    });
    await checkEverywhere('bell panel', async () => {
      await page.goto(`${SITE}/about`);
      await settled();
      await bell().click();
      await panel().waitFor({ state: 'visible' });
    });
  });

  it('shows nobody else my notifications', async () => {
    const mine = await summary(author);
    const theirs = await summary(voter);
    const ids = new Set(mine.items.map((item) => item.id));
    expect(theirs.items.filter((item) => ids.has(item.id))).toEqual([]);
    const foreign = await voter.client.request('PUT', `/api/notifications/${mine.items[0]!.id}/read`);
    expect(foreign.status).toBe(404);
  });

  it('asks a visitor to sign in', async () => {
    const visitor = await browser.newContext({ locale: 'en-US' });
    await visitor.addInitScript(() => localStorage.setItem('pc_lang', 'en'));
    const other = await visitor.newPage();
    await other.goto(`${SITE}/notifications`);
    await other.getByText('Sign in to see your notifications.').waitFor();
    await visitor.close();
  });
});

describe('the settings', () => {
  it('choose which notifications also come by e-mail', async () => {
    await page.goto(`${SITE}/settings/notifications`);
    await page.getByRole('heading', { level: 1, name: 'Notifications' }).waitFor();
    await settled();
    const site = page.getByRole('checkbox', { name: 'Comments on my articles', exact: true });
    const mail = page.getByRole('checkbox', { name: 'Comments on my articles: also by e-mail' });
    // Defaults: on the site yes, by e-mail only the review outcomes.
    expect(await site.isChecked()).toBe(true);
    expect(await mail.isChecked()).toBe(false);
    expect(
      await page
        .getByRole('checkbox', { name: 'The review of my articles (approved or rejected): also by e-mail' })
        .isChecked(),
    ).toBe(true);
    await mail.check();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Saved.').waitFor();
    await expectAccessible(page, 'notification settings');
    await page.reload();
    await settled();
    expect(await page.getByRole('checkbox', { name: 'Comments on my articles: also by e-mail' }).isChecked()).toBe(
      true,
    );
    const saved = await author.client.get<Record<string, boolean>>('/api/ttin/nots/mail');
    expect(saved.body.ac).toBe(true);
    // Off on the site: the e-mail box cannot be on.
    await page.getByRole('checkbox', { name: 'Comments on my articles', exact: true }).uncheck();
    expect(await page.getByRole('checkbox', { name: 'Comments on my articles: also by e-mail' }).isDisabled()).toBe(
      true,
    );
  });
});

describe('writing together', () => {
  it('hears a co-author invitation and a translation of my article live; the translator hears its approval', async () => {
    await page.goto(`${SITE}/about`);
    await settled();
    await bell().waitFor();
    const before = await bellCount();
    // 500: the voter invites the author to co-author one of the voter's articles.
    const theirs = `Caspian light ${suffix}`;
    const theirArticle = await publishArticle(voter, {
      title: theirs,
      description: 'Evening on the boulevard',
      language: 'en',
      category: 'travel',
      blocks: [{ type: 'paragraph', data: { text: 'The boulevard at dusk belongs to the walkers and the gulls.' } }],
    });
    await addCoAuthor(voter, theirArticle, author);
    await shows(
      page.getByRole('status').getByText(`New notification: Vüsal Oxucu invited you to co-author “${theirs}”.`),
      'the invitation',
    );
    // 3: the voter, now a co-author of the author's article, translates it; moderation approves the translation.
    await addCoAuthor(author, articleId, voter);
    const translated = `Abşeron küləkləri ${suffix}`;
    await publishTranslation(voter, articleId, {
      title: translated,
      description: 'Külək, dəniz və Neft Daşları',
      language: 'az',
      category: 'travel',
      blocks: [
        {
          type: 'paragraph',
          data: { text: 'Abşeronda günün necə keçəcəyini külək həll edir: dəniz də, yollar da ona baxır.' },
        },
      ],
    });
    await shows(
      page.getByRole('status').getByText(`New notification: Vüsal Oxucu translated your article “${translated}”.`),
      'the translation',
    );
    await until(async () => expect(await bellCount()).toBeGreaterThanOrEqual(before + 2));
    // 4 goes to the translator, never to the author.
    await until(async () => expect((await summary(voter)).items.some((item) => item.type === 4)).toBe(true));
    expect((await summary(author)).items.some((item) => item.type === 4)).toBe(false);
    await bell().click();
    await panel()
      .getByRole('link', { name: `Vüsal Oxucu translated your article “${translated}”.` })
      .waitFor();
    await expectAccessible(page, 'the panel with an invitation and a translation');
    await page.keyboard.press('Escape');
  });
});
