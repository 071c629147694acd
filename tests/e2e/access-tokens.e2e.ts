// Personal access tokens in Chromium against the whole platform (issue #18): a signed-in writer opens
// /settings/tokens, makes a token with the keyboard (a name, a scope, an expiry), sees it once with its warning and
// copies it, never sees it again after a reload, and revokes it after a confirmation (Escape keeps it first); the
// token works until then and is refused after (identity's VerifyAccessToken, which the partner guard calls); the
// page has no axe-core violations in English and light, and in Russian, dark, at 375 px with no horizontal scroll.
import { TokenServiceClient, TokenServiceService } from '@pencraft/contracts/identity/v1/tokens';
import { createGrpcClient, type PromiseClient } from '@pencraft/kit';
import { TOKEN_PATTERN } from '@pencraft/rules';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { appReady, expectAccessible, launchBrowser, networkQuiet } from '../support/browser.ts';
import { useClientAddress } from '../support/client-address.ts';
import { rememberSecret } from '../support/log-hygiene.ts';
import { signInBrowser, signUp, type Person } from '../support/reader-fixtures.ts';
import { grpcAddress, stack } from '../support/stack.ts';

const PORT = stack.gateway.httpPort;
const SITE = `http://localhost:${PORT}`;
/** This suite's own loopback address (issue #18's reservation for personal access tokens). */
const CLIENT_ADDRESS = '127.0.0.123';
useClientAddress(CLIENT_ADDRESS);
const API = `http://${CLIENT_ADDRESS}:${PORT}`;
const run = Date.now().toString(36);

let browser: Browser;
let writer: Person;
let tokens: PromiseClient<TokenServiceClient>;
const consoleErrors: string[] = [];

beforeAll(async () => {
  browser = await launchBrowser({ clientAddress: CLIENT_ADDRESS });
  writer = await signUp(API, `pat_${run}`, 'Token Writer', 'en');
  tokens = createGrpcClient(TokenServiceClient, TokenServiceService, grpcAddress('identity'), {
    defaultTimeoutMs: 10_000,
  });
});

afterAll(async () => {
  tokens?.close();
  await browser?.close();
  expect(consoleErrors).toEqual([]);
});

async function newPage(lang: string, theme: string, width: number): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width, height: 900 }, locale: 'en-US' });
  await context.addInitScript(
    ([language, colours]) => {
      try {
        localStorage.setItem('pc_lang', language!);
        localStorage.setItem('pc_theme', colours!);
        localStorage.setItem('pc_consent', 'true');
      } catch {
        // not the site's document
      }
    },
    [lang, theme],
  );
  await signInBrowser(context, writer, SITE);
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  page.on('console', (message) => {
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) {
      consoleErrors.push(message.text());
    }
  });
  page.on('pageerror', (error) => consoleErrors.push(error.message));
  return { context, page };
}

const valid = async (secret: string) =>
  (await tokens.verifyAccessToken({ secret, operation: 'e2e', method: 'GET', ip: '', userAgent: '' })).valid;

describe('personal access tokens in settings', () => {
  let context: BrowserContext;
  let page: Page;
  let secret: string;
  const name = `Blog sync ${run}`;

  afterAll(async () => {
    await context?.close();
  });

  it('makes a token with the keyboard and shows it once, with the warning and a copy button', async () => {
    ({ context, page } = await newPage('en', 'light', 1280));
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: SITE });
    await page.goto(`${SITE}/settings/tokens`);
    await appReady(page);
    await page.getByRole('heading', { level: 1, name: 'Access tokens' }).waitFor();
    await page.getByText('You have no access tokens.').waitFor();
    await expectAccessible(page, '/settings/tokens (en, light, empty)');

    // Nothing chosen but the defaults: the name is asked for, in the form, before anything is sent.
    await page.getByRole('button', { name: 'Create token' }).click();
    await page.getByText('Give the token a name.').waitFor();

    await page.getByLabel('Name', { exact: true }).focus();
    await page.keyboard.type(name);
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Space');
    expect(await page.locator('[data-scopes]').getByLabel('Search', { exact: true }).isChecked()).toBe(true);
    await page.getByLabel('Expires after', { exact: true }).selectOption('7');
    const created = page.waitForResponse(
      (r) => r.url().endsWith('/api/ttin/tokens') && r.request().method() === 'POST',
    );
    await page.getByLabel('Name', { exact: true }).press('Enter');
    expect((await created).status()).toBe(201);

    const shown = page.locator('[data-new-token]');
    await shown.getByText('it will not be shown again').waitFor();
    secret = await shown.locator('[data-secret]').inputValue();
    rememberSecret(secret);
    expect(secret).toMatch(new RegExp(TOKEN_PATTERN));
    await shown.getByRole('button', { name: 'Copy' }).click();
    await shown.getByRole('status').getByText('Copied').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
    await expectAccessible(page, '/settings/tokens (en, light, token shown)');

    const row = page.locator(`[data-token="${name}"]`);
    await row.getByText('Active', { exact: true }).waitFor();
    await row.getByText('Read, Search').waitFor();
    await row.getByText(`${secret.slice(0, 8)}…`).waitFor();
    await row.getByText('Never').waitFor();
    expect(await valid(secret)).toBe(true);

    await shown.getByRole('button', { name: 'I have copied it' }).click();
    await page.reload();
    await appReady(page);
    await row.waitFor();
    expect(await page.content()).not.toContain(secret.slice(8));
    await networkQuiet(page);
  });

  it('revokes it after a confirmation: Escape keeps it, then the token is refused', async () => {
    const row = page.locator(`[data-token="${name}"]`);
    await row.getByRole('button', { name: `Revoke the token ${name}` }).click();
    const dialog = page.getByRole('dialog', { name: `Revoke the token ${name}?` });
    await dialog.waitFor();
    await expectAccessible(page, '/settings/tokens (en, light, revoke dialog)');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(await valid(secret)).toBe(true);

    await row.getByRole('button', { name: `Revoke the token ${name}` }).click();
    await dialog.getByRole('button', { name: 'Revoke', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
    const done = page.getByRole('dialog').filter({ hasText: `The token ${name} is revoked.` });
    await done.getByRole('button').click();
    await done.waitFor({ state: 'hidden' });
    await page.locator(`[data-token="${name}"][data-state="revoked"]`).getByText('Revoked').waitFor();
    expect(await row.getByRole('button', { name: /Revoke/ }).count()).toBe(0);
    expect(await valid(secret)).toBe(false);
  });

  it('fits a phone in Russian and the dark theme, with no horizontal scroll and no axe-core violations', async () => {
    // A signed-in page follows the account's language and theme.
    for (const [path, body] of [
      ['/api/ttin/prefs/language', { language: 'ru' }],
      ['/api/ttin/prefs/theme', { theme: 'dark' }],
    ] as const) {
      expect((await writer.client.request('PUT', path, body)).status).toBeLessThan(300);
    }
    const phone = await newPage('ru', 'dark', 375);
    await phone.page.goto(`${SITE}/settings/tokens`);
    await appReady(phone.page);
    await phone.page.getByRole('heading', { level: 1, name: 'Токены доступа' }).waitFor();
    await phone.page.locator(`[data-token="${name}"]`).getByText('Отозван').waitFor();
    expect(await phone.page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    expect(
      await phone.page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
    ).toBeLessThanOrEqual(0);
    await expectAccessible(phone.page, '/settings/tokens (ru, dark, 375 px)');
    await phone.context.close();
  });
});
