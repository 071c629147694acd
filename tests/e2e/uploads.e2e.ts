// The uploads log in Chromium (/settings/uploads, GET /api/ttin/logs/img): a writer with two editor images, one the
// cover of a draft, sees each with its thumbnail and facts, the used one linked to its draft, and deletes the unused
// one from a confirmation dialog with the keyboard; axe-core finds nothing on the list and the dialog, in the light
// and dark themes, at 375 px without horizontal scroll, in en, az and ru. (The API's rules, paging and
// authorization are tests/integration/uploads-log.int-spec.ts.)
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { expectAccessible, launchBrowser, networkQuiet } from '../support/browser.ts';
import { useClientAddress } from '../support/client-address.ts';
import { signInBrowser, signUp, type Person } from '../support/reader-fixtures.ts';
import { stack } from '../support/stack.ts';

const PORT = stack.gateway.httpPort;
const CLIENT_ADDRESS = '127.0.0.108';
useClientAddress(CLIENT_ADDRESS);
const API = `http://${CLIENT_ADDRESS}:${PORT}`;
const SITE = `http://localhost:${PORT}`;
const run = Date.now().toString(36);
const DRAFT_TITLE = `Wind over Baku ${run}`;

let browser: Browser;
let writer: Person;
let used: string;
let unused: string;

async function settled(page: Page) {
  await networkQuiet(page);
  await page.waitForFunction(() => !document.querySelector('.pc-spinner, .pc-remote-loading'));
}

async function uploadKey(person: Person, colour: number): Promise<string> {
  const bytes = await sharp({
    create: { width: 900, height: 600, channels: 3, background: { r: colour, g: 90, b: 160 } },
  })
    .png()
    .toBuffer();
  const { client } = person;
  if (!client.cookies.has('pc_csrf')) await client.get('/api/csrf');
  const response = await fetch(`${API}/api/publication/f`, {
    method: 'POST',
    headers: {
      'content-type': 'image/png',
      cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      'x-csrf-token': client.cookies.get('pc_csrf') ?? '',
    },
    body: new Uint8Array(bytes),
  });
  const body = (await response.json()) as { key?: string };
  if (response.status !== 201 || !body.key) throw new Error(`image upload answered ${response.status}`);
  return body.key;
}

/** The writer's preferences for the next page: the account's (the shell follows it) and the device's. */
async function prefer(page: Page, { theme, language }: { theme: string; language: string }) {
  expect((await writer.client.request('PUT', '/api/ttin/prefs/theme', { theme })).status).toBeLessThan(300);
  expect((await writer.client.request('PUT', '/api/ttin/prefs/language', { language })).status).toBeLessThan(300);
  await page.evaluate(
    ([t, l]) => {
      localStorage.setItem('pc_theme', t!);
      localStorage.setItem('pc_lang', l!);
    },
    [theme, language],
  );
}

async function openLog(width: number) {
  const context = await browser.newContext({
    viewport: { width, height: 900 },
    ...(width === 375 ? { isMobile: true, hasTouch: true } : {}),
  });
  await context.addInitScript(() => localStorage.setItem('pc_consent', 'true'));
  await signInBrowser(context, writer, SITE);
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  return { context, page };
}

beforeAll(async () => {
  writer = await signUp(API, `uple2e_${run}`, 'Uploads Writer', 'en');
  unused = await uploadKey(writer, 30);
  used = await uploadKey(writer, 220);
  const draft = await writer.client.post<{ id: string }>('/api/drafts', { title: DRAFT_TITLE });
  expect(draft.status).toBe(201);
  expect((await writer.client.request('PUT', `/api/drafts/${draft.body.id}/cover`, { key: used })).status).toBe(200);
  browser = await launchBrowser({ clientAddress: CLIENT_ADDRESS });
});

afterAll(async () => {
  await browser?.close();
});

describe('the uploads log in the browser', () => {
  it('shows each image with where it is used and deletes the unused one from a dialog, with the keyboard', async () => {
    const { context, page } = await openLog(1280);
    await page.goto(`${SITE}/settings`);
    await settled(page);
    await page.getByRole('link', { name: /Uploaded images/ }).click();
    await page.getByRole('heading', { level: 1, name: 'Uploaded images' }).waitFor();
    await settled(page);
    const rows = page.locator('[data-upload]');
    expect(await rows.count()).toBe(2);
    const usedRow = page.locator(`[data-upload="${used}"]`);
    await usedRow.getByRole('link', { name: `Draft: ${DRAFT_TITLE}` }).waitFor();
    expect(await usedRow.getByRole('button').count()).toBe(0);
    const unusedRow = page.locator(`[data-upload="${unused}"]`);
    await unusedRow.getByText('Not used').waitFor();
    await unusedRow.getByText('900 × 600 px').waitFor();
    // Every thumbnail is drawn (served by /media).
    await page.waitForFunction(() =>
      [...document.querySelectorAll<HTMLImageElement>('.pc-uploads__thumb')].every((img) => img.naturalWidth > 0),
    );
    await expectAccessible(page, 'uploads log');

    const remove = unusedRow.getByRole('button', { name: /^Delete the image uploaded on / });
    await remove.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Delete this image?' });
    await dialog.waitFor();
    // The focus is in the dialog (on its first button); Tab moves to Keep it and Shift+Tab back.
    const focused = () => page.evaluate(() => document.activeElement?.textContent);
    expect(await focused()).toBe('Delete image');
    await expectAccessible(page, 'uploads log, delete dialog');
    await page.keyboard.press('Tab');
    expect(await focused()).toBe('Keep it');
    await page.keyboard.press('Shift+Tab');
    expect(await focused()).toBe('Delete image');
    await page.keyboard.press('Enter');
    await page.getByText('The image was deleted.').waitFor();
    await unusedRow.waitFor({ state: 'detached' });
    expect(await rows.count()).toBe(1);
    const gone = await fetch(`${API}/media/${unused}`);
    expect(gone.status).toBe(404);
    await context.close();
  });

  it('fits a phone in both themes and three languages, and axe-core finds nothing', async () => {
    const { context, page } = await openLog(375);
    await page.goto(`${SITE}/about`);
    for (const [theme, language, title] of [
      ['dark', 'en', 'Uploaded images'],
      ['light', 'az', 'Yüklənmiş şəkillər'],
      ['dark', 'ru', 'Загруженные изображения'],
    ] as const) {
      await prefer(page, { theme, language });
      await page.goto(`${SITE}/settings/uploads`);
      await page.getByRole('heading', { level: 1, name: title }).waitFor();
      await settled(page);
      await page.locator(`[data-upload="${used}"]`).waitFor();
      const state = await page.evaluate(() => ({
        theme: document.documentElement.dataset.theme,
        lang: document.documentElement.lang,
        overflow: document.documentElement.scrollWidth - document.documentElement.clientWidth,
      }));
      expect(state).toEqual({ theme, lang: language, overflow: 0 });
      await expectAccessible(page, `uploads log (${theme}, ${language}, 375 px)`);
    }
    await prefer(page, { theme: 'light', language: 'en' });
    await context.close();
  });
});
