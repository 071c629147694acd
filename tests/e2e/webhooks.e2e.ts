// Partner webhooks in the staff console (issue #18) in Chromium against the whole platform and the real Keycloak: the
// admin signs in on Keycloak's page and opens the webhooks of the realm's demo partner (pencraft-partners), whose
// endpoint and delivery log are seeded in notifications' tables: the dead delivery is listed first and counted, each
// row shows its last answer; "Send again" with the keyboard alone makes the dead delivery pending and the page says so.
// At 375 px in the dark theme (no horizontal scroll) and full width in the light theme, in English and Azerbaijani;
// axe-core on every screen.
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { Browser, Page } from 'playwright-core';
import { databaseUrl } from '../../packages/devstack/src/index.ts';
import { appReady, expectAccessible, launchBrowser, networkQuiet } from '../support/browser.ts';
import { suiteFetch, useClientAddress } from '../support/client-address.ts';
import { bearer, signInOnKeycloakPage, staffToken } from '../support/keycloak.ts';
import { stack } from '../support/stack.ts';

const SITE = `http://localhost:${stack.gateway.httpPort}`;
const CLIENT_ADDRESS = '127.0.0.125';
useClientAddress(CLIENT_ADDRESS);
const run = Date.now().toString(36);
const URL_OF_ENDPOINT = `https://hooks.example.com/pencraft/${run}/${'long-path-segment-'.repeat(4)}`;

let browser: Browser;
let sql: pg.Pool;
const consoleErrors: string[] = [];
const endpointId = randomUUID();
const dead = randomUUID();
const delivered = randomUUID();

const horizontalScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

beforeAll(async () => {
  browser = await launchBrowser();
  sql = new pg.Pool({ connectionString: databaseUrl(stack), max: 2 });
  const payload = JSON.stringify({ type: 'article.published', timestamp: new Date().toISOString(), data: {} });
  // A secret that opens with no key: a redelivery fails again at once and stays in the log (nothing leaves the host).
  // Subscribed only to subscription.ended, which no suite sends: articles and comments that other suites published
  // just before (their events may still be on their way) would otherwise add deliveries to this log and its count.
  await sql.query(
    `insert into notifications.webhook_endpoints (id, client_id, url, event_types, secret_sealed)
     values ($1, 'pencraft-partners', $2, array['subscription.ended'], 'v1.none.none.none')`,
    [endpointId, URL_OF_ENDPOINT],
  );
  await sql.query(
    `insert into notifications.webhook_deliveries
       (id, endpoint_id, event_id, event_type, payload, status, attempts, last_response_status, last_response_body,
        last_error, created_at)
     values ($1, $3, $4, 'article.published', $5, 'succeeded', 1, 204, null, null, now()),
            ($2, $3, $6, 'comment.published', $5, 'dead', 8, 500, 'upstream says no', 'HTTP 500', now() - interval '1 hour')`,
    [delivered, dead, endpointId, `e2e-${run}-1`, payload, `e2e-${run}-2`],
  );
});

afterAll(async () => {
  await browser?.close();
  await sql?.query('delete from notifications.webhook_endpoints where id = $1', [endpointId]).catch(() => undefined);
  await sql?.end();
  expect(consoleErrors).toEqual([]);
});

/** The registry id of the realm's demo partner (registered when the stack starts). */
async function demoPartnerId(): Promise<string> {
  const response = await suiteFetch(`${SITE}/api/staff/partners`, { headers: bearer(await staffToken('admin')) });
  const body = (await response.json()) as { items: { id: string; clientId: string }[] };
  const found = body.items.find((client) => client.clientId === 'pencraft-partners');
  if (!found) throw new Error('the demo partner is not registered');
  return found.id;
}

describe('partner webhooks in the staff console', () => {
  it('lists the delivery log with the dead letters first, and sends one again', async () => {
    const partnerId = await demoPartnerId();
    const path = `/staff/partners/${partnerId}/webhooks`;
    const context = await browser.newContext({ viewport: { width: 375, height: 800 }, locale: 'en-US' });
    await context.addInitScript(() => {
      try {
        if (!localStorage.getItem('pc_theme')) localStorage.setItem('pc_theme', 'dark');
        if (!localStorage.getItem('pc_lang')) localStorage.setItem('pc_lang', 'en');
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

    await signInOnKeycloakPage(page, SITE, path, 'admin');
    const section = page.locator(`[data-webhook-endpoint="${endpointId}"]`);
    await section.waitFor({ timeout: 30_000 });
    await networkQuiet(page);

    await section.getByText('Dead deliveries: 1').waitFor();
    const rows = section.locator('tbody tr');
    expect(await rows.nth(0).getAttribute('data-delivery-status')).toBe('dead');
    expect(await rows.nth(1).getAttribute('data-delivery-status')).toBe('succeeded');
    await rows.nth(0).getByText('upstream says no').waitFor();
    await rows.nth(0).getByText('HTTP 500').waitFor();
    expect(await horizontalScroll(page)).toBeLessThanOrEqual(0);
    await expectAccessible(page, `${path} (dark, 375 px)`);

    // Send the dead one again with the keyboard alone.
    await rows
      .nth(0)
      .getByRole('button', { name: /^Send again: the comment\.published delivery of .+$/ })
      .focus();
    await page.keyboard.press('Enter');
    await page.getByText('The delivery will be sent again in a moment.').waitFor();
    const { rows: after } = await sql.query<{ attempts: number }>(
      'select attempts from notifications.webhook_deliveries where id = $1',
      [dead],
    );
    expect(after[0]!.attempts).toBeGreaterThanOrEqual(8);

    // Full width, light theme, Azerbaijani.
    await page.evaluate(() => {
      localStorage.setItem('pc_theme', 'light');
      localStorage.setItem('pc_lang', 'az');
    });
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.reload();
    await appReady(page);
    await page.getByRole('heading', { level: 1, name: 'Partnyor vebhukları' }).waitFor({ timeout: 30_000 });
    await section.waitFor();
    await networkQuiet(page);
    await expectAccessible(page, `${path} (light, az)`);
    await context.close();
  });
});
