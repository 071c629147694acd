// Partner clients in the staff console (issue #18) in Chromium against the whole platform and the real Keycloak: the
// admin signs in on Keycloak's login page, registers a client (a bad origin is refused by the form first), copies the
// secret shown once (and Keycloak gives that secret a token), changes the client's limits, rotates the secret and
// revokes the client with the keyboard alone through the confirming dialogs. The list at 375 px in the dark theme
// (no horizontal scroll), the detail page in the light theme, axe-core on every screen.
import type { Browser, Page } from 'playwright-core';
import { appReady, expectAccessible, launchBrowser, networkQuiet } from '../support/browser.ts';
import { useClientAddress } from '../support/client-address.ts';
import { signInOnKeycloakPage } from '../support/keycloak.ts';
import { rememberSecret } from '../support/log-hygiene.ts';
import { clientCredentialsGrant, removeAfterwards, removePartnerClients } from '../support/partners.ts';
import { stack } from '../support/stack.ts';

const SITE = `http://localhost:${stack.gateway.httpPort}`;
/** This suite's own loopback address for its calls to Keycloak's token endpoint and admin API. */
const CLIENT_ADDRESS = '127.0.0.124';
useClientAddress(CLIENT_ADDRESS);
const run = Date.now().toString(36);
const NAME = `Newsroom ${run}`;

let browser: Browser;
const consoleErrors: string[] = [];

beforeAll(async () => {
  // Keycloak listens on 127.0.0.1 only: the browser reaches it (and the site) at localhost.
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await removePartnerClients();
  expect(consoleErrors).toEqual([]);
});

const horizontalScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

async function setTheme(page: Page, theme: 'light' | 'dark') {
  await page.evaluate((value) => localStorage.setItem('pc_theme', value), theme);
}

describe('partner clients in the staff console', () => {
  it('are registered, changed, rotated and revoked by an admin', async () => {
    const context = await browser.newContext({ viewport: { width: 375, height: 800 }, locale: 'en-US' });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: SITE });
    await context.addInitScript(() => {
      try {
        if (!localStorage.getItem('pc_theme')) localStorage.setItem('pc_theme', 'dark');
        localStorage.setItem('pc_lang', 'en');
        localStorage.setItem('pc_consent', 'true');
      } catch {
        // not the site's document
      }
    });
    const page = await context.newPage();
    page.setDefaultTimeout(20_000);
    page.on('console', (message) => {
      if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) {
        consoleErrors.push(message.text());
      }
    });
    page.on('pageerror', (error) => consoleErrors.push(error.message));

    // Sign in as the demo admin on Keycloak's own page.
    await signInOnKeycloakPage(page, SITE, '/staff/partners', 'admin');
    await page.getByRole('heading', { name: 'Register a client' }).waitFor({ timeout: 30_000 });
    await networkQuiet(page);
    // The realm's demo partner is registered with the stack.
    await page.locator('[data-partner="pencraft-partners"]').waitFor();
    expect(await horizontalScroll(page)).toBeLessThanOrEqual(0);
    await expectAccessible(page, '/staff/partners (dark, 375 px)');

    // The form checks the rules before sending: an origin with a path is refused.
    const form = page.locator('[data-create-partner]');
    await form.getByLabel('Organisation').fill(NAME);
    await form.getByLabel(/^Search/).check();
    await form.getByLabel('Browser origins (CORS)').fill('https://app.example.az/path');
    await form.getByRole('button', { name: 'Register' }).click();
    await form.getByText('At most 10 origins, each https://host or https://host:port, without a path.').waitFor();
    await expectAccessible(page, '/staff/partners (a refused form)');
    await form.getByLabel('Browser origins (CORS)').fill('https://app.example.az\nhttp://localhost:3000');
    await form.getByRole('button', { name: 'Register' }).click();

    // The secret, shown once, copied, and good for a token at Keycloak.
    const notice = page.locator('[data-partner-secret]');
    await notice.getByRole('heading', { name: `The client secret of ${NAME}` }).waitFor();
    const secret = await notice.getByLabel('Client secret').inputValue();
    rememberSecret(secret);
    expect(secret.length).toBeGreaterThanOrEqual(20);
    await notice.getByRole('button', { name: 'Copy the secret' }).click();
    await notice.getByText('Copied.').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
    const card = page.locator('[data-status="active"]').filter({ hasText: NAME });
    const clientId = (await card.getAttribute('data-partner'))!;
    removeAfterwards(clientId);
    expect(clientId).toMatch(/^partner-newsroom-/);
    expect((await clientCredentialsGrant(clientId, secret)).status).toBe(200);
    await expectAccessible(page, '/staff/partners (the secret shown)');
    await notice.getByRole('button', { name: 'I have stored it' }).click();
    await notice.waitFor({ state: 'detached' });

    // The detail page in the light theme at full width: change the daily quota.
    await setTheme(page, 'light');
    await page.setViewportSize({ width: 1280, height: 900 });
    await card.getByRole('link', { name: NAME }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/staff/partners/'));
    await appReady(page);
    const facts = page.locator(`[data-partner="${clientId}"]`);
    await facts.getByText('Read, Search').waitFor();
    expect(await page.locator('[data-partner-webhooks]').getAttribute('href')).toMatch(
      /^\/staff\/partners\/[0-9a-f-]{36}\/webhooks$/,
    );
    const edit = page.locator('[data-edit-partner]');
    await edit.getByLabel('Requests per day (UTC)').fill('5000');
    await edit.getByRole('button', { name: 'Save the changes' }).click();
    await edit.getByText('Saved: the API applies them within a minute.').waitFor();
    await facts.getByText('600 a minute, 5,000 a day').waitFor();
    await expectAccessible(page, '/staff/partners/:id (light)');

    // Rotate with the keyboard: the button, the dialog's confirm (focused first), Enter.
    await page.getByRole('button', { name: 'Rotate the secret' }).focus();
    await page.keyboard.press('Enter');
    const rotateDialog = page.getByRole('dialog', { name: `Rotate the secret of ${NAME}?` });
    await rotateDialog.waitFor();
    await expectAccessible(page, '/staff/partners/:id (confirm the rotation)');
    await page.keyboard.press('Enter');
    await rotateDialog.waitFor({ state: 'hidden' });
    const rotated = await page.locator('[data-partner-secret]').getByLabel('Client secret').inputValue();
    rememberSecret(rotated);
    expect(rotated).not.toBe(secret);
    expect((await clientCredentialsGrant(clientId, secret)).status).toBe(401);
    expect((await clientCredentialsGrant(clientId, rotated)).status).toBe(200);

    // Revoke with the keyboard; Escape first closes the dialog without revoking.
    await page.getByRole('button', { name: 'Revoke the client' }).focus();
    await page.keyboard.press('Enter');
    const revokeDialog = page.getByRole('dialog', { name: `Revoke ${NAME}?` });
    await revokeDialog.waitFor();
    await page.keyboard.press('Escape');
    await revokeDialog.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Revoke the client' }).focus();
    await page.keyboard.press('Enter');
    await revokeDialog.waitFor();
    await page.keyboard.press('Enter');
    await page.getByRole('status').getByText(`${NAME} is revoked.`).waitFor();
    await page.locator('[data-partner-revoked]').waitFor();
    await page.locator(`[data-partner="${clientId}"][data-status="revoked"]`).waitFor();
    expect((await clientCredentialsGrant(clientId, rotated)).status).not.toBe(200);
    await expectAccessible(page, '/staff/partners/:id (revoked)');
    await context.close();
  });
});
