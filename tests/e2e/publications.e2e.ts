// Issue #15's journey in Chromium against the whole platform: an owner creates a publication on the settings page and
// opens it on its subdomain; invites a member from the studio, who accepts on their settings page; writes a paid
// article in the editor and publishes it into the publication ('Publish on' and the paid audience); pins it and
// creates a monthly plan in the studio; the owner and the member see no way to subscribe on their own subdomain; a
// signed-in non-subscriber meets the teaser and the plans in ₼ and never the marker, on the article page, in the search
// page's results, on the home feed and in the RSS feed, and the notice's checkout button takes them to the provider's
// page without making them a subscriber; a visitor on the subdomain home is sent to sign in and back there, subscribes
// for free and unsubscribes, then subscribes through the plan's checkout button (the app goes to stripe-mock's hosted
// checkout URL, answered by a stand-in page; the suite then delivers the signed checkout.session.completed as Stripe
// would) and reads the paid marker sentence; they cancel on the settings page (confirmed on its dialog), the owner
// deletes the plan, and the subscriber still reads in full until the period ends; the studio's analytics page shows
// the subscriber's reads.
//
// Through the API (no screen for them): the publication's id (no page shows it), the moderation service's approval
// (tests/support/review.ts), connecting the merchant account with Stripe's account.updated, and the checkout's webhook
// (Stripe's side). axe-core on the states this journey adds (the subdomain home for its owner, a non-subscriber and a
// paid subscriber, the paid notice with its checkout buttons and its sign-in links, the settings' cancel dialog and
// the cancelled subscription, the studio's articles, plans and analytics pages) in the light theme; studio.e2e and
// subdomains.e2e cover both themes.
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
/** The plan's checkout button (or, for a visitor, its link to sign in first). */
const SUBSCRIBE = `Subscribe for ${PRICE}`;
const CHECKOUT = /^https:\/\/checkout\.stripe\.com\//;
const MONTHS = 'January,February,March,April,May,June,July,August,September,October,November,December'.split(',');
/** A date as the pages write it in English (the common catalogue's long date, in the browser's time zone). */
const longDate = (iso: string) => {
  const date = new Date(iso);
  return `${MONTHS[date.getMonth()]} ${date.getDate()}, ${date.getFullYear()}`;
};

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

/**
 * stripe-mock's hosted checkout URL is not a page: the browser is answered a stand-in once it goes there. Clicks the
 * checkout button and waits until the browser has gone to the provider's page.
 */
async function checkOut(target: Page, button: ReturnType<Page['locator']>) {
  await target.route(CHECKOUT, (route) =>
    route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Checkout</title><h1>Checkout</h1>' }),
  );
  const [request] = await Promise.all([
    target.waitForRequest((request) => new URL(request.url()).pathname.endsWith('/sub/checkout')),
    button.click(),
  ]);
  expect(JSON.parse(request.postData() ?? '{}')).toEqual({ planId });
  await target.waitForURL(CHECKOUT);
  await target.unroute(CHECKOUT);
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

/** Whether Enter gave the editor a new empty paragraph holding the caret (within 10 s). */
async function newEmptyParagraph(target: Page, before: number): Promise<boolean> {
  return target
    .waitForFunction(
      (count) => {
        const active = document.activeElement;
        return (
          document.querySelectorAll('.codex-editor .ce-paragraph').length > count &&
          !!active?.closest('.ce-block') &&
          active.textContent === ''
        );
      },
      before,
      { timeout: 10_000 },
    )
    .then(
      () => true,
      () => false,
    );
}

/** What the editor looked like instead, for the post-mortem: where the caret was and what else was open. */
async function editorState(target: Page, before: number): Promise<string> {
  const seen = await target.evaluate(() => {
    const selection = getSelection();
    return {
      url: location.pathname,
      editors: document.querySelectorAll('.codex-editor').length,
      paragraphs: [...document.querySelectorAll('.codex-editor .ce-paragraph')].map((p) => p.textContent?.slice(-24)),
      active: document.activeElement?.outerHTML.slice(0, 200),
      caret: selection?.focusNode
        ? {
            offset: selection.focusOffset,
            of: selection.focusNode.textContent?.length,
            text: selection.focusNode.textContent?.slice(-24),
          }
        : null,
      saveState: document.querySelector('[data-save-state]')?.getAttribute('data-save-state'),
      dialogs: [...document.querySelectorAll('dialog[open]')].map((d) => d.textContent?.slice(0, 200)),
      alerts: [...document.querySelectorAll('[role=alert],[role=status]')].map((a) => a.textContent?.slice(0, 200)),
    };
  });
  return `Enter made no new empty paragraph (${before} before): ${JSON.stringify(seen)}`;
}

/**
 * Types a paragraph into a new block of the editor (Enter, then typing once the caret is in the new empty block).
 * Once in CI, under load, an Enter after six paragraphs made no new block in 20 s; that was never seen again here.
 * If it happens, the suite prints what the editor looked like and puts the caret at the end of the last paragraph
 * again (a click there, then End) before a second Enter, which must work; an empty last paragraph takes the text.
 */
async function typeParagraph(target: Page, text: string) {
  const paragraphs = target.locator('.codex-editor .ce-paragraph');
  const before = await paragraphs.count();
  await target.keyboard.press('Enter');
  if (!(await newEmptyParagraph(target, before))) {
    console.warn(await editorState(target, before));
    const last = paragraphs.last();
    await last.click();
    await target.keyboard.press('End');
    // An empty last paragraph (the first Enter's, without the caret) takes the text as it is.
    if ((await last.textContent()) !== '') {
      const count = await paragraphs.count();
      await target.keyboard.press('Enter');
      if (!(await newEmptyParagraph(target, count))) throw new Error(await editorState(target, count));
    }
  }
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

  it('shows the owner and the member no way to subscribe to their own publication on its subdomain', async () => {
    for (const person of [owner, member]) {
      // Signed in on the subdomain (the session cookie for its host, as a shared cookie domain gives in production).
      const context = await newContext();
      await signInBrowser(context, person, HOME);
      const page = await newPage(context);
      await open(page, HOME, publication.name);
      await page.getByText('You publish here: subscriptions are for your readers.').waitFor();
      expect(await page.getByRole('button', { name: /^Subscribe/ }).count()).toBe(0);
      expect(await page.getByRole('link', { name: /^Subscribe/ }).count()).toBe(0);
      if (person === owner) await expectAccessible(page, "the publication's home for its owner");
      await context.close();
    }
  });

  it('refuses a non-subscriber on the article page: the teaser and the plans in ₼, never the marker', async () => {
    const page = await pageOf(outsider);
    const text = await articleText(page);
    expect(text).toContain(OPEN);
    expect(markerIn(text)).toBe(false);
    const notice = page.locator('.pc-article__paid');
    await notice.getByRole('heading', { level: 2, name: 'For paid subscribers' }).waitFor();
    await notice.getByText(`The rest of this article is for the paid subscribers of ${publication.name}.`).waitFor();
    await notice.getByText(PRICE, { exact: true }).waitFor();
    await notice.getByRole('button', { name: SUBSCRIBE }).waitFor();
    expect(await notice.getByRole('link', { name: `The home of ${publication.name}` }).getAttribute('href')).toBe(
      `//${publication.slug}.localhost:${PORT}/`,
    );
    expect(markerIn(await page.content())).toBe(false);
    await expectAccessible(page, 'paid notice with its plans');

    // The notice's checkout button goes to the provider's page; nothing is paid until the provider says so.
    await checkOut(page, notice.getByRole('button', { name: SUBSCRIBE }));
    const view = await outsider.client.get<{ subscription: unknown }>(`/api/core-publications/${publicationId}`);
    expect(view.body.subscription).toBeNull();
    expect(markerIn(await articleText(page))).toBe(false);

    // A visitor gets the server-rendered teaser and the plans too; the plan's link sends them to sign in and back.
    const context = await newContext();
    const visitor = await newPage(context);
    const visitorText = await articleText(visitor);
    expect(visitorText).toContain(OPEN);
    expect(visitorText).toContain(PRICE);
    expect(markerIn(await visitor.content())).toBe(false);
    expect(await visitor.getByRole('button', { name: SUBSCRIBE }).count()).toBe(0);
    const signIn = visitor.locator('.pc-article__paid').getByRole('link', { name: SUBSCRIBE });
    expect(await signIn.getAttribute('href')).toBe(`/login?next=${encodeURIComponent(`/a/${articleId}`)}`);
    await expectAccessible(visitor, 'paid notice for a visitor');
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

  it('subscribes on the subdomain home: signs in from there, subscribes for free, then pays through the plan', async () => {
    const context = await newContext();
    const home = await newPage(context);
    await open(home, HOME, publication.name);
    // A visitor: the plan's link leads to sign in on the subdomain, and back to its home.
    await home.getByRole('link', { name: SUBSCRIBE }).click();
    await home.waitForURL(`${HOME}login?next=%2F`);
    await home.getByLabel('Email or username').fill(subscriber.username);
    await home.getByLabel('Password', { exact: true }).fill(subscriber.password);
    await home.getByRole('button', { name: 'Sign in', exact: true }).click();
    await home.waitForURL(HOME);
    await home.getByRole('heading', { level: 1, name: publication.name }).waitFor();
    await settled(home);

    // For free first: subscribed, then unsubscribed (the API's word each time).
    await home.getByRole('button', { name: 'Subscribe', exact: true }).click();
    await home.getByText('You are subscribed for free.').waitFor();
    const free = await subscriber.client.get<{ subscription: { tier: string } | null }>(
      `/api/core-publications/${publicationId}`,
    );
    expect(free.body.subscription).toMatchObject({ tier: 'free' });
    await expectAccessible(home, "the publication's home for a free subscriber");
    await home.getByRole('button', { name: 'Unsubscribe', exact: true }).click();
    await home.getByRole('button', { name: 'Subscribe', exact: true }).waitFor();
    const none = await subscriber.client.get<{ subscription: unknown }>(`/api/core-publications/${publicationId}`);
    expect(none.body.subscription).toBeNull();
    await expectAccessible(home, "the publication's home for a signed-in non-subscriber");

    // The plan: the provider's checkout page; nothing is paid until Stripe says so.
    await checkOut(home, home.getByRole('button', { name: SUBSCRIBE }));
    const unpaid = await subscriber.client.get<{ subscription: unknown }>(`/api/core-publications/${publicationId}`);
    expect(unpaid.body.subscription).toBeNull();

    // Stripe's side: the payment went through, its signed checkout.session.completed arrives.
    const delivered = await deliverSigned(
      API,
      checkoutCompleted({ uid: subscriber.uid, publicationId, planId, amountQepik: 500 }),
    );
    expect(delivered).toEqual({ status: 200, body: { received: true, duplicate: false } });
    const paid = await subscriber.client.get<{ subscription: { tier: string; periodEnd: string } }>(
      `/api/core-publications/${publicationId}`,
    );
    expect(paid.body.subscription).toMatchObject({ tier: 'paid', periodEnd: expect.any(String) });
    const until = longDate(paid.body.subscription.periodEnd);

    // The home says so, and offers the plan no more.
    await open(home, HOME, publication.name);
    await home.getByText(`You are a paid subscriber: you read in full until ${until}.`).waitFor();
    expect(await home.getByRole('button', { name: /^Subscribe/ }).count()).toBe(0);
    await expectAccessible(home, "the publication's home for a paid subscriber");
    await context.close();

    // Back on the main site where the checkout returns (its success URL): the settings page lists the subscription.
    const page = await pageOf(subscriber);
    await open(page, `/settings/publication?paid=${publicationId}`, 'Publication');
    const row = page.locator(`[data-subscription="${publication.slug}"]`);
    await row.getByText(`Paid · since ${longDate(new Date().toISOString())} · paid until ${until}`).waitFor();

    // The whole article, read to its end.
    const after = await articleText(page);
    expect(after).toContain(OPEN);
    expect(after).toContain(MARKER);
    expect(await page.locator('.pc-article__paid').count()).toBe(0);
    await readToTheEnd(page);
  });

  it('cancels on the settings page, the owner deletes the plan, and the subscriber reads in full until the period ends', async () => {
    const page = await pageOf(subscriber);
    await open(page, '/settings/publication', 'Publication');
    const row = page.locator(`[data-subscription="${publication.slug}"]`);
    await row.getByRole('button', { name: `Cancel the subscription to ${publication.name}` }).click();
    const dialog = page.getByRole('dialog', { name: `Cancel the subscription to ${publication.name}?` });
    const view = await subscriber.client.get<{ subscription: { periodEnd: string } }>(
      `/api/core-publications/${publicationId}`,
    );
    const until = longDate(view.body.subscription.periodEnd);
    await dialog
      .getByText(
        `It will not renew and you will not be charged again. You read its paid articles in full until ${until}.`,
      )
      .waitFor();
    await expectAccessible(page, 'settings: the cancel dialog of a paid subscription');
    // Keeping it changes nothing; then cancelling for real.
    await dialog.getByRole('button', { name: 'Keep it' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await row.getByRole('button', { name: `Cancel the subscription to ${publication.name}` }).click();
    await dialog.getByRole('button', { name: 'Cancel subscription', exact: true }).click();
    await confirmed(page, `Your subscription to ${publication.name} will not renew; you read in full until ${until}.`);
    await row.getByText(`Cancelled, reads until ${until}`).waitFor();
    expect(await row.getByRole('button').count()).toBe(0);
    await expectAccessible(page, 'settings: a cancelled paid subscription');
    const cancelled = await subscriber.client.get<{ subscription: { tier: string; cancelledAt: string | null } }>(
      `/api/core-publications/${publicationId}`,
    );
    expect(cancelled.body.subscription).toMatchObject({ tier: 'paid', cancelledAt: expect.any(String) });

    const ownerPage = await pageOf(owner);
    await open(ownerPage, '/studio/plans', 'Plans');
    await ownerPage.getByRole('button', { name: 'Delete the monthly plan' }).click();
    await ownerPage.getByRole('button', { name: 'Delete the plan' }).click();
    await confirmed(ownerPage, 'The plan has been deleted.');
    await ownerPage.getByText('No paid plans yet', { exact: false }).waitFor();

    const text = await articleText(page);
    expect(text).toContain(MARKER);
    expect(await page.locator('.pc-article__paid').count()).toBe(0);

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
