// The settings remote in Chromium against the whole platform: a visitor is sent to sign in and back; a confirmed
// user changes the password, the e-mail address (code from the mail catcher), the phone (code of the SMS, which the
// development provider delivers as a mail), the username (then meets the 14-day rule), the profile, uploads a picture
// and sees it resized to 200x200, saves theme and language (the page follows at once), notifications, ends a session
// opened by a second browser (which is then signed out), turns on two-step verification with a TOTP computed from the
// secret shown (then replaces the recovery codes and turns it off again), reads the account log and bans, and requests
// deletion with the mailed code and undoes it. Every settings page is checked with axe-core in both themes and at
// 375 px. (Registering, signing in with MFA and cancelling deletion at sign-in are accounts.e2e.ts.)
import { crc32, deflateSync } from 'node:zlib';
import { generate } from 'otplib';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { appReady, expectAccessible, launchBrowser, navigateInApp, networkQuiet } from '../support/browser.ts';
import { useClientAddress } from '../support/client-address.ts';
import { captchaHeader } from '../support/captcha.ts';
import { ApiClient } from '../support/http-client.ts';
import { rememberSecret } from '../support/log-hygiene.ts';
import { codeIn, smsMailboxOf, waitForMail } from '../support/mailbox.ts';
import { stack } from '../support/stack.ts';

const SITE = `http://localhost:${stack.gateway.httpPort}`;
/** This suite's own loopback address: the gateway's per-address limits count its sign-ins apart from other suites'. */
const CLIENT_ADDRESS = '127.0.0.81';
/** The phone-width test's own browser speaks from here (see that test). */
const PHONE_ADDRESS = '127.0.0.82';
useClientAddress(CLIENT_ADDRESS);
const suffix = Date.now().toString(36);
const user = {
  email: `set_${suffix}@example.az`,
  newEmail: `set2_${suffix}@example.az`,
  username: `set_${suffix}`,
  newUsername: `renamed_${suffix}`,
  fullname: 'Aysel Ayarova',
  password: 'settings-pass-1',
  newPassword: 'settings-pass-2',
  // A Bakcell mobile number, unique per run.
  phone: `+99455${String(Date.now()).slice(-7)}`,
};
rememberSecret(user.email, user.newEmail, user.password, user.newPassword, user.fullname, user.phone);

/** Every settings page, for the accessibility rounds. */
const PAGES = [
  '/settings',
  '/settings/profile',
  '/settings/pictures',
  '/settings/username',
  '/settings/publication',
  '/settings/email',
  '/settings/phone',
  '/settings/uploads',
  // Reader support (issue #16): for this user, without a support account, the eligibility and the way to open one.
  '/settings/support',
  '/settings/support-payouts',
  '/settings/support-cards',
  '/settings/support-supporters',
  '/settings/support-activity',
  '/settings/support-sent',
  '/settings/security',
  '/settings/password',
  '/settings/mfa',
  '/settings/sessions',
  '/settings/log',
  '/settings/bans',
  '/settings/notifications',
  '/settings/language',
  '/settings/theme',
  '/settings/delete',
];

let browser: Browser;
let context: BrowserContext;
let page: Page;
const consoleErrors: string[] = [];

/** A PNG of one colour, width × height (RGB, no filter): enough for the server to decode, crop and re-encode. */
function png(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3, Buffer.from([0x2a, 0x7a, 0xc0]))]);
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A call of the API with the browser's session, as the page makes it (CSRF token echoed, same-site Origin). */
async function apiCall(target: Page, method: 'GET' | 'PUT', path: string, body?: unknown): Promise<void> {
  const context = target.context();
  if (!(await context.cookies(SITE)).some((c) => c.name === 'pc_csrf')) await target.request.get(`${SITE}/api/csrf`);
  const csrf = (await context.cookies(SITE)).find((c) => c.name === 'pc_csrf')?.value ?? '';
  const response = await target.request.fetch(`${SITE}${path}`, {
    method,
    headers: { 'x-csrf-token': csrf, origin: SITE },
    ...(body === undefined ? {} : { data: body }),
  });
  expect({ path, ok: response.ok() }).toEqual({ path, ok: true });
}

/**
 * The theme of the next page loads: saved on the account (the shell follows the account when it changed) and on
 * the device.
 */
async function useTheme(target: Page, theme: string) {
  await apiCall(target, 'PUT', '/api/ttin/prefs/theme', { theme });
  await target.evaluate((value) => localStorage.setItem('pc_theme', value), theme);
}

async function rememberSession(target: BrowserContext = context) {
  rememberSecret(...(await target.cookies()).filter((c) => c.name === 'pc_su').map((c) => c.value));
}

/** Waits until the page has stopped loading: no request in flight, no spinner, no remote still loading. */
async function settled(target: Page) {
  await networkQuiet(target);
  await target.waitForFunction(() => !document.querySelector('.pc-spinner, .pc-remote-loading'));
}

/**
 * Opens a settings page and waits for its title. Two suites share two cores here, so a page can miss the title's
 * deadline while another suite's browser is busy: what the page showed then is printed, and it is loaded once more
 * (a page that never shows its title still fails).
 */
async function openSettingsPage(target: Page, path: string) {
  await target.goto(`${SITE}${path}`);
  await titleShown(target, path);
}

/** Each page of a sweep: the first loaded, the others opened in the app. */
async function sweepPage(target: Page, path: string, first: boolean) {
  if (first) await openSettingsPage(target, path);
  else await navigateInApp(target, path, '.pc-settings__title');
  await settled(target);
}

async function titleShown(target: Page, path: string) {
  const title = target.locator('.pc-settings__title');
  const shown = await title.waitFor({ timeout: 15_000 }).then(
    () => true,
    () => false,
  );
  if (!shown) {
    const seen = await target.evaluate(() => `${location.href}: ${document.body.innerText.slice(0, 400)}`);
    console.warn(`${path} showed no title within 15 s, loading it once more; the page showed ${seen}`);
    await target.reload();
    await title.waitFor({ timeout: 20_000 });
  }
}

/** Waits until `locator` finds exactly `count` elements. */
async function countOf(locator: Locator, count: number) {
  const deadline = Date.now() + 15_000;
  while ((await locator.count()) !== count) {
    if (Date.now() > deadline) throw new Error(`expected ${count} elements, found ${await locator.count()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function signIn(target: Page, login: string, password: string) {
  await target.getByLabel('Email or username').fill(login);
  await target.getByLabel('Password', { exact: true }).fill(password);
  await target.getByRole('button', { name: 'Sign in' }).click();
}

async function open(path: string, heading: string, target: Page = page) {
  await target.goto(`${SITE}${path}`);
  await target.getByRole('heading', { level: 1, name: heading }).waitFor();
  await settled(target);
}

beforeAll(async () => {
  // Registered through the API (captcha solved for real) and confirmed with the mailed code.
  const client = new ApiClient(SITE, 'en');
  const after = new Date();
  const registered = await client.post(
    '/api/id/register',
    {
      email: user.email,
      username: user.username,
      fullname: user.fullname,
      password: user.password,
      acceptTerms: true,
      acceptPrivacy: true,
    },
    await captchaHeader(SITE),
  );
  expect(registered.status).toBe(201);
  const code = codeIn(await waitForMail({ to: user.email, after }));
  expect((await client.post('/api/id/register/verify', { code })).status).toBeLessThan(300);

  browser = await launchBrowser({ clientAddress: CLIENT_ADDRESS });
  context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.addInitScript(() => {
    if (!localStorage.getItem('pc_lang')) localStorage.setItem('pc_lang', 'en');
    localStorage.setItem('pc_consent', 'true');
  });
  page = await context.newPage();
  page.setDefaultTimeout(20_000);
  page.on('console', (message) => {
    // Refused requests (the visitor's user info, the wrong inputs this suite sends on purpose) are expected.
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) {
      consoleErrors.push(message.text());
    }
  });
  page.on('pageerror', (error) => consoleErrors.push(error.message));
});

afterEach(async () => {
  // A failing step's browser errors, for its post-mortem.
  if (consoleErrors.length > 0) console.warn(consoleErrors.splice(0).join('\n'));
  const name = (expect.getState().currentTestName ?? 'test').replace(/[^a-z0-9]+/gi, '-').slice(0, 80);
  await page?.screenshot({ path: `${stack.root}/.run/test-reports/e2e/${name}.png` }).catch(() => undefined);
});

afterAll(async () => {
  await browser?.close();
});

describe('the settings screens', () => {
  it('send a visitor to sign in and back to the page asked for', async () => {
    await page.goto(`${SITE}/settings/password`);
    await page.waitForURL(/\/login\?next=%2Fsettings%2Fpassword$/);
    await signIn(page, user.username, user.password);
    await page.waitForURL(`${SITE}/settings/password`);
    await page.getByRole('heading', { level: 1, name: 'Password' }).waitFor();
    await rememberSession();
  });

  it('list every section on the index, reached from the user menu', async () => {
    await page.goto(`${SITE}/`);
    await appReady(page);
    await page.getByLabel(`Signed in as ${user.fullname}`).click();
    await page.getByRole('link', { name: 'Settings', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor();
    for (const group of ['Profile', 'Account', 'Support', 'Security', 'Preferences', 'Account deletion']) {
      await page.getByRole('heading', { level: 2, name: group, exact: true }).waitFor();
    }
    // Every page has its card; the rating and feedback logs and the access tokens too (their own suites, standing,
    // feedback and access-tokens, check them).
    expect(await page.locator('.pc-settings__card').count()).toBe(PAGES.length - 1 + 3);
    // Each card with what is set now.
    await page.locator('[data-current="email"]', { hasText: user.email }).waitFor();
    await page.locator('[data-current="username"]', { hasText: `@${user.username}` }).waitFor();
    await page.locator('[data-current="mfa"]', { hasText: 'Off' }).waitFor();
    await page.locator('[data-current="notifications"]', { hasText: '8 of 8 on' }).waitFor();
    await settled(page);
    await expectAccessible(page, 'settings index');
  });

  it('refuse a wrong current password, then change the password', async () => {
    await open('/settings/password', 'Password');
    await page.getByLabel('Current password').fill('not-my-pass-9');
    await page.getByLabel('New password', { exact: true }).fill(user.newPassword);
    await page.getByLabel('Repeat the new password').fill(user.newPassword);
    await page.getByRole('button', { name: 'Change password' }).click();
    // The gateway's catalogue message, on the field.
    await page.locator('.pc-field__error').first().waitFor();
    expect(await page.getByLabel('Current password').getAttribute('aria-invalid')).toBe('true');
    await expectAccessible(page, 'password with a server error');

    await page.getByLabel('Current password').fill(user.password);
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('Your password has been changed.').waitFor();
  });

  it('change the e-mail address with the code mailed to the new one', async () => {
    await open('/settings/email', 'E-mail');
    expect(await page.locator('[data-current-email]').textContent()).toBe(user.email);
    // The shared rules refuse the current address before anything is sent.
    await page.getByLabel('New e-mail address').fill(user.email);
    await page.getByLabel('Current password').fill(user.newPassword);
    await page.getByRole('button', { name: 'Send the code' }).click();
    await page.getByText('This is already your e-mail address.').waitFor();

    await page.getByLabel('New e-mail address').fill(user.newEmail);
    const after = new Date();
    await page.getByRole('button', { name: 'Send the code' }).click();
    await page.getByText(`We sent a code to ${user.newEmail}.`, { exact: false }).waitFor();
    await expectAccessible(page, 'e-mail code step');
    const mail = await waitForMail({ to: user.newEmail, after });
    await page.getByLabel('Code from the mail').fill(codeIn(mail));
    await page.getByRole('button', { name: 'Confirm the new address' }).click();
    await page.getByRole('dialog').getByText('Your e-mail address has been changed.').waitFor();
    await page.getByRole('dialog').getByRole('button').first().click();
    await page.locator('[data-current-email]', { hasText: user.newEmail }).waitFor();
  });

  it('verify a phone number with the code of the SMS', async () => {
    await open('/settings/phone', 'Phone');
    await page.getByText('No phone number has been added.').waitFor();
    await page.getByLabel('Phone number').fill('12345');
    await page.getByRole('button', { name: 'Send the code' }).click();
    await page.getByText('Enter the number in international form', { exact: false }).waitFor();

    await page.getByLabel('Phone number').fill(user.phone);
    const after = new Date();
    await page.getByRole('button', { name: 'Send the code' }).click();
    await page.getByText(/We sent a code by SMS to/).waitFor();
    const sms = await waitForMail({ to: smsMailboxOf(user.phone), after });
    await page.getByLabel('Code from the SMS').fill(codeIn(sms));
    await page.getByRole('button', { name: 'Confirm the number' }).click();
    await page.getByRole('dialog').getByRole('button').first().click();
    await page.getByText('Verified.').waitFor();
    // Masked: the last two digits, not the whole number.
    const shown = (await page.locator('[data-current-phone]').textContent()) ?? '';
    expect(shown.endsWith(user.phone.slice(-2))).toBe(true);
    expect(shown).not.toContain(user.phone.slice(4, 10));
  });

  it('change the username, then state the 14-day rule', async () => {
    await open('/settings/username', 'Username');
    await page.getByLabel('New username').fill('9starts_with_digit');
    await page.getByRole('button', { name: 'Change username' }).click();
    await page.getByText('starting with a letter', { exact: false }).first().waitFor();

    await page.getByLabel('New username').fill(user.newUsername);
    await page.getByRole('button', { name: 'Change username' }).click();
    await page.getByRole('dialog').getByText(`Your username is now @${user.newUsername}.`).waitFor();
    await page.getByRole('dialog').getByRole('button').first().click();
    await page.locator('[data-current-username]', { hasText: `@${user.newUsername}` }).waitFor();
    await page.getByText('You changed it recently. The next change is possible on', { exact: false }).waitFor();
    expect(await page.getByLabel('New username').isDisabled()).toBe(true);
  });

  it('save the profile, add and remove a link, and add a personal site', async () => {
    await open('/settings/profile', 'General');
    await page.getByLabel('Headline').fill('Settings tester from Sheki');
    await page.getByLabel('Bio').fill('I try every switch.\nTwice.');
    await page.getByLabel('Country').selectOption('AZ');
    await page.getByLabel('Gender').selectOption('female');
    await page.getByLabel('Birth date').fill('1994-05-17');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Saved.').waitFor();

    const links = page.getByRole('region', { name: 'Links' });
    await links.getByLabel('Site').selectOption('github');
    await links.getByLabel('Address of your profile').fill('https://example.com/me');
    await links.getByRole('button', { name: 'Add the link' }).click();
    await links.getByText('This address is not on the chosen site.').waitFor();
    await links.getByLabel('Address of your profile').fill(`https://github.com/${user.newUsername}`);
    await links.getByRole('button', { name: 'Add the link' }).click();
    await links.getByRole('link', { name: `https://github.com/${user.newUsername}` }).waitFor();
    await links.getByRole('button', { name: 'Remove GitHub' }).click();
    await links.getByRole('link', { name: `https://github.com/${user.newUsername}` }).waitFor({ state: 'detached' });

    const site = page.getByRole('region', { name: 'Personal site' });
    await site.getByLabel('Address of your site').fill('https://aysel.example.az/');
    await site.getByRole('button', { name: 'Add the site' }).click();
    await site.getByRole('link', { name: 'https://aysel.example.az/' }).waitFor();

    await page.reload();
    await page.getByLabel('Headline').waitFor();
    expect(await page.getByLabel('Headline').inputValue()).toBe('Settings tester from Sheki');
    expect(await page.getByLabel('Country').inputValue()).toBe('AZ');
    expect(await page.getByLabel('Birth date').inputValue()).toBe('1994-05-17');
  });

  it('upload a profile picture with a preview and show it resized to 200x200', async () => {
    await open('/settings/pictures', 'Profile picture and banner');
    const picture = page.getByRole('region', { name: 'Profile picture' });
    await picture.getByLabel('Choose an image').setInputFiles({
      name: 'portrait.png',
      mimeType: 'image/png',
      buffer: png(640, 480),
    });
    await picture.getByRole('img', { name: 'Preview of the chosen image' }).waitFor();
    await expectAccessible(page, 'picture preview');
    await picture.getByRole('button', { name: 'Upload' }).click();
    await picture.getByText('Saved, resized to 200×200 pixels').waitFor();
    const size = await picture
      .locator('img[data-picture="picture"]')
      .evaluate((img: HTMLImageElement) => ({ width: img.naturalWidth, height: img.naturalHeight, src: img.src }));
    expect({ width: size.width, height: size.height }).toEqual({ width: 200, height: 200 });
    expect(new URL(size.src).pathname).toMatch(/^\/media\//);
    // The header's avatar follows.
    await page.locator('.pc-user-menu__summary img').waitFor();

    // A file that only claims to be an image is refused with the catalogue's message.
    await picture.getByLabel('Choose an image').setInputFiles({
      name: 'fake.png',
      mimeType: 'image/png',
      buffer: Buffer.from('not an image at all'),
    });
    await picture.getByRole('button', { name: 'Upload' }).click();
    await picture.getByRole('alert').waitFor();
  });

  it("save the theme and the language on the account, the page follows at once, and the header's theme toggle moves the choice here", async () => {
    const save = async (label: string, done: string) => {
      await page.getByRole('button', { name: label, exact: true }).click();
      // Saved: the account written and the session refreshed.
      await page.getByRole('status').getByText(done).waitFor();
    };
    await open('/settings/theme', 'Theme');
    await page.getByRole('radio', { name: 'Light', exact: true }).check();
    await save('Save', 'Saved.');
    await page.waitForFunction(() => document.documentElement.dataset.theme === 'light');
    await page.getByRole('radio', { name: 'Dark', exact: true }).check();
    await save('Save', 'Saved.');
    await page.waitForFunction(() => document.documentElement.dataset.theme === 'dark');
    expect(await page.evaluate(() => localStorage.getItem('pc_theme'))).toBe('dark');
    // The other way round: the header's toggle (dark → light) moves the choice here too, and a save here after it
    // still repaints the page.
    await page.locator('[data-theme-preference="dark"]').click();
    await page.waitForFunction(() => document.documentElement.dataset.theme === 'light');
    expect(await page.getByRole('radio', { name: 'Light', exact: true }).isChecked()).toBe(true);
    await page.getByRole('radio', { name: 'Dark', exact: true }).check();
    await save('Save', 'Saved.');
    await page.waitForFunction(() => document.documentElement.dataset.theme === 'dark');

    await open('/settings/language', 'Language');
    await page.getByRole('radio', { name: 'Русский' }).check();
    await save('Save', 'Сохранено.');
    await page.getByRole('heading', { level: 1, name: 'Язык' }).waitFor();
    await page.waitForFunction(() => document.documentElement.lang === 'ru');
    expect(await page.evaluate(() => localStorage.getItem('pc_lang'))).toBe('ru');
    await expectAccessible(page, 'language page in Russian');
    await page.getByRole('radio', { name: 'English' }).check();
    await save('Сохранить', 'Saved.');
    await page.getByRole('heading', { level: 1, name: 'Language' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('pc_lang'))).toBe('en');
  });

  it('save the notification settings', async () => {
    await open('/settings/notifications', 'Notifications');
    const replies = page.getByRole('checkbox', { name: 'Replies to my comments', exact: true });
    expect(await replies.isChecked()).toBe(true);
    await replies.uncheck();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Saved.').waitFor();
    await page.reload();
    await page.getByRole('checkbox', { name: 'Replies to my comments', exact: true }).waitFor();
    expect(await page.getByRole('checkbox', { name: 'Replies to my comments', exact: true }).isChecked()).toBe(false);
    expect(await page.getByRole('checkbox', { name: 'Comments on my articles', exact: true }).isChecked()).toBe(true);
  });

  it('list a session opened in a second browser, end it, and that browser is signed out', async () => {
    const other = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await other.addInitScript(() => {
      localStorage.setItem('pc_lang', 'en');
      localStorage.setItem('pc_consent', 'true');
    });
    const second = await other.newPage();
    second.setDefaultTimeout(20_000);
    await second.goto(`${SITE}/login?next=%2Fsettings`);
    await signIn(second, user.newUsername, user.newPassword);
    await second.getByRole('heading', { level: 1, name: 'Settings' }).waitFor();
    await rememberSession(other);

    await open('/settings/sessions', 'Sessions');
    const rows = page.locator('[data-session]');
    await countOf(rows, 2);
    const current = page.locator('[data-session="current"]');
    await current.getByText('This device').waitFor();
    // Chromium on Linux, parsed from the user agent; the address of the test run.
    await current.getByText(/Chrom/).waitFor();
    await expectAccessible(page, 'sessions list');
    await page
      .locator('[data-session="other"]')
      .getByRole('button', { name: /^End session/ })
      .click();
    await page.getByRole('dialog').getByText('The session has been ended.').waitFor();
    await page.getByRole('dialog').getByRole('button').first().click();
    await countOf(rows, 1);

    await second.goto(`${SITE}/settings`);
    await second.waitForURL(/\/login\?next=%2Fsettings$/);
    await other.close();
  });

  it('turn on two-step verification with a TOTP of the secret shown, show ten recovery codes once, renew them, turn it off', async () => {
    await open('/settings/mfa', 'Two-step verification');
    await page.getByText('Off', { exact: true }).waitFor();
    await page.getByLabel('Current password').fill(user.newPassword);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('img', { name: 'QR code with the key for your authenticator app' }).waitFor();
    const secret = (await page.locator('[data-mfa-secret]').getAttribute('data-mfa-secret')) ?? '';
    rememberSecret(secret);
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    await expectAccessible(page, 'MFA QR code step');

    await page.getByLabel('Code from the app').fill('000000');
    await page.getByRole('button', { name: 'Turn on' }).click();
    await page.locator('.pc-field__error').first().waitFor();
    await page.getByLabel('Code from the app').fill(await generate({ secret }));
    await page.getByRole('button', { name: 'Turn on' }).click();
    const codes = page.locator('[data-recovery-codes] code');
    await countOf(codes, 10);
    const recovery = await codes.allTextContents();
    rememberSecret(...recovery);
    const download = page.getByRole('link', { name: 'Download as a file' });
    expect(await download.getAttribute('download')).toBe('pencraft-recovery-codes.txt');
    expect(decodeURIComponent((await download.getAttribute('href')) ?? '')).toContain(recovery[0]!);
    await expectAccessible(page, 'MFA recovery codes');
    await page.getByRole('button', { name: 'I have saved them' }).click();
    await page.getByText('On', { exact: true }).waitFor();
    await page.getByText('Unused recovery codes: 10.').waitFor();

    // Shown once: a new visit shows the state, not the codes.
    await page.reload();
    await page.getByText('Unused recovery codes: 10.').waitFor();
    expect(await page.locator('[data-recovery-codes]').count()).toBe(0);

    // New codes, confirmed with the password and one of the old codes (which the server then spends).
    const regenerate = page.getByRole('region', { name: 'New recovery codes' });
    await regenerate.getByLabel('Current password').fill(user.newPassword);
    await regenerate.getByLabel('Code from the app or a recovery code').fill(recovery[0]!);
    await regenerate.getByRole('button', { name: 'Make new codes' }).click();
    await countOf(codes, 10);
    const renewed = await codes.allTextContents();
    rememberSecret(...renewed);
    expect(renewed).not.toContain(recovery[1]);
    await page.getByRole('button', { name: 'I have saved them' }).click();

    // Off again, with the password and a new code; an old one no longer works.
    const disable = page.getByRole('region', { name: 'Turn off two-step verification' });
    await disable.getByLabel('Current password').fill(user.newPassword);
    await disable.getByLabel('Code from the app or a recovery code').fill(recovery[1]!);
    await disable.getByRole('button', { name: 'Turn off' }).click();
    await disable.locator('.pc-field__error').first().waitFor();
    await disable.getByLabel('Code from the app or a recovery code').fill(renewed[0]!);
    await disable.getByRole('button', { name: 'Turn off' }).click();
    await page.getByRole('dialog').getByText('Two-step verification is off.').waitFor();
    await page.getByRole('dialog').getByRole('button').first().click();
    await page.getByText('Off', { exact: true }).waitFor();
  });

  it('show the account log with the password and e-mail changes, no bans, and the security overview', async () => {
    await open('/settings/log', 'Account activity');
    await page.getByText('Password changed').waitFor();
    await page.getByText('E-mail address changed').waitFor();
    await page.getByText('Account confirmed').waitFor();
    await open('/settings/bans', 'Bans');
    await page.getByText('Your account has never been banned.').waitFor();
    await open('/settings/security', 'Security overview');
    await page.locator('[data-security="mfa"]', { hasText: 'Off.' }).waitFor();
    await page.locator('[data-security="sessions"]', { hasText: 'Other signed-in devices: 0.' }).waitFor();
  });

  it('request deletion with the password and the mailed code, show its date, and keep the account', async () => {
    await open('/settings/delete', 'Delete account');
    await page.getByLabel('Current password').fill(user.newPassword);
    const after = new Date();
    await page.getByRole('button', { name: 'Send me a confirmation code' }).click();
    await page.getByText('We sent a 6-digit code to your e-mail address.').waitFor();
    await expectAccessible(page, 'deletion code step');
    const mail = await waitForMail({ to: user.newEmail, after });
    await page.getByLabel('Code from the mail').fill(codeIn(mail));
    await page.getByRole('button', { name: 'Delete my account' }).click();
    await page.getByRole('heading', { name: 'Deletion requested' }).waitFor();
    const date = await page.locator('[data-deletion-date]').getAttribute('data-deletion-date');
    const days = (Date.parse(date ?? '') - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThan(30.1);
    await expectAccessible(page, 'deletion pending');

    await page.getByRole('button', { name: 'Keep my account' }).click();
    await page.getByRole('dialog').getByText('The deletion has been cancelled.').waitFor();
    await page.getByRole('dialog').getByRole('button').first().click();
    await page.getByRole('button', { name: 'Send me a confirmation code' }).waitFor();
  });

  it.each(['light', 'dark'])('have no axe-core violations in the %s theme', async (theme) => {
    await useTheme(page, theme);
    for (const [i, path] of PAGES.entries()) {
      await sweepPage(page, path, i === 0);
      expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe(theme);
      await expectAccessible(page, `${path} (${theme})`);
    }
  });

  it('fit a phone without horizontal scroll and without axe-core violations, in en, az and ru', async () => {
    // A browser of its own on another loopback address: this test loads every page twice more, and the
    // per-address limit of the gateway (600 requests a minute) should count it apart from the suite's other tests.
    const phoneBrowser = await launchBrowser({ clientAddress: PHONE_ADDRESS });
    const phone = await phoneBrowser.newContext({
      viewport: { width: 375, height: 812 },
      isMobile: true,
      hasTouch: true,
    });
    await phone.addCookies((await context.cookies(SITE)).filter((c) => c.name === 'pc_su'));
    await phone.addInitScript(() => {
      if (!localStorage.getItem('pc_lang')) localStorage.setItem('pc_lang', 'en');
      localStorage.setItem('pc_consent', 'true');
    });
    const mobile = await phone.newPage();
    mobile.setDefaultTimeout(20_000);
    // Each page on the phone in one theme and one of the longer-worded languages (every page has both themes at
    // full width above): half the pages light, half dark; then half in az, half in ru. Together the rounds cover
    // every page, theme and language at 375 px without loading each page six times.
    const half = (parity: number) => PAGES.filter((_, i) => i % 2 === parity);
    for (const [parity, theme] of [
      [0, 'light'],
      [1, 'dark'],
    ] as const) {
      await mobile.goto(`${SITE}/about`);
      await useTheme(mobile, theme);
      for (const [i, path] of half(parity).entries()) {
        await sweepPage(mobile, path, i === 0);
        const overflow = await mobile.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        const shown = await mobile.evaluate(() => document.documentElement.dataset.theme);
        expect({ path, theme: shown, overflow }).toEqual({ path, theme, overflow: 0 });
        await expectAccessible(mobile, `${path} (${theme}, 375 px)`);
      }
    }
    // Azerbaijani and Russian (longer words) fit too.
    for (const [parity, language] of [
      [0, 'az'],
      [1, 'ru'],
    ] as const) {
      await apiCall(mobile, 'PUT', '/api/ttin/prefs/language', { language });
      await mobile.evaluate((value) => localStorage.setItem('pc_lang', value), language);
      for (const [i, path] of half(parity).entries()) {
        await sweepPage(mobile, path, i === 0);
        const state = await mobile.evaluate(() => ({
          lang: document.documentElement.lang,
          overflow: document.documentElement.scrollWidth - document.documentElement.clientWidth,
        }));
        expect({ path, ...state }).toEqual({ path, lang: language, overflow: 0 });
        await expectAccessible(mobile, `${path} (${language}, 375 px)`);
      }
    }
    await apiCall(mobile, 'PUT', '/api/ttin/prefs/language', { language: 'en' });
    await mobile.evaluate(() => localStorage.setItem('pc_lang', 'en'));

    // Keyboard only: from the back link, Tab reaches the first field of a form.
    await mobile.goto(`${SITE}/settings/password`);
    await mobile.getByRole('link', { name: '← All settings' }).focus();
    await mobile.keyboard.press('Tab');
    expect(await mobile.evaluate(() => document.activeElement?.getAttribute('autocomplete'))).toBe('current-password');
    await phone.close();
    await phoneBrowser.close();
  });
});
