// The editor desk in Chromium against the whole platform: a visitor is sent to sign in and back; the review-status
// screen shows where each submitted article is (a published one, one sent back for revision with the moderator's note,
// one waiting), and its timeline opens from the keyboard; the statistics screen shows the totals and the daily series
// of a published article (a view and a read reported through the analytics API), changes period, and refuses an
// article that is not the writer's; the invitations list accepts one co-author invitation and rejects another, by
// keyboard, and the accepted draft is then the writer's to co-edit. The user menu leads to the desk. Every screen is
// checked with axe-core in both themes and at 375 px (no horizontal scrolling).
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { expectAccessible, launchBrowser, networkQuiet } from '../support/browser.ts';
import { useClientAddress } from '../support/client-address.ts';
import { captchaHeader } from '../support/captcha.ts';
import { ApiClient } from '../support/http-client.ts';
import { rememberSecret } from '../support/log-hygiene.ts';
import { codeIn, waitForMail } from '../support/mailbox.ts';
import { approveArticle, closeReviewClient, decideReview } from '../support/review.ts';
import { eventually, stack } from '../support/stack.ts';

/** The desk suite's own loopback address: the per-address limits of sign-in hold for it alone. */
const CLIENT_ADDRESS = '127.0.0.41';
useClientAddress(CLIENT_ADDRESS);
const SITE = `http://localhost:${stack.gateway.httpPort}`;
const suffix = Date.now().toString(36);
const PASSWORD = 'desk-pass-2026';
const NOTE = 'Please add a source for the figures in the second paragraph.';
rememberSecret(PASSWORD);

interface Person {
  client: ApiClient;
  username: string;
  fullname: string;
  uid: string;
}
interface Draft {
  id: string;
}
interface Article {
  id: string;
  status: string;
}

let browser: Browser;
let context: BrowserContext;
let page: Page;
let writer: Person;
let inviter: Person;
const articles: { published?: Article; revision?: Article; waiting?: Article } = {};
const drafts: { accepted?: Draft; rejected?: Draft } = {};
const consoleErrors: string[] = [];

async function signUp(name: string, fullname: string): Promise<Person> {
  const client = new ApiClient(SITE, 'en');
  const email = `${name}_${suffix}@example.az`;
  const username = `${name}_${suffix}`;
  rememberSecret(email);
  const after = new Date();
  const registered = await client.post<{ uid: string }>(
    '/api/id/register',
    { email, username, fullname, password: PASSWORD, acceptTerms: true, acceptPrivacy: true },
    await captchaHeader(SITE),
  );
  expect(registered.status).toBe(201);
  const code = codeIn(await waitForMail({ to: email, after }));
  expect((await client.post('/api/id/register/verify', { code })).status).toBeLessThan(300);
  return { client, username, fullname, uid: registered.body.uid };
}

const TEXT =
  'Every autumn the Caspian wind sweeps the boulevard clean, and the tea houses along it fill with people who ' +
  'argue about the weather as if it were politics.';

async function draftOf(person: Person, title: string): Promise<Draft> {
  const draft = await person.client.post<Draft>('/api/drafts', {
    title,
    description: 'A short description',
    language: 'en',
    category: 'travel',
    subCategories: [],
    content: { blocks: [{ type: 'paragraph', data: { text: TEXT } }] },
  });
  expect(draft.status).toBe(201);
  return draft.body;
}

async function submitted(person: Person, title: string): Promise<Article> {
  const draft = await draftOf(person, title);
  const article = await person.client.post<Article>(`/api/articles/publishing/${draft.id}`);
  expect(article.status).toBe(200);
  return article.body;
}

/** A call of the API with the browser's session, as the page makes it (CSRF token echoed, same-site Origin). */
async function apiCall(method: 'PUT', path: string, body: unknown): Promise<void> {
  if (!(await context.cookies(SITE)).some((c) => c.name === 'pc_csrf')) await page.request.get(`${SITE}/api/csrf`);
  const csrf = (await context.cookies(SITE)).find((c) => c.name === 'pc_csrf')?.value ?? '';
  const response = await page.request.fetch(`${SITE}${path}`, {
    method,
    headers: { 'x-csrf-token': csrf, origin: SITE },
    data: body,
  });
  expect({ path, ok: response.ok() }).toEqual({ path, ok: true });
}

/** Waits until the page has stopped loading: no request in flight, no spinner, no remote still loading. */
async function settled(target: Page = page) {
  await networkQuiet(target);
  await target.waitForFunction(() => !document.querySelector('.pc-spinner, .pc-remote-loading'));
}

async function open(path: string, heading: string | RegExp) {
  await page.goto(`${SITE}${path}`);
  await page.getByRole('heading', { level: 1, name: heading }).waitFor();
  await settled();
}

/**
 * axe-core on the page as it is, in the light and the dark theme (saved on the account and the device, as the
 * settings page does) and at 375 px without horizontal scrolling; `reopen` brings the page back to the state checked.
 */
async function checkEverywhere(where: string, reopen: () => Promise<void>) {
  for (const theme of ['light', 'dark'] as const) {
    await apiCall('PUT', '/api/ttin/prefs/theme', { theme });
    await page.evaluate((value) => localStorage.setItem('pc_theme', value), theme);
    await reopen();
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe(theme);
    await expectAccessible(page, `${where}, ${theme}`);
  }
  await page.setViewportSize({ width: 375, height: 800 });
  try {
    await reopen();
    await expectAccessible(page, `${where}, 375 px`);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect({ where, overflow }).toEqual({ where, overflow: 0 });
  } finally {
    await page.setViewportSize({ width: 1280, height: 900 });
  }
}

/**
 * Presses Tab until the focus is on the button named `name` (inside the card titled `card`, when given); at most
 * `limit` presses.
 */
async function tabTo(name: string, card?: string, limit = 60) {
  for (let i = 0; i < limit; i += 1) {
    await page.keyboard.press('Tab');
    const here = await page.evaluate(
      ([wanted, title]) => {
        const element = document.activeElement as HTMLElement | null;
        if (!element || element.innerText.trim() !== wanted) return false;
        return !title || element.closest('li')?.querySelector('h2')?.textContent === title;
      },
      [name, card ?? ''] as const,
    );
    if (here) return;
  }
  throw new Error(`${name} never got the keyboard focus`);
}

beforeAll(async () => {
  writer = await signUp('desk_writer', 'Leyla Deskova');
  inviter = await signUp('desk_inviter', 'Rauf Inviter');

  // Three submitted articles: one published, one sent back for revision with a note, one waiting for review.
  articles.published = await submitted(writer, 'Wind over the boulevard');
  await approveArticle(articles.published.id);
  articles.revision = await submitted(writer, 'Tea house arguments');
  await decideReview(articles.revision.id, 'startInitialReview');
  await decideReview(articles.revision.id, 'passInitialReview');
  await decideReview(articles.revision.id, 'requestRevision', NOTE);
  articles.waiting = await submitted(writer, 'Autumn on the Caspian');

  // A reader's view and read of the published article, reported as the shell and the article page report them.
  const reader = new ApiClient(SITE, 'en');
  const view = await reader.post('/api/analytics/pv', {
    path: `/a/${articles.published.id}`,
    articleId: articles.published.id,
  });
  expect(view.status).toBe(204);
  const read = await reader.post('/api/analytics/read', { articleId: articles.published.id, seconds: 75 });
  expect(read.status).toBe(204);

  // Two invitations to the writer: one to accept, one to reject.
  drafts.accepted = await draftOf(inviter, 'Written together');
  drafts.rejected = await draftOf(inviter, 'Not this one');
  for (const draft of [drafts.accepted, drafts.rejected]) {
    const invited = await inviter.client.post(`/api/drafts/${draft.id}/invite?username=${writer.username}`);
    expect(invited.status).toBe(201);
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
    // Refused requests (the visitor's user info, the foreign statistics this suite asks for) are expected.
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) {
      consoleErrors.push(message.text());
    }
  });
  page.on('pageerror', (error) => consoleErrors.push(error.message));
});

afterEach(async () => {
  if (consoleErrors.length > 0) console.warn(consoleErrors.splice(0).join('\n'));
  const name = (expect.getState().currentTestName ?? 'test').replace(/[^a-z0-9]+/gi, '-').slice(0, 80);
  await page?.screenshot({ path: `${stack.root}/.run/test-reports/e2e/${name}.png` }).catch(() => undefined);
});

afterAll(async () => {
  closeReviewClient();
  await browser?.close();
});

describe('the editor desk', () => {
  it('asks a visitor to sign in and brings them back to the review status', async () => {
    await open('/me/review', 'Review status');
    await page.getByText('Sign in to see this page.').waitFor();
    await expectAccessible(page, 'review status, visitor');
    await page.getByRole('link', { name: 'Sign in', exact: true }).last().click();
    await page.waitForURL(/\/login\?next=%2Fme%2Freview$/);
    await page.getByLabel('Email or username').fill(writer.username);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${SITE}/me/review`).catch(async (error: unknown) => {
      // Once seen in CI only (the run's screenshot went with its machine): say where the sign-in stood.
      const form = await page
        .evaluate(() => ({
          alerts: [...document.querySelectorAll('[role="alert"], .pc-field__error')].map((e) => e.textContent),
          button: document.querySelector('form button[type="submit"]')?.textContent,
        }))
        .catch(() => undefined);
      console.warn(`sign-in did not return to /me/review: at ${page.url()}, ${JSON.stringify(form)}`);
      throw error;
    });
    await page.getByRole('heading', { level: 2, name: 'Wind over the boulevard' }).waitFor();
    rememberSecret(...(await context.cookies()).filter((c) => c.name === 'pc_su').map((c) => c.value));
  });

  it('is in the user menu', async () => {
    await page.goto(`${SITE}/`);
    await settled();
    await page.getByLabel(`Signed in as ${writer.fullname}`).click();
    await page.getByRole('link', { name: 'Co-author invitations' }).waitFor();
    await page.getByRole('link', { name: 'Review status' }).click();
    await page.getByRole('heading', { level: 1, name: 'Review status' }).waitFor();
  });

  it("shows where each article is in review, with the moderator's note and the timeline", async () => {
    await open('/me/review', 'Review status');
    const card = (title: string) =>
      page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title }) });

    const published = card('Wind over the boulevard');
    await published.getByText('Published', { exact: true }).first().waitFor();
    expect(await published.getByRole('link', { name: 'Wind over the boulevard' }).getAttribute('href')).toBe(
      `/a/${articles.published!.id}`,
    );
    await published.getByRole('link', { name: 'Statistics' }).waitFor();

    const revision = card('Tea house arguments');
    await revision.getByText('Revision requested', { exact: true }).first().waitFor();
    await revision.getByRole('heading', { name: "Moderator's note" }).waitFor();
    await revision.getByText(NOTE).waitFor();
    expect(await revision.getByRole('link', { name: 'Revise' }).getAttribute('href')).toBe(
      `/write?edit=${articles.revision!.id}`,
    );
    // The steps: automatic review passed, then the moderator sent it back.
    expect(await revision.locator('[aria-current="step"]').innerText()).toMatch(/Revision requested/);

    const waiting = card('Autumn on the Caspian');
    await waiting.getByText('Accepted', { exact: true }).first().waitFor();
    expect(await waiting.getByRole('link', { name: 'Statistics' }).count()).toBe(0);

    // The timeline opens from the keyboard, and says what happened and what the moderator wrote.
    const toggle = revision.getByRole('button', { name: 'Show the timeline' });
    await toggle.focus();
    await page.keyboard.press('Enter');
    const timeline = page.getByRole('region', { name: 'Timeline of “Tea house arguments”' });
    await timeline.getByText(NOTE).waitFor();
    const steps = await timeline.locator('.pc-desk__event .pc-desk__badge').allInnerTexts();
    expect(steps).toEqual(['Accepted', 'Automatic review', 'Under moderation', 'Revision requested']);
    expect(await revision.getByRole('button', { name: 'Hide the timeline' }).getAttribute('aria-expanded')).toBe(
      'true',
    );
    await settled();
    await checkEverywhere('review status', async () => {
      await open('/me/review', 'Review status');
      await card('Tea house arguments').getByRole('button', { name: 'Show the timeline' }).click();
      await page.getByRole('region', { name: 'Timeline of “Tea house arguments”' }).getByText(NOTE).waitFor();
      await settled();
    });
  });

  it("shows a published article's statistics with the daily series, and changes the period", async () => {
    await open('/me/review', 'Review status');
    await page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: 'Wind over the boulevard' }) })
      .getByRole('link', { name: 'Statistics' })
      .click();
    await page.getByRole('heading', { level: 1, name: 'Statistics of “Wind over the boulevard”' }).waitFor();
    await settled();
    const tile = (label: string) =>
      page.locator('.pc-desk__tile').filter({ has: page.getByText(label, { exact: true }) });
    // Counted in Redis on the request path and read back at once; the flush to PostgreSQL changes nothing here.
    await eventually(
      async () => {
        await page.reload();
        await settled();
        return (await tile('Views').locator('dd').innerText()) === '1' ? true : undefined;
      },
      { timeoutMs: 30_000, intervalMs: 1_000 },
    );
    expect(await tile('Reads').locator('dd').innerText()).toBe('1');
    expect(await tile('Average reading time').locator('dd').innerText()).toBe('1 min 15 s');

    // The daily series: a chart summed up in words and the numbers in a table, today first.
    await page.getByText(/^Last 30 days: views 1, reads 1\. The busiest day was /).waitFor();
    const table = page.getByRole('table', { name: 'Views and reads per day, newest first' });
    expect(await table.locator('tbody tr').count()).toBe(30);
    expect(await table.locator('tbody tr').first().locator('td').allInnerTexts()).toEqual(['1', '1']);

    // The period, by keyboard: the address keeps it.
    await page.getByLabel('Period').focus();
    await page.getByLabel('Period').selectOption('7');
    await page.waitForURL(/\/stats\?days=7$/);
    await eventually(async () => ((await table.locator('tbody tr').count()) === 7 ? true : undefined));
    await settled();
    await checkEverywhere('statistics', () =>
      open(`/me/articles/${articles.published!.id}/stats?days=7`, 'Statistics of “Wind over the boulevard”'),
    );
  });

  it("refuses the statistics of an article that is not the writer's", async () => {
    const foreign = await submitted(inviter, 'Somebody else’s article');
    await approveArticle(foreign.id);
    await open(`/me/articles/${foreign.id}/stats`, /Statistics/);
    await page.getByText('This article does not exist, or its statistics are not yours to see.').waitFor();
    expect(await page.locator('.pc-desk__tile').count()).toBe(0);
    await expectAccessible(page, 'statistics refused');
  });

  it('accepts one co-author invitation and rejects another, by keyboard', async () => {
    await open('/me/invitations', 'Co-author invitations');
    const card = (title: string) =>
      page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title }) });
    await card('Written together')
      .getByText(`From ${inviter.fullname} (@${inviter.username})`, { exact: false })
      .waitFor();
    await card('Not this one').waitFor();
    await checkEverywhere('invitations', () => open('/me/invitations', 'Co-author invitations'));

    await tabTo('Accept', 'Written together');
    await page.keyboard.press('Enter');
    const status = page.getByRole('status').filter({ hasText: 'You are now a co-author of “Written together”.' });
    await status.waitFor();
    // The message about the decision has the focus (its card is gone) and leads to the draft.
    expect(await page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('status');
    expect(await status.getByRole('link', { name: 'Open the draft' }).getAttribute('href')).toBe(
      `/write/${drafts.accepted!.id}`,
    );
    expect(await card('Written together').count()).toBe(0);

    await tabTo('Reject', 'Not this one');
    await page.keyboard.press('Enter');
    await page.getByRole('status').filter({ hasText: 'You declined the invitation to “Not this one”.' }).waitFor();
    await page.getByText('You have no pending invitations.').waitFor();
    await expectAccessible(page, 'invitations decided');

    // The accepted draft is now the writer's to co-edit; the rejected one is not.
    const mine = await writer.client.get<{ items: { id: string; role: string }[] }>('/api/drafts');
    expect(mine.body.items.filter((d) => d.role === 'coAuthor').map((d) => d.id)).toEqual([drafts.accepted!.id]);
  });
});
