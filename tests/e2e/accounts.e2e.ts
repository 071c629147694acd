// Every account flow a person walks through in the shell, in Chromium against the whole platform: register with the
// captcha widget solving its challenge for real and the code read from the mail catcher, the registration steps,
// sign-out, forgot and reset password by code, sign-in with a TOTP code and with a recovery code, and the offer to
// cancel a scheduled deletion at sign-in. Each screen is checked with axe-core.
import { generate } from 'otplib';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { expectAccessible, launchBrowser } from '../support/browser.ts';
import { solveCaptchaWidget } from '../support/captcha-widget.ts';
import { captchaHeader } from '../support/captcha.ts';
import { ApiClient } from '../support/http-client.ts';
import { rememberSecret } from '../support/log-hygiene.ts';
import { codeIn, linkIn, waitForMail } from '../support/mailbox.ts';
import { eventually, stack } from '../support/stack.ts';

const SITE = `http://localhost:${stack.gateway.httpPort}`;
/**
 * This suite's own client address (the browser reaches localhost there, the suite's API calls go there too): the
 * per-address limit of the account routes counts this suite alone.
 */
const CLIENT_ADDRESS = '127.0.0.11';
const API = `http://${CLIENT_ADDRESS}:${stack.gateway.httpPort}`;
const suffix = Date.now().toString(36);
const user = {
  email: `acc_${suffix}@example.az`,
  username: `acc_${suffix}`,
  fullname: 'Leyla Hesabova',
  password: 'first-pass-42',
  newPassword: 'second-pass-43',
};
rememberSecret(user.email, user.password, user.newPassword, user.fullname);

/** The recovery codes not used yet (each works once). */
let recoveryCodes: string[] = [];
const nextRecoveryCode = () => recoveryCodes.shift() ?? '';

let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser({ clientAddress: CLIENT_ADDRESS });
  context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  // English labels, the cookie banner accepted: this suite is about the account screens.
  await context.addInitScript(() => {
    if (!localStorage.getItem('pc_lang')) localStorage.setItem('pc_lang', 'en');
    localStorage.setItem('pc_consent', 'true');
  });
  page = await context.newPage();
  page.setDefaultTimeout(20_000);
});

afterEach(async () => {
  const name = (expect.getState().currentTestName ?? 'test').replace(/[^a-z0-9]+/gi, '-').slice(0, 80);
  await page?.screenshot({ path: `${stack.root}/.run/test-reports/e2e/${name}.png` }).catch(() => undefined);
});

afterAll(async () => {
  await browser?.close();
});

async function rememberSession() {
  rememberSecret(...(await context.cookies()).filter((c) => c.name === 'pc_su').map((c) => c.value));
}

/** A call of the API with the browser's session, as the page would make it (CSRF token echoed, same-site Origin). */
async function apiCall<T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown): Promise<T> {
  if (!(await context.cookies(SITE)).some((c) => c.name === 'pc_csrf')) await page.request.get(`${SITE}/api/csrf`);
  const csrf = (await context.cookies(SITE)).find((c) => c.name === 'pc_csrf')?.value ?? '';
  let response = await page.request.fetch(`${SITE}${path}`, {
    method,
    headers: { 'x-csrf-token': csrf, origin: SITE, 'accept-language': 'en' },
    ...(body === undefined ? {} : { data: body }),
  });
  for (let attempt = 0; response.status() === 429 && attempt < 3; attempt += 1) {
    await page.waitForTimeout(Number(response.headers()['retry-after'] ?? 1) * 1000 + 200);
    response = await page.request.fetch(`${SITE}${path}`, {
      method,
      headers: { 'x-csrf-token': csrf, origin: SITE, 'accept-language': 'en' },
      ...(body === undefined ? {} : { data: body }),
    });
  }
  const text = await response.text();
  if (!response.ok()) throw new Error(`${method} ${path} answered ${response.status()}: ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

const solveCaptcha = () => solveCaptchaWidget(page);

/**
 * Clicks a button that calls one of the account routes, waiting out the per-address limit of those routes (20 a
 * minute: this suite makes more from one address) when the answer is TooManyRequests.
 */
async function submit(target: Page, name: string) {
  for (let attempt = 0; ; attempt += 1) {
    // A form still counting down an earlier TooManyRequests keeps its button disabled until then (at most a minute).
    await target
      .getByRole('button', { name, exact: true, disabled: false })
      .waitFor({ timeout: 65_000 })
      .catch(() => undefined);
    const [answer] = await Promise.all([
      target.waitForResponse((r) => r.request().method() === 'POST' && /\/api\/id\//.test(r.url()), {
        timeout: 20_000,
      }),
      target.getByRole('button', { name, exact: true }).click({ timeout: 15_000 }),
    ]).catch(async (error: unknown) => {
      // What the page shows instead: a form that refused to send says why (a field's error, an alert).
      const shown = await target.evaluate(() => ({
        url: location.href,
        alerts: Array.from(document.querySelectorAll('[role=alert]')).map((n) => n.textContent),
      }));
      throw new Error(`"${name}" sent nothing; the page shows ${JSON.stringify(shown)}: ${String(error)}`);
    });
    if (answer.status() !== 429 || attempt === 3) return;
    await target.waitForTimeout(Number(answer.headers()['retry-after'] ?? 1) * 1000 + 200);
  }
}

/** An API call from the suite itself, waiting out the per-address limit as above. */
async function limited<T>(
  call: () => Promise<T & { status: number; headers: Headers }>,
): Promise<T & { status: number }> {
  for (let attempt = 0; ; attempt += 1) {
    const answer = await call();
    if (answer.status !== 429 || attempt === 3) return answer;
    await new Promise((resolve) => setTimeout(resolve, Number(answer.headers.get('retry-after') ?? 1) * 1000 + 200));
  }
}

async function signOut() {
  await page.getByLabel(`Signed in as ${user.fullname}`).click();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await page.getByRole('link', { name: 'Sign in' }).first().waitFor();
}

async function fillSignIn(password: string) {
  await page.goto(`${SITE}/login`);
  await page.getByLabel('Email or username').fill(user.username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await submit(page, 'Sign in');
}

describe('accounts in the browser', () => {
  it('registers, solving the captcha, and confirms the e-mail with the code from the mail', async () => {
    await page.goto(`${SITE}/register`);
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Username').fill(user.username);
    await page.getByLabel('Full name').fill(user.fullname);
    await page.getByLabel('Password').fill(user.password);
    await page.getByRole('checkbox', { name: /user agreement/ }).check();
    await page.getByRole('checkbox', { name: /privacy policy/ }).check();
    await solveCaptcha();
    await expectAccessible(page, 'registration with the captcha solved');
    // The widget is looked at again just before sending: a page that rendered again meanwhile may have reset it.
    await solveCaptcha();
    const sentAfter = new Date();
    await submit(page, 'Create account');
    await page.waitForURL(/\/register\/confirm/);
    await rememberSession();
    await page.getByRole('heading', { name: 'Confirm your e-mail' }).waitFor();
    // The resend button waits out the server's cooldown, counting down.
    await page.getByRole('button', { name: /Send a new code in \d+ s/ }).waitFor();
    await expectAccessible(page, 'confirmation code');

    const mail = await waitForMail({ to: user.email, after: sentAfter });
    await page.getByLabel('Code', { exact: true }).fill(codeIn(mail));
    await page.getByRole('button', { name: 'Confirm', exact: true }).click();
    await page.waitForURL(/\/register\/profile/);
  });

  it('walks the registration steps: profile, first article, explore', async () => {
    await page.getByRole('heading', { name: 'Set up your profile' }).waitFor();
    await expectAccessible(page, 'registration step: profile');
    await page.getByLabel('Headline').fill('Data engineer in Ganja');
    await page.getByLabel('About you').fill('I write about pipelines and tea.');
    await page.getByRole('button', { name: 'Save and continue' }).click();
    await page.waitForURL(/\/register\/article/);
    await expectAccessible(page, 'registration step: first article');
    await page.getByRole('button', { name: 'Skip this step' }).click();
    await page.waitForURL(/\/register\/explore/);
    await expectAccessible(page, 'registration step: explore');
    await page.getByRole('link', { name: 'Start reading' }).click();
    await page.waitForURL(`${SITE}/`);
    // Confirmed: no banner asking for the code.
    await page.getByLabel(`Signed in as ${user.fullname}`).waitFor();
    expect(await page.getByText('Confirm your e-mail address to publish articles.').count()).toBe(0);
    const profile = await apiCall<{ headline: string }>('GET', `/api/profile/${user.username}`);
    expect(profile.headline).toBe('Data engineer in Ganja');
  });

  it('keeps theme and language on the account: saved from the header, and a change made elsewhere wins at load', async () => {
    const prefs = () => apiCall<{ theme: string; language: string }>('GET', '/api/ttin/prefs');
    await page.getByRole('combobox', { name: 'Language' }).selectOption('ru');
    await page.waitForFunction(() => document.documentElement.lang === 'ru');
    await eventually(async () => ((await prefs()).language === 'ru' ? true : undefined));
    const toggle = page.getByRole('button', { name: /^Тема:/ });
    await toggle.click();
    const chosen = await page.evaluate(() => localStorage.getItem('pc_theme'));
    await eventually(async () => ((await prefs()).theme === chosen ? true : undefined));

    // Changed elsewhere (the settings page, another device): the account's values win at the next load.
    const other = chosen === 'dark' ? 'light' : 'dark';
    await apiCall('PUT', '/api/ttin/prefs/language', { language: 'en' });
    await apiCall('PUT', '/api/ttin/prefs/theme', { theme: other });
    await page.reload();
    await page.waitForFunction(() => document.documentElement.lang === 'en');
    await page.waitForFunction((theme) => document.documentElement.dataset.theme === theme, other);
    expect(await page.evaluate(() => localStorage.getItem('pc_theme'))).toBe(other);

    // A choice kept only on this device (the account unchanged since) stays at the next load.
    const mine = other === 'dark' ? 'light' : 'dark';
    await page.evaluate((theme) => localStorage.setItem('pc_theme', theme), mine);
    await page.reload();
    await page.getByLabel(`Signed in as ${user.fullname}`).waitFor();
    await page.waitForFunction((theme) => document.documentElement.dataset.theme === theme, mine);
  });

  it('signs out, resets the forgotten password with the code from the mail and signs in with the new one', async () => {
    await signOut();
    await page.goto(`${SITE}/login`);
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    // The sign-in form has an "Email or username" field: only once the forgot page is there is "Email" its field.
    await page.getByRole('heading', { name: 'Forgot your password?' }).waitFor();
    await page.getByLabel('Email', { exact: true }).fill(user.email);
    await solveCaptcha();
    await expectAccessible(page, 'forgot password');
    await solveCaptcha();
    const sentAfter = new Date();
    await submit(page, 'Send the code');
    await page.getByText(/If an account uses this address/).waitFor();
    const mail = await waitForMail({ to: user.email, after: sentAfter });
    await page.getByLabel('Code', { exact: true }).fill(codeIn(mail));
    await page.getByLabel('New password', { exact: true }).fill(user.newPassword);
    await expectAccessible(page, 'reset password with the code');
    await submit(page, 'Save the new password');
    await page.waitForURL(/\/login$/);
    await page.getByText('Your password has been changed.', { exact: false }).waitFor();

    await fillSignIn(user.password);
    await page
      .getByText(/incorrect|wrong/i)
      .first()
      .waitFor();
    await fillSignIn(user.newPassword);
    await page.getByLabel(`Signed in as ${user.fullname}`).waitFor();
    await rememberSession();
  });

  it('signs in with a TOTP code, then with a recovery code, once two-step verification is on', async () => {
    const enrolment = await apiCall<{ secret: string }>('POST', '/api/ttin/sec/mfa', { password: user.newPassword });
    rememberSecret(enrolment.secret);
    const confirmed = await apiCall<{ recoveryCodes: string[] }>('POST', '/api/ttin/sec/mfa/confirm', {
      code: await generate({ secret: enrolment.secret }),
    });
    rememberSecret(...confirmed.recoveryCodes);
    recoveryCodes = confirmed.recoveryCodes.slice(1);
    await signOut();

    await fillSignIn(user.newPassword);
    await page.getByRole('heading', { name: 'Two-step verification' }).waitFor();
    await expectAccessible(page, 'second factor: authenticator code');
    // The step the enrolment used is spent (a code works once): the authenticator's next one, within the ±1 window.
    const next = await generate({ secret: enrolment.secret, epoch: Math.floor(Date.now() / 1000) + 30 });
    await page.getByLabel('Authentication code').fill(next);
    await submit(page, 'Verify');
    await page.getByLabel(`Signed in as ${user.fullname}`).waitFor();
    await rememberSession();
    await signOut();

    await fillSignIn(user.newPassword);
    await page.getByRole('button', { name: 'Use a recovery code' }).click();
    await expectAccessible(page, 'second factor: recovery code');
    await page.getByLabel('Recovery code').fill(confirmed.recoveryCodes[0]!);
    await submit(page, 'Verify');
    await page.getByLabel(`Signed in as ${user.fullname}`).waitFor();
    await rememberSession();
  });

  it('offers to cancel a scheduled deletion when signing in during the grace period, and cancels it', async () => {
    const sentAfter = new Date();
    await apiCall('POST', '/api/id/account/danger', { password: user.newPassword });
    const mail = await waitForMail({ to: user.email, after: sentAfter });
    await apiCall('POST', '/api/id/account/danger', { password: user.newPassword, code: codeIn(mail) });
    await signOut();

    await fillSignIn(user.newPassword);
    await page.getByRole('button', { name: 'Use a recovery code' }).click();
    await page.getByLabel('Recovery code').fill(nextRecoveryCode());
    await submit(page, 'Verify');
    const dialog = page.getByRole('dialog', { name: 'Your account is scheduled for deletion' });
    await dialog.waitFor();
    await expectAccessible(page, 'deletion offer at sign-in');
    await dialog.getByRole('button', { name: 'Keep my account' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByLabel(`Signed in as ${user.fullname}`).waitFor();
    await rememberSession();

    // Cancelled: the next sign-in asks nothing.
    await signOut();
    await fillSignIn(user.newPassword);
    await page.getByRole('button', { name: 'Use a recovery code' }).click();
    await page.getByLabel('Recovery code').fill(nextRecoveryCode());
    await submit(page, 'Verify');
    await page.getByLabel(`Signed in as ${user.fullname}`).waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
  });
});

describe('an unconfirmed account, the mail links and the captcha at sign-in', () => {
  const second = {
    email: `acc2_${suffix}@example.az`,
    username: `acc2_${suffix}`,
    fullname: 'Rauf Linkov',
    password: 'link-pass-44',
    newPassword: 'link-pass-45',
  };
  rememberSecret(second.email, second.password, second.newPassword, second.fullname);
  let registeredAt: Date;
  let other: BrowserContext;
  let tab: Page;

  beforeAll(async () => {
    registeredAt = new Date();
    const answer = await limited(async () =>
      new ApiClient(API, 'en').post(
        '/api/id/register',
        { ...second, newPassword: undefined, acceptTerms: true, acceptPrivacy: true },
        await captchaHeader(API),
      ),
    );
    expect(answer.status).toBe(201);
    other = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await other.addInitScript(() => {
      localStorage.setItem('pc_lang', 'en');
      localStorage.setItem('pc_consent', 'true');
    });
    tab = await other.newPage();
    tab.setDefaultTimeout(20_000);
  });

  afterEach(async () => {
    const name = (expect.getState().currentTestName ?? 'test').replace(/[^a-z0-9]+/gi, '-').slice(0, 76);
    await tab?.screenshot({ path: `${stack.root}/.run/test-reports/e2e/${name}-tab.png` }).catch(() => undefined);
  });

  afterAll(async () => {
    await other?.close();
  });

  async function signIn(password: string) {
    await tab.goto(`${SITE}/login`);
    await tab.getByLabel('Email or username').fill(second.username);
    await tab.getByLabel('Password', { exact: true }).fill(password);
    await submit(tab, 'Sign in');
  }

  it('asks an unconfirmed account to confirm, refuses its publishing, and confirms it by the mail link', async () => {
    await signIn(second.password);
    await tab.getByLabel(`Signed in as ${second.fullname}`).waitFor();
    rememberSecret(...(await other.cookies()).filter((c) => c.name === 'pc_su').map((c) => c.value));
    await tab.locator('.pc-hero').waitFor();
    const banner = tab.getByRole('region', { name: 'Confirm your e-mail' });
    await banner.getByText('Confirm your e-mail address to publish articles.').waitFor();
    await expectAccessible(tab, 'home with the confirmation banner');

    await tab.getByRole('link', { name: 'Write' }).first().click();
    await tab.locator('.codex-editor').waitFor();
    await tab.getByLabel('Title').fill(`Not yet ${suffix}`);
    await tab.getByLabel('Description').fill('Before the confirmation');
    await tab.getByLabel('Article language').selectOption('en');
    await tab.getByLabel('Category').selectOption('travel');
    await tab.locator('.ce-paragraph').first().click();
    await tab.keyboard.type('An article written before the address was confirmed, which the server must refuse.');
    await tab.getByRole('button', { name: 'Publish' }).click();
    await tab.getByRole('alertdialog').getByText('Confirm your e-mail address before you publish.').waitFor();
    await tab.getByRole('alertdialog').getByRole('button', { name: 'Close' }).click();

    const mail = await waitForMail({ to: second.email, after: registeredAt });
    await tab.goto(linkIn(mail, '/api/atrium/wrap'));
    await tab.waitForURL(/\/confirm\?result=ok/);
    await tab.getByText('Your e-mail address is confirmed.', { exact: false }).waitFor();
    await expectAccessible(tab, 'confirmation link landing');
    await tab.getByRole('link', { name: 'Continue' }).click();
    await tab.waitForURL(/\/register\/profile/);
    expect(await tab.getByText('Confirm your e-mail address to publish articles.').count()).toBe(0);
  });

  it('resets the password from the mail link', async () => {
    const requestedAt = new Date();
    const requested = await limited(async () =>
      new ApiClient(API, 'en').post(
        '/api/id/account/password/reset',
        { email: second.email },
        await captchaHeader(API),
      ),
    );
    expect(requested.status).toBe(204);
    const mail = await waitForMail({ to: second.email, subject: /password|şifr|парол/i, after: requestedAt });
    await tab.goto(linkIn(mail, '/api/atrium/drop'));
    await tab.waitForURL(/\/reset\?t=/);
    await tab.getByLabel('New password', { exact: true }).waitFor();
    await expectAccessible(tab, 'reset password from the link');
    await tab.getByLabel('New password', { exact: true }).fill(second.newPassword);
    await submit(tab, 'Save the new password');
    await tab.waitForURL(/\/login$/);
    await signIn(second.newPassword);
    await tab.getByLabel(`Signed in as ${second.fullname}`).waitFor();
    rememberSecret(...(await other.cookies()).filter((c) => c.name === 'pc_su').map((c) => c.value));
  });

  it('shows the captcha once sign-in has failed a few times, and signs in with it solved', async () => {
    await tab.getByLabel(`Signed in as ${second.fullname}`).click();
    await tab.getByRole('button', { name: 'Sign out' }).click();
    await tab.getByRole('link', { name: 'Sign in' }).first().waitFor();
    // Three failed sign-ins of the account (through the API, waiting out the back-off it answers in between).
    const failing = new ApiClient(API, 'en');
    for (let failures = 0; failures < 3;) {
      const answer = await failing.post('/api/id/auth/login', { login: second.username, password: 'wrong-pass-1' });
      if (answer.status === 429) await tab.waitForTimeout(Number(answer.headers.get('retry-after') ?? 1) * 1000 + 100);
      else failures += 1;
    }
    await tab.waitForTimeout(5_000);
    await signIn(second.newPassword);
    await tab.getByText('Please confirm you are not a robot, then sign in again.').waitFor();
    await expectAccessible(tab, 'sign-in asking for the captcha');
    await tab.getByLabel('Password', { exact: true }).fill(second.newPassword);
    await solveCaptchaWidget(tab);
    await submit(tab, 'Sign in');
    await tab.getByLabel(`Signed in as ${second.fullname}`).waitFor();
    rememberSecret(...(await other.cookies()).filter((c) => c.name === 'pc_su').map((c) => c.value));
  });

  it('has no axe-core violations on the account screens, in both themes and on a phone', async () => {
    const phone = await browser.newContext({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });
    const mobile = await phone.newPage();
    const paths = [
      '/forgot',
      '/reset?t=x',
      '/reset?result=expired',
      '/confirm?result=ok',
      '/confirm?result=expired',
      '/confirm-email?result=ok',
      '/deletion-cancelled?status=cancelled',
      '/deletion-cancelled?status=invalid',
    ];
    for (const [i, path] of paths.entries()) {
      const theme = i % 2 ? 'dark' : 'light';
      for (const target of [tab, mobile]) {
        await target.goto(`${SITE}/about`);
        await target.evaluate((value) => localStorage.setItem('pc_theme', value), theme);
        await target.goto(`${SITE}${path}`);
        await target.getByRole('heading', { level: 1 }).waitFor();
        const overflow = await target.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        expect({ path, overflow }).toEqual({ path, overflow: 0 });
        await expectAccessible(target, `${path} (${theme}, ${target === mobile ? '375 px' : 'desktop'})`);
      }
    }
    await phone.close();
  });
});
