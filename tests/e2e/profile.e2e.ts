// The public profile page /@username in Chromium: a writer's page as a visitor sees it in az, en and ru (picture
// initials, headline, bio, counts, the articles tab with a published article), 404 for an unknown name, follow and
// unfollow from another signed-in user with the followers and following tabs, and axe-core in both themes and on a
// phone.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { captchaHeader } from '../support/captcha.ts';
import { expectAccessible, launchBrowser, networkQuiet } from '../support/browser.ts';
import { useClientAddress } from '../support/client-address.ts';
import { ApiClient } from '../support/http-client.ts';
import { rememberSecret } from '../support/log-hygiene.ts';
import { codeIn, waitForMail } from '../support/mailbox.ts';
import { stack } from '../support/stack.ts';
import { approveArticle, closeReviewClient } from '../support/review.ts';

const SITE = `http://localhost:${stack.gateway.httpPort}`;
/**
 * This suite's own client address (the browser reaches localhost there, the suite's API calls go there too): the
 * per-address limit of the account routes counts this suite alone.
 */
const CLIENT_ADDRESS = '127.0.0.12';
useClientAddress(CLIENT_ADDRESS);
const API = `http://${CLIENT_ADDRESS}:${stack.gateway.httpPort}`;
const suffix = Date.now().toString(36);
const password = 'profile-pass-7';

interface Person {
  email: string;
  username: string;
  fullname: string;
  client: ApiClient;
}

/** Registers through the API (captcha solved for real) and confirms with the mailed code. */
async function registered(name: string, fullname: string): Promise<Person> {
  const person = {
    email: `${name}_${suffix}@example.az`,
    username: `${name}_${suffix}`,
    fullname,
    client: new ApiClient(API, 'en'),
  };
  rememberSecret(person.email, person.fullname, password);
  const after = new Date();
  const answer = await person.client.post(
    '/api/id/register',
    {
      email: person.email,
      username: person.username,
      fullname,
      password,
      acceptTerms: true,
      acceptPrivacy: true,
    },
    await captchaHeader(API),
  );
  expect(answer.status).toBe(201);
  const code = codeIn(await waitForMail({ to: person.email, after }));
  expect((await person.client.post('/api/id/register/verify', { code })).status).toBeLessThan(300);
  return person;
}

let writer: Person;
let reader: Person;
const title = `Ganja gardens ${suffix}`;

let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  writer = await registered('writer', 'Nigar Yazıçı');
  reader = await registered('reader', 'Tural Oxucu');
  expect(
    (await writer.client.request('PUT', '/api/me/settings/profile/headline', { headline: 'Gardener and writer' }))
      .status,
  ).toBeLessThan(300);
  expect(
    (await writer.client.request('PUT', '/api/me/settings/profile/bio', { bio: 'Notes from the gardens of Ganja.' }))
      .status,
  ).toBeLessThan(300);
  // The reader signs in on the page: the account's language is the page's from then on.
  expect((await reader.client.request('PUT', '/api/ttin/prefs/language', { language: 'en' })).status).toBeLessThan(300);
  const created = await writer.client.post<{ id: string }>('/api/articles', {
    title,
    description: 'Roses and quince',
    language: 'en',
    category: 'travel',
    subCategories: [],
    content: {
      blocks: [
        {
          type: 'paragraph',
          data: {
            text: 'The gardens of Ganja bloom in May, and the quince trees are older than the houses around them.',
          },
        },
      ],
    },
  });
  expect(created.status).toBe(201);
  expect((await writer.client.post(`/api/articles/publishing/${created.body.id}`)).status).toBe(200);
  await approveArticle(created.body.id);

  browser = await launchBrowser({ clientAddress: CLIENT_ADDRESS });
  context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.addInitScript(() => localStorage.setItem('pc_consent', 'true'));
  page = await context.newPage();
  page.setDefaultTimeout(20_000);
});

afterEach(async () => {
  const name = (expect.getState().currentTestName ?? 'test').replace(/[^a-z0-9]+/gi, '-').slice(0, 80);
  await page?.screenshot({ path: `${stack.root}/.run/test-reports/e2e/${name}.png` }).catch(() => undefined);
});

afterAll(async () => {
  closeReviewClient();
  await browser?.close();
});

async function settled(target: Page) {
  await networkQuiet(target);
  await target.waitForFunction(() => !document.querySelector('.pc-spinner, .pc-remote-loading'));
}

async function setLanguage(language: string) {
  await page.evaluate((value) => localStorage.setItem('pc_lang', value), language);
}

describe('the public profile', () => {
  it.each([
    ['az', 'Məqalələr', 'İzləyicilər'],
    ['en', 'Articles', 'Followers'],
    ['ru', 'Статьи', 'Подписчики'],
  ])('shows a writer to a visitor in %s with the articles tab', async (language, articles, followers) => {
    await page.goto(`${SITE}/about`);
    await setLanguage(language);
    await page.goto(`${SITE}/@${writer.username}`);
    await page.getByRole('heading', { level: 1, name: writer.fullname }).waitFor();
    await page.waitForFunction((lang) => document.documentElement.lang === lang, language);
    await page.getByText('Gardener and writer').waitFor();
    await page.getByText('Notes from the gardens of Ganja.').waitFor();
    await page.getByRole('link', { name: articles, exact: true }).waitFor();
    await page.getByRole('link', { name: followers, exact: true }).waitFor();
    await page.getByRole('link', { name: title }).waitFor();
    expect(await page.title()).toBe(`${writer.fullname} (@${writer.username}) — Pencraft`);
    expect(await page.locator('meta[name="description"]').getAttribute('content')).toBe('Gardener and writer');
    // A visitor gets no follow button.
    expect(await page.getByRole('button', { name: /follow|izlə|подпис/i }).count()).toBe(0);
    await settled(page);
    await expectAccessible(page, `profile (${language}, visitor)`);
  });

  it('answers 404 for an unknown username', async () => {
    await setLanguage('en');
    await page.goto(`${SITE}/@nobody_${suffix}`);
    await page.getByRole('heading', { name: 'User not found' }).waitFor();
    expect(await page.title()).toBe('User not found — Pencraft');
    await expectAccessible(page, 'unknown profile');
  });

  it('lets another signed-in user follow and unfollow the writer', async () => {
    await page.goto(`${SITE}/login`);
    await page.getByLabel('Email or username').fill(reader.username);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByLabel(`Signed in as ${reader.fullname}`).waitFor();
    rememberSecret(...(await context.cookies()).filter((c) => c.name === 'pc_su').map((c) => c.value));

    // The page reads the profile again once it knows the viewer. Hold that read's answer (0 followers, not followed)
    // until the follow has been answered: the older answer must not replace the follow's.
    const profilePath = `/api/profile/${writer.username}`;
    let releaseRead: () => void = () => undefined;
    const followAnswered = new Promise<void>((resolve) => (releaseRead = resolve));
    let heldRead: Promise<void> | undefined;
    const isProfileRead = (url: URL) => url.pathname === profilePath;
    await page.route(isProfileRead, (route) => {
      if (heldRead) return route.continue();
      heldRead = (async () => {
        const response = await route.fetch();
        await followAnswered;
        // The page may have dropped the read by now (then the browser has cancelled the request).
        await route.fulfill({ response }).catch(() => undefined);
      })();
      return heldRead;
    });
    await page.goto(`${SITE}/@${writer.username}`);
    const followers = page.locator('.pc-profile__counts div', { hasText: 'Followers' }).locator('dd');
    const followed = page.waitForResponse((r) => r.url().endsWith(`/follow`) && r.request().method() === 'POST');
    await page.getByRole('button', { name: 'Follow', exact: true }).click();
    await followed;
    await page.getByRole('button', { name: 'Unfollow' }).waitFor();
    expect(heldRead).toBeDefined();
    releaseRead();
    await heldRead;
    await settled(page);
    await page.unroute(isProfileRead);
    expect(await followers.textContent()).toBe('1');
    expect(await page.getByRole('button', { name: 'Unfollow' }).count()).toBe(1);
    // Opened afresh, the page is rendered for a visitor and then read again for the follower it now knows.
    await page.reload();
    await page.getByRole('button', { name: 'Unfollow' }).waitFor();
    expect(await followers.textContent()).toBe('1');
    await page.getByRole('link', { name: 'Followers', exact: true }).click();
    await page.getByRole('link', { name: reader.fullname }).waitFor();
    await settled(page);
    await expectAccessible(page, 'profile followers tab (signed in)');

    // The reader's own page lists the writer under "following", without a follow button.
    await page.getByRole('link', { name: reader.fullname }).click();
    await page.getByRole('heading', { level: 1, name: reader.fullname }).waitFor();
    expect(await page.getByRole('button', { name: /^(Follow|Unfollow)$/ }).count()).toBe(0);
    await page.getByRole('link', { name: 'Following', exact: true }).click();
    await page.getByRole('link', { name: writer.fullname }).click();

    await page.getByRole('button', { name: 'Unfollow' }).click();
    await page.getByRole('button', { name: 'Follow', exact: true }).waitFor();
    expect(await followers.textContent()).toBe('0');
  });

  it.each(['light', 'dark'])('has no axe-core violations in the %s theme', async (theme) => {
    await page.evaluate((value) => localStorage.setItem('pc_theme', value), theme);
    for (const path of [`/@${writer.username}`, `/@${writer.username}?tab=followers`, `/@nobody_${suffix}`]) {
      await page.goto(`${SITE}${path}`);
      await settled(page);
      expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe(theme);
      await expectAccessible(page, `${path} (${theme})`);
    }
  });

  it('fits a phone without horizontal scroll and without axe-core violations', async () => {
    const phone = await browser.newContext({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });
    const mobile = await phone.newPage();
    for (const theme of ['light', 'dark']) {
      await mobile.goto(`${SITE}/about`);
      await mobile.evaluate((value) => localStorage.setItem('pc_theme', value), theme);
      await mobile.goto(`${SITE}/@${writer.username}`);
      await mobile.getByRole('heading', { level: 1, name: writer.fullname }).waitFor();
      await settled(mobile);
      const overflow = await mobile.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBe(0);
      await expectAccessible(mobile, `profile (${theme}, 375 px)`);
    }
    await phone.close();
  });
});
