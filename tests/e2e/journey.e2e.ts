// What a person does, in Chromium, through the whole platform: register, sign in, write an article with
// several block types, publish it, find it on the home page and through search, read it, switch language
// and theme, and accept the cookie banner. Then the same site on a phone, and with a remote offline. Every page it
// visits is checked with axe-core, and every route once more in the light and dark themes and on a phone.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { startApp, stopApp } from '../../packages/devstack/src/index.ts';
import { expectAccessible, launchBrowser } from '../support/browser.ts';
import { solveCaptchaWidget } from '../support/captcha-widget.ts';
import { rememberSecret } from '../support/log-hygiene.ts';
import { codeIn, waitForMail } from '../support/mailbox.ts';
import { approveArticle, closeReviewClient } from '../support/review.ts';
import { PROFILE, stack } from '../support/stack.ts';
import { ArticleStatus } from '@pencraft/contracts/articles/v1/articles';

// The gateway's PUBLIC_ORIGIN: the browser must see the site at this origin (CSRF checks Origin).
const SITE = `http://localhost:${stack.gateway.httpPort}`;
const suffix = Date.now().toString(36);
const user = {
  email: `e2e_${suffix}@example.az`,
  username: `e2e_${suffix}`,
  fullname: 'Elnur Browser',
  password: 'browser-pass-7',
};
const title = `Caspian notes ${suffix}`;
/** The published article's path, for the later visits. */
let articlePath = '';

let browser: Browser;
let context: BrowserContext;
let page: Page;
const consoleErrors: string[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
  context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  page = await context.newPage();
  page.setDefaultTimeout(15_000);
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  page.on('pageerror', (error) => consoleErrors.push(error.message));
});

afterEach(async () => {
  // Every step leaves a picture of the page behind (.run/test-reports/e2e/), for a failure's post-mortem.
  const name = (expect.getState().currentTestName ?? 'test').replace(/[^a-z0-9]+/gi, '-').slice(0, 80);
  await page?.screenshot({ path: `${stack.root}/.run/test-reports/e2e/${name}.png` }).catch(() => undefined);
});

afterAll(async () => {
  closeReviewClient();
  await browser?.close();
});

/** The session token the browser holds must not be in any log line (the global teardown greps the run's logs). */
async function rememberSessionToken() {
  const cookies = await context.cookies();
  rememberSecret(...cookies.filter((c) => c.name === 'pc_su').map((c) => c.value));
  rememberSecret(user.password, user.email, user.fullname);
}

/** Waits until the page has stopped loading: no request in flight, no spinner, no remote still loading. */
async function settled(target: Page) {
  await target.waitForLoadState('networkidle');
  await target.waitForFunction(() => !document.querySelector('.pc-spinner, .pc-remote-loading'));
}

/** Every route of the site, as a visitor or user reaches it. */
const routes = () => [
  '/',
  articlePath,
  '/search?q=khazri',
  '/search',
  '/login',
  '/register',
  '/write',
  '/about',
  '/cookies',
  '/no-such-page',
];

/**
 * A new block of a kind, as a writer adds one: Enter, or a click below the last block when Enter belongs to
 * the block (quotes and code keep line breaks), or nothing when the caret already sits in an empty block;
 * then "/" in the empty block opens the toolbox.
 */
async function editorBlock(kind: string, { inEmptyBlock = false, clickBelow = false } = {}) {
  const before = await page.locator('.codex-editor .ce-block').count();
  if (clickBelow) {
    const redactor = page.locator('.codex-editor__redactor');
    const box = (await redactor.boundingBox())!;
    await redactor.click({ position: { x: box.width / 2, y: box.height - 8 } });
  } else if (!inEmptyBlock) {
    await page.keyboard.press('Enter');
  }
  // The slash opens the toolbox only once Editor.js has focused the new, empty block.
  await page.waitForFunction(
    ({ count, fresh }) => {
      const blocks = document.querySelectorAll('.codex-editor .ce-block');
      const active = document.activeElement;
      return (!fresh || blocks.length > count) && !!active?.closest('.ce-block') && active.textContent === '';
    },
    { count: before, fresh: !inEmptyBlock },
  );
  await page.waitForTimeout(150);
  await page.keyboard.type('/');
  await page.locator(`.ce-popover--opened [data-item-name="${kind}"]`).first().click();
  // Editor.js replaces the block and moves the caret into the new one a frame later: type only once it is there,
  // or the first keys land nowhere (a slow machine lost the heading's text and the next Enter this way).
  await page
    .locator('.ce-popover--opened')
    .waitFor({ state: 'detached' })
    .catch(() => undefined);
  await page.waitForFunction((selector) => {
    const active = document.activeElement as HTMLElement | null;
    return !!active?.closest('.ce-block') && !!active.closest(selector) && (active.textContent ?? '') === '';
  }, BLOCK_SELECTOR[kind] ?? '.ce-block');
}

/** The element Editor.js renders for each block kind the journey adds. */
const BLOCK_SELECTOR: Record<string, string> = {
  header: '.ce-header',
  list: '.cdx-list, .cdx-list__item',
  quote: '.cdx-quote',
  code: '.ce-code',
};

describe('a writer and reader journey', () => {
  it('shows the site in Azerbaijani with the cookie banner, and accepts it', async () => {
    await page.goto(SITE);
    expect(await page.getAttribute('html', 'lang')).toBe('az');
    const banner = page.getByRole('region', { name: /kuki|cookie/i });
    await banner.waitFor();
    await settled(page);
    await expectAccessible(page, 'home with the cookie banner');
    await banner.getByRole('button', { name: 'Qəbul et' }).click();
    await banner.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => localStorage.getItem('pc_consent'))).toBe('true');
    await page.reload();
    await page.locator('.pc-hero').waitFor();
    expect(await page.getByRole('region', { name: /kuki|cookie/i }).count()).toBe(0);
  });

  it('switches the language', async () => {
    await page.locator('.pc-language select').selectOption('en');
    await page.waitForFunction(() => document.documentElement.lang === 'en');
    await page.getByRole('link', { name: 'Register' }).first().waitFor();
    expect(await page.evaluate(() => localStorage.getItem('pc_lang'))).toBe('en');
  });

  it('registers a new account', async () => {
    await page.getByRole('link', { name: 'Register' }).first().click();
    await page.getByRole('heading', { name: 'Create an account' }).waitFor();
    await page.getByLabel('Email', { exact: true }).fill(user.email);
    await expectAccessible(page, 'registration');
    await page.getByLabel('Username').fill(user.username);
    await page.getByLabel('Full name').fill(user.fullname);
    await page.getByLabel('Password').fill(user.password);
    await page.getByRole('checkbox', { name: /user agreement/ }).check();
    await page.getByRole('checkbox', { name: /privacy policy/ }).check();
    await solveCaptchaWidget(page);
    const sentAfter = new Date();
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByLabel(`Signed in as ${user.fullname}`).waitFor();
    await rememberSessionToken();
    // Publishing needs a confirmed account: the code from the mail (the journey then leaves the registration steps).
    await page
      .getByLabel('Code', { exact: true })
      .fill(codeIn(await waitForMail({ to: user.email, after: sentAfter })));
    await page.getByRole('button', { name: 'Confirm', exact: true }).click();
    await page.waitForURL(/\/register\/profile/);
  });

  it('signs out and signs in again', async () => {
    await page.getByLabel(`Signed in as ${user.fullname}`).click();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('link', { name: 'Sign in' }).first().click();
    await page.getByLabel('Email or username').fill(user.username);
    await page.getByLabel('Password').fill('wrong-password-1');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page
      .getByText(/incorrect|wrong/i)
      .first()
      .waitFor();
    await expectAccessible(page, 'sign-in with an error');
    await page.getByLabel('Password').fill(user.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByLabel(`Signed in as ${user.fullname}`).waitFor();
    await rememberSessionToken();
  });

  it('writes an article with several block types and publishes it', async () => {
    await page.getByRole('link', { name: 'Write' }).first().click();
    await page.locator('.codex-editor').waitFor();
    await settled(page);
    await expectAccessible(page, 'editor');
    await page.getByLabel('Title').fill(title);
    await page.getByLabel('Description').fill('Winds, tea and the sea');
    await page.getByLabel('Article language').selectOption('en');
    await page.getByLabel('Category').selectOption('travel');
    await page.locator('.ce-paragraph').first().click();
    await page.keyboard.type(
      'The Caspian wind cleans the city every autumn, and everyone gathers around the tea table.',
    );
    await editorBlock('header');
    await page.keyboard.type('What the wind brings');
    await editorBlock('list');
    await page.keyboard.type('Salt from the sea');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Stories from the port');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter'); // an empty item leaves the list for a new paragraph
    await editorBlock('quote', { inEmptyBlock: true });
    await page.keyboard.type('A city is its weather.');
    await editorBlock('code', { clickBelow: true });
    await page.keyboard.type('const wind = "khazri";');
    await page.getByRole('button', { name: 'Publish' }).click();
    // The editor says the article went to review and links to it.
    await page.getByRole('heading', { level: 1, name: 'Sent for review' }).waitFor();
    await page.getByRole('link', { name: 'Open the article' }).click();
    await page.waitForURL(/\/a\/[0-9a-f-]{36}$/);
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    articlePath = new URL(page.url()).pathname;
    // The test profile reviews what is submitted: the moderation service (played here) approves the article.
    expect((await approveArticle(articlePath.split('/').pop()!)).status).toBe(ArticleStatus.ARTICLE_STATUS_PUBLISHED);
  });

  it('reads the article with every block it was written with', async () => {
    const body = page.locator('.pc-article__body');
    await body.getByText('The Caspian wind cleans the city').waitFor();
    await body.getByRole('heading', { name: 'What the wind brings' }).waitFor();
    expect(await body.getByRole('listitem').allTextContents()).toEqual(['Salt from the sea', 'Stories from the port']);
    await body.locator('blockquote').getByText('A city is its weather.').waitFor();
    expect(await body.locator('pre code').textContent()).toBe('const wind = "khazri";');
    expect(await page.title()).toContain(title);
    await expectAccessible(page, 'article');
  });

  it('finds the article on the home page', async () => {
    await page.getByRole('link', { name: 'Home' }).first().click();
    await page.getByRole('link', { name: title }).waitFor();
  });

  it('finds the article through search and opens it', async () => {
    // The header's search box: a combobox that suggests as it is typed into; Enter with no suggestion chosen searches.
    const search = page.getByRole('combobox', { name: 'Search articles' });
    await search.fill('khazri');
    await search.press('Enter');
    await page.waitForURL(/\/search\?q=khazri/);
    await page.getByRole('link', { name: title }).waitFor();
    await settled(page);
    await expectAccessible(page, 'search results');
    await page.getByRole('link', { name: title }).click();
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
  });

  it('toggles the theme dark → light → system and keeps the choice', async () => {
    const toggle = page.getByRole('button', { name: /^Theme:/ });
    const themes: (string | null)[] = [];
    for (let i = 0; i < 3; i += 1) {
      await toggle.click();
      themes.push(await page.evaluate(() => localStorage.getItem('pc_theme')));
    }
    expect(themes).toEqual(expect.arrayContaining(['dark', 'light', 'system']));
    const order = ['dark', 'light', 'system'];
    expect(order.indexOf(themes[1]!)).toBe((order.indexOf(themes[0]!) + 1) % 3);
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.waitForFunction(() => document.documentElement.dataset.theme === 'dark');
    await page.emulateMedia({ colorScheme: 'light' });
    await page.waitForFunction(() => document.documentElement.dataset.theme === 'light');
    while ((await page.evaluate(() => localStorage.getItem('pc_theme'))) !== 'dark') await toggle.click();
    await page.reload();
    await page.waitForFunction(() => document.documentElement.dataset.theme === 'dark');
  });

  it('switches to Russian and back', async () => {
    await page.locator('.pc-language select').selectOption('ru');
    await page.waitForFunction(() => document.documentElement.lang === 'ru');
    await page.getByRole('link', { name: 'Главная' }).first().waitFor();
    await page.locator('.pc-language select').selectOption('en');
    await page.waitForFunction(() => document.documentElement.lang === 'en');
  });

  it('logged no errors in the console beyond expected API refusals', () => {
    const unexpected = consoleErrors.filter((text) => !/status of (401|400|404)/.test(text));
    expect(unexpected).toEqual([]);
  });
});

describe('accessibility', () => {
  it.each(['light', 'dark'])('has no axe-core violations on any route, signed in, in the %s theme', async (theme) => {
    await page.evaluate((value) => localStorage.setItem('pc_theme', value), theme);
    for (const path of routes()) {
      await page.goto(`${SITE}${path}`);
      await settled(page);
      expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe(theme);
      await expectAccessible(page, `${path} (${theme}, signed in)`);
    }
  });
});

describe('on a phone', () => {
  it('has no horizontal scroll and no axe-core violations on any route, as a visitor in Azerbaijani', async () => {
    const phone = await browser.newContext({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });
    const mobile = await phone.newPage();
    for (const [i, path] of routes().entries()) {
      // Half of the routes in each theme; the cookie banner stays, as a first visit shows it.
      const theme = i % 2 ? 'dark' : 'light';
      await mobile.goto(`${SITE}/about`);
      await mobile.evaluate((value) => localStorage.setItem('pc_theme', value), theme);
      await mobile.goto(`${SITE}${path}`);
      await settled(mobile);
      const overflow = await mobile.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect({ path, overflow }).toEqual({ path, overflow: 0 });
      await expectAccessible(mobile, `${path} (${theme}, 375 px, visitor)`);
    }
    await phone.close();
  });
});

describe('404 and a remote offline', () => {
  it('shows the 404 page for an unknown route', async () => {
    await page.goto(`${SITE}/no/such/page`);
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    await expectAccessible(page, '404');
  });

  it('keeps the page working when the reader remote is offline', async () => {
    await stopApp('reader', PROFILE);
    try {
      const fresh = await context.newPage();
      await fresh.goto(SITE);
      await fresh
        .getByText(/could not be loaded/i)
        .first()
        .waitFor();
      await fresh.getByRole('link', { name: 'Write' }).first().waitFor();
      await expectAccessible(fresh, 'home with the reader offline');
      await fresh.close();
    } finally {
      const reader = await startApp('reader', PROFILE);
      await reader.waitReady();
    }
  });
});
