// The editor remote in Chromium against the whole platform (test profile: articles go through review, approved here
// by tests/support/review.ts as the moderation service will): a writer writes an article with every block type of
// SPEC.md section 3 and an uploaded image, watches the save states, loses the connection and gets every word back,
// edits in two tabs and meets the conflict, shares a preview link and refreshes it (the old one is refused), invites
// a co-author who accepts, publishes, translates into two languages, edits the published article, keeps to the drafts
// cap, and deletes a pending article within the window (refused once it is approved); a writer who owns a publication
// (created through the API) aims a draft at it, which alone enables the paid audience, and back at the personal blog.
// axe-core on the editor's pages in both themes and at 375 px.
import { crc32, deflateSync } from 'node:zlib';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { captchaHeader } from '../support/captcha.ts';
import { expectAccessible, launchBrowser, networkQuiet } from '../support/browser.ts';
import { useClientAddress } from '../support/client-address.ts';
import { ApiClient } from '../support/http-client.ts';
import { rememberSecret } from '../support/log-hygiene.ts';
import { codeIn, waitForMail } from '../support/mailbox.ts';
import { approveArticle, decideEdit } from '../support/review.ts';
import { eventually, stack } from '../support/stack.ts';

const SITE = `http://localhost:${stack.gateway.httpPort}`;
/** This suite's own client address: the per-address limits of the account routes count this suite alone. */
const CLIENT_ADDRESS = '127.0.0.25';
useClientAddress(CLIENT_ADDRESS);
const API = `http://${CLIENT_ADDRESS}:${stack.gateway.httpPort}`;
const suffix = Date.now().toString(36);
const password = 'editor-pass-7';
const title = `Absheron winds ${suffix}`;
const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';

interface Person {
  email: string;
  username: string;
  fullname: string;
  client: ApiClient;
}

/** Registers through the API (captcha solved for real) and confirms with the mailed code. */
async function registered(name: string, fullname: string): Promise<Person> {
  const person = {
    email: `${name}_${suffix}@example.az`,
    username: `${name}_${suffix}`,
    fullname,
    client: new ApiClient(API, 'en'),
  };
  rememberSecret(person.email, person.fullname, password);
  const after = new Date();
  const answer = await person.client.post(
    '/api/id/register',
    { email: person.email, username: person.username, fullname, password, acceptTerms: true, acceptPrivacy: true },
    await captchaHeader(API),
  );
  expect(answer.status).toBe(201);
  const code = codeIn(await waitForMail({ to: person.email, after }));
  expect((await person.client.post('/api/id/register/verify', { code })).status).toBeLessThan(300);
  return person;
}

/** A browser context signed in as the person (their API session's cookie), in English, cookies accepted. */
async function signedIn(person: Person, options: Parameters<Browser['newContext']>[0] = {}) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, ...options });
  await context.addCookies([
    { name: 'pc_su', value: person.client.cookies.get('pc_su')!, url: SITE, httpOnly: true, sameSite: 'Lax' },
  ]);
  await context.addInitScript(() => {
    // Also runs in frames (the YouTube player) where the storage is not the site's.
    try {
      if (!localStorage.getItem('pc_lang')) localStorage.setItem('pc_lang', 'en');
      localStorage.setItem('pc_consent', 'true');
    } catch {
      // not the site's document
    }
  });
  return context;
}

/** A PNG of one colour, width × height (RGB, no filter). */
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
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3, Buffer.from([0xc0, 0x7a, 0x2a]))]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(Array.from({ length: height }, () => row)))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

let browser: Browser;
let writer: Person;
let coAuthor: Person;
/** Owns a publication (created through the API in the setup). */
let publisher: Person;
let publication: { id: string; name: string };
let context: BrowserContext;
let page: Page;
const pageErrors: string[] = [];
/** The draft being written, then the article it became. */
let draftId = '';
let articleId = '';

beforeAll(async () => {
  writer = await registered('ewriter', 'Leyla Yazar');
  coAuthor = await registered('ecoauthor', 'Kamran Həmmüəllif');
  publisher = await registered('epublisher', 'Səbinə Naşir');
  const created = await publisher.client.post<{ id: string; name: string }>('/api/core-publications', {
    name: `Absheron Notes ${suffix}`,
    slug: `absheron-${suffix}`,
  });
  expect(created.status).toBe(201);
  publication = created.body;
  browser = await launchBrowser({ clientAddress: CLIENT_ADDRESS });
  context = await signedIn(writer);
  page = await context.newPage();
  page.setDefaultTimeout(20_000);
  page.on('pageerror', (error) => pageErrors.push(error.message));
});

afterEach(async () => {
  const name = (expect.getState().currentTestName ?? 'test').replace(/[^a-z0-9]+/gi, '-').slice(0, 80);
  await page?.screenshot({ path: `${stack.root}/.run/test-reports/e2e/${name}.png` }).catch(() => undefined);
});

afterAll(async () => {
  await browser?.close();
});

async function settled(target: Page) {
  await networkQuiet(target);
  await target.waitForFunction(() => !document.querySelector('.pc-spinner, .pc-remote-loading'));
}

/** Waits until the page has saved and the server's version of the draft holds still for a while. */
async function quiet(target: Page) {
  let last = -1;
  await eventually(
    async () => {
      await stateIs(target, 'saved');
      const { version } = (await writer.client.get<{ version: number }>(`/api/drafts/${draftId}`)).body;
      const still = version === last;
      last = version;
      return still ? true : undefined;
    },
    { timeoutMs: 20_000, intervalMs: 1500 },
  );
}

/** Waits for the save state (the attribute the status line carries beside its localized text). */
async function stateIs(target: Page, state: string, timeout = 20_000) {
  await target.waitForFunction(
    (expected) => document.querySelector('[data-save-state]')?.getAttribute('data-save-state') === expected,
    state,
    { timeout },
  );
}

/** Records every save state the page shows from now on (window.__states). */
async function watchSaveStates(target: Page) {
  await target.evaluate(() => {
    const w = window as unknown as { __states: string[] };
    w.__states = [];
    const read = () => {
      const state = document.querySelector('[data-save-state]')?.getAttribute('data-save-state');
      if (state && w.__states.at(-1) !== state) w.__states.push(state);
    };
    new MutationObserver(read).observe(document.body, {
      subtree: true,
      childList: true,
      attributes: true,
      characterData: true,
    });
    read();
  });
}

/**
 * A new block from the toolbox, as a writer adds one: Enter, or a click below the last block (after blocks that keep
 * Enter for themselves), or nothing when the caret already sits in an empty block; then "/" opens the toolbox and the
 * entry is chosen by its title. `ready` is the element the new block renders.
 */
async function addBlock(
  target: Page,
  entry: string,
  ready: string,
  { inEmptyBlock = false, clickBelow = false, text = true } = {},
) {
  const before = await target.locator('.codex-editor .ce-block').count();
  const readyBefore = await target.locator(ready).count();
  if (clickBelow) {
    const redactor = target.locator('.codex-editor__redactor');
    const box = (await redactor.boundingBox())!;
    await redactor.click({ position: { x: box.width / 2, y: box.height - 8 } });
  } else if (!inEmptyBlock) {
    await target.keyboard.press('Enter');
  }
  // The slash opens the toolbox only once Editor.js has focused the new, empty block.
  await target.waitForFunction(
    ({ count, fresh }) => {
      const blocks = document.querySelectorAll('.codex-editor .ce-block');
      const active = document.activeElement;
      return (!fresh || blocks.length > count) && !!active?.closest('.ce-block') && active.textContent === '';
    },
    { count: before, fresh: !inEmptyBlock },
  );
  await target.waitForTimeout(150);
  await target.keyboard.type('/');
  await target
    .locator('.ce-popover--opened .ce-popover-item')
    .filter({ hasText: new RegExp(`^${entry}$`) })
    .first()
    .click();
  await target
    .locator('.ce-popover--opened')
    .waitFor({ state: 'detached' })
    .catch(() => undefined);
  await target.waitForFunction(({ selector, count }) => document.querySelectorAll(selector).length > count, {
    selector: ready,
    count: readyBefore,
  });
  if (!text) return;
  // Type only once the caret is in the new block, or the first keys land nowhere on a slow machine.
  await target.waitForFunction((selector) => {
    const active = document.activeElement as HTMLElement | null;
    const blocks = document.querySelectorAll(selector);
    const last = blocks[blocks.length - 1];
    return !!active && !!last && last.contains(active) && (active.textContent ?? '') === '';
  }, ready);
}

const editorText = (target: Page) => target.locator('.codex-editor').innerText();

describe('writing an article', () => {
  it('writes every block type with an uploaded image, watching the save states', async () => {
    await page.goto(`${SITE}/write`);
    await page.locator('.codex-editor').waitFor();
    await settled(page);
    await expectAccessible(page, 'new article (light)');
    await watchSaveStates(page);
    await page.getByLabel('Title', { exact: true }).fill(title);
    // The first change creates the draft on the server: the address becomes /write/{id}, the editor stays.
    await page.waitForURL(new RegExp(`/write/${UUID}$`));
    draftId = new URL(page.url()).pathname.split('/').pop()!;
    await stateIs(page, 'saved');
    await page.getByLabel('Description').fill('Wind, sand and the sea');
    await page.getByLabel('Article language').selectOption('en');
    await page.getByLabel('Category', { exact: true }).selectOption('travel');
    await page.getByRole('group', { name: 'Subcategories' }).getByLabel('Culture').check();
    await page.getByRole('group', { name: 'Subcategories' }).getByLabel('History').check();

    await page.locator('.ce-paragraph').first().click();
    await page.keyboard.type('The wind of Absheron sweeps the peninsula clean every autumn, and the sea answers it.');
    await addBlock(page, 'Heading 1', 'h1.ce-header');
    await page.keyboard.type('Where the wind begins');
    await addBlock(page, 'Heading 2', 'h2.ce-header');
    await page.keyboard.type('Along the coast');
    await addBlock(page, 'Heading 3', 'h3.ce-header');
    await page.keyboard.type('A smaller heading');
    await addBlock(page, 'Unordered list', '.cdx-list');
    await page.keyboard.type('Salt from the sea');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Sand from the dunes');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter'); // an empty item leaves the list for a new paragraph
    await addBlock(page, 'Ordered list', '.cdx-list', { inEmptyBlock: true });
    await page.keyboard.type('First the khazri');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Then the gilavar');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    await addBlock(page, 'Quote', '.cdx-quote', { inEmptyBlock: true });
    await page.keyboard.type('A peninsula is its weather.');
    await addBlock(page, 'Code', '.ce-code', { clickBelow: true });
    await page.keyboard.type('const wind = "khazri";');
    await addBlock(page, 'Table', '.tc-table', { clickBelow: true, text: false });
    await page.locator('.tc-table .tc-cell').first().click();
    await page.keyboard.type('Wind');
    await page.locator('.tc-table .tc-cell').nth(1).click();
    await page.keyboard.type('Season');
    await addBlock(page, 'Link', '.pc-ed-link', { clickBelow: true, text: false });
    await page.locator('.pc-ed-link__url').fill('https://en.wikipedia.org/wiki/Absheron_Peninsula');
    await page.locator('.pc-ed-link__title').fill('Absheron Peninsula');
    await addBlock(page, 'Video', '.pc-ed-video', { clickBelow: true, text: false });
    await page.locator('.pc-ed-video input').fill('https://www.youtube.com/watch?v=dQw4w9WgXcQ');
    await page.locator('.pc-ed-video button').click();
    await page.locator('.embed-tool').waitFor();
    await addBlock(page, 'Image', '.pc-ed-image', { clickBelow: true, text: false });
    await page
      .locator('.pc-ed-image input[type="file"]')
      .setInputFiles({ name: 'coast.png', mimeType: 'image/png', buffer: png(900, 500) });
    const image = page.locator('.cdx-simple-image__picture img');
    await image.waitFor();
    expect(await image.getAttribute('src')).toMatch(/^\/media\/articles\//);
    await page.waitForFunction(() => {
      const img = document.querySelector<HTMLImageElement>('.cdx-simple-image__picture img');
      return !!img && img.complete && img.naturalWidth > 0;
    });
    await stateIs(page, 'saved');
    const states = await page.evaluate(() => (window as unknown as { __states: string[] }).__states);
    // Each change shows editing, then saving, then saved.
    expect(states.join(' ')).toMatch(/editing saving saved/);

    // Symbol and word counts follow the text.
    await page.getByText(/\d+ characters · \d+ words\./).waitFor();
    // The server holds every block (the last change is saved a moment after it is made).
    const expected = [
      'paragraph',
      'header1',
      'header2',
      'header3',
      'list',
      'quote',
      'code',
      'table',
      'link',
      'video',
      'image',
    ];
    const types = await eventually(
      async () => {
        const saved = await writer.client.get<{
          content: { blocks: { type: string; data: { level?: number } }[] } | null;
        }>(`/api/drafts/${draftId}`);
        const found = (saved.body.content?.blocks ?? []).map((b) =>
          b.type === 'header' ? `header${b.data.level}` : b.type,
        );
        return expected.every((t) => found.includes(t)) ? found : undefined;
      },
      { timeoutMs: 20_000, intervalMs: 300 },
    );
    expect(types).toEqual(expect.arrayContaining(expected));
    await stateIs(page, 'saved');
    await expectAccessible(page, 'editor with every block');
  });

  it('loses the connection, keeps the text in the browser, and saves it when the draft is opened again online', async () => {
    await page.locator('.ce-paragraph').first().click();
    await page.keyboard.press('End');
    // The connection goes while nothing is being sent: a save in flight at that moment may land without its answer
    // reaching the page, which is another story than the one told here (the saver's unit tests tell it).
    await quiet(page);
    await context.setOffline(true);
    await page.keyboard.type(' Offline words survive.');
    await stateIs(page, 'failed');
    await page.getByRole('alert').filter({ hasText: 'Not saved' }).waitFor();
    const kept = await page.evaluate((id) => {
      const key = Object.keys(localStorage).find((k) => k.startsWith('pc_editor_draft:') && k.endsWith(`:${id}`));
      return key ? localStorage.getItem(key) : null;
    }, draftId);
    expect(kept).toContain('Offline words survive.');
    // The tab is closed with the words unsent (only this browser's copy has them); back online, the draft opens in a
    // new tab with them and sends them. (A page merely navigated away could still hear 'online' and send them itself.)
    await page.close();
    await context.setOffline(false);
    page = await context.newPage();
    page.setDefaultTimeout(20_000);
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await page.goto(`${SITE}/write/${draftId}`);
    await page.locator('.codex-editor').waitFor();
    await settled(page);
    expect(await editorText(page)).toContain('Offline words survive.');
    expect(await page.getByLabel('Title', { exact: true }).inputValue()).toBe(title);
    await stateIs(page, 'saved');
    const saved = await writer.client.get<{ content: unknown }>(`/api/drafts/${draftId}`);
    expect(JSON.stringify(saved.body.content)).toContain('Offline words survive.');
  });

  it('edits in two tabs and asks which version to keep, never overwriting silently', async () => {
    const second = await context.newPage();
    second.setDefaultTimeout(20_000);
    await second.goto(`${SITE}/write/${draftId}`);
    await second.locator('.codex-editor').waitFor();
    await settled(second);
    // The first tab saves a change.
    await page.getByLabel('Description').fill('Wind, sand and the sea, first tab');
    await stateIs(page, 'saved');
    // The second tab still has the older version: its save is refused and it asks.
    await second.getByLabel('Description').fill('Wind, sand and the sea, second tab');
    const conflict = second.getByRole('alertdialog', { name: 'This draft was changed elsewhere' });
    await conflict.waitFor();
    await expectAccessible(second, 'conflict dialog');
    await conflict.getByRole('button', { name: 'Keep my version' }).click();
    await conflict.waitFor({ state: 'hidden' });
    await stateIs(second, 'saved');
    // Now the first tab is the stale one: it loads the saved version.
    await page.getByLabel('Title', { exact: true }).fill(`${title} draft`);
    const first = page.getByRole('alertdialog', { name: 'This draft was changed elsewhere' });
    await first.waitFor();
    await first.getByRole('button', { name: 'Load the saved version' }).click();
    await first.waitFor({ state: 'hidden' });
    expect(await page.getByLabel('Description').inputValue()).toBe('Wind, sand and the sea, second tab');
    expect(await page.getByLabel('Title', { exact: true }).inputValue()).toBe(title);
    await stateIs(page, 'saved');
    await second.close();
  });

  it('shares a preview link, and a refreshed link refuses the old one', async () => {
    const panel = page.getByRole('region', { name: 'Preview link' });
    await panel.getByRole('button', { name: 'Create a preview link' }).click();
    const field = panel.getByLabel('Preview link');
    await field.waitFor();
    const oldUrl = await field.inputValue();
    expect(oldUrl).toMatch(new RegExp(`^${SITE}/preview/[^/]+$`));
    const visitor = await browser.newContext();
    const reader = await visitor.newPage();
    await reader.goto(oldUrl);
    await reader.getByRole('heading', { name: title }).waitFor();
    const oldToken = oldUrl.split('/').pop()!;
    await panel.getByRole('button', { name: 'Make a new link' }).click();
    await panel.getByText('A new preview link was made. The old link no longer works.').waitFor();
    const newUrl = await field.inputValue();
    expect(newUrl).not.toBe(oldUrl);
    expect((await new ApiClient(API).get(`/api/drafts/public/${oldToken}`)).status).toBe(404);
    await reader.goto(oldUrl);
    await settled(reader);
    expect(await reader.getByRole('heading', { name: title }).count()).toBe(0);
    await reader.goto(newUrl);
    await reader.getByRole('heading', { name: title }).waitFor();
    await visitor.close();
  });

  it('invites a co-author by username, who accepts and may edit the draft', async () => {
    const panel = page.getByRole('region', { name: 'Co-authors' });
    const username = panel.getByLabel('Username');
    await username.fill(`nobody_${suffix}`);
    await panel.getByRole('button', { name: 'Invite' }).click();
    await panel.getByRole('alert').waitFor();
    await username.fill(coAuthor.username);
    await panel.getByRole('button', { name: 'Invite' }).click();
    await panel.getByText(`@${coAuthor.username} has been invited.`).waitFor();
    await username.fill(coAuthor.username);
    await panel.getByRole('button', { name: 'Invite' }).click();
    await panel.getByRole('alert').waitFor();
    const invitations = await coAuthor.client.get<{ items: { id: string; draftId: string | null }[] }>(
      '/api/drafts/invitations',
    );
    const invitation = invitations.body.items.find((i) => i.draftId === draftId);
    expect(invitation).toBeDefined();
    expect((await coAuthor.client.post(`/api/drafts/invitations/${invitation!.id}/accept`)).status).toBe(200);
    const theirs = await signedIn(coAuthor);
    const tab = await theirs.newPage();
    await tab.goto(`${SITE}/write/${draftId}`);
    await tab.getByText(`You are a co-author of this draft by ${writer.fullname}.`).waitFor();
    expect(await tab.getByLabel('Title', { exact: true }).inputValue()).toBe(title);
    await theirs.close();
    await page.reload();
    await page.getByRole('region', { name: 'Co-authors' }).getByText(`@${coAuthor.username}`).waitFor();
  });

  it('publishes: the article is sent for review, then approved', async () => {
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Sent for review' }).waitFor();
    const href = await page.getByRole('link', { name: 'Open the article' }).getAttribute('href');
    articleId = href!.split('/').pop()!;
    expect(articleId).toMatch(new RegExp(`^${UUID}$`));
    await expectAccessible(page, 'sent for review');
    await approveArticle(articleId);
    const article = await writer.client.get<{ status: string; title: string }>(`/api/articles/${articleId}`);
    expect(article.body).toMatchObject({ status: 'published', title });
  });

  it.each([
    ['ru', 'Russian', `Ветры Апшерона ${suffix}`],
    ['az', 'Azerbaijani', `Abşeron küləkləri ${suffix}`],
  ])('translates the article into %s and publishes the translation', async (lang, _name, translated) => {
    await page.goto(`${SITE}/write?translate=${articleId}`);
    await page.getByRole('heading', { level: 1, name: 'Translate an article' }).waitFor();
    await page.getByLabel('Language of the translation').selectOption(lang);
    await page.getByRole('button', { name: 'Start translating' }).click();
    await page.waitForURL(new RegExp(`/write/${UUID}$`));
    await page.getByRole('heading', { level: 1, name: 'Translate the article' }).waitFor();
    await page.locator('.codex-editor .ce-block').first().waitFor();
    expect(await page.getByLabel('Article language').inputValue()).toBe(lang);
    await page.getByLabel('Title', { exact: true }).fill(translated);
    await stateIs(page, 'saved');
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Sent for review' }).waitFor();
    const id = (await page.getByRole('link', { name: 'Open the article' }).getAttribute('href'))!.split('/').pop()!;
    await approveArticle(id);
    const found = await writer.client.get<{ id: string; title: string }>(
      `/api/articles/${articleId}/translations/${lang}`,
    );
    expect(found.body).toMatchObject({ id, title: translated });
  });

  it('finds the article in three languages', async () => {
    const article = await writer.client.get<{ translations: { language: string }[] }>(`/api/articles/${articleId}`);
    expect(article.body.translations.map((t) => t.language).sort()).toEqual(['az', 'en', 'ru']);
  });

  it('edits the published article', async () => {
    await page.goto(`${SITE}/write?edit=${articleId}`);
    await page.waitForURL(new RegExp(`/write/${UUID}$`));
    await page.getByRole('heading', { level: 1, name: 'Edit the published article' }).waitFor();
    await page.getByLabel('Title', { exact: true }).fill(`${title} (revised)`);
    await stateIs(page, 'saved');
    await page.getByRole('button', { name: 'Publish the changes' }).click();
    await page.getByRole('link', { name: 'Open the article' }).waitFor();
    // The edit goes through review while the published version stays live; once approved, the new title is read
    // back (the public read is cached briefly, so it is polled).
    expect((await writer.client.get<{ title: string }>(`/api/articles/${articleId}`)).body.title).toBe(title);
    await decideEdit(articleId, 'approve');
    await eventually(
      async () => {
        const article = await writer.client.get<{ title: string; status: string }>(`/api/articles/${articleId}`);
        return article.body.title === `${title} (revised)` && article.body.status === 'published' ? true : undefined;
      },
      { timeoutMs: 20_000, intervalMs: 500 },
    );
  });
});

/** A draft with enough text to publish, through the API. */
async function apiDraft(name: string): Promise<string> {
  const created = await writer.client.post<{ id: string }>('/api/drafts', {
    title: name,
    language: 'en',
    category: 'tech',
    content: {
      blocks: [
        {
          type: 'paragraph',
          data: { text: 'A draft written through the API, long enough to be published as an article later on.' },
        },
      ],
    },
  });
  expect(created.status).toBe(201);
  return created.body.id;
}

describe('drafts and pending articles', () => {
  it('keeps to the drafts cap: at the cap a new one is refused, deleting one allows it again', async () => {
    const list = await writer.client.get<{ count: number; max: number }>('/api/drafts');
    for (let n = 0; list.body.count + n < list.body.max; n += 1) await apiDraft(`Filler ${n} ${suffix}`);
    await page.goto(`${SITE}/drafts`);
    await page.getByRole('heading', { level: 1, name: 'My drafts' }).waitFor();
    await page
      .getByText(`You have ${list.body.max} drafts, the most allowed. Delete one to create a new one.`)
      .waitFor();
    await settled(page);
    await expectAccessible(page, 'drafts at the cap');
    // Writing a new article now is refused by the server, and the page says why and where to go.
    await page.goto(`${SITE}/write`);
    await page.getByLabel('Title', { exact: true }).fill('One too many');
    await stateIs(page, 'failed');
    await page.getByRole('link', { name: 'Go to my drafts' }).click();
    await page.getByRole('heading', { level: 1, name: 'My drafts' }).waitFor();
    const row = page.getByRole('listitem').filter({ hasText: `Filler 0 ${suffix}` });
    await row.getByRole('button', { name: 'Delete' }).click();
    await row.getByRole('button', { name: 'Delete for good' }).click();
    await row.waitFor({ state: 'detached' });
    await page.getByRole('link', { name: 'New draft' }).waitFor();
  });

  it('deletes a pending article within the window, and is refused once it is approved', async () => {
    const pendingId = await apiDraft(`Pending ${suffix}`);
    const pending = await writer.client.post<{ id: string; status: string }>(`/api/articles/publishing/${pendingId}`);
    expect(pending.status).toBe(200);
    await page.goto(`${SITE}/drafts`);
    const row = page.getByRole('listitem').filter({ hasText: `Pending ${suffix}` });
    await row.getByRole('button', { name: 'Delete' }).click();
    await row.getByRole('button', { name: 'Delete the article' }).click();
    await row.waitFor({ state: 'detached' });
    expect((await writer.client.get(`/api/articles/${pending.body.id}`)).status).toBe(404);

    const approvedDraft = await apiDraft(`Approved ${suffix}`);
    const approved = await writer.client.post<{ id: string }>(`/api/articles/publishing/${approvedDraft}`);
    await approveArticle(approved.body.id);
    const refused = await writer.client.request<{ error: { code: string } }>(
      'DELETE',
      `/api/articles/${approved.body.id}`,
    );
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('ArticleDeletionExpired');
    await page.reload();
    const published = page.getByRole('listitem').filter({ hasText: `Approved ${suffix}` });
    await published.waitFor();
    expect(await published.getByRole('button', { name: 'Delete' }).count()).toBe(0);
  });
});

describe('where to publish', () => {
  it("aims a draft at the writer's publication, which alone allows paid readers, and back at the personal blog", async () => {
    const created = await publisher.client.post<{ id: string }>('/api/drafts', {
      title: `Into the publication ${suffix}`,
      language: 'en',
      category: 'tech',
      content: {
        blocks: [{ type: 'paragraph', data: { text: 'A draft that a publication will carry, long enough.' } }],
      },
    });
    expect(created.status).toBe(201);
    const id = created.body.id;
    const serverDraft = async () =>
      (await publisher.client.get<{ publicationId: string | null; audience: string }>(`/api/drafts/${id}`)).body;
    const own = await signedIn(publisher);
    const tab = await own.newPage();
    tab.setDefaultTimeout(20_000);
    tab.on('pageerror', (error) => pageErrors.push(error.message));
    await tab.goto(`${SITE}/write/${id}`);
    await tab.locator('.codex-editor').waitFor();
    await settled(tab);
    const where = tab.getByLabel('Publish on');
    const paid = tab.getByRole('radio', { name: 'Paid subscribers only' });
    // The personal blog first: paid readers need a publication.
    await tab.locator(`option[value="${publication.id}"]`).waitFor({ state: 'attached' });
    expect(await where.inputValue()).toBe('personal');
    expect(await where.locator('option').allTextContents()).toEqual(['My personal blog', publication.name]);
    expect(await paid.isDisabled()).toBe(true);
    await tab.getByText('Paid readers need a publication').waitFor();

    await where.selectOption(publication.id);
    await eventually(async () => ((await serverDraft()).publicationId === publication.id ? true : undefined));
    await tab.waitForFunction(
      () => !(document.querySelector('input[type=radio][value=paid]') as HTMLInputElement | null)?.disabled,
    );
    expect(await tab.getByText('Paid readers need a publication').count()).toBe(0);
    await paid.check();
    await eventually(async () => ((await serverDraft()).audience === 'paid' ? true : undefined));
    await expectAccessible(tab, 'a draft aimed at a publication');

    // Back on the personal blog the draft is free for everyone again.
    await where.selectOption('personal');
    await eventually(async () => {
      const draft = await serverDraft();
      return draft.publicationId === null && draft.audience === 'free' ? true : undefined;
    });
    expect(await paid.isDisabled()).toBe(true);
    expect(await tab.getByRole('radio', { name: 'Free for everyone' }).isChecked()).toBe(true);
    await own.close();
  });
});

describe('accessibility', () => {
  it.each(['light', 'dark'])('has no axe-core violations on the editor pages in the %s theme', async (theme) => {
    await page.evaluate((value) => localStorage.setItem('pc_theme', value), theme);
    for (const path of ['/write', `/write?translate=${articleId}`, '/drafts']) {
      await page.goto(`${SITE}${path}`);
      await settled(page);
      expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe(theme);
      await expectAccessible(page, `${path} (${theme})`);
    }
  });

  it('fits a phone and stays accessible at 375 px', async () => {
    const phone = await signedIn(writer, { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });
    const mobile = await phone.newPage();
    for (const path of ['/write', '/drafts']) {
      await mobile.goto(`${SITE}${path}`);
      await settled(mobile);
      const overflow = await mobile.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect({ path, overflow }).toEqual({ path, overflow: 0 });
      await expectAccessible(mobile, `${path} (375 px)`);
    }
    await phone.close();
  });

  it('threw no errors in the page', () => {
    expect(pageErrors).toEqual([]);
  });
});
