// Comments on the article page in Chromium through the whole platform: a visitor is asked to sign in; a reader
// writes a comment (the shared length rule and counter), sees it "in review" while nobody else does, and it is
// published by the moderation decision (CommentsService.DecideComment over gRPC, as the moderation service sends
// it); another reader replies, upvotes, is refused a downvote without the Pro rating (CannotDownvote) and reports it
// (the six reasons, AlreadyReportedComment); the author is refused a vote on their own comment
// (ForbiddenSelfReaction), edits it and deletes it (a deleted comment with replies stays as "deleted"); the limit of
// new comments answers the catalogue's CommentsCountExceed message in Azerbaijani; the profile's comments tab links
// each comment to its article; the XSS corpus as comments stays text; a long thread pages with "Load more" and
// sorts, and the eleventh report of a day is ReportsCountExceed; by keyboard, in both themes, at 375 px, without
// axe-core violations.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { expectAccessible, launchBrowser, networkQuiet } from '../support/browser.ts';
import { useClientAddress } from '../support/client-address.ts';
import { approveComment, closeCommentReviewClient } from '../support/comment-review.ts';
import { rememberSecret } from '../support/log-hygiene.ts';
import { publishArticle, signInBrowser, signUp, type Person } from '../support/reader-fixtures.ts';
import { closeReviewClient } from '../support/review.ts';
import { stack } from '../support/stack.ts';
import { dangerousMarkup, XSS_FLAG, XSS_PAYLOADS, type RenderedElement } from '../support/xss-corpus.ts';

const SITE = `http://localhost:${stack.gateway.httpPort}`;
/** This suite's own client address (see launchBrowser): the per-address limits count this suite alone. */
const CLIENT_ADDRESS = '127.0.0.67';
useClientAddress(CLIENT_ADDRESS);
const API = `http://${CLIENT_ADDRESS}:${stack.gateway.httpPort}`;
const suffix = Date.now().toString(36).slice(-6);
const title = `Tea houses of Lahij ${suffix}`;

const FIRST = 'The copper workshops are the best part of the village.\nWorth the long road.';
const EDITED = 'The copper workshops are the best part of the village (edited).';
const REPLY = 'Agreed, and the bread at the bakery by the bridge too.';

interface CommentJson {
  id: string;
  state: string;
}

let writer: Person;
let commenter: Person;
let replier: Person;
let articleId: string;
let firstId: string;
let replyId: string;

let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  writer = await signUp(API, `cm_writer_${suffix}`, 'Fərid Misgər');
  commenter = await signUp(API, `cm_first_${suffix}`, 'Aygün Şərhçi');
  replier = await signUp(API, `cm_second_${suffix}`, 'Rauf Cavabçı');
  articleId = await publishArticle(writer, {
    title,
    description: 'Copper, stone streets and tea',
    language: 'en',
    category: 'travel',
    blocks: [{ type: 'paragraph', data: { text: 'Lahij sits high in the mountains; its craftsmen work copper.' } }],
  });
  browser = await launchBrowser({ clientAddress: CLIENT_ADDRESS });
  context = await newContext();
  page = await context.newPage();
  page.setDefaultTimeout(20_000);
});

afterEach(async () => {
  const name = (expect.getState().currentTestName ?? 'test').replace(/[^a-z0-9]+/gi, '-').slice(0, 80);
  await page?.screenshot({ path: `${stack.root}/.run/test-reports/e2e/${name}.png` }).catch(() => undefined);
});

afterAll(async () => {
  await browser?.close();
  closeCommentReviewClient();
  closeReviewClient();
});

async function newContext(options: { lang?: string; width?: number } = {}) {
  const created = await browser.newContext({
    viewport: { width: options.width ?? 1280, height: 900 },
    ...(options.width ? { isMobile: true, hasTouch: true } : {}),
    locale: 'en-US',
  });
  await created.addInitScript((lang) => {
    localStorage.setItem('pc_consent', 'true');
    if (!localStorage.getItem('pc_lang')) localStorage.setItem('pc_lang', lang);
  }, options.lang ?? 'en');
  return created;
}

/** Loaded, the app has taken over, nothing is loading any more (the thread included). */
async function settled(target: Page) {
  await networkQuiet(target);
  await target.waitForFunction(() => !document.querySelector('.pc-spinner, .pc-remote-loading, #pc-ssr-frame'));
}

async function openArticle(target: Page = page) {
  await target.goto(`${SITE}/a/${articleId}`);
  await settled(target);
  await target.locator('#comments').waitFor();
}

async function signedInAs(person: Person, target: BrowserContext = context) {
  await signInBrowser(target, person, SITE);
  rememberSecret(...(await target.cookies()).filter((c) => c.name === 'pc_su').map((c) => c.value));
}

const section = (target: Page = page) => target.getByRole('region', { name: /^Comments/ });
const comment = (text: string, target: Page = page) =>
  section(target).locator('article.pc-comment', { hasText: text }).first();

/** The comments of the article as a person sees them through the API. */
async function thread(person: Person) {
  const answer = await person.client.get<{ items: (CommentJson & { content: string; replies: CommentJson[] })[] }>(
    `/api/articles/${articleId}/comments?page=1&sort=newest`,
  );
  expect(answer.status).toBe(200);
  return answer.body.items;
}

describe('a visitor', () => {
  it('reads an empty discussion and is asked to sign in to join it', async () => {
    await context.clearCookies();
    await openArticle();
    await section().getByText('No comments yet. Be the first to write one.').waitFor();
    await section().getByText('Sign in to join the discussion', { exact: false }).waitFor();
    expect(await section().getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe(
      `/login?next=${encodeURIComponent(`/a/${articleId}#comments`)}`,
    );
    expect(await section().getByLabel('Your comment').count()).toBe(0);
    await expectAccessible(page, 'comments (visitor)');
  });
});

describe('writing and moderation', () => {
  beforeAll(async () => {
    await signedInAs(commenter);
  });

  it('counts characters with the shared rule and refuses an empty or too long comment before sending', async () => {
    await openArticle();
    const field = section().getByLabel('Your comment');
    await field.fill('Hello');
    await section().getByText('5 of 2000 characters').waitFor();
    await field.fill('x'.repeat(2001));
    await section().getByText('A comment can be at most 2000 characters long.').waitFor();
    expect(await field.getAttribute('aria-invalid')).toBe('true');
    await field.fill('   ');
    await section().getByRole('button', { name: 'Send', exact: true }).click();
    await section().getByText('Write something first.').waitFor();
    expect(await thread(commenter)).toEqual([]);
  });

  it('sends a comment for review: its author sees it pending, nobody else does', async () => {
    await openArticle();
    await section().getByLabel('Your comment').fill(FIRST);
    await section().getByRole('button', { name: 'Send', exact: true }).click();
    await section().getByRole('status').getByText('Your comment was sent for review.', { exact: false }).waitFor();
    const mine = comment('copper workshops');
    await mine.getByText('In review').waitFor();
    // Line breaks are kept, as text.
    expect(await mine.locator('.pc-comment__text').innerText()).toBe(FIRST);
    expect(await section().getByLabel('Your comment').inputValue()).toBe('');
    await expectAccessible(page, 'comment pending (author)');

    // After a reload it is still there for its author, marked pending.
    await openArticle();
    await comment('copper workshops').getByText('In review').waitFor();
    const items = await thread(commenter);
    expect(items.map((c) => c.state)).toEqual(['pending']);
    firstId = items[0]!.id;

    // Another reader and a visitor do not see it.
    expect(await thread(replier)).toEqual([]);
    const other = await newContext();
    const visitor = await other.newPage();
    await openArticle(visitor);
    await section(visitor).getByText('No comments yet.', { exact: false }).waitFor();
    await other.close();

    // The profile's comments tab shows it to its author, pending.
    await page.goto(`${SITE}/@${commenter.username}?tab=comments`);
    await settled(page);
    const card = page.locator('.pc-comment-card', { hasText: 'copper workshops' });
    await card.getByText('In review').waitFor();
  });

  it('is published by the moderation decision and then seen by everyone, counted in the article meta', async () => {
    await approveComment(firstId);
    const other = await newContext();
    const visitor = await other.newPage();
    await openArticle(visitor);
    const published = comment('copper workshops', visitor);
    await published.waitFor();
    expect(await published.getByText('In review').count()).toBe(0);
    await published.getByRole('link', { name: 'Aygün Şərhçi' }).waitFor();
    await section(visitor).getByRole('heading', { name: 'Comments 1' }).waitFor();
    // The article's engagement counter follows the published event.
    await visitor.waitForFunction(
      async (id) => {
        const meta = (await (await fetch(`/api/articles/${id}/meta`)).json()) as { comments: number };
        return meta.comments === 1;
      },
      articleId,
      { polling: 250, timeout: 15_000 },
    );
    await openArticle(visitor);
    await visitor.getByRole('link', { name: /^Comments\s*1$/ }).waitFor();
    await other.close();
  });
});

describe('replies, votes and reports', () => {
  beforeAll(async () => {
    await signedInAs(replier);
  });

  it('replies by keyboard alone; the reply waits for review under its parent', async () => {
    await openArticle();
    const parent = comment('copper workshops');
    await parent.getByRole('button', { name: 'Reply' }).focus();
    await page.keyboard.press('Enter');
    const field = section().getByLabel('Your reply to Aygün Şərhçi');
    await field.waitFor();
    // The reply's field has the focus.
    expect(await field.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.type(REPLY);
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Send the reply');
    await page.keyboard.press('Enter');
    await section().getByRole('status').getByText('Your comment was sent for review.', { exact: false }).waitFor();
    const replies = section().getByRole('list', { name: 'Replies to Aygün Şərhçi' });
    await replies.locator('article.pc-comment', { hasText: 'bakery by the bridge' }).getByText('In review').waitFor();
    const items = await thread(replier);
    replyId = items[0]!.replies[0]!.id;
    await approveComment(replyId);
  });

  it('upvotes, is refused a downvote without the Pro rating, and reports with a reason and a note', async () => {
    await openArticle();
    const first = comment('copper workshops');
    const up = first.getByRole('button', { name: /Upvote/ });
    await up.click();
    await first.locator('button[aria-pressed="true"]', { hasText: 'Upvote' }).waitFor();
    expect(await up.innerText()).toMatch(/1$/);
    await first.getByRole('button', { name: /Downvote/ }).click();
    await first.getByRole('alert').getByText(/Pro/).waitFor();
    expect(await up.getAttribute('aria-pressed')).toBe('true');

    // The vote is the viewer's after a reload (the per-viewer effect route).
    await openArticle();
    await comment('copper workshops').locator('button[aria-pressed="true"]', { hasText: 'Upvote' }).waitFor();

    await comment('copper workshops').getByRole('button', { name: 'Report' }).click();
    const dialog = page.getByRole('dialog', { name: 'Report the comment' });
    await dialog.waitFor();
    // The six reasons of SPEC.md, none chosen yet.
    expect(await dialog.getByRole('radio').count()).toBe(6);
    await dialog.getByRole('button', { name: 'Send the report' }).click();
    await dialog.getByText('Choose a reason.').waitFor();
    await dialog.getByRole('radio', { name: 'Harassment' }).check();
    await dialog.getByLabel('Anything to add? (optional)').fill('Rude towards the author in another thread.');
    await expectAccessible(page, 'report dialog');
    await dialog.getByRole('button', { name: 'Send the report' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await section().getByRole('status').getByText('Thank you: the moderators will look at it.').waitFor();
    const reported = comment('copper workshops').getByRole('button', { name: 'Reported' });
    expect(await reported.isDisabled()).toBe(true);
  });

  it('shows AlreadyReportedComment when the comment was reported meanwhile (another tab)', async () => {
    await signedInAs(writer);
    await openArticle();
    // The writer reports the reply through the API after the page read its state.
    const answer = await writer.client.post(`/api/articles/comments/${replyId}/report`, { reason: 'spam' });
    expect(answer.status).toBe(201);
    await comment('bakery by the bridge').getByRole('button', { name: 'Report' }).click();
    const dialog = page.getByRole('dialog', { name: 'Report the comment' });
    await dialog.getByRole('radio', { name: 'Spam' }).check();
    await dialog.getByRole('button', { name: 'Send the report' }).click();
    await dialog.getByRole('alert').waitFor();
    expect(await dialog.getByRole('alert').innerText()).toMatch(/already/i);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await comment('bakery by the bridge').getByRole('button', { name: 'Reported' }).waitFor();
  });
});

describe("the author's own comment", () => {
  beforeAll(async () => {
    await signedInAs(commenter);
  });

  it('refuses a vote on it (ForbiddenSelfReaction) and edits it', async () => {
    await openArticle();
    const mine = comment('copper workshops');
    await mine.getByRole('button', { name: /Upvote/ }).click();
    await mine.getByRole('alert').getByText(/own/i).waitFor();
    expect(await mine.getByRole('button', { name: 'Report' }).count()).toBe(0);

    await mine.getByRole('button', { name: 'Edit' }).click();
    const field = section().getByLabel('Edit your comment');
    expect(await field.inputValue()).toBe(FIRST);
    await field.fill(EDITED);
    await section().getByRole('button', { name: 'Save' }).click();
    const edited = comment('(edited)');
    await edited.locator('.pc-comment__date', { hasText: 'edited' }).waitFor();
    expect(await edited.locator('.pc-comment__text').innerText()).toBe(EDITED);
    await openArticle();
    expect(await comment('(edited)').locator('.pc-comment__text').innerText()).toBe(EDITED);
  });

  it('deletes it after confirming; with a reply it stays as "deleted"', async () => {
    await openArticle();
    await comment('(edited)').getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete the comment?' });
    await dialog.waitFor();
    await expectAccessible(page, 'delete dialog');
    // Cancel keeps it.
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await comment('(edited)').waitFor();
    await comment('(edited)').getByRole('button', { name: 'Delete' }).click();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await section().getByText('This comment was deleted.').waitFor();
    expect(await section().getByText('copper workshops').count()).toBe(0);
    // The focus is back on the section (the button that opened the dialog went with the comment).
    await page.waitForFunction(() => document.activeElement?.matches('#comments h2') === true);
    // The reply stays under it, for everyone.
    await openArticle();
    await section().getByText('This comment was deleted.').waitFor();
    await comment('bakery by the bridge').waitFor();
  });

  it("cannot edit or delete another's comment: no buttons, and the API refuses", async () => {
    await openArticle();
    const reply = comment('bakery by the bridge');
    expect(await reply.getByRole('button', { name: 'Edit' }).count()).toBe(0);
    expect(await reply.getByRole('button', { name: 'Delete' }).count()).toBe(0);
    const edit = await commenter.client.request('PUT', '/api/articles/comment', { commentId: replyId, content: 'x' });
    expect(edit.status).toBe(404);
    const removal = await commenter.client.request('DELETE', `/api/articles/comments/${replyId}`);
    expect(removal.status).toBe(404);
  });

  it('is told the Azerbaijani comment limit message (CommentsCountExceed) once the limit is reached', async () => {
    const limited = await signUp(API, `cm_limit_${suffix}`, 'Limit Yoxlayan', 'az');
    for (let i = 0; i < 10; i++) {
      const sent = await limited.client.post('/api/articles/comment', { articleId, content: `Qeyd nömrə ${i + 1}` });
      expect(sent.status).toBe(201);
    }
    const az = await newContext({ lang: 'az' });
    await signedInAs(limited, az);
    const azPage = await az.newPage();
    await openArticle(azPage);
    const azSection = azPage.getByRole('region', { name: /^Şərhlər/ });
    await azSection.getByLabel('Şərhiniz').fill('Daha bir qeyd');
    await azSection.getByRole('button', { name: 'Göndər', exact: true }).click();
    await azSection.getByRole('alert').getByText('Siz şərh limitini keçmisiniz', { exact: false }).waitFor();
    // What was typed stays.
    expect(await azSection.getByLabel('Şərhiniz').inputValue()).toBe('Daha bir qeyd');
    await az.close();
  });
});

describe('the profile comments tab', () => {
  it("lists a user's published comments with links to the articles", async () => {
    const other = await newContext();
    const visitor = await other.newPage();
    await visitor.goto(`${SITE}/@${replier.username}?tab=comments`);
    await settled(visitor);
    expect(await visitor.getByRole('link', { name: 'Comments', exact: true }).getAttribute('aria-current')).toBe(
      'page',
    );
    const card = visitor.locator('.pc-comment-card', { hasText: 'bakery by the bridge' });
    const link = card.getByRole('link', { name: `On “${title}”` });
    expect(await link.getAttribute('href')).toBe(`/a/${articleId}#comment-${replyId}`);
    await expectAccessible(visitor, 'profile comments tab');
    await link.click();
    await visitor.getByRole('heading', { level: 1, name: title }).waitFor();
    await comment('bakery by the bridge', visitor).waitFor();
    await other.close();
  });
});

describe('the comments section', () => {
  beforeAll(async () => {
    await signedInAs(replier);
  });

  it.each(['light', 'dark'])('has no axe-core violations in the %s theme', async (theme) => {
    await page.evaluate((value) => localStorage.setItem('pc_theme', value), theme);
    await openArticle();
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe(theme);
    await comment('bakery by the bridge').getByRole('button', { name: 'Reply' }).click();
    await expectAccessible(page, `comments (${theme})`);
    // The section as it looks, for the test report.
    await section().screenshot({ path: `${stack.root}/.run/test-reports/e2e/comments-section-${theme}.png` });
  });

  it('fits a phone without horizontal scroll and without axe-core violations', async () => {
    const phone = await newContext({ width: 375 });
    await signedInAs(replier, phone);
    const mobile = await phone.newPage();
    await openArticle(mobile);
    await comment('bakery by the bridge', mobile).getByRole('button', { name: 'Reply' }).tap();
    expect(await mobile.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expectAccessible(mobile, 'comments (375 px)');
    await section(mobile).screenshot({ path: `${stack.root}/.run/test-reports/e2e/comments-section-375.png` });
    await mobile.goto(`${SITE}/@${replier.username}?tab=comments`);
    await settled(mobile);
    expect(await mobile.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expectAccessible(mobile, 'profile comments (375 px)');
    await phone.close();
  });
});

describe('hostile comments', () => {
  it('show the XSS corpus as text: nothing runs, nothing live is in the thread', async () => {
    const hostile = await signUp(API, `cm_xss_${suffix}`, 'Hostile Commenter');
    // The corpus in two comments (each within the 2,000 characters), a numbered payload a line (so the automatic
    // review does not take it for repeated text); the server keeps plain text.
    const halves = [XSS_PAYLOADS.slice(0, 20), XSS_PAYLOADS.slice(20)].map(
      (part, half) => `Corpus:\n${part.map((payload, i) => `Line ${half * 20 + i}: ${payload}`).join('\n')}`,
    );
    const stored: string[] = [];
    for (const content of halves) {
      const sent = await hostile.client.post<CommentJson & { content: string }>('/api/articles/comment', {
        articleId,
        content,
      });
      expect(sent.status).toBe(201);
      stored.push(sent.body.content);
      await approveComment(sent.body.id);
    }
    const other = await newContext();
    const visitor = await other.newPage();
    const dialogs: string[] = [];
    visitor.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await openArticle(visitor);
    const shown = section(visitor).locator('article.pc-comment', { hasText: 'Corpus:' }).locator('.pc-comment__text');
    await shown.first().waitFor();
    // Exactly the text the server holds, as text.
    expect((await shown.allTextContents()).sort()).toEqual([...stored].sort());
    await visitor.waitForTimeout(150);
    const elements = await visitor.evaluate(() =>
      Array.from(document.querySelectorAll('#comments *')).map((element) => ({
        tag: element.localName,
        attributes: Object.fromEntries(Array.from(element.attributes).map((a) => [a.name, a.value])),
      })),
    );
    expect({
      executed: await visitor.evaluate(
        (flag) => (window as unknown as Record<string, unknown>)[flag] ?? null,
        XSS_FLAG,
      ),
      dialogs,
      problems: dangerousMarkup(elements as RenderedElement[]),
    }).toEqual({ executed: null, dialogs: [], problems: [] });
    await other.close();
  });
});

describe('a long discussion', () => {
  const PLACES = ['bridge', 'bakery', 'mosque', 'bathhouse', 'market', 'river', 'museum', 'square', 'forge', 'mill'];

  /** `count` published top-level comments by `person` (each may write ten in ten minutes); answers their ids. */
  async function published(person: Person, count: number, label: string): Promise<string[]> {
    const ids: string[] = [];
    for (let i = 0; i < count; i++) {
      const content = `${label} ${i + 1}: the old ${PLACES[i % PLACES.length]} of Lahij deserves a visit of its own.`;
      const sent = await person.client.post<CommentJson>('/api/articles/comment', { articleId, content });
      expect(sent.status).toBe(201);
      await approveComment(sent.body.id);
      ids.push(sent.body.id);
    }
    return ids;
  }

  it('pages the top level with "Load more", sorts it, and shows ReportsCountExceed', async () => {
    const byWriter = await published(writer, 10, 'From the author');
    await published(replier, 9, 'From Rauf');
    await published(commenter, 2, 'From Aygün');

    const other = await newContext();
    const visitor = await other.newPage();
    await openArticle(visitor);
    const topLevel = section(visitor).locator('ol.pc-comments:not(.pc-comments--replies) > li');
    // 20 top-level comments a page, newest first; the deleted one with its reply is the oldest.
    expect(await topLevel.count()).toBe(20);
    expect(await topLevel.first().innerText()).toContain('From Aygün 2');
    await section(visitor).getByRole('button', { name: 'Load more' }).click();
    await section(visitor).getByText('This comment was deleted.').waitFor();
    // Besides the 21: the two hostile ones and the deleted one with its reply.
    expect(await topLevel.count()).toBe(24);
    expect(await section(visitor).getByRole('button', { name: 'Load more' }).count()).toBe(0);
    // Oldest first starts with the deleted comment and its reply.
    await section(visitor).getByRole('combobox', { name: 'Sort the comments' }).selectOption('oldest');
    await topLevel.first().getByText('This comment was deleted.').waitFor();
    await topLevel.first().getByText('bakery by the bridge').waitFor();
    await other.close();

    // The replier has sent one report (the first comment); nine more reach the limit of ten a day.
    for (const id of byWriter.slice(0, 9)) {
      const reported = await replier.client.post(`/api/articles/comments/${id}/report`, { reason: 'spam' });
      expect(reported.status).toBe(201);
    }
    await signedInAs(replier);
    await openArticle();
    const report = comment('From the author 10').getByRole('button', { name: 'Report' });
    // Two suites share two cores here: when the button is late, what the comments showed is printed and the page
    // is loaded once more (a button that never shows still fails).
    if (
      !(await report.waitFor({ timeout: 15_000 }).then(
        () => true,
        () => false,
      ))
    ) {
      const shown = await section(page)
        .innerText()
        .catch(() => '(no comments section)');
      console.warn(`no Report button on "From the author 10" within 15 s; the comments showed: ${shown.slice(0, 600)}`);
      await openArticle();
    }
    await report.click();
    const dialog = page.getByRole('dialog', { name: 'Report the comment' });
    await dialog.getByRole('radio', { name: 'Scam or fraud' }).check();
    await dialog.getByRole('button', { name: 'Send the report' }).click();
    await dialog.getByRole('alert').getByText('You have sent too many reports.', { exact: false }).waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await comment('From the author 10').getByRole('button', { name: 'Report' }).isEnabled()).toBe(true);
  });
});
