// Search (issue #17) in Chromium against the whole platform: three articles published through the API (written,
// submitted and approved), one in each language, the Azerbaijani one with a captioned picture. A visitor finds each
// with a word misspelled, the Azerbaijani one with its words typed without their special letters (the matched words
// in <mark>); the header's search box suggests while typing and is worked with the keyboard only (arrows, Escape
// closes, Enter opens the article); the photo tab shows the picture in a grid that opens the image viewer. axe-core on
// the results, the photo grid and the open suggestions, in the dark theme, and at 375 px in az (no horizontal scroll).
import sharp from 'sharp';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { expectAccessible, launchBrowser, networkQuiet } from '../support/browser.ts';
import { suiteFetch, useClientAddress } from '../support/client-address.ts';
import { publishArticle, signUp, uploadImage, type Person } from '../support/reader-fixtures.ts';
import { stack } from '../support/stack.ts';

const SITE = `http://localhost:${stack.gateway.httpPort}`;
/** This suite's own loopback address: the gateway's per-address limits count its requests apart from other suites'. */
const CLIENT_ADDRESS = '127.0.0.101';
useClientAddress(CLIENT_ADDRESS);
const run = Date.now().toString(36);
/** A word only this run's articles have, so results and suggestions are this run's. */
const tag = `srch${run}`;

const articles = {
  az: { title: `Gözəl Şəki sarayı ${tag}`, words: 'Şəkidə xan sarayının şəbəkələri günəşdə parıldayır.' },
  en: { title: `Lighthouses of the Caspian ${tag}`, words: 'Every lighthouse keeper wrote the weather in a log.' },
  ru: { title: `Кошки старого города ${tag}`, words: 'Кошки гуляют по крышам и греются на солнце.' },
};
const CAPTION = `Şəbəkə pəncərəsi ${tag}`;

let browser: Browser;
let context: BrowserContext;
let page: Page;
let author: Person;
const ids: Record<string, string> = {};
const consoleErrors: string[] = [];

async function settled(target: Page) {
  await networkQuiet(target);
  await target.waitForFunction(() => !document.querySelector('.pc-spinner, .pc-remote-loading'));
}

async function searchFor(target: Page, query: string, extra = '') {
  await target.goto(`${SITE}/search?q=${encodeURIComponent(query)}${extra}`);
  await target.getByRole('heading', { level: 1 }).waitFor();
  await settled(target);
}

const overflow = (target: Page) =>
  target.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

beforeAll(async () => {
  author = await signUp(SITE, `srch_${run}`, 'Nigar Axtarışlı');
  const picture = await uploadImage(
    author,
    await sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 30, g: 110, b: 90 } } })
      .png()
      .toBuffer(),
  );
  const paragraph = (text: string) => ({ type: 'paragraph', data: { text } });
  ids.az = await publishArticle(author, {
    title: articles.az.title,
    language: 'az',
    category: 'culture',
    blocks: [
      paragraph(articles.az.words),
      { type: 'image', data: { url: picture, caption: CAPTION } },
      paragraph('Usta əlləri ilə yığılmış rəngli şüşələr.'),
    ],
  });
  ids.en = await publishArticle(author, {
    title: articles.en.title,
    language: 'en',
    category: 'travel',
    blocks: [paragraph(articles.en.words), paragraph('Ships passed the coast at night and kept their distance.')],
  });
  ids.ru = await publishArticle(author, {
    title: articles.ru.title,
    language: 'ru',
    category: 'culture',
    blocks: [paragraph(articles.ru.words), paragraph('Старый город просыпается рано, и кошки встречают утро.')],
  });
  // Search indexes them from articles' events: wait until all three (and the photo) are found.
  const deadline = Date.now() + 20_000;
  for (;;) {
    const [all, photos] = await Promise.all(
      [`/api/strict/full?q=${tag}`, `/api/strict/full?q=${tag}&kind=photo`].map(async (path) => {
        const answer = await suiteFetch(`${SITE}${path}`);
        return ((await answer.json()) as { items?: unknown[] }).items?.length ?? 0;
      }),
    );
    if (all! >= 3 && photos! >= 1) break;
    if (Date.now() > deadline) throw new Error(`search indexed ${all} articles and ${photos} photos`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  browser = await launchBrowser({ clientAddress: CLIENT_ADDRESS });
  context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.addInitScript(() => {
    if (!localStorage.getItem('pc_lang')) localStorage.setItem('pc_lang', 'en');
    localStorage.setItem('pc_consent', 'true');
  });
  page = await context.newPage();
  page.setDefaultTimeout(20_000);
  page.on('console', (message) => {
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) {
      consoleErrors.push(message.text());
    }
  });
  page.on('pageerror', (error) => consoleErrors.push(error.message));
}, 60_000);

afterEach(() => {
  if (consoleErrors.length) console.log(consoleErrors.splice(0).join('\n'));
});

afterAll(async () => {
  await browser?.close();
});

describe('search', () => {
  it('finds an article with a misspelled word in each language, and the Azerbaijani one typed without its letters', async () => {
    for (const [query, title] of [
      [`lighthuoses ${tag}`, articles.en.title],
      [`кошкии ${tag}`, articles.ru.title],
      [`sarayi seki gozel ${tag}`, articles.az.title],
      [`sarrayı ${tag}`, articles.az.title],
    ] as const) {
      await searchFor(page, query);
      const link = page.locator('[data-search-results] h3 a', { hasText: title });
      expect({ query, found: await link.count() }).toEqual({ query, found: 1 });
    }
    // The last search: the matched words in <mark>, as written (with their special letters).
    const marks = await page.locator('[data-search-results] h3 mark').allTextContents();
    expect(marks.join(' ')).toContain('sarayı');
    await expectAccessible(page, '/search (results)');
  });

  it('suggests in the header while typing, by keyboard: arrows choose, Escape closes, Enter opens', async () => {
    await page.goto(`${SITE}/top`);
    await settled(page);
    const box = page.getByRole('combobox', { name: 'Search articles' });
    await box.focus();
    await page.keyboard.type(`${tag} lighthou`);
    const option = page.getByRole('option', { name: new RegExp(articles.en.title) });
    await option.waitFor();
    expect(await box.getAttribute('aria-expanded')).toBe('true');
    await expectAccessible(page, 'header suggestions (open)');
    await page.keyboard.press('ArrowDown');
    expect(await box.getAttribute('aria-activedescendant')).toBe(await option.getAttribute('id'));
    expect(await option.getAttribute('aria-selected')).toBe('true');
    await page.keyboard.press('Escape');
    expect(await box.getAttribute('aria-expanded')).toBe('false');
    expect(await box.inputValue()).toBe(`${tag} lighthou`);
    await page.keyboard.press('ArrowDown');
    expect(await box.getAttribute('aria-expanded')).toBe('true');
    await page.keyboard.press('Enter');
    await page.waitForURL(new RegExp(`/a/${ids.en}$`));
    await page.getByRole('heading', { level: 1, name: articles.en.title }).waitFor();
  });

  it('shows photos in a grid that opens the image viewer', async () => {
    await searchFor(page, `sebeke penceresi ${tag}`, '&kind=photo');
    const open = page.getByRole('button', { name: `Open photo: ${CAPTION}` });
    await open.waitFor();
    await page.getByRole('link', { name: 'Photos', exact: true }).waitFor();
    await expectAccessible(page, '/search?kind=photo');
    await open.click();
    const viewer = page.getByRole('dialog');
    await viewer.waitFor();
    await viewer.locator('img').waitFor();
    await viewer.getByText(CAPTION).waitFor();
    await page.keyboard.press('Escape');
    await viewer.waitFor({ state: 'hidden' });
  });

  it('is accessible in the dark theme and fits a phone in az', async () => {
    await page.evaluate(() => localStorage.setItem('pc_theme', 'dark'));
    await searchFor(page, tag);
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    await page.locator('[data-search-results] mark').first().waitFor();
    await expectAccessible(page, '/search (dark)');

    const phone = await browser.newContext({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });
    await phone.addInitScript(() => {
      localStorage.setItem('pc_lang', 'az');
      localStorage.setItem('pc_consent', 'true');
    });
    const mobile = await phone.newPage();
    mobile.setDefaultTimeout(20_000);
    await searchFor(mobile, `gozel ${tag}`);
    await mobile.getByRole('heading', { level: 1, name: 'Axtarış' }).waitFor();
    await mobile.locator('[data-search-results] h3 a', { hasText: articles.az.title }).waitFor();
    await mobile.getByRole('link', { name: 'Şəkillər', exact: true }).waitFor();
    expect(await overflow(mobile)).toBe(0);
    await expectAccessible(mobile, '/search (az, 375 px)');
    await phone.close();
  });
});
