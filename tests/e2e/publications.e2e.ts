// Issue #15's journey in Chromium against the whole platform: an owner creates a publication on the settings page and
// opens it on its subdomain; invites a member from the studio, who accepts on their settings page; writes a paid
// article in the editor and publishes it into the publication ('Publish on' and the paid audience); pins it and
// creates a monthly plan in the studio; a reader subscribes through the article's checkout button (the app goes to
// stripe-mock's hosted checkout URL; the suite then delivers the signed checkout.session.completed as Stripe would)
// and reads the paid marker sentence; a signed-in non-subscriber meets the teaser and the plans in ₼ and never the
// marker, on the article page, in the search page's results, on the home feed and in the RSS feed; the subscriber
// cancels, the owner deletes the plan, and the subscriber still reads in full until the period ends; the studio's
// analytics page shows the subscriber's reads.
//
// Through the API (no screen for them): the publication's id (no page shows it), the moderation service's approval
// (tests/support/review.ts), connecting the merchant account (the studio's income page has no way to connect yet)
// with Stripe's account.updated, the checkout's webhook (Stripe's side), and the cancellation (the settings'
// subscriptions list has no cancel button). axe-core on the pages this journey adds (the paid notice with its
// checkout buttons, the studio's articles, plans and analytics pages) in the light theme; studio.e2e covers both
// themes.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { appReady, expectAccessible, launchBrowser, networkQuiet } from '../support/browser.ts';
import { useClientAddress } from '../support/client-address.ts';
import { signInBrowser, signUp, type Person } from '../support/reader-fixtures.ts';
import { approveArticle, closeReviewClient } from '../support/review.ts';
import { eventually, stack } from '../support/stack.ts';
import { accountEnabled, checkoutCompleted, deliverSigned, merchantAccountId } from '../support/stripe-webhooks.ts';

const PORT = stack.gateway.httpPort;
const SITE = `http://localhost:${PORT}`;
/** This suite's own loopback address: the gateway's per-address limits count its requests apart from other suites'. */
const CLIENT_ADDRESS = '127.0.0.95';
useClientAddress(CLIENT_ADDRESS);
const API = `http://${CLIENT_ADDRESS}:${PORT}`;
const run = Date.now().toString(36);
const publication = { name: `Xəzər Jurnalı ${run}`, slug: `xezer-${run}` };
const HOME = `http://${publication.slug}.localhost:${PORT}/`;
const title = `Caspian tides ${run}`;
/** Only past the teaser: whoever sees it read the paid part. */
const MARKER = `Zeytun-${run} is the sentence only paying readers see.`;
const OPEN = `The Caspian keeps its own calendar of tides ${run}, open to everyone.`;
const FILLER = 'Along the boulevard the wind turns the pages of the sea, and the city wakes slowly to a new day.';
const PRICE = '₼5.00 a month';
const CHECKOUT = /^https:\/\/checkout\.stripe\.com\//;

let browser: Browser;
let owner: Person;
let member: Person;
let subscriber: Person;
let outsider: Person;
const contexts = new Map<Person, BrowserContext>();
const pages = new Map<Person, Page>();
let publicationId = '';
let articleId = '';
let planId = '';
const consoleErrors: string[] = [];

const markerIn = (text: string) => text.includes(`Zeytun-${run}`);

async function newContext(person?: Person): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.addInitScript(() => {
    try {
      if (!localStorage.getItem('pc_lang')) localStorage.setItem('pc_lang', 'en');
      localStorage.setItem('pc_consent', 'true');
      localStorage.setItem('pc_theme', 'light');
    } catch {
      // not the site's document
    }
  });
  if (person) await signInBrowser(context, person, SITE);
  return context;
}

async function newPage(context: BrowserContext): Promise<Page> {
  const target = await context.newPage();
  target.setDefaultTimeout(20_000);
  target.on('console', (message) => {
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) {
      consoleErrors.push(message.text());
    }
  });
  target.on('pageerror', (error) => consoleErrors.push(error.message));
  return target;
}

/** The signed-in page of a person (one context and one tab each, opened on first use). */
async function pageOf(person: Person): Promise<Page> {
  let target = pages.get(person);
  if (!target) {
    const context = await newContext(person);
    contexts.set(person, context);
    target = await newPage(context);
    pages.set(person, target);
  }
  return target;
}

async function settled(target: Page) {
  await networkQuiet(target);
  await appReady(target);
}

async function open(target: Page, path: string, heading?: string) {
  await target.goto(path.startsWith('http') ? path : `${SITE}${path}`);
  if (heading) await target.getByRole('heading', { level: 1, name: heading, exact: true }).waitFor();
  await settled(target);
}

/** The success dialog of an action: its message, then closed. */
async function confirmed(target: Page, message: string) {
  const dialog = target.getByRole('dialog');
  await dialog.getByText(message, { exact: false }).waitFor();
  await dialog.getByRole('button').first().click();
  await dialog.waitFor({ state: 'hidden' });
}

/**
 * Opens the page until `ready` shows: what another service has just changed (an index, a list behind the public
 * cache's two seconds) reaches the page a moment later, so it is loaded again rather than waited on forever.
 */
async function openUntil(target: Page, path: string, ready: () => ReturnType<Page['locator']>, attempts = 10) {
  for (let attempt = 1; ; attempt += 1) {
    await open(target, path);
    try {
      await ready()
        .first()
        .waitFor({ timeout: attempt === attempts ? 20_000 : 3_000 });
      return;
    } catch (error) {
      if (attempt === attempts) throw error;
    }
  }
}

/** When each page last opened the article (a read needs a few seconds on it). */
const openedAt = new Map<Page, number>();

/** The article page as it is for the person now: its text, once the app has taken it over. */
async function articleText(target: Page): Promise<string> {
  await open(target, `/a/${articleId}`);
  await target.getByRole('heading', { level: 1, name: title }).waitFor();
  // The shell starts timing the visit once the app has taken the page over, which open() waited for.
  openedAt.set(target, Date.now());
  return target.locator('main').innerText();
}

/**
 * Reads the open article to its end and leaves it for the home page inside the app, which the shell reports as a read
 * (POST /api/analytics/read): scrolled to its bottom, after at least the shell's 5 seconds on the page (reaching the
 * end sooner is a glance, not a read; this wait is the rule's).
 */
async function readToTheEnd(target: Page) {
  await target.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  // The scroll handler has run once the next frame is drawn.
  await target.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  const onPage = Date.now() - (openedAt.get(target) ?? 0);
  if (onPage < 6_000) await target.waitForTimeout(6_000 - onPage);
  const [report] = await Promise.all([
    target.waitForResponse((response) => new URL(response.url()).pathname === '/api/analytics/read'),
    target.locator('header').getByRole('link', { name: 'Home', exact: true }).first().click(),
  ]);
  expect(report.status()).toBe(204);
  expect(JSON.parse(report.request().postData() ?? '{}')).toMatchObject({ articleId, finished: true });
}

/** Waits until the editor shows the draft saved (the attribute the status line carries beside its text). */
async function saved(target: Page) {
  await target.waitForFunction(
    () => document.querySelector('[data-save-state]')?.getAttribute('data-save-state') === 'saved',
  );
}

/** Types a paragraph into a new block of the editor (Enter, then typing once the caret is in the new empty block). */
async function typeParagraph(target: Page, text: string) {
  const before = await target.locator('.codex-editor .ce-paragraph').count();
  await target.keyboard.press('Enter');
  await target.waitForFunction((count) => {
    const active = document.activeElement;
    return (
      document.querySelectorAll('.codex-editor .ce-paragraph').length > count &&
      !!active?.closest('.ce-block') &&
      active.textContent === ''
    );
  }, before);
  await target.keyboard.type(text);
}

beforeAll(async () => {
  [owner, member, subscriber, outsider] = await Promise.all([
    signUp(API, `pbown_${run}`, 'Günel Naşirova'),
    signUp(API, `pbmem_${run}`, 'Orxan Üzvov'),
    signUp(API, `pbsub_${run}`, 'Aysel Abunəçi'),
    signUp(API, `pbout_${run}`, 'Rauf Kənar'),
  ]);
  browser = await launchBrowser({ clientAddress: CLIENT_ADDRESS });
}, 120_000);

afterEach(async () => {
  // A failing step's browser errors, for its post-mortem.
  if (consoleErrors.length > 0) console.warn(consoleErrors.splice(0).join('\n'));
  const name = (expect.getState().currentTestName ?? 'test').replace(/[^a-z0-9]+/gi, '-').slice(0, 80);
  await pages
    .get(owner)
    ?.screenshot({ path: `${stack.root}/.run/test-reports/e2e/${name}.png` })
    .catch(() => undefined);
});

afterAll(async () => {
  await browser?.close();
  closeReviewClient();
});

describe("a publication's journey", () => {
  it('creates a publication on the settings page and opens its studio', async () => {
    const page = await pageOf(owner);
    await open(page, '/settings/publication', 'Publication');
    await page.getByRole('heading', { level: 2, name: 'Create a publication' }).waitFor();
    await page.getByLabel('Address (subdomain)').fill(publication.slug);
    await page.getByText(`The publication will be at ${publication.slug}.localhost.`).waitFor();
    await page.getByLabel('Name').fill(publication.name);
    await page.getByRole('button', { name: 'Create the publication' }).click();
    await confirmed(page, 'The publication has been created');
    await page.locator('[data-publication-domain]', { hasText: `${publication.slug}.` }).waitFor();
    await page.getByRole('link', { name: 'Open the studio' }).click();
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    await settled(page);
    expect(await page.locator('[data-publication-name]').textContent()).toBe(publication.name);
    // API: no page shows the publication's id, which the API steps below name.
    const mine = await owner.client.get<{ publication: { id: string; name: string } }>('/api/ttin/pbls');
    expect(mine.body.publication.name).toBe(publication.name);
    publicationId = mine.body.publication.id;
  });

  it('opens the publication on its subdomain', async () => {
    const context = await newContext();
    const page = await newPage(context);
    await open(page, HOME);
    await page.getByRole('heading', { level: 1, name: publication.name }).waitFor();
    expect(new URL(page.url()).host).toBe(`${publication.slug}.localhost:${PORT}`);
    expect(await page.title()).toBe(publication.name);
    await page.getByText('This publication has no plans yet.').waitFor();
    await context.close();
  });

  it('invites a member from the studio, who accepts on their settings page', async () => {
    const page = await pageOf(owner);
    await open(page, '/studio/members', 'Members');
    await page.getByLabel('Username').fill(member.username);
    await page.getByRole('button', { name: 'Send the invitation' }).click();
    await confirmed(page, `An invitation has been sent to @${member.username}.`);

    const memberPage = await pageOf(member);
    await open(memberPage, '/settings/publication', 'Publication');
    await memberPage.getByRole('button', { name: `Accept the invitation of ${publication.name}` }).click();
    await confirmed(memberPage, `You are now a member of ${publication.name}.`);
    await memberPage.getByText('you are a member').waitFor();

    await open(page, '/studio/members', 'Members');
    await page.locator(`[data-member="${member.username}"]`).waitFor();
    await page.getByText('No pending invitations.').waitFor();
  });

  it('writes a paid article in the editor and publishes it into the publication', async () => {
    const page = await pageOf(owner);
    await open(page, '/write');
    await page.locator('.codex-editor').waitFor();
    await page.getByLabel('Title', { exact: true }).fill(title);
    // The first change creates the draft: the address becomes /write/{id}.
    await page.waitForURL(/\/write\/[0-9a-f-]{36}$/);
    const draftId = new URL(page.url()).pathname.split('/').pop()!;
    await saved(page);
    await page.getByLabel('Description').fill('Tides, wind and the boulevard');
    await page.getByLabel('Article language').selectOption('en');
    await page.getByLabel('Category', { exact: true }).selectOption('travel');
    await page.locator('.ce-paragraph').first().click();
    await page.keyboard.type(OPEN);
    for (let i = 0; i < 6; i += 1) await typeParagraph(page, FILLER);
    await typeParagraph(page, MARKER);
    await saved(page);

    // Where to publish: the publication (the paid audience is enabled only then), for paid subscribers only.
    const where = page.getByLabel('Publish on');
    await page.locator(`option[value="${publicationId}"]`).waitFor({ state: 'attached' });
    await where.selectOption(publicationId);
    const paid = page.getByRole('radio', { name: 'Paid subscribers only' });
    await page.waitForFunction(
      () => !(document.querySelector('input[type=radio][value=paid]') as HTMLInputElement | null)?.disabled,
    );
    await paid.check();
    // What the server holds before publishing: the publication, the paid audience and the marker past the teaser.
    await eventually(
      async () => {
        const draft = (
          await owner.client.get<{ publicationId: string | null; audience: string; content: unknown }>(
            `/api/drafts/${draftId}`,
          )
        ).body;
        return draft.publicationId === publicationId &&
          draft.audience === 'paid' &&
          markerIn(JSON.stringify(draft.content))
          ? true
          : undefined;
      },
      { timeoutMs: 20_000, intervalMs: 300 },
    );
    await saved(page);

    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Sent for review' }).waitFor();
    const href = await page.getByRole('link', { name: 'Open the article' }).getAttribute('href');
    articleId = href!.split('/').pop()!;
    // The moderation service's decision (its gRPC call): nothing is published without review.
    await approveArticle(articleId);
    const article = await owner.client.get<{ status: string; publicationId: string; paid: boolean }>(
      `/api/articles/${articleId}`,
    );
    expect(article.body).toMatchObject({ status: 'published', publicationId, paid: true });
    // The member reads the publication's paid article in full without a subscription.
    const asMember = await member.client.get<{ locked: boolean }>(`/api/articles/${articleId}`);
    expect([asMember.body.locked, markerIn(JSON.stringify(asMember.body))]).toEqual([false, true]);
  });

  it('pins the article in the studio; the subdomain home shows it pinned', async () => {
    const page = await pageOf(owner);
    // The studio lists the publication's articles: the published article reaches it a moment later.
    await openUntil(page, '/studio/articles', () => page.getByRole('button', { name: `Pin “${title}”` }));
    await expectAccessible(page, 'studio articles with the paid article');
    await page.getByRole('button', { name: `Pin “${title}”` }).click();
    await confirmed(page, 'The article has been pinned.');
    await page.locator('[data-article][data-pinned="true"]').getByRole('link', { name: title }).waitFor();

    const context = await newContext();
    const visitor = await newPage(context);
    await openUntil(visitor, HOME, () => visitor.getByRole('link', { name: title }));
    await visitor.getByText('Pinned', { exact: true }).waitFor();
    await context.close();
  });

  it('creates a monthly plan in the studio, shown in ₼ on the subdomain', async () => {
    const page = await pageOf(owner);
    await open(page, '/studio/plans', 'Plans');
    await page.getByLabel('Billing period').selectOption('month');
    await page.getByLabel('Price in manats (₼)').fill('5');
    await page.getByRole('button', { name: 'Create the plan' }).click();
    await confirmed(page, 'The plan has been created.');
    expect(await page.locator('[data-plan="month"] [data-price]').textContent()).toBe(PRICE);
    await expectAccessible(page, 'studio plans with a monthly plan');
    const plans = await owner.client.get<{ items: { id: string; interval: string; price: number }[] }>(
      `/api/core-publications/${publicationId}/plns`,
    );
    expect(plans.body.items).toEqual([expect.objectContaining({ interval: 'month', price: 500 })]);
    planId = plans.body.items[0]!.id;

    const context = await newContext();
    const visitor = await newPage(context);
    await openUntil(visitor, HOME, () => visitor.getByRole('heading', { level: 3, name: PRICE }));
    await context.close();

    // API: the owner connects the publication's merchant account (the studio's income page has no way to do it
    // yet); Stripe's signed account.updated says onboarding is done, so the publication can sell.
    const connected = await owner.client.post<{ url: string }>(
      `/api/core-publications/${publicationId}/studio/income/connect`,
    );
    expect(connected.status).toBe(200);
    const enabled = await deliverSigned(API, accountEnabled(await merchantAccountId(publicationId)));
    expect(enabled).toEqual({ status: 200, body: { received: true, duplicate: false } });
  });

  it('refuses a non-subscriber on the article page: the teaser and the plans in ₼, never the marker', async () => {
    const page = await pageOf(outsider);
    const text = await articleText(page);
    expect(text).toContain(OPEN);
    expect(markerIn(text)).toBe(false);
    const notice = page.locator('.pc-article__paid');
    await notice.getByRole('heading', { level: 2, name: 'For paid subscribers' }).waitFor();
    await notice.getByText(`The rest of this article is for the paid subscribers of ${publication.name}.`).waitFor();
    await notice.getByText(PRICE).waitFor();
    await notice.getByRole('button', { name: `Subscribe: ${PRICE}` }).waitFor();
    expect(markerIn(await page.content())).toBe(false);
    await expectAccessible(page, 'paid notice with its plans');

    // A visitor gets the server-rendered teaser and the plans too, with no checkout button (it needs an account).
    const context = await newContext();
    const visitor = await newPage(context);
    const visitorText = await articleText(visitor);
    expect(visitorText).toContain(OPEN);
    expect(visitorText).toContain(PRICE);
    expect(markerIn(await visitor.content())).toBe(false);
    expect(await visitor.getByRole('button', { name: /^Subscribe: / }).count()).toBe(0);
    await context.close();
  });

  it('refuses a non-subscriber in search results, on the home feed and in the RSS feed', async () => {
    const page = await pageOf(outsider);
    // The search page finds the article by its title (search indexes only the teaser of a paid article).
    const byTitle = `/search?q=${encodeURIComponent(`Caspian tides ${run}`)}`;
    await openUntil(page, byTitle, () => page.getByRole('link', { name: title }));
    expect(markerIn(await page.locator('main').innerText())).toBe(false);
    expect(markerIn(await page.content())).toBe(false);
    // ... and not by the words of its paid part.
    await open(page, `/search?q=${encodeURIComponent(`Zeytun-${run}`)}`);
    await page.getByText(`Nothing was found for “Zeytun-${run}”.`).waitFor();
    expect(await page.getByRole('link', { name: title }).count()).toBe(0);

    await openUntil(page, '/', () => page.getByRole('link', { name: title }));
    expect(markerIn(await page.locator('main').innerText())).toBe(false);
    expect(markerIn(await page.content())).toBe(false);

    const feed = await page.request.get(`${SITE}/feed.xml`);
    expect(feed.status()).toBe(200);
    const xml = await feed.text();
    expect(xml).toContain(`/a/${articleId}`);
    expect(markerIn(xml)).toBe(false);
  });

  it('subscribes through the checkout button and the signed webhook, then reads the paid part', async () => {
    const page = await pageOf(subscriber);
    const before = await articleText(page);
    expect(markerIn(before)).toBe(false);
    // stripe-mock's hosted checkout URL is not a page: the browser is answered a stand-in once it goes there.
    await page.route(CHECKOUT, (route) =>
      route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Checkout</title><h1>Checkout</h1>' }),
    );
    await page
      .locator('.pc-article__paid')
      .getByRole('button', { name: `Subscribe: ${PRICE}` })
      .click();
    await page.waitForURL(CHECKOUT);
    expect(page.url()).toMatch(CHECKOUT);
    // Nothing is paid until Stripe says so.
    const view = await subscriber.client.get<{ subscription: unknown }>(`/api/core-publications/${publicationId}`);
    expect(view.body.subscription).toBeNull();

    // Stripe's side: the payment went through, its signed checkout.session.completed arrives.
    const delivered = await deliverSigned(
      API,
      checkoutCompleted({ uid: subscriber.uid, publicationId, planId, amountQepik: 500 }),
    );
    expect(delivered).toEqual({ status: 200, body: { received: true, duplicate: false } });

    // Back in the browser where the checkout returns (its success URL): the settings page lists the paid subscription.
    await open(page, `/settings/publication?paid=${publicationId}`, 'Publication');
    const row = page.locator('[data-subscriptions] li', { hasText: publication.name });
    await row.getByText(/Paid · since .* · paid until /).waitFor();

    // The whole article, read to its end.
    const after = await articleText(page);
    expect(after).toContain(OPEN);
    expect(after).toContain(MARKER);
    expect(await page.locator('.pc-article__paid').count()).toBe(0);
    await readToTheEnd(page);
  });

  it('cancels, the owner deletes the plan, and the subscriber still reads in full until the period ends', async () => {
    // API: the settings' subscriptions list has no cancel button yet.
    const cancelled = await subscriber.client.post(`/api/core-publications/${publicationId}/unsub`);
    expect(cancelled.status).toBe(204);
    const view = await subscriber.client.get<{ subscription: { tier: string; cancelledAt: string | null } }>(
      `/api/core-publications/${publicationId}`,
    );
    expect(view.body.subscription).toMatchObject({ tier: 'paid', cancelledAt: expect.any(String) });

    const page = await pageOf(owner);
    await open(page, '/studio/plans', 'Plans');
    await page.getByRole('button', { name: 'Delete the monthly plan' }).click();
    await page.getByRole('button', { name: 'Delete the plan' }).click();
    await confirmed(page, 'The plan has been deleted.');
    await page.getByText('No paid plans yet', { exact: false }).waitFor();

    const subscriberPage = await pageOf(subscriber);
    const text = await articleText(subscriberPage);
    expect(text).toContain(MARKER);
    expect(await subscriberPage.locator('.pc-article__paid').count()).toBe(0);

    // The non-subscriber is still refused, now without plans to buy.
    const outsiderPage = await pageOf(outsider);
    const refused = await articleText(outsiderPage);
    expect(markerIn(refused)).toBe(false);
    await outsiderPage.locator('.pc-article__paid').getByText('For paid subscribers').waitFor();
    expect(refused).not.toContain(PRICE);
  });

  // The reads above, on the studio's analytics page (GET /api/core-publications/{id}/studio/analytics).
  it("shows the reads that just happened on the studio's analytics page", async () => {
    // The subscriber's reads reach the statistics when the articles service flushes them (every few seconds).
    const reads = await eventually(
      async () => {
        const answer = await owner.client.get<{ top: { articleId: string; reads: number }[] }>(
          `/api/core-publications/${publicationId}/studio/analytics?days=30`,
        );
        const found = answer.body.top?.find((article) => article.articleId === articleId);
        return found && found.reads > 0 ? found.reads : undefined;
      },
      { timeoutMs: 30_000, intervalMs: 500 },
    );
    const page = await pageOf(owner);
    await open(page, '/studio/analytics', 'Analytics');
    const row = page.locator('[data-top-articles] tbody tr', { hasText: title });
    await row.getByRole('link', { name: title }).waitFor();
    expect(await row.locator('td').first().textContent()).toBe(String(reads));
    await expectAccessible(page, 'studio analytics with reads');
  });
});
