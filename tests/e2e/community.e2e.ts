// The community journey of issue #9 in Chromium through the whole platform, each person in a browser of their own:
// a reader comments on an article and replies in its thread, another upvotes and reports; the moderator signs in to
// the staff console through Keycloak's real login page (authorization code with PKCE S256), publishes the comments,
// approves one article, rejects another with a reason, requests a revision of a third and bans the reader who was
// reported. Every author hears each decision on the page they have open (the bell and a live announcement, no
// reload) and finds it on the review-status screen with the moderator's note; the banned reader is refused, and told
// the ban's reason and end when signing in again.
import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import { expectAccessible, launchBrowser, networkQuiet } from '../support/browser.ts';
import { useClientAddress } from '../support/client-address.ts';
import { staffCredentials, staffToken } from '../support/keycloak.ts';
import { rememberSecret } from '../support/log-hygiene.ts';
import { waitForQueueItem } from '../support/moderation.ts';
import { signInBrowser, signUp, type Person } from '../support/reader-fixtures.ts';
import { eventually, stack } from '../support/stack.ts';

const SITE = `http://localhost:${stack.gateway.httpPort}`;
/** This suite's own client address (see launchBrowser): the per-address limits count this suite alone. */
const CLIENT_ADDRESS = '127.0.0.73';
useClientAddress(CLIENT_ADDRESS);
const API = `http://${CLIENT_ADDRESS}:${stack.gateway.httpPort}`;
const suffix = Date.now().toString(36).slice(-6);

const TITLES = {
  discussed: `Caravanserais of Sheki ${suffix}`,
  approved: `The silk road through Ganja ${suffix}`,
  rejected: `Buy cheap followers now ${suffix}`,
  revision: `Carpets of Quba ${suffix}`,
};
const REJECTION = 'The article advertises a paid service; promotional content is not allowed.';
const REVISION = 'Please name the sources of the dates in the second paragraph.';
const EARLY_COMMENT = 'The stone arches keep the rooms cool even in August.';
const COMMENT = 'I slept in the upper caravanserai last spring: the courtyard at night is unforgettable.';
const REPLY = 'They do; the walls are almost a metre thick.';
const BODY = (topic: string) =>
  `${topic}: a short account of the places, the people who keep them and the stories they tell to travellers who ` +
  'stop for a glass of tea on the way. The paragraph is long enough to read like an article, not like spam.';

let author: Person;
let secondAuthor: Person;
let reader: Person;
let voter: Person;
const articles: Record<keyof typeof TITLES, string> = { discussed: '', approved: '', rejected: '', revision: '' };
let earlyCommentId = '';

let browser: Browser;
let staffBrowser: Browser;
const pages: Record<'author' | 'secondAuthor' | 'reader' | 'voter' | 'moderator', Page> = {} as never;
const contexts: BrowserContext[] = [];

/** Waits until `check` stops throwing. */
function until(check: () => Promise<unknown>, timeoutMs = 20_000) {
  return eventually(
    async () => {
      await check();
      return true;
    },
    { timeoutMs, intervalMs: 300 },
  );
}

/** A moderator's access token (Keycloak, password grant), fetched again after a minute. */
async function staffCall<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  const token = await staffToken();
  const response = await fetch(`${API}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      'accept-language': 'en',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status} ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

/** The queue item of a subject once the automatic review has passed it on to the moderators. */
function queueItem(subjectId: string, kind: 'article' | 'comment') {
  return waitForQueueItem(subjectId, { kind });
}

/** Writes an article and submits it for review; answers the article's id. */
async function submitArticle(person: Person, title: string): Promise<string> {
  const created = await person.client.post<{ id: string }>('/api/articles', {
    title,
    description: 'Notes from a journey across the north-west',
    language: 'en',
    category: 'travel',
    subCategories: [],
    content: { blocks: [{ type: 'paragraph', data: { text: BODY(title) } }] },
  });
  if (created.status !== 201) throw new Error(`create answered ${created.status} ${JSON.stringify(created.body)}`);
  const submitted = await person.client.post<{ id: string }>(`/api/articles/publishing/${created.body.id}`);
  if (submitted.status >= 300) throw new Error(`submit answered ${submitted.status} ${JSON.stringify(submitted.body)}`);
  return submitted.body.id;
}

async function newPage(person?: Person, from: Browser = browser): Promise<Page> {
  const context = await from.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-US' });
  contexts.push(context);
  await context.addInitScript(() => {
    localStorage.setItem('pc_consent', 'true');
    if (!localStorage.getItem('pc_lang')) localStorage.setItem('pc_lang', 'en');
  });
  if (person) {
    await signInBrowser(context, person, SITE);
    rememberSecret(...(await context.cookies()).filter((c) => c.name === 'pc_su').map((c) => c.value));
  }
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  return page;
}

async function settled(page: Page) {
  await networkQuiet(page).catch(() => undefined);
  await page.waitForFunction(() => !document.querySelector('.pc-spinner, .pc-remote-loading, #pc-ssr-frame'));
}

/** Marks the page so a later check can tell it was never reloaded. */
async function markPage(page: Page) {
  await page.evaluate(() => {
    (window as unknown as { stillOpen?: boolean }).stillOpen = true;
  });
}

async function notReloaded(page: Page) {
  expect(await page.evaluate(() => (window as unknown as { stillOpen?: boolean }).stillOpen)).toBe(true);
}

/** The live announcement of a notification (the shell's polite live region), on a page left open. */
async function hears(page: Page, sentence: string | RegExp) {
  const text =
    typeof sentence === 'string' ? `New notification: ${sentence}` : new RegExp(`New notification: ${sentence.source}`);
  await page.getByRole('status').getByText(text).first().waitFor({ timeout: 30_000 });
}

const bell = (page: Page) => page.getByRole('banner').getByRole('button', { name: /^Notifications/ });

const comments = (page: Page) => page.getByRole('region', { name: /^Comments/ });
const commentCard = (page: Page, text: string) =>
  comments(page).locator('article.pc-comment', { hasText: text }).first();

// The staff console (frontends/staff) as the moderator uses it.

async function openConsole(path: string) {
  const page = pages.moderator;
  await page.goto(`${SITE}${path}`);
  await settled(page);
}

/** Opens a queue item from the queue list (filtered by kind) and takes a decision, with a note when given. */
async function decide(subjectId: string, kind: 'article' | 'comment', title: string, decision: RegExp, note?: string) {
  const item = await queueItem(subjectId, kind);
  const page = pages.moderator;
  await openConsole(`/staff/queue?kind=${kind}&state=underModeration`);
  const link = page.locator(`a[href="/staff/items/${item.id}"]`).first();
  if (await link.count()) await link.click();
  else await openConsole(`/staff/items/${item.id}`);
  await page.waitForURL(`${SITE}/staff/items/${item.id}`);
  await settled(page);
  if (kind === 'article') await page.getByRole('heading', { name: title }).first().waitFor();
  await page.getByRole('radio', { name: decision }).check();
  if (note) await page.getByRole('textbox', { name: /^Note to the author/ }).fill(note);
  await page.locator('form.pc-staff__form').getByRole('button').last().click();
  // The item then says what was decided, and by whom.
  await page
    .getByText(/^Decided: .* \(by moderator\)\.$/)
    .first()
    .waitFor();
  await until(async () => {
    const detail = await staffCall<{ item: { state: string } }>('GET', `/api/moderation/items/${item.id}`);
    expect(detail.item.state).not.toBe('underModeration');
  });
}

beforeAll(async () => {
  [author, secondAuthor, reader, voter] = await Promise.all([
    signUp(API, `cj_author_${suffix}`, 'Aytən Müəllif'),
    signUp(API, `cj_second_${suffix}`, 'Elvin Yazıçı'),
    signUp(API, `cj_reader_${suffix}`, 'Bahar Oxucu'),
    signUp(API, `cj_voter_${suffix}`, 'Cavid Səsverən'),
  ]);
  // The discussed article goes through the real pipeline (automatic review, then a moderator's approval).
  articles.discussed = await submitArticle(author, TITLES.discussed);
  await staffCall('POST', `/api/moderation/items/${(await queueItem(articles.discussed, 'article')).id}/decision`, {
    decision: 'approve',
  });
  // The second author has a comment in its thread already (published the same way), for the reader to answer.
  const early = await secondAuthor.client.post<{ id: string }>('/api/articles/comment', {
    articleId: articles.discussed,
    content: EARLY_COMMENT,
  });
  if (early.status !== 201) throw new Error(`comment answered ${early.status} ${JSON.stringify(early.body)}`);
  earlyCommentId = early.body.id;
  await staffCall('POST', `/api/moderation/items/${(await queueItem(earlyCommentId, 'comment')).id}/decision`, {
    decision: 'approve',
  });
  // Three more, waiting for the moderator.
  articles.approved = await submitArticle(author, TITLES.approved);
  articles.rejected = await submitArticle(author, TITLES.rejected);
  articles.revision = await submitArticle(secondAuthor, TITLES.revision);

  browser = await launchBrowser({ clientAddress: CLIENT_ADDRESS });
  pages.author = await newPage(author);
  pages.secondAuthor = await newPage(secondAuthor);
  pages.reader = await newPage(reader);
  pages.voter = await newPage(voter);
  // The moderator's browser reaches localhost itself: Keycloak listens on the loopback address only, not on the
  // suite's own client address that the readers' browser maps localhost to.
  staffBrowser = await launchBrowser();
  pages.moderator = await newPage(undefined, staffBrowser);
});

afterEach(async () => {
  const name = (expect.getState().currentTestName ?? 'test').replace(/[^a-z0-9]+/gi, '-').slice(0, 70);
  for (const [who, page] of Object.entries(pages)) {
    await page
      .screenshot({ path: `${stack.root}/.run/test-reports/e2e/community-${name}-${who}.png` })
      .catch(() => undefined);
  }
});

afterAll(async () => {
  for (const context of contexts) await context.close().catch(() => undefined);
  await browser?.close();
  await staffBrowser?.close();
});

describe('the community journey', () => {
  it('has every author on an open page that will not be reloaded', async () => {
    for (const [page, path] of [
      [pages.author, '/me/review'],
      [pages.secondAuthor, '/me/review'],
      [pages.reader, `/a/${articles.discussed}`],
    ] as const) {
      await page.goto(`${SITE}${path}`);
      await settled(page);
      await bell(page).waitFor();
      await markPage(page);
    }
  });

  it('a reader comments on the article and replies in its thread; both wait for review', async () => {
    const page = pages.reader;
    await comments(page).getByLabel('Your comment').fill(COMMENT);
    await comments(page).getByRole('button', { name: 'Send', exact: true }).click();
    await commentCard(page, COMMENT).getByText('In review').first().waitFor();
    const early = commentCard(page, EARLY_COMMENT);
    await early.getByRole('button', { name: 'Reply' }).click();
    await comments(page).getByLabel('Your reply to Elvin Yazıçı').fill(REPLY);
    await comments(page).getByRole('button', { name: 'Send the reply' }).click();
    await commentCard(page, REPLY).getByText('In review').first().waitFor();
    await notReloaded(page);
  });

  it('the moderator signs in to the staff console through the Keycloak login page, with PKCE', async () => {
    const page = pages.moderator;
    const authorizations: Request[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/protocol/openid-connect/auth')) authorizations.push(request);
    });
    await openConsole('/staff');
    await page.getByRole('button', { name: 'Sign in as staff' }).click();
    // Keycloak's own page (its origin, its form): not ours to check with axe.
    await page.waitForURL(/\/realms\/pencraft\/protocol\/openid-connect\/auth/);
    const { username, password } = staffCredentials('moderator');
    rememberSecret(password);
    await page.locator('#username').fill(username);
    await page.locator('#password').fill(password);
    await page.locator('#kc-login').click();
    await page.waitForURL(new RegExp(`^${SITE}/staff`));
    await settled(page);
    await page.getByText(username, { exact: true }).first().waitFor();
    const url = new URL(authorizations[0]!.url());
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(url.searchParams.get('response_type')).toBe('code');
    await expectAccessible(page, 'staff console home');
  });

  it('the moderator publishes the comment and the reply; the article author and the one answered hear it live', async () => {
    const mine = await reader.client.get<{
      items: { id: string; content: string; replies: { id: string; content: string }[] }[];
    }>(`/api/articles/${articles.discussed}/comments?page=1&sort=newest`);
    const all = mine.body.items.flatMap((item) => [item, ...item.replies]);
    const commentId = all.find((item) => item.content === COMMENT)!.id;
    const replyId = all.find((item) => item.content === REPLY)!.id;
    await decide(commentId, 'comment', TITLES.discussed, /^approve/i);
    await decide(replyId, 'comment', TITLES.discussed, /^approve/i);

    await hears(pages.author, `Bahar Oxucu commented on your article “${TITLES.discussed}”.`);
    await hears(pages.secondAuthor, `Bahar Oxucu replied to your comment on “${TITLES.discussed}”.`);
    await hears(pages.reader, `Your comment on “${TITLES.discussed}” was published.`);
    for (const page of [pages.author, pages.secondAuthor, pages.reader]) await notReloaded(page);
  });

  it('another reader upvotes the comment and reports the reply; the commenter hears the vote live', async () => {
    const page = pages.voter;
    await page.goto(`${SITE}/a/${articles.discussed}`);
    await settled(page);
    const comment = commentCard(page, COMMENT);
    await comment.getByRole('button', { name: /Upvote/ }).click();
    await until(async () =>
      expect(await comment.getByRole('button', { name: /Upvote/ }).getAttribute('aria-pressed')).toBe('true'),
    );
    // A comment vote's event carries the comment's excerpt, not always the article's title.
    await hears(pages.reader, new RegExp(`Cavid Səsverən upvoted your comment( on “${TITLES.discussed}”)?\\.`));

    const reply = commentCard(page, REPLY);
    await reply.getByRole('button', { name: 'Report' }).click();
    const dialog = page.getByRole('dialog', { name: 'Report the comment' });
    await dialog.getByRole('radio', { name: 'Harassment' }).check();
    await dialog.getByRole('button', { name: 'Send the report' }).click();
    await page.getByText('Thank you: the moderators will look at it.').waitFor();
  });

  it('the moderator approves one article, rejects one with a reason and requests a revision of a third', async () => {
    await decide(articles.approved, 'article', TITLES.approved, /^approve/i);
    await decide(articles.rejected, 'article', TITLES.rejected, /^reject/i, REJECTION);
    await decide(articles.revision, 'article', TITLES.revision, /revision/i, REVISION);
    await expectAccessible(pages.moderator, 'staff console item after a decision');
  });

  it('each author hears the decisions live, without reloading, with the moderator’s note', async () => {
    await hears(pages.author, `Your article “${TITLES.approved}” was approved and published.`);
    await hears(pages.author, `Your article “${TITLES.rejected}” was rejected.`);
    await hears(pages.secondAuthor, `A revision of your article “${TITLES.revision}” was requested.`);
    for (const page of [pages.author, pages.secondAuthor]) await notReloaded(page);
    // The bell's panel says why.
    const page = pages.author;
    await bell(page).click();
    const panel = page.locator('.pc-bell__panel');
    await panel.getByText(`Moderator’s note: ${REJECTION}`).waitFor();
    await page.keyboard.press('Escape');
    await bell(pages.secondAuthor).click();
    await pages.secondAuthor.locator('.pc-bell__panel').getByText(`Moderator’s note: ${REVISION}`).waitFor();
    await pages.secondAuthor.keyboard.press('Escape');
  });

  it('each author sees the decision on the review-status screen', async () => {
    const card = (page: Page, title: string) =>
      page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title }) });
    const page = pages.author;
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Review status' }).waitFor();
    await settled(page);
    await card(page, TITLES.approved).getByText('Published', { exact: true }).first().waitFor();
    const rejected = card(page, TITLES.rejected);
    await rejected.getByText('Rejected', { exact: true }).first().waitFor();
    await rejected.getByText(REJECTION).waitFor();

    const second = pages.secondAuthor;
    await second.reload();
    await second.getByRole('heading', { level: 1, name: 'Review status' }).waitFor();
    await settled(second);
    const revision = card(second, TITLES.revision);
    await revision.getByText('Revision requested', { exact: true }).first().waitFor();
    await revision.getByText(REVISION).waitFor();
  });

  it('the moderator sees the report and bans the reported reader', async () => {
    const page = pages.moderator;
    await openConsole('/staff/reports');
    await page.getByText(REPLY).first().waitFor();
    await openConsole('/staff/bans');
    const form = page.locator('form', { has: page.getByRole('heading', { name: 'Ban a user' }) });
    await form.getByLabel('Username', { exact: true }).fill(reader.username);
    await form.getByLabel('Reason', { exact: true }).selectOption('commentRulesViolation');
    await form.getByLabel('Duration', { exact: true }).selectOption('5');
    await form.getByRole('button', { name: 'Ban', exact: true }).click();
    await page.getByText(`@${reader.username} is banned.`).waitFor();
    await until(async () => {
      const bans = await staffCall<{ items: { username: string; active: boolean }[] }>('GET', '/api/moderation/bans');
      expect(bans.items.some((ban) => ban.username === reader.username && ban.active)).toBe(true);
    });
    await openConsole('/staff/audit');
    const log = page.getByRole('region', { name: 'Audit log entries' });
    await log.getByText('Banned a user').first().waitFor();
    await log.getByText('Requested a revision').first().waitFor();
    await expectAccessible(page, 'staff console audit log');
  });

  it('the banned reader is refused, and told the reason and the end of the ban when signing in', async () => {
    const page = pages.reader;
    // The page was open all along: the next write is refused.
    await page.goto(`${SITE}/a/${articles.discussed}`);
    await settled(page);
    await comments(page).getByLabel('Your comment').fill('One more thought about the courtyard.');
    await comments(page).getByRole('button', { name: 'Send', exact: true }).click();
    await comments(page).getByText('Your account has been banned.').waitFor();
    // Every page says why and until when.
    await page.reload();
    await settled(page);
    const banner = page.getByRole('region', { name: 'Account banned' });
    await banner.waitFor();
    expect(await banner.innerText()).toMatch(
      /Your account is banned: .*Reason: violation of the comment rules\. The ban ends on [^.]*\d{4}\./s,
    );
    await expectAccessible(page, 'article page of a banned reader');

    const fresh = await newPage();
    await fresh.goto(`${SITE}/login`);
    await settled(fresh);
    await fresh.getByLabel('Email or username').fill(reader.username);
    await fresh.getByLabel('Password', { exact: true }).fill(reader.password);
    await fresh.getByRole('button', { name: 'Sign in', exact: true }).click();
    const refusal = fresh.getByRole('alert').filter({ hasText: 'Your account has been banned.' });
    await refusal.waitFor();
    const text = await refusal.innerText();
    expect(text).toContain('Reason: violation of the comment rules.');
    expect(text).toMatch(/The ban ends on [^.]*\d{4}\./);
  });
});
