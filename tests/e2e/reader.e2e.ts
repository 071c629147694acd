// The reader in Chromium through the whole platform: an article with every block type of SPEC.md section 3 (three
// uploaded images, a link, a table, code, a YouTube video), its authors, category, reading time and language
// versions; the image viewer (opens on a click, wraps around at both ends, keeps focus inside, closes on Escape and
// on the backdrop, gives focus back); votes (CannotDownvote for a reader without the Pro rating), bookmarks,
// saving to a new private collection, sharing by copying the link; the author's next article; the category page
// with follow and sort; top articles; the profile's bookmarks and collections tabs and the collection page, private
// to its owner. axe-core on each page in both themes and at 375 px.
import sharp from 'sharp';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { expectAccessible, launchBrowser, networkQuiet } from '../support/browser.ts';
import { useClientAddress } from '../support/client-address.ts';
import { rememberSecret } from '../support/log-hygiene.ts';
import {
  addCoAuthor,
  publishArticle,
  publishTranslation,
  signInBrowser,
  signUp,
  uploadImage,
  type Person,
} from '../support/reader-fixtures.ts';
import { stack } from '../support/stack.ts';

const SITE = `http://localhost:${stack.gateway.httpPort}`;
/** This suite's own client address (see launchBrowser): the per-address limits count this suite alone. */
const CLIENT_ADDRESS = '127.0.0.21';
useClientAddress(CLIENT_ADDRESS);
const API = `http://${CLIENT_ADDRESS}:${stack.gateway.httpPort}`;
const suffix = Date.now().toString(36).slice(-6);

const CAPTIONS = ['Shore at dawn', 'The old fortress', 'A tea house'];
const title = `Along the Caspian ${suffix}`;
const nextTitle = `Mountain villages ${suffix}`;
const azTitle = `Xəzər boyunca ${suffix}`;

let writer: Person;
let reader: Person;
let coAuthor: Person;
let articleId: string;
let nextId: string;
let azId: string;

let browser: Browser;
let context: BrowserContext;
let page: Page;

const image = (r: number, g: number, b: number) =>
  sharp({ create: { width: 960, height: 540, channels: 3, background: { r, g, b } } })
    .png()
    .toBuffer();

function everyBlock(images: string[], words: string) {
  return [
    {
      type: 'paragraph',
      data: { text: `${words} The coast road runs <b>north</b> past <i>oil rigs</i> and fishing towns.` },
    },
    { type: 'header', data: { text: 'Leaving Baku', level: 2 } },
    {
      type: 'paragraph',
      data: {
        text: 'The train leaves at dawn; the <a href="https://example.com/timetable">timetable</a> changes in winter.',
      },
    },
    { type: 'image', data: { url: images[0], caption: CAPTIONS[0], withBorder: true } },
    {
      type: 'quote',
      data: { text: 'The sea is older than every story told about it.', caption: 'A fisherman', alignment: 'left' },
    },
    { type: 'header', data: { text: 'What to pack', level: 3 } },
    {
      type: 'list',
      data: {
        style: 'unordered',
        items: [
          { content: 'A warm coat', items: [] },
          { content: 'Tea', items: [] },
        ],
      },
    },
    {
      type: 'list',
      data: {
        style: 'ordered',
        items: [
          { content: 'Buy the ticket', items: [] },
          { content: 'Board', items: [] },
        ],
      },
    },
    { type: 'image', data: { url: images[1], caption: CAPTIONS[1] } },
    {
      type: 'link',
      data: {
        link: 'https://example.com/caspian',
        meta: { title: 'The Caspian guide', description: 'Maps and stories' },
      },
    },
    {
      type: 'table',
      data: {
        withHeadings: true,
        content: [
          ['Town', 'Hours'],
          ['Sumqayıt', '1'],
          ['Quba', '3'],
        ],
      },
    },
    { type: 'code', data: { code: 'const route = ["Baku", "Quba"];' } },
    { type: 'image', data: { url: images[2], caption: CAPTIONS[2] } },
    {
      type: 'video',
      data: { service: 'youtube', source: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ', caption: 'The road' },
    },
  ];
}

beforeAll(async () => {
  writer = await signUp(API, `rd_writer_${suffix}`, 'Leyla Yolçu');
  reader = await signUp(API, `rd_reader_${suffix}`, 'Kamran Oxucu');
  coAuthor = await signUp(API, `rd_coauthor_${suffix}`, 'Nərgiz Həmmüəllif');
  const images = [
    await uploadImage(writer, await image(20, 90, 160)),
    await uploadImage(writer, await image(160, 90, 20)),
    await uploadImage(writer, await image(40, 140, 60)),
  ];
  articleId = await publishArticle(writer, {
    title,
    description: 'A train journey along the coast',
    language: 'en',
    category: 'law',
    blocks: everyBlock(images, 'From Baku to the north.'),
  });
  nextId = await publishArticle(writer, {
    title: nextTitle,
    description: 'Stone houses and apple trees',
    language: 'en',
    category: 'travel',
    blocks: [
      {
        type: 'paragraph',
        data: { text: 'Up in the mountains the villages keep their own calendar and apple orchards.' },
      },
    ],
  });
  await addCoAuthor(writer, articleId, coAuthor);
  azId = await publishTranslation(writer, articleId, {
    title: azTitle,
    description: 'Sahil boyu qatar səyahəti',
    language: 'az',
    category: 'law',
    blocks: everyBlock(images, 'Bakıdan şimala doğru.'),
  });

  browser = await launchBrowser({ clientAddress: CLIENT_ADDRESS });
  // The server renders the first view in the Accept-Language's language; the app then takes over in the same one.
  context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-US' });
  await context.addInitScript(() => {
    localStorage.setItem('pc_consent', 'true');
    if (!localStorage.getItem('pc_lang')) localStorage.setItem('pc_lang', 'en');
    // Linux Chromium has no share sheet; make sure the copy-link fallback is what runs.
    Reflect.deleteProperty(Navigator.prototype, 'share');
  });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: SITE });
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

/** Loaded, the app has taken over a server-rendered page (its frame is gone), nothing is loading any more. */
async function settled(target: Page) {
  await networkQuiet(target);
  await target.waitForFunction(() => !document.querySelector('.pc-spinner, .pc-remote-loading, #pc-ssr-frame'));
}

async function open(path: string) {
  await page.goto(`${SITE}${path}`);
  await settled(page);
}

async function signedInAs(person: Person) {
  await signInBrowser(context, person, SITE);
  rememberSecret(...(await context.cookies()).filter((c) => c.name === 'pc_su').map((c) => c.value));
}

const viewer = () => page.getByRole('dialog', { name: 'Image viewer' });

describe('reading an article', () => {
  it('shows every block type with its authors, category, reading time and language versions', async () => {
    await context.clearCookies();
    await open(`/a/${articleId}`);
    const article = page.locator('article.pc-article');
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    expect(await page.title()).toBe(`${title} — Pencraft`);
    await article.getByRole('link', { name: 'Leyla Yolçu' }).waitFor();
    expect(await article.getByRole('link', { name: 'Leyla Yolçu' }).getAttribute('href')).toBe(`/@${writer.username}`);
    // The accepted co-author is named beside the author.
    const authors = page.getByRole('list', { name: 'Authors' });
    expect(await authors.getByRole('link').allTextContents()).toEqual(['Leyla Yolçu', 'Nərgiz Həmmüəllif']);
    expect(await authors.getByRole('link', { name: 'Nərgiz Həmmüəllif' }).getAttribute('href')).toBe(
      `/@${coAuthor.username}`,
    );
    expect(await article.getByRole('link', { name: 'Law', exact: true }).getAttribute('href')).toBe('/c/law');
    await article.getByText(/\d+ min read/).waitFor();
    await article.getByRole('heading', { level: 2, name: 'Leaving Baku' }).waitFor();
    await article.getByRole('heading', { level: 3, name: 'What to pack' }).waitFor();
    await article.locator('blockquote', { hasText: 'older than every story' }).waitFor();
    expect(await article.locator('ul.pc-block-list li').count()).toBe(2);
    expect(await article.locator('ol.pc-block-list li').count()).toBe(2);
    expect(await article.locator('figure.pc-block-image img').count()).toBe(3);
    expect(await article.getByRole('link', { name: /The Caspian guide/ }).getAttribute('href')).toBe(
      'https://example.com/caspian',
    );
    expect(await article.locator('table th').allTextContents()).toEqual(['Town', 'Hours']);
    await article.locator('pre code', { hasText: 'const route' }).waitFor();
    expect(await article.locator('iframe').getAttribute('src')).toBe(
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
    );
    expect(await article.locator('b', { hasText: 'north' }).count()).toBe(1);
    // The language versions: a link per language, this one current.
    const languages = page.getByRole('navigation', { name: 'Read in another language' });
    expect(await languages.getByRole('link', { name: 'English' }).getAttribute('aria-current')).toBe('page');
    expect(await languages.getByRole('link', { name: 'Azərbaycanca' }).getAttribute('href')).toBe(`/a/${azId}`);
    await expectAccessible(page, 'article (visitor)');
  });

  it('switches between the language versions, each at its own URL', async () => {
    await open(`/a/${articleId}`);
    await page.getByRole('link', { name: 'Azərbaycanca' }).click();
    await page.getByRole('heading', { level: 1, name: azTitle }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/a/${azId}`);
    expect(await page.locator('article.pc-article').getAttribute('lang')).toBe('az');
    await page.getByRole('link', { name: 'English' }).click();
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/a/${articleId}`);
  });

  it('opens the image viewer on a click, wraps around at both ends and closes on Escape and on the backdrop', async () => {
    await open(`/a/${articleId}`);
    const first = page.locator('.pc-block-image__open').first();
    await first.click();
    await viewer().waitFor();
    await viewer().getByText('Image 1 of 3').waitFor();
    expect(await viewer().locator('figcaption').textContent()).toBe(CAPTIONS[0]);
    // Back from the first wraps to the last, forward from the last wraps to the first.
    await page.keyboard.press('ArrowLeft');
    await viewer().getByText('Image 3 of 3').waitFor();
    expect(await viewer().locator('figcaption').textContent()).toBe(CAPTIONS[2]);
    await viewer().getByRole('button', { name: 'Next image' }).click();
    await viewer().getByText('Image 1 of 3').waitFor();
    await viewer().getByRole('button', { name: 'Previous image' }).click();
    await viewer().getByText('Image 3 of 3').waitFor();
    await page.keyboard.press('ArrowRight');
    await viewer().getByText('Image 1 of 3').waitFor();
    // Focus stays in the viewer.
    for (let i = 0; i < 5; i++) {
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => Boolean(document.activeElement?.closest('.pc-viewer')))).toBe(true);
    }
    await page.keyboard.press('Shift+Tab');
    expect(await page.evaluate(() => Boolean(document.activeElement?.closest('.pc-viewer')))).toBe(true);
    await expectAccessible(page, 'image viewer open');
    // Escape closes and gives the focus back to the image that opened it.
    await page.keyboard.press('Escape');
    await viewer().waitFor({ state: 'hidden' });
    expect(await page.evaluate(() => document.activeElement?.classList.contains('pc-block-image__open'))).toBe(true);
    // A click on the backdrop (outside the picture and the buttons) closes it too.
    await page.locator('.pc-block-image__open').nth(1).click();
    await viewer().getByText('Image 2 of 3').waitFor();
    await page.mouse.click(8, 450);
    await viewer().waitFor({ state: 'hidden' });
    // A click on the picture itself does not.
    await page.locator('.pc-block-image__open').nth(2).click();
    await viewer().getByText('Image 3 of 3').waitFor();
    await viewer().locator('img').click();
    expect(await viewer().isVisible()).toBe(true);
    await viewer().getByRole('button', { name: 'Close the image viewer' }).click();
    await viewer().waitFor({ state: 'hidden' });
  });

  it("links the author's next article", async () => {
    await open(`/a/${articleId}`);
    const next = page.getByRole('region', { name: 'Next from the author' });
    await next.getByRole('link', { name: new RegExp(nextTitle) }).click();
    await page.getByRole('heading', { level: 1, name: nextTitle }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/a/${nextId}`);
  });

  it('asks a visitor to sign in before voting', async () => {
    await context.clearCookies();
    await open(`/a/${articleId}`);
    await page.getByRole('button', { name: /Upvote/ }).click();
    await page.getByText('Sign in to vote, bookmark, collect or report articles.').waitFor();
    await page.getByRole('alert').getByRole('link', { name: 'Sign in' }).waitFor();
  });
});

describe('a signed-in reader', () => {
  beforeAll(async () => {
    await signedInAs(reader);
  });

  it('upvotes, is refused a downvote without the Pro rating, and bookmarks', async () => {
    await open(`/a/${articleId}`);
    const up = page.getByRole('button', { name: /Upvote/ });
    await up.click();
    await page.waitForFunction(() =>
      document.querySelector('.pc-actions button[aria-pressed="true"]')?.textContent?.includes('Upvote'),
    );
    expect(await up.textContent()).toContain('1');
    await page.getByRole('button', { name: /Downvote/ }).click();
    await page.getByRole('alert').getByText(/Pro/).waitFor();
    // The upvote stays.
    expect(await up.getAttribute('aria-pressed')).toBe('true');
    await page.getByRole('button', { name: 'Bookmark', exact: true }).click();
    await page.getByRole('button', { name: 'Bookmarked' }).waitFor();
    // After a reload the choices are still there (they come from the article's meta).
    await open(`/a/${articleId}`);
    await page.getByRole('button', { name: 'Bookmarked' }).waitFor();
    expect(await page.getByRole('button', { name: /Upvote/ }).getAttribute('aria-pressed')).toBe('true');
    await expectAccessible(page, 'article (signed in)');
  });

  it('reports the article from the keyboard through a dialog, once', async () => {
    for (const theme of ['light', 'dark']) {
      await page.evaluate((value) => localStorage.setItem('pc_theme', value), theme);
      await open(`/a/${articleId}`);
      await page.getByRole('button', { name: 'Report', exact: true }).focus();
      await page.keyboard.press('Enter');
      await page.getByRole('dialog', { name: 'Report the article' }).waitFor();
      await expectAccessible(page, `report dialog (${theme})`);
      if (theme === 'light') {
        await page.keyboard.press('Escape');
        await page.getByRole('dialog', { name: 'Report the article' }).waitFor({ state: 'hidden' });
      }
    }
    const dialog = page.getByRole('dialog', { name: 'Report the article' });
    await dialog.getByRole('radio', { name: 'Scam or fraud' }).focus();
    await page.keyboard.press('Space');
    await dialog.getByLabel('Anything to add? (optional)').fill('A phishing link in the second paragraph.');
    await dialog.getByRole('button', { name: 'Send the report' }).press('Enter');
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('status').getByText('Thank you: the moderators will look at the article.').waitFor();
    expect(await page.getByRole('button', { name: 'Reported' }).isDisabled()).toBe(true);
    await page.evaluate(() => localStorage.removeItem('pc_theme'));
  });

  it('copies the link when sharing', async () => {
    await open(`/a/${articleId}`);
    await page.getByRole('button', { name: 'Share' }).click();
    await page.getByRole('status').getByText('Link copied to the clipboard.').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${SITE}/a/${articleId}`);
  });

  it('saves the article to a new private collection', async () => {
    await open(`/a/${articleId}`);
    await page.getByRole('button', { name: 'Save to a collection' }).click();
    const dialog = page.getByRole('dialog', { name: 'Save to a collection' });
    await dialog.getByText('You have no collections yet.', { exact: false }).waitFor();
    await dialog.getByLabel('New collection').fill('Trains');
    await dialog.getByLabel('Private (only you can see it)').check();
    await dialog.getByRole('button', { name: 'Create and save' }).click();
    const box = dialog.getByRole('checkbox', { name: /Trains/ });
    await box.waitFor();
    expect(await box.isChecked()).toBe(true);
    await expectAccessible(page, 'collections dialog');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Saved to a collection' }).waitFor();

    // The profile's collections tab lists it as private; the collection page holds the article.
    await open(`/@${reader.username}?tab=collections`);
    const card = page.locator('.pc-collection-card', { hasText: 'Trains' });
    await card.getByText('Private').waitFor();
    await card.getByRole('link', { name: 'Trains' }).click();
    await page.getByRole('heading', { level: 1, name: 'Trains' }).waitFor();
    await page.getByText('Private collection').waitFor();
    await page.getByRole('link', { name: title }).waitFor();
    await expectAccessible(page, 'collection page (owner)');
    const collectionPath = new URL(page.url()).pathname;

    // Nobody else reads a private collection, by its address either.
    const other = await browser.newContext({ locale: 'en-US' });
    await other.addInitScript(() => localStorage.setItem('pc_lang', 'en'));
    const visitor = await other.newPage();
    await visitor.goto(`${SITE}${collectionPath}`);
    await visitor.getByRole('heading', { name: 'Collection not found' }).waitFor();
    await other.close();
  });

  it('lists the bookmark in the own profile only', async () => {
    await open(`/@${reader.username}?tab=bookmarks`);
    await page.getByRole('link', { name: 'Bookmarks', exact: true }).waitFor();
    await page.getByRole('link', { name: title }).waitFor();
    await expectAccessible(page, 'profile bookmarks tab');
    await open(`/@${writer.username}`);
    await page.getByRole('heading', { level: 1, name: 'Leyla Yolçu' }).waitFor();
    expect(await page.getByRole('link', { name: 'Bookmarks', exact: true }).count()).toBe(0);
  });

  it('follows a category from its page and sorts it', async () => {
    await open('/c/law');
    await page.getByRole('heading', { level: 1, name: 'Law' }).waitFor();
    await page.getByRole('link', { name: title }).waitFor();
    await page.getByRole('button', { name: 'Follow the category' }).click();
    await page.getByRole('button', { name: 'Unfollow the category' }).waitFor();
    await open('/c/law');
    await page.getByRole('button', { name: 'Unfollow the category' }).waitFor();
    await page.getByRole('link', { name: 'Top', exact: true }).click();
    await page.waitForURL(/\/c\/law\?sort=top$/);
    await page.getByRole('link', { name: title }).waitFor();
    expect(await page.getByRole('link', { name: 'Top', exact: true }).getAttribute('aria-current')).toBe('page');
    await expectAccessible(page, 'category page (signed in)');
    await page.getByRole('button', { name: 'Unfollow the category' }).click();
    await page.getByRole('button', { name: 'Follow the category' }).waitFor();
  });

  it('finds the upvoted article among the top articles', async () => {
    await open('/top');
    await page.getByRole('heading', { level: 1, name: 'Top articles' }).waitFor();
    await page.getByRole('link', { name: title }).waitFor();
    await expectAccessible(page, 'top articles');
  });
});

describe('the reader pages', () => {
  const paths = () => [`/a/${articleId}`, '/c/law', '/top', '/c/nothing-here', `/@${reader.username}?tab=collections`];

  it.each(['light', 'dark'])('have no axe-core violations in the %s theme', async (theme) => {
    await page.evaluate((value) => localStorage.setItem('pc_theme', value), theme);
    for (const path of paths()) {
      await open(path);
      expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe(theme);
      await expectAccessible(page, `${path} (${theme})`);
    }
  });

  it('fit a phone without horizontal scroll and without axe-core violations', async () => {
    const phone = await browser.newContext({
      viewport: { width: 375, height: 812 },
      isMobile: true,
      hasTouch: true,
      locale: 'en-US',
    });
    await phone.addInitScript(() => {
      localStorage.setItem('pc_consent', 'true');
      localStorage.setItem('pc_lang', 'en');
    });
    const mobile = await phone.newPage();
    for (const path of paths()) {
      await mobile.goto(`${SITE}${path}`);
      await settled(mobile);
      expect(await mobile.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      await expectAccessible(mobile, `${path} (375 px)`);
    }
    await mobile.goto(`${SITE}/a/${articleId}`);
    await settled(mobile);
    await mobile.locator('.pc-block-image__open').first().tap();
    await mobile.getByRole('dialog', { name: 'Image viewer' }).getByText('Image 1 of 3').waitFor();
    expect(await mobile.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expectAccessible(mobile, 'image viewer (375 px)');
    await phone.close();
  });
});
