// The staff console (frontends/staff) in Chromium against the whole platform and a real Keycloak: the moderator
// signs in on Keycloak's own login page (authorization code + PKCE), reads an article in the queue (its text shown as
// text only), rejects it with a reason (the note is required) and approves another (it is then public), removes a
// reported comment and bans its author (who is then refused with UserBanned), bans a user for a custom number of days
// and lifts it, reads an edit of a published article against the published version, finds every action in the audit
// log and signs out. Every console page is checked with axe-core in
// both themes and at 375 px (reloads sign in again through Keycloak's session, no password); the decision is made
// with the keyboard alone. Keycloak's own page is not ours and is not checked.
import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import { appReady, expectAccessible, launchBrowser, navigateInApp, networkQuiet } from '../support/browser.ts';
import { staffCredentials, staffToken } from '../support/keycloak.ts';
import { rememberSecret } from '../support/log-hygiene.ts';
import { waitForQueueItem, type QueueItem } from '../support/moderation.ts';
import { publishArticle, signUp, type Person } from '../support/reader-fixtures.ts';
import { closeReviewClient, openEditId } from '../support/review.ts';
import { loadSecrets } from '../../packages/devstack/src/index.ts';
import { stack } from '../support/stack.ts';

const SITE = `http://localhost:${stack.gateway.httpPort}`;
const suffix = Date.now().toString(36);

/** A moderation route called as the moderator, with a real Keycloak token (not through the page). */
async function asModerator<T>(method: string, path: string, body?: unknown): Promise<{ status: number; body: T }> {
  const token = await staffToken('moderator');
  const response = await fetch(`${SITE}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      'accept-language': 'en',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, body: (await response.json().catch(() => undefined)) as T };
}

const paragraphs = (topic: string) => [
  {
    type: 'paragraph',
    data: {
      text: `This is a calm and careful article about ${topic}. It explains the idea in plain words, gives a few examples from daily life and closes with a short summary for the reader.`,
    },
  },
  {
    type: 'paragraph',
    data: {
      text: `A second paragraph adds detail about ${topic}: how it started, why people care about it today and which questions are still open for discussion among readers.`,
    },
  },
];

/** Creates and submits an article for review (not approved); answers its id. */
async function submitArticle(person: Person, title: string): Promise<string> {
  const created = await person.client.post<{ id: string }>('/api/articles', {
    title,
    description: `A short description of ${title.toLowerCase()}.`,
    language: 'en',
    category: 'law',
    subCategories: [],
    content: { blocks: paragraphs(title.toLowerCase()) },
  });
  if (created.status !== 201) throw new Error(`create answered ${created.status} ${JSON.stringify(created.body)}`);
  const submitted = await person.client.post<{ id: string }>(`/api/articles/publishing/${created.body.id}`);
  if (submitted.status >= 300) throw new Error(`submit answered ${submitted.status} ${JSON.stringify(submitted.body)}`);
  return submitted.body.id;
}

let browser: Browser;
let context: BrowserContext;
let page: Page;
let author: Person;
let commenter: Person;
let reporter: Person;
const rejectTitle = `Staff review rejected ${suffix}`;
const approveTitle = `Staff review approved ${suffix}`;
let rejectArticle: string;
let approveArticle: string;
let rejectItem: QueueItem;
let approveItem: QueueItem;
let editItem: QueueItem;
const editedLine = `A paragraph the edit adds, with a new detail ${suffix}.`;
const commentText = `Buy cheap followers now, write to me ${suffix}`;
const consoleErrors: string[] = [];

/** Waits until the console page has loaded and drawn its data (no spinner, no remote loading). */
async function settled(target: Page = page) {
  await target.locator('.pc-staff__title').first().waitFor();
  await appReady(target);
  await networkQuiet(target);
  await appReady(target);
}

/**
 * Each page of a sweep: the first loaded (signing in again; `loaded` waits for it), the others opened in the app
 * (navigateInApp).
 */
async function sweepPage(path: string, first: boolean, loaded: () => Promise<void> = signedIn) {
  if (first) {
    await page.goto(`${SITE}${path}`);
    await loaded();
  } else {
    await navigateInApp(page, path, '.pc-staff__title');
    await settled();
  }
}

/** The console signed in (after a reload it comes back through Keycloak's session without a password). */
async function signedIn(target: Page = page) {
  await target.getByRole('button', { name: 'Sign out' }).waitFor({ timeout: 30_000 });
  await settled(target);
}

beforeAll(async () => {
  [author, commenter, reporter] = await Promise.all([
    signUp(SITE, `stfa_${suffix}`, 'Aysel Staffova'),
    signUp(SITE, `stfc_${suffix}`, 'Cavid Commentov'),
    signUp(SITE, `stfr_${suffix}`, 'Rena Reportova'),
  ]);
  rejectArticle = await submitArticle(author, rejectTitle);
  approveArticle = await submitArticle(author, approveTitle);
  // A published article with a published comment that someone reports.
  const discussed = await publishArticle(author, {
    title: `Staff discussion ${suffix}`,
    language: 'en',
    category: 'law',
    blocks: paragraphs('a discussion'),
  });
  const comment = await commenter.client.post<{ id: string }>('/api/articles/comment', {
    articleId: discussed,
    content: commentText,
  });
  if (comment.status !== 201) throw new Error(`comment answered ${comment.status} ${JSON.stringify(comment.body)}`);
  const commentItem = await waitForQueueItem(comment.body.id, { kind: 'comment' });
  const approved = await asModerator('POST', `/api/moderation/items/${commentItem.id}/decision`, {
    decision: 'approve',
  });
  if (approved.status !== 200) throw new Error(`comment approval answered ${approved.status}`);
  const report = await reporter.client.post(`/api/articles/comments/${comment.body.id}/report`, {
    reason: 'spam',
    note: 'Selling followers',
  });
  if (report.status !== 201) throw new Error(`report answered ${report.status} ${JSON.stringify(report.body)}`);
  // The author edits the published article: the edit waits for review beside the published version.
  const edit = await author.client.post<{ id: string; version: number }>(`/api/articles/publishing/${discussed}/edit`);
  if (edit.status !== 200) throw new Error(`edit answered ${edit.status} ${JSON.stringify(edit.body)}`);
  const [first] = paragraphs('a discussion');
  const saved = await author.client.request('PUT', `/api/drafts/${edit.body.id}`, {
    title: `Staff discussion, revised ${suffix}`,
    language: 'en',
    category: 'law',
    content: { blocks: [first, { type: 'paragraph', data: { text: editedLine } }] },
    version: edit.body.version,
  });
  if (saved.status !== 200) throw new Error(`saving the edit answered ${saved.status} ${JSON.stringify(saved.body)}`);
  const resubmitted = await author.client.post(`/api/articles/publishing/${edit.body.id}`);
  if (resubmitted.status !== 200) throw new Error(`submitting the edit answered ${resubmitted.status}`);
  [rejectItem, approveItem, editItem] = await Promise.all([
    waitForQueueItem(rejectArticle, { kind: 'article' }),
    waitForQueueItem(approveArticle, { kind: 'article' }),
    openEditId(discussed).then((editId) => waitForQueueItem(editId, { kind: 'edit' })),
  ]);

  browser = await launchBrowser();
  context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.addInitScript(() => {
    if (!localStorage.getItem('pc_lang')) localStorage.setItem('pc_lang', 'en');
    localStorage.setItem('pc_consent', 'true');
  });
  page = await context.newPage();
  page.setDefaultTimeout(20_000);
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
}, 180_000);

afterAll(async () => {
  await browser?.close();
  closeReviewClient();
});

describe('the staff console', () => {
  it('shows a visitor the staff sign-in without bouncing them through Keycloak', async () => {
    await page.goto(`${SITE}/staff/queue`);
    await page.getByRole('heading', { level: 1, name: 'Staff console' }).waitFor();
    await page.getByRole('button', { name: 'Sign in as staff' }).waitFor();
    expect(new URL(page.url()).origin).toBe(SITE);
    await expectAccessible(page, 'signed-out /staff/queue');
  });

  it('signs the moderator in on Keycloak’s login page (authorization code with PKCE) and back to the page', async () => {
    const { username, password } = staffCredentials('moderator');
    rememberSecret(password);
    await page.getByRole('button', { name: 'Sign in as staff' }).click();
    await page.waitForURL((url) => url.port === String(stack.infra.keycloak.port));
    const login = new URL(page.url());
    expect(login.pathname).toBe(`/realms/${stack.infra.keycloak.realm}/protocol/openid-connect/auth`);
    expect(login.searchParams.get('client_id')).toBe('pencraft-console');
    expect(login.searchParams.get('response_type')).toBe('code');
    expect(login.searchParams.get('code_challenge_method')).toBe('S256');
    expect(login.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    await page.locator('#username').fill(username);
    await page.locator('#password').fill(password);
    await page.locator('#kc-login').click();
    await page.waitForURL((url) => url.origin === SITE && url.pathname === '/staff/queue');
    await signedIn();
    await page.getByText(`Signed in as ${username}`).waitFor();
    // The code left the address once exchanged.
    expect(new URL(page.url()).hash).toBe('');
    for (const name of ['Review queue', 'Reports', 'Bans', 'Audit log'])
      await page.getByRole('navigation', { name: 'Staff console' }).getByRole('link', { name }).waitFor();
  });

  it('lists the queue and filters it by kind and state (kept in the address)', async () => {
    await page.getByRole('list', { name: 'Queue items' }).waitFor();
    await page.getByLabel('Kind').selectOption('comment');
    await page.waitForURL((url) => url.searchParams.get('kind') === 'comment');
    await settled();
    await page.getByLabel('State').selectOption('approved');
    await page.waitForURL((url) => url.searchParams.get('state') === 'approved' && url.searchParams.has('kind'));
    await settled();
    await page.getByText(commentText).first().waitFor();
  });

  it('shows an item’s text as text, its author and signals, and refuses a rejection without a reason', async () => {
    await page.goto(`${SITE}/staff/items/${rejectItem.id}`);
    await signedIn();
    await page.getByRole('heading', { name: rejectTitle }).waitFor();
    const content = page.locator('.pc-staff__content');
    await content.getByText('calm and careful article').waitFor();
    expect(await content.evaluate((element) => element.children.length)).toBe(0);
    await page.getByText(`@${author.username}`).first().waitFor();
    await page
      .getByText(/^Spam score \d+$/)
      .first()
      .waitFor();
    await expectAccessible(page, '/staff/items/:id');

    await page.getByLabel('Reject, with the reason').check();
    await page.getByRole('button', { name: 'Reject', exact: true }).click();
    await page.getByText('Tell the author why: the note is required for this decision.').waitFor();
    const refused = await asModerator<QueueItem>('GET', `/api/moderation/items/${rejectItem.id}`);
    expect(refused.status).toBe(200);
  });

  it('rejects with a reason, using the keyboard alone; the item and the audit keep the note', async () => {
    const note = `Please cite your sources ${suffix}`;
    const noteField = page.getByLabel('Note to the author (required)');
    await noteField.focus();
    await page.keyboard.type(note);
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toContain('Reject');
    await page.keyboard.press('Enter');
    await page.getByText('Decided: Rejected (by moderator).').waitFor();
    const item = await asModerator<{ item: QueueItem }>('GET', `/api/moderation/items/${rejectItem.id}`);
    expect(item.body.item).toMatchObject({ state: 'rejected', note });
  });

  it('approves another article, which is then public', async () => {
    await page.goto(`${SITE}/staff/items/${approveItem.id}`);
    await signedIn();
    await page.getByRole('heading', { name: approveTitle }).waitFor();
    await page.getByLabel('Approve and publish').check();
    await page.getByRole('button', { name: 'Approve', exact: true }).click();
    await page.getByText('Decided: Approved (by moderator).').waitFor();
    const deadline = Date.now() + 15_000;
    let status = 0;
    while (Date.now() < deadline && status !== 200) {
      status = (await fetch(`${SITE}/api/articles/${approveArticle}`)).status;
      if (status !== 200) await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(status).toBe(200);
  });

  it('shows an edit of a published article against the published version, line by line', async () => {
    await page.goto(`${SITE}/staff/items/${editItem.id}`);
    await signedIn();
    await page.getByRole('heading', { name: 'Changes to the published article' }).waitFor();
    const changes = page.getByRole('list', { name: 'The text, line by line' });
    await changes.locator('ins', { hasText: editedLine }).waitFor();
    await changes.locator('del', { hasText: 'A second paragraph adds detail about a discussion' }).waitFor();
    await page.getByText(`Staff discussion, revised ${suffix}`).first().waitFor();
    await expectAccessible(page, '/staff/items/:id (an edit)');
  });

  it('removes a reported comment and bans its author, who is then refused with the ban’s reason', async () => {
    await page.getByRole('navigation', { name: 'Staff console' }).getByRole('link', { name: 'Reports' }).click();
    await settled();
    const card = page.getByRole('listitem').filter({ hasText: commentText });
    await card.getByText('Reports: 1').waitFor();
    await card.getByText('Spam × 1').waitFor();
    await expectAccessible(page, '/staff/reports');
    await card.getByRole('button', { name: 'Remove and ban the author…' }).click();
    await card.getByRole('button', { name: 'Remove the comment and ban' }).click();
    await card.getByText('Choose the reason of the ban.').waitFor();
    await card.getByLabel('Reason', { exact: true }).selectOption('commentRulesViolation');
    await card.getByLabel('Duration').selectOption('2');
    await card.getByRole('button', { name: 'Remove the comment and ban' }).click();
    // When the confirmation is late, the failure says what the card showed instead (an error, a busy button).
    await page
      .getByText('The comment was removed and its author banned.')
      .waitFor()
      .catch(async (error: unknown) => {
        const shown = await card.innerText().catch(() => '(the card is gone)');
        throw new Error(`no confirmation; the card showed: ${shown}`, { cause: error });
      });

    const refused = await commenter.client.post<{ error: { code: string; params?: Record<string, string> } }>(
      '/api/articles/comment',
      { articleId: approveArticle, content: 'Trying again' },
    );
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('UserBanned');
    expect(refused.body.error.params?.reason).toBe('commentRulesViolation');
    const until = Date.parse(refused.body.error.params?.until ?? '');
    expect(until - Date.now()).toBeGreaterThan(47 * 3_600_000);
    expect(until - Date.now()).toBeLessThan(49 * 3_600_000);
  });

  it('bans a user for a custom number of days and lifts the ban', async () => {
    await page.getByRole('navigation', { name: 'Staff console' }).getByRole('link', { name: 'Bans' }).click();
    await settled();
    const form = page.getByRole('form', { name: 'Ban a user' });
    await form.getByLabel('Username').fill(reporter.username);
    await form.getByLabel('Reason', { exact: true }).selectOption('spam');
    await form.getByLabel('Duration').selectOption('custom');
    await form.getByLabel('Days').fill('0');
    await form.getByRole('button', { name: 'Ban' }).click();
    await form.getByText('Enter a whole number of days from 1 to 3650.').waitFor();
    await form.getByLabel('Days').fill('14');
    await form.getByRole('button', { name: 'Ban' }).click();
    await page.getByText(`@${reporter.username} is banned.`).waitFor();
    await expectAccessible(page, '/staff/bans');

    const card = page
      .getByRole('listitem')
      .filter({ hasText: `@${reporter.username}` })
      .first();
    await card.getByText('in force').waitFor();
    const refused = await reporter.client.post<{ error: { code: string } }>('/api/articles/comment', {
      articleId: approveArticle,
      content: 'A fair comment',
    });
    expect(refused.body.error?.code).toBe('UserBanned');

    await card.getByRole('button', { name: 'Lift the ban' }).click();
    await card.getByRole('button', { name: 'Yes, lift it' }).click();
    await page.getByText(`The ban of @${reporter.username} is lifted.`).waitFor();
    const again = await reporter.client.post('/api/articles/comment', {
      articleId: approveArticle,
      content: 'A fair comment after all',
    });
    expect(again.status).toBe(201);
  });

  it('finds every action in the audit log', async () => {
    await page.getByRole('navigation', { name: 'Staff console' }).getByRole('link', { name: 'Audit log' }).click();
    await settled();
    const table = page.getByRole('table');
    for (const action of ['Rejected', 'Approved', 'Removed a reported comment', 'Banned a user', 'Lifted a ban']) {
      await table.getByRole('row').filter({ hasText: action }).filter({ hasText: 'moderator' }).first().waitFor();
    }
    await page.getByLabel('Action').selectOption('ban.lift');
    await page.waitForURL((url) => url.searchParams.get('action') === 'ban.lift');
    await settled();
    // The filtered page replaces the rows once its answer is drawn (the network can be idle a moment before).
    await table.getByRole('row').filter({ hasText: 'Lifted a ban' }).first().waitFor();
    await table.getByRole('row').filter({ hasText: 'Banned a user' }).first().waitFor({ state: 'detached' });
    expect(await table.getByRole('row').filter({ hasText: 'Banned a user' }).count()).toBe(0);
  });

  it.each(['light', 'dark'])('has no axe-core violations in the %s theme', async (theme) => {
    await page.evaluate((value) => localStorage.setItem('pc_theme', value), theme);
    // The first page loaded (the theme applies as the app starts; a load signs in again through Keycloak), the others
    // opened in the app. Both items share their title, so a list page stands between them.
    for (const [i, path] of [
      '/staff',
      `/staff/items/${rejectItem.id}`,
      '/staff/queue',
      `/staff/items/${editItem.id}`,
      '/staff/reports',
      '/staff/bans',
      '/staff/audit',
    ].entries()) {
      await sweepPage(path, i === 0);
      expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe(theme);
      await expectAccessible(page, `${path} (${theme})`);
    }
  });

  it('fits a phone (375 px) without horizontal scroll and without axe-core violations, in en, az and ru', async () => {
    await page.setViewportSize({ width: 375, height: 812 });
    for (const language of ['en', 'az', 'ru']) {
      await page.evaluate((value) => localStorage.setItem('pc_lang', value), language);
      for (const [i, path] of [
        '/staff',
        '/staff/queue',
        `/staff/items/${rejectItem.id}`,
        '/staff/reports',
        '/staff/bans',
        '/staff/audit',
      ].entries()) {
        // At 375 px the sign-out button sits in the closed menu: the console's bar says it is up.
        await sweepPage(path, i === 0, async () => {
          await page.locator('.pc-staff__bar').waitFor({ timeout: 30_000 });
          await settled();
        });
        const state = await page.evaluate(() => ({
          lang: document.documentElement.lang,
          overflow: document.documentElement.scrollWidth - document.documentElement.clientWidth,
        }));
        expect({ path, ...state }).toEqual({ path, lang: language, overflow: 0 });
        await expectAccessible(page, `${path} (${language}, 375 px)`);
      }
    }
    await page.evaluate(() => localStorage.setItem('pc_lang', 'en'));
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  it('signs out of Keycloak: back on the sign-in page, and a reload stays signed out', async () => {
    await page.goto(`${SITE}/staff`);
    await signedIn();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL((url) => url.origin === SITE && url.pathname === '/staff');
    await page.getByRole('button', { name: 'Sign in as staff' }).waitFor();
    await page.reload();
    await page.getByRole('button', { name: 'Sign in as staff' }).waitFor();
    expect(new URL(page.url()).origin).toBe(SITE);
  });

  it('tells a Keycloak user without the moderator role that the console is not theirs', async () => {
    const password = loadSecrets(stack).keycloakNoStaffPassword;
    rememberSecret(password);
    await page.getByRole('button', { name: 'Sign in as staff' }).click();
    await page.waitForURL((url) => url.port === String(stack.infra.keycloak.port));
    await page.locator('#username').fill('nostaff');
    await page.locator('#password').fill(password);
    await page.locator('#kc-login').click();
    await page.waitForURL((url) => url.origin === SITE && url.pathname === '/staff');
    await page
      .getByText('nostaff has no moderator role: the console is for moderators and administrators only.')
      .waitFor();
    expect(await page.getByRole('navigation', { name: 'Staff console' }).count()).toBe(0);
    await expectAccessible(page, '/staff without the role');
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('button', { name: 'Sign in as staff' }).waitFor();
  });

  it('opens Keycloak’s login page in the console’s language (az, ru)', async () => {
    const button = { az: 'Əməkdaş kimi daxil ol', ru: 'Войти как сотрудник' } as const;
    const login = { az: 'Daxil ol', ru: 'Вход' } as const;
    // Coming back from a login page left without signing in is no check-sso bounce through Keycloak (prompt=none).
    const bounces: string[] = [];
    const bounce = (request: Request) => {
      if (request.isNavigationRequest() && new URL(request.url()).searchParams.get('prompt') === 'none') {
        bounces.push(request.url());
      }
    };
    page.on('request', bounce);
    // The console is ready (its sign-in button shown, in whichever language) before its storage is changed.
    const signInButton = page.getByRole('button', {
      name: new RegExp(`^(Sign in as staff|${button.az}|${button.ru})$`),
    });
    try {
      for (const language of ['az', 'ru'] as const) {
        // Back on the site first: the language is kept in the site's storage, not Keycloak's.
        await page.goto(`${SITE}/staff`);
        await signInButton.waitFor();
        await page.evaluate((value) => localStorage.setItem('pc_lang', value), language);
        await page.reload();
        await page.getByRole('button', { name: button[language] }).click();
        await page.waitForURL((url) => url.port === String(stack.infra.keycloak.port));
        expect(await page.evaluate(() => document.documentElement.lang)).toBe(language);
        expect((await page.locator('#kc-login').innerText()).trim()).toBe(login[language]);
      }
    } finally {
      // Back from the last login page, left without signing in (the visit the bounce would follow).
      await page.goto(`${SITE}/staff`);
      await signInButton.waitFor();
      page.off('request', bounce);
      await page.evaluate(() => localStorage.setItem('pc_lang', 'en'));
    }
    expect(bounces).toEqual([]);
  });

  it('logged no error in the console of the page', () => {
    // Keycloak's login page is not ours; a refused call the test makes on purpose is an answer, not an error.
    expect(consoleErrors.filter((text) => !/status of 4\d\d/.test(text))).toEqual([]);
  });
});
