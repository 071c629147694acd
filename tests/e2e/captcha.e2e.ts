// The captcha widget of the registration form, in Chromium against the whole platform: its strings in each
// language, reachable and solved without a pointer, no axe-core violations in either theme, and the form sends the
// solved challenge as X-Captcha, which the gateway accepts once.
import type { Browser, Page } from 'playwright-core';
import { expectAccessible, launchBrowser } from '../support/browser.ts';
import { rememberSecret } from '../support/log-hygiene.ts';
import { stack } from '../support/stack.ts';

const SITE = `http://localhost:${stack.gateway.httpPort}`;

let browser: Browser;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
});

beforeEach(async () => {
  page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  page.setDefaultTimeout(15_000);
});

afterEach(async () => {
  // A picture of each step (.run/test-reports/e2e/), for a failure's post-mortem.
  const name = (expect.getState().currentTestName ?? 'test').replace(/[^a-z0-9]+/gi, '-').slice(0, 80);
  await page?.screenshot({ path: `${stack.root}/.run/test-reports/e2e/${name}.png` }).catch(() => undefined);
  await page?.close();
});

afterAll(async () => {
  await browser?.close();
});

/** The registration page in a language and theme, as a visitor who chose them earlier. */
async function registrationPage(lang: string, theme = 'light') {
  await page.goto(`${SITE}/about`);
  await page.evaluate(
    ([language, colours]) => {
      localStorage.setItem('pc_lang', language!);
      localStorage.setItem('pc_theme', colours!);
      localStorage.setItem('pc_consent', 'true');
    },
    [lang, theme],
  );
  await page.goto(`${SITE}/register`);
  await page.locator('altcha-widget').waitFor();
}

const widgetState = (state: string) => page.locator(`altcha-widget [data-state="${state}"]`);

describe('the captcha widget', () => {
  it.each([
    ['az', 'Mən robot deyiləm', 'ALTCHA tərəfindən qorunur'],
    ['en', "I'm not a robot", 'Protected by ALTCHA'],
    ['ru', 'Я не робот', 'Защищено ALTCHA'],
  ])('speaks the page language (%s)', async (lang, label, footer) => {
    await registrationPage(lang);
    await page.locator('altcha-widget').getByText(label).waitFor();
    await page.locator('altcha-widget').getByText(footer).waitFor();
  });

  it.each(['light', 'dark'])(
    'is solved with the keyboard alone, with no axe-core violations (%s theme)',
    async (theme) => {
      await registrationPage('en', theme);
      expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe(theme);
      await expectAccessible(page, `registration with the captcha, unsolved (${theme})`);
      // A keyboard user tabs through the form to the button: entering the form starts the proof of work, no
      // pointer needed, and nothing in the widget traps the focus.
      await page.getByLabel('Email').focus();
      const onButton = () => page.evaluate(() => document.activeElement?.textContent?.trim() === 'Create account');
      for (let presses = 0; presses < 15 && !(await onButton()); presses += 1) await page.keyboard.press('Tab');
      expect(await onButton()).toBe(true);
      await widgetState('verified').waitFor();
      await expectAccessible(page, `registration with the captcha, solved (${theme})`);
    },
  );

  it('sends the solved challenge with the registration, which the gateway accepts', async () => {
    const suffix = Date.now().toString(36);
    const user = { email: `captcha_${suffix}@example.az`, username: `captcha_${suffix}`, password: 'captcha-pass-7' };
    rememberSecret(user.email, user.password);
    await registrationPage('en');
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Username').fill(user.username);
    await page.getByLabel('Full name').fill('Captcha Browser');
    await page.getByLabel('Password').fill(user.password);
    await page.getByRole('checkbox', { name: /user agreement/i }).check();
    await page.getByRole('checkbox', { name: /privacy/i }).check();
    await widgetState('verified').waitFor();
    const [request] = await Promise.all([
      page.waitForRequest((r) => r.url().endsWith('/api/id/register') && r.method() === 'POST'),
      page.getByRole('button', { name: 'Create account' }).click(),
    ]);
    const response = await request.response();
    expect(response?.status()).toBe(201);
    const payload = JSON.parse(Buffer.from(request.headers()['x-captcha'] ?? '', 'base64').toString('utf8')) as {
      challenge: { parameters: { algorithm: string } };
      solution: { counter: number };
    };
    expect(payload.challenge.parameters.algorithm).toBe('SHA-256');
    expect(payload.solution.counter).toBeGreaterThan(0);
    rememberSecret(...(await page.context().cookies()).filter((c) => c.name === 'pc_su').map((c) => c.value));
  });
});
