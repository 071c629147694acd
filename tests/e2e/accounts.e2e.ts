// Every account flow a person walks through in the shell, in Chromium against the whole platform: register with the
// captcha widget solving its challenge for real and the code read from the mail catcher, the registration steps,
// sign-out, forgot and reset password by code, sign-in with a TOTP code and with a recovery code, and the offer to
// cancel a scheduled deletion at sign-in. Each screen is checked with axe-core.
import { generate } from 'otplib';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { expectAccessible, launchBrowser } from '../support/browser.ts';
import { solveCaptchaWidget } from '../support/captcha-widget.ts';
import { rememberSecret } from '../support/log-hygiene.ts';
import { codeIn, waitForMail } from '../support/mailbox.ts';
import { eventually, stack } from '../support/stack.ts';

const SITE = `http://localhost:${stack.gateway.httpPort}`;
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
  browser = await launchBrowser();
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
  const response = await page.request.fetch(`${SITE}${path}`, {
    method,
    headers: { 'x-csrf-token': csrf, origin: SITE, 'accept-language': 'en' },
    ...(body === undefined ? {} : { data: body }),
  });
  const text = await response.text();
  if (!response.ok()) throw new Error(`${method} ${path} answered ${response.status()}: ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

const solveCaptcha = () => solveCaptchaWidget(page);

async function signOut() {
  await page.getByLabel(`Signed in as ${user.fullname}`).click();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await page.getByRole('link', { name: 'Sign in' }).first().waitFor();
}

async function fillSignIn(password: string) {
  await page.goto(`${SITE}/login`);
  await page.getByLabel('Email or username').fill(user.username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
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
    const sentAfter = new Date();
    await page.getByRole('button', { name: 'Create account' }).click();
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
    await page.getByLabel('Email').fill(user.email);
    await solveCaptcha();
    await expectAccessible(page, 'forgot password');
    const sentAfter = new Date();
    await page.getByRole('button', { name: 'Send the code' }).click();
    await page.getByText(/If an account uses this address/).waitFor();
    const mail = await waitForMail({ to: user.email, after: sentAfter });
    await page.getByLabel('Code', { exact: true }).fill(codeIn(mail));
    await page.getByLabel('New password', { exact: true }).fill(user.newPassword);
    await expectAccessible(page, 'reset password with the code');
    await page.getByRole('button', { name: 'Save the new password' }).click();
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
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByLabel(`Signed in as ${user.fullname}`).waitFor();
    await rememberSession();
    await signOut();

    await fillSignIn(user.newPassword);
    await page.getByRole('button', { name: 'Use a recovery code' }).click();
    await expectAccessible(page, 'second factor: recovery code');
    await page.getByLabel('Recovery code').fill(confirmed.recoveryCodes[0]!);
    await page.getByRole('button', { name: 'Verify' }).click();
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
    await page.getByRole('button', { name: 'Verify' }).click();
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
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByLabel(`Signed in as ${user.fullname}`).waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
  });
});
