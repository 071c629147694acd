// Pages and statuses (issue #17) in Chromium: every link of the registration form and of the footer opens a real
// page (200, not the not-found page); the documents in az, en and ru from the documents API; the contact page with
// the office hours in Baku and in the visitor's time zone and whether the office is open now; the rating guide from
// the rules; an unknown page answers 404 and shows the not-found page; the keyboard reaches a document; axe-core on
// each page in the dark and light themes and at 375 px without a horizontal scroll.
import type { Browser, Page } from 'playwright-core';
import { expectAccessible, launchBrowser, networkQuiet } from '../support/browser.ts';
import { useClientAddress } from '../support/client-address.ts';
import { stack } from '../support/stack.ts';

const SITE = `http://localhost:${stack.gateway.httpPort}`;
/** This suite's own client address (issue #17's pages). */
const CLIENT_ADDRESS = '127.0.0.106';
useClientAddress(CLIENT_ADDRESS);

let browser: Browser;

async function openPage(options: { width?: number; theme?: string; language?: string; timezoneId?: string } = {}) {
  const context = await browser.newContext({
    viewport: { width: options.width ?? 1280, height: 900 },
    ...(options.width === 375 ? { isMobile: true, hasTouch: true } : {}),
    ...(options.timezoneId ? { timezoneId: options.timezoneId } : {}),
  });
  await context.addInitScript(
    ({ theme, language }) => {
      localStorage.setItem('pc_lang', language);
      localStorage.setItem('pc_consent', 'false');
      if (theme) localStorage.setItem('pc_theme', theme);
    },
    { theme: options.theme, language: options.language ?? 'en' },
  );
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  return page;
}

/** Waits for the page itself (not the remote's placeholder or a spinner). */
async function settled(page: Page) {
  await networkQuiet(page);
  await page.waitForFunction(() => !document.querySelector('.pc-spinner, .pc-remote-loading, #pc-ssr-frame'));
}

async function visit(page: Page, path: string) {
  const response = await page.goto(`${SITE}${path}`);
  await settled(page);
  return response?.status();
}

const notFound = (page: Page) => page.getByRole('heading', { level: 1, name: 'Page not found' });

beforeAll(async () => {
  browser = await launchBrowser({ clientAddress: CLIENT_ADDRESS });
});

afterAll(async () => {
  await browser?.close();
});

describe('pages', () => {
  it('opens a real page for every link of the registration form and of the footer', async () => {
    const page = await openPage();
    await visit(page, '/register');
    const hrefs = async (selector: string) =>
      page.locator(selector).evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
    const form = await hrefs('form[aria-labelledby="register-title"] a[href]');
    const footer = await hrefs('footer.pc-footer a[href]');
    expect(form).toEqual(expect.arrayContaining(['/docs/agreement', '/docs/privacy', '/login']));
    expect(footer).toEqual(
      expect.arrayContaining([
        '/about',
        '/docs',
        '/contactus',
        '/feedback',
        '/cookies',
        '/guide/rules',
        '/leaderboard',
        '/jobs',
      ]),
    );
    // The captcha widget inside the form credits its vendor with a link of its own: the only link off the site.
    const links = [...new Set([...form, ...footer])];
    expect(links.filter((href) => !href.startsWith('/') && !href.startsWith('https://altcha.org'))).toEqual([]);
    for (const href of links.filter((link) => link.startsWith('/'))) {
      const status = await visit(page, href);
      expect([href, status, await notFound(page).count()]).toEqual([href, 200, 0]);
      expect([href, await page.getByRole('heading', { level: 1 }).count()]).toEqual([href, 1]);
    }
    await page.context().close();
  });

  it('answers an unknown page 404 and shows the not-found page', async () => {
    const page = await openPage();
    for (const path of ['/no-such-page-at-all', '/docs/terms']) {
      expect([path, await visit(page, path)]).toEqual([path, 404]);
      await notFound(page).waitFor();
    }
    await expectAccessible(page, 'the not-found page');
    await page.context().close();
  });

  it('shows each document in az, en and ru', async () => {
    const titles = {
      az: ['Məxfilik siyasəti', 'İstifadəçi razılaşması'],
      en: ['Privacy policy', 'User agreement'],
      ru: ['Политика конфиденциальности', 'Пользовательское соглашение'],
    } as const;
    for (const language of ['az', 'en', 'ru'] as const) {
      const page = await openPage({ language });
      await visit(page, '/docs/privacy');
      await page.getByRole('heading', { level: 1, name: titles[language][0] }).waitFor();
      expect(await page.locator('article section h2').count()).toBeGreaterThanOrEqual(6);
      await expect(page.locator('article').innerText()).resolves.toContain('pc_su');
      await visit(page, '/docs/agreement');
      await page.getByRole('heading', { level: 1, name: titles[language][1] }).waitFor();
      await page.context().close();
    }
  });

  it('reaches a document from the index with the keyboard', async () => {
    const page = await openPage();
    await visit(page, '/docs');
    await page.getByRole('link', { name: 'Payment policy' }).first().focus();
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: 'Payment policy' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/docs/payment');
    await page.context().close();
  });

  it("shows the office hours in Baku and in the visitor's time zone, and whether it is open now", async () => {
    const page = await openPage({ timezoneId: 'Europe/Berlin' });
    expect(await visit(page, '/contactus')).toBe(200);
    const text = await page.locator('main').innerText();
    expect(text).toContain('10:00–17:00 Baku time');
    // Berlin in winter is UTC+1: 10:00 in Baku (UTC+4) is 07:00 there.
    expect(text).toMatch(/Europe\/Berlin\): 0[67]:00–1[34]:00/);
    const hour = new Date().getUTCHours();
    const open = hour >= 6 && hour < 13;
    await expect(page.getByTestId('office-status').innerText()).resolves.toMatch(open ? /^Open now/ : /^Closed now/);
    expect(await page.locator('a[href="mailto:support@pencraft.az"]').count()).toBe(1);
    expect(await page.locator('a[href="/feedback"]').count()).toBeGreaterThan(0);
    await page.context().close();
  });

  it('renders the rating guide from the rules: the tiers and the weights', async () => {
    const page = await openPage();
    await visit(page, '/guide/rating');
    const tiers = await page.locator('tr[data-tier] th').allInnerTexts();
    expect(tiers).toEqual(['Bad', 'Guest', 'Amateur', 'Pro', 'Leader']);
    await expect(page.locator('tr[data-tier="pro"] td').innerText()).resolves.toBe('100 to 1,000');
    await expect(page.locator('tr[data-kind="articleUpvote"] td').innerText()).resolves.toMatch(/^\+\d+$/);
    expect(await page.locator('li[data-badge]').count()).toBeGreaterThanOrEqual(12);
    await page.context().close();
  });

  it('is accessible in both themes and fits a phone', async () => {
    const paths = ['/docs', '/docs/privacy', '/contactus', '/guide/rating', '/guide/bans', '/about', '/cookies'];
    for (const theme of ['dark', 'light']) {
      const page = await openPage({ theme });
      for (const path of paths) {
        await visit(page, path);
        await expectAccessible(page, `${path} (${theme})`);
      }
      await page.context().close();
    }
    const phone = await openPage({ width: 375, theme: 'dark', language: 'az' });
    for (const path of ['/docs/privacy', '/guide/rating', '/cookies', '/contactus']) {
      await visit(phone, path);
      const overflow = await phone.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect([path, overflow]).toEqual([path, 0]);
      await expectAccessible(phone, `${path} (375 px, az)`);
    }
    await phone.context().close();
  });
});
