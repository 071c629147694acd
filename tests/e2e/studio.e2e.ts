// The publication studio (frontends/studio) and the settings' publication screen in Chromium against the whole
// platform: a user without a publication is pointed to the settings page; there the owner creates one (the slug's
// rules checked as it is typed) and opens the studio; invites a second user, who accepts on their own settings page
// and is then listed among the members; creates a monthly plan shown with ₼; changes the description under the
// stated 14-day rule; uploads a logo (a generated PNG) and sees the new one; the analytics draw charts (uPlot's
// canvas) beside their tables, the owner's revenue in ₼, none for the member; the articles page lists the member's
// articles published into the publication, the owner pins one (then first on the publication's public list) and
// detaches another; the income page renders, and its connect button takes the owner to the payment provider's
// onboarding page (stripe-mock's URL, answered by a stand-in page), the provider's way back (?connect=again,
// ?connected=1) is worded, and once Stripe enables charges the account shows connected; a logo of the wrong type is
// refused in the publication's words, not the profile picture's; exports the subscribers as CSV; the member sees
// neither the owner's sections (comments are theirs too) nor their buttons, and may detach only their own article;
// finally the owner deletes the publication after typing its slug. Every studio page is checked with axe-core in both
// themes and at 375 px (no horizontal scroll), signed in as the owner.
//
// Through the API (no screen for them): the member's articles (drafts aimed at the publication, submitted and
// approved as moderation would, tests/support/reader-fixtures.ts), the public list's order, and Stripe's
// account.updated webhook (tests/support/stripe-webhooks.ts).
import { crc32, deflateSync } from 'node:zlib';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { expectAccessible, launchBrowser, navigateInApp, networkQuiet } from '../support/browser.ts';
import { useClientAddress } from '../support/client-address.ts';
import { signInBrowser, signUp, submitAndApprove, type Person } from '../support/reader-fixtures.ts';
import { rememberSecret } from '../support/log-hygiene.ts';
import { closeReviewClient } from '../support/review.ts';
import { stack } from '../support/stack.ts';
import { accountEnabled, deliverSigned, merchantAccountId } from '../support/stripe-webhooks.ts';

const SITE = `http://localhost:${stack.gateway.httpPort}`;
/** This suite's own loopback address: the gateway's per-address limits count its requests apart from other suites'. */
const CLIENT_ADDRESS = '127.0.0.91';
useClientAddress(CLIENT_ADDRESS);
const suffix = Date.now().toString(36);
const publication = { name: `Studio Gazette ${suffix}`, slug: `studio-${suffix}` };

/** Every studio page, with its heading, for the accessibility rounds. */
const PAGES: [string, string][] = [
  ['/studio', 'Dashboard'],
  ['/studio/analytics', 'Analytics'],
  ['/studio/comments', 'Comments'],
  ['/studio/members', 'Members'],
  ['/studio/subscribers', 'Subscribers'],
  ['/studio/articles', 'Articles'],
  ['/studio/income', 'Income'],
  ['/studio/plans', 'Plans'],
  ['/studio/settings', 'Settings'],
  ['/studio/delete', 'Deletion'],
];
const OWNER_ONLY = ['Subscribers', 'Income', 'Plans', 'Settings', 'Deletion'];

let browser: Browser;
let owner: Person;
let member: Person;
let reader: Person;
let ownerContext: BrowserContext;
let memberContext: BrowserContext;
let page: Page;
let memberPage: Page;
const consoleErrors: string[] = [];
/** The member's articles published into the publication: the one the owner pins, the one the owner detaches. */
const pinnedTitle = `Caspian mornings ${suffix}`;
const detachedTitle = `Boulevard evenings ${suffix}`;
let pinnedId = '';
let detachedId = '';

/** The owner's publication id (no page shows it). */
async function publicationId(): Promise<string> {
  const mine = await owner.client.get<{ publication: { id: string } }>('/api/ttin/pbls');
  return mine.body.publication.id;
}

/** A member's article published into the publication, as the editor and moderation do it: its id. */
async function publishInto(person: Person, title: string, publication: string): Promise<string> {
  const draft = await person.client.post<{ id: string }>('/api/drafts', {
    title,
    description: 'Notes from the sea front.',
    language: 'en',
    category: 'travel',
    subCategories: [],
    content: {
      blocks: [
        { type: 'paragraph', data: { text: 'The wind turns the pages of the sea, and the city wakes slowly.' } },
      ],
    },
  });
  expect(draft.status).toBe(201);
  const aimed = await person.client.request('PUT', `/api/drafts/${draft.body.id}/publication`, {
    publicationId: publication,
  });
  expect(aimed.status).toBe(200);
  return submitAndApprove(person, draft.body.id);
}

/** Opens a page until something that appears a moment later (an event's effect) is there. */
async function openUntil(path: string, heading: string, ready: () => ReturnType<Page['locator']>, target = page) {
  for (let attempt = 1; ; attempt += 1) {
    await open(path, heading, target);
    try {
      await ready()
        .first()
        .waitFor({ timeout: attempt === 6 ? 20_000 : 3_000 });
      return;
    } catch (error) {
      if (attempt === 6) throw error;
    }
  }
}

/** A PNG of one colour, width × height (RGB, no filter), as settings.e2e builds one: the server decodes and crops it. */
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
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3, Buffer.from([0xc0, 0x4a, 0x2a]))]);
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

async function newPage(context: BrowserContext): Promise<Page> {
  const target = await context.newPage();
  target.setDefaultTimeout(20_000);
  target.on('console', (message) => {
    // Refused requests (the wrong inputs this suite sends on purpose) are expected.
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) {
      consoleErrors.push(message.text());
    }
  });
  target.on('pageerror', (error) => consoleErrors.push(error.message));
  return target;
}

async function newContext(person: Person, viewport = { width: 1280, height: 900 }, phone = false) {
  const context = await browser.newContext({ viewport, ...(phone ? { isMobile: true, hasTouch: true } : {}) });
  await context.addInitScript(() => {
    if (!localStorage.getItem('pc_lang')) localStorage.setItem('pc_lang', 'en');
    localStorage.setItem('pc_consent', 'true');
  });
  await signInBrowser(context, person, SITE);
  return context;
}

/** Waits until the page has stopped loading: no request in flight, no spinner, no remote still loading. */
async function settled(target: Page) {
  await networkQuiet(target);
  await target.waitForFunction(() => !document.querySelector('.pc-spinner, .pc-remote-loading'));
}

async function open(path: string, heading: string, target: Page = page) {
  await target.goto(`${SITE}${path}`);
  await target.getByRole('heading', { level: 1, name: heading, exact: true }).waitFor();
  await settled(target);
}

/** Each page of a sweep: the first loaded, the others opened in the app (navigateInApp). */
async function sweepPage(path: string, heading: string, target: Page, first: boolean) {
  if (first) return open(path, heading, target);
  await navigateInApp(target, path, '.pc-studio__title');
  await target.getByRole('heading', { level: 1, name: heading, exact: true }).waitFor();
  await settled(target);
}

/** The success dialog of an action: its message, then closed. */
async function confirmed(target: Page, message: string) {
  const dialog = target.getByRole('dialog');
  await dialog.getByText(message, { exact: false }).waitFor();
  await dialog.getByRole('button').first().click();
  await dialog.waitFor({ state: 'hidden' });
}

/** The theme of the next page loads: saved on the account and on the device. */
async function useTheme(target: Page, person: Person, theme: string) {
  const answer = await person.client.request('PUT', '/api/ttin/prefs/theme', { theme });
  expect(answer.status).toBeLessThan(300);
  await target.evaluate((value) => localStorage.setItem('pc_theme', value), theme);
}

beforeAll(async () => {
  owner = await signUp(SITE, `stown_${suffix}`, 'Nigar Studiova');
  member = await signUp(SITE, `stmem_${suffix}`, 'Elvin Memberov');
  reader = await signUp(SITE, `strdr_${suffix}`, 'Samir Oxucu');
  rememberSecret(publication.name);
  browser = await launchBrowser({ clientAddress: CLIENT_ADDRESS });
  ownerContext = await newContext(owner);
  memberContext = await newContext(member);
  page = await newPage(ownerContext);
  memberPage = await newPage(memberContext);
});

afterEach(async () => {
  // A failing step's browser errors, for its post-mortem.
  if (consoleErrors.length > 0) console.warn(consoleErrors.splice(0).join('\n'));
  const name = (expect.getState().currentTestName ?? 'test').replace(/[^a-z0-9]+/gi, '-').slice(0, 80);
  await page?.screenshot({ path: `${stack.root}/.run/test-reports/e2e/${name}.png` }).catch(() => undefined);
});

afterAll(async () => {
  closeReviewClient();
  await browser?.close();
});

describe('the publication studio', () => {
  it('points a user without a publication to the settings page', async () => {
    await open('/studio', 'Studio');
    await page.getByRole('heading', { level: 2, name: 'No publication yet' }).waitFor();
    await expectAccessible(page, 'studio without a publication');
    await page.getByRole('link', { name: 'Go to the publication settings' }).click();
    await page.getByRole('heading', { level: 1, name: 'Publication' }).waitFor();
  });

  it('creates a publication from the settings page, checking the slug as it is typed, and opens the studio', async () => {
    await open('/settings/publication', 'Publication');
    await page.getByRole('heading', { level: 2, name: 'Create a publication' }).waitFor();
    const slug = page.getByLabel('Address (subdomain)');
    await slug.fill('9lives');
    await page.getByText('Lowercase Latin letters, digits and single hyphens, starting with a letter.').waitFor();
    expect(await slug.getAttribute('aria-invalid')).toBe('true');
    await slug.fill('admin');
    await page.getByText('This address is reserved.').waitFor();
    await slug.fill(publication.slug);
    await page.getByText(`The publication will be at ${publication.slug}.localhost.`).waitFor();
    await page.getByLabel('Name').fill(publication.name);
    await expectAccessible(page, 'publication creation form');
    await page.getByRole('button', { name: 'Create the publication' }).click();
    await confirmed(page, 'The publication has been created');
    await page.locator('[data-publication-domain]', { hasText: `${publication.slug}.` }).waitFor();
    await page.getByRole('heading', { level: 2, name: 'My subscriptions' }).waitFor();
    await expectAccessible(page, 'settings with a publication');

    await page.getByRole('link', { name: 'Open the studio' }).click();
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    await settled(page);
    expect(await page.locator('[data-publication-name]').textContent()).toBe(publication.name);
    await page.getByText('Your role: Owner').waitFor();
    expect(await page.locator('[data-figure="members"] strong').textContent()).toBe('1');
    // The owner's navigation has every section.
    const nav = page.getByRole('navigation', { name: 'Studio sections' });
    for (const [, heading] of PAGES) await nav.getByRole('link', { name: heading, exact: true }).waitFor();
  });

  it('invites a member, who accepts on their settings page and is then listed', async () => {
    await open('/studio/members', 'Members');
    await page.getByRole('heading', { level: 2, name: 'Pending invitations' }).waitFor();
    await page.getByLabel('Username').fill(`nobody_${suffix}`);
    await page.getByRole('button', { name: 'Send the invitation' }).click();
    await page.locator('.pc-field__error').waitFor();
    expect(await page.getByLabel('Username').getAttribute('aria-invalid')).toBe('true');
    await page.getByLabel('Username').fill(member.username);
    await page.getByRole('button', { name: 'Send the invitation' }).click();
    await confirmed(page, `An invitation has been sent to @${member.username}.`);
    await page.locator('[data-invitations] li').first().waitFor();
    await expectAccessible(page, 'members with a pending invitation');

    await open('/settings/publication', 'Publication', memberPage);
    await memberPage.locator(`[data-invitation="${publication.slug}"]`).waitFor();
    await expectAccessible(memberPage, 'settings with an invitation');
    await memberPage.getByRole('button', { name: `Accept the invitation of ${publication.name}` }).click();
    await confirmed(memberPage, `You are now a member of ${publication.name}.`);
    await memberPage.getByText('you are a member').waitFor();
    await memberPage.getByText('No invitations from publications.').waitFor();

    await open('/studio/members', 'Members');
    await page.locator(`[data-member="${member.username}"]`).waitFor();
    await page.getByText('No pending invitations.').waitFor();
    await page.getByRole('button', { name: `Remove ${member.fullname} (@${member.username})` }).waitFor();
  });

  it('lists the member’s articles in Articles; the owner pins one (first on the public list) and detaches another', async () => {
    const id = await publicationId();
    pinnedId = await publishInto(member, pinnedTitle, id);
    detachedId = await publishInto(member, detachedTitle, id);
    await openUntil('/studio/articles', 'Articles', () => page.locator(`[data-article="${pinnedId}"]`));
    await page.locator(`[data-article="${detachedId}"]`).waitFor();
    // Newest first, each with its author, audience and counts.
    expect(await page.locator('[data-article]').evaluateAll((rows) => rows.map((row) => row.dataset.article))).toEqual([
      detachedId,
      pinnedId,
    ]);
    const row = page.locator(`[data-article="${pinnedId}"]`);
    await row.getByText(`By @${member.username}`, { exact: false }).waitFor();
    expect(await row.locator('[data-article-figures]').textContent()).toBe('Free · Views: 0 · Reads: 0');
    await expectAccessible(page, 'articles of the publication');

    await page.getByRole('button', { name: `Pin “${pinnedTitle}”` }).click();
    await confirmed(page, 'The article has been pinned.');
    await page.locator(`[data-article="${pinnedId}"][data-pinned="true"]`).waitFor();
    await row.getByRole('button', { name: `Unpin “${pinnedTitle}”` }).waitFor();
    expect(await row.locator('[data-article-figures]').textContent()).toBe('Pinned · Free · Views: 0 · Reads: 0');
    // The publication's public list puts it first.
    const publicList = await owner.client.get<{ pinned: string[]; items: { id: string; pinned: boolean }[] }>(
      `/api/core-publications/${id}/articles`,
    );
    expect(publicList.body.pinned).toEqual([pinnedId]);
    expect(publicList.body.items.map((item) => [item.id, item.pinned])).toEqual([
      [pinnedId, true],
      [detachedId, false],
    ]);

    await page.getByRole('button', { name: `Detach “${detachedTitle}”` }).click();
    await confirmed(page, 'The article has been detached: it stays under its author.');
    await page.locator(`[data-article="${detachedId}"]`).waitFor({ state: 'detached' });
    await expectAccessible(page, 'articles with a pinned one');
    // Gone from the publication for good (articles makes it personal on publications' event).
    await openUntil('/studio/articles', 'Articles', () => page.locator(`[data-article="${pinnedId}"]:only-child`));
    const article = await member.client.get<{ publicationId: string | null }>(`/api/articles/${detachedId}`);
    expect(article.body.publicationId).toBeNull();
  });

  it('creates a monthly plan, shown in manats with ₼', async () => {
    await open('/studio/plans', 'Plans');
    await page.getByText('No paid plans yet', { exact: false }).waitFor();
    await page.getByLabel('Price in manats (₼)').fill('0,5');
    await page.getByRole('button', { name: 'Create the plan' }).click();
    await page.getByText('At least ₼1.00.').waitFor();
    await page.getByLabel('Billing period').selectOption('month');
    await page.getByLabel('Price in manats (₼)').fill('4.50');
    await page.getByRole('button', { name: 'Create the plan' }).click();
    await confirmed(page, 'The plan has been created.');
    const price = page.locator('[data-plan="month"] [data-price]');
    await price.waitFor();
    expect(await price.textContent()).toBe('₼4.50 a month');
    // Only the yearly period is left to create.
    expect(await page.getByLabel('Billing period').locator('option').allTextContents()).toEqual(['Yearly']);
    // Deleting asks first and says what happens to the subscribers.
    await page.getByRole('button', { name: 'Delete the monthly plan' }).click();
    await page
      .locator('[data-plan="month"]')
      .getByText('Subscribers keep access until their period ends', { exact: false })
      .waitFor();
    await expectAccessible(page, 'plan deletion asked');
    await page.getByRole('button', { name: 'Keep it' }).click();
  });

  it('changes the description under the stated 14-day rule', async () => {
    await open('/studio/settings', 'Settings');
    await page.getByText('The name and the address can each be changed once every 14 days.').waitFor();
    await page.getByRole('textbox', { name: 'Description', exact: true }).fill('Long reads from Baku, every week.');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await confirmed(page, 'The publication has been saved.');
    await open('/studio', 'Dashboard');
    expect(await page.locator('[data-description]').textContent()).toBe('Long reads from Baku, every week.');
  });

  it('uploads a logo in settings: previewed, saved, and the new logo shown from /media', async () => {
    await open('/studio/settings', 'Settings');
    expect(await page.locator('img[data-image="logo"]').count()).toBe(0);
    await page.locator('[data-image-input="logo"]').setInputFiles({
      name: 'logo.png',
      mimeType: 'image/png',
      buffer: png(320, 320),
    });
    await page.getByRole('img', { name: 'Preview of the chosen file' }).waitFor();
    await page.locator('[data-image-upload="logo"]').click();
    await confirmed(page, 'The logo has been saved.');
    const logo = page.locator('img[data-image="logo"]');
    await logo.waitFor();
    expect(await logo.getAttribute('src')).toMatch(/^\/media\/publications\/[0-9a-f-]{36}\/logo-[0-9a-f]{32}\.jpg$/);
    // The browser loaded it: the server's 200×200 JPEG.
    await page.waitForFunction(() => {
      const image = document.querySelector<HTMLImageElement>('img[data-image="logo"]');
      return image?.complete === true && image.naturalWidth > 0;
    });
    expect(await logo.evaluate((image: HTMLImageElement) => [image.naturalWidth, image.naturalHeight])).toEqual([
      200, 200,
    ]);
    await expectAccessible(page, 'settings with a logo');

    // A file that is no picture: the publication's words, not the profile picture's.
    await page.locator('[data-image-input="logo"]').setInputFiles({
      name: 'logo.gif',
      mimeType: 'image/gif',
      buffer: Buffer.from('GIF89a'),
    });
    const error = page.getByRole('alert').filter({ hasText: 'The logo' });
    await error.getByText('The logo must be a JPG or PNG image.').waitFor();
    expect(await error.textContent()).not.toMatch(/profile/i);
    expect(await page.locator('[data-image-input="logo"]').getAttribute('aria-invalid')).toBe('true');
    await expectAccessible(page, 'settings with a refused logo');
  });

  it('draws the analytics as charts beside their tables, the owner’s revenue in ₼; a member sees no revenue', async () => {
    await open('/studio/analytics', 'Analytics');
    // uPlot draws on a canvas inside each chart box (loaded with the first chart).
    await page.locator('[data-chart] canvas').first().waitFor();
    expect(await page.locator('[data-chart]').count()).toBe(3);
    expect(await page.locator('[data-chart] canvas').count()).toBe(3);
    const charts = await page
      .locator('[data-chart]')
      .evaluateAll((boxes) =>
        boxes.map((box) => ({ role: box.getAttribute('role'), label: box.getAttribute('aria-label') ?? '' })),
      );
    expect(charts.map((chart) => chart.role)).toEqual(['img', 'img', 'img']);
    expect(charts[2]!.label).toMatch(/^Chart: Revenue per day\. In the period: Revenue: ₼\d+\.\d{2}\./);
    // The same numbers as tables: one row per day of the 30.
    const series = page.locator('table[data-series-table]');
    expect(await series.count()).toBe(2);
    expect(await series.first().locator('tbody tr').count()).toBe(30);
    expect(await series.first().locator('caption').textContent()).toBe('Views and reads per day, newest first');
    expect(await series.first().locator('thead th').allTextContents()).toEqual(['Date', 'Views', 'Reads']);
    const revenue = page.locator('table[data-revenue-table]');
    expect(await revenue.locator('tbody tr').count()).toBe(30);
    expect(await revenue.locator('thead th').allTextContents()).toEqual(['Date', 'Revenue', 'Payments']);
    for (const amount of await revenue.locator('tbody td:nth-of-type(1)').allTextContents()) {
      expect(amount).toMatch(/^₼\d+\.\d{2}$/);
    }
    await page.locator('[data-revenue-total]').getByText('In the period: ₼', { exact: false }).waitFor();
    // 90 days: the tables follow the period.
    await page.getByLabel('Period', { exact: true }).selectOption('90');
    await page.waitForFunction(() => document.querySelectorAll('table[data-revenue-table] tbody tr').length === 90);
    expect(await series.first().locator('tbody tr').count()).toBe(90);
    await expectAccessible(page, 'analytics over 90 days');

    await open('/studio/analytics', 'Analytics', memberPage);
    await memberPage.locator('[data-chart] canvas').first().waitFor();
    expect(await memberPage.locator('[data-chart]').count()).toBe(2);
    expect(await memberPage.locator('table[data-revenue-table]').count()).toBe(0);
    expect(await memberPage.locator('table[data-series-table]').count()).toBe(2);
  });

  it('renders the income page: the under-construction note and, with no payment yet, its empty state', async () => {
    await open('/studio/income', 'Income');
    const note = page.locator('[data-under-construction]');
    await note.getByRole('heading', { level: 2, name: 'Under construction' }).waitFor();
    await page.getByRole('heading', { level: 2, name: 'By month' }).waitFor();
    await page.locator('[data-income-empty]').getByText('No payments received yet.').waitFor();
    await page.locator('[data-income-empty]').getByRole('link', { name: 'Go to the plans' }).waitFor();
    expect(await page.locator('[data-income-entry]').count()).toBe(0);
    await expectAccessible(page, 'income without payments');
  });

  it('connects a payout account: the button opens the provider’s onboarding page; the way back is worded', async () => {
    await open('/studio/income', 'Income');
    const payout = page.locator('[data-merchant="none"]');
    await payout.getByRole('heading', { level: 2, name: 'Payout account' }).waitFor();
    await payout.getByText('To sell paid plans, connect a payout account', { exact: false }).waitFor();
    // The provider's page (stripe-mock answers a fixed URL) is answered by a stand-in page.
    const site = new URL(SITE).host;
    const elsewhere = (url: URL) => url.host !== site;
    await page.route(elsewhere, (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: '<!doctype html><title>Onboarding</title><h1>Onboarding</h1>',
      }),
    );
    const [navigation] = await Promise.all([
      page.waitForRequest((request) => request.isNavigationRequest() && elsewhere(new URL(request.url()))),
      payout.getByRole('button', { name: 'Connect a payout account' }).click(),
    ]);
    // The onboarding page the gateway answers (stripe-mock's link is the same each time for the same account).
    const link = await owner.client.post<{ url: string }>(
      `/api/core-publications/${await publicationId()}/studio/income/connect`,
    );
    expect(link.status).toBe(200);
    expect(link.body.url).toMatch(/^https:\/\//);
    expect(navigation.url()).toBe(link.body.url);
    await page.waitForURL((at) => at.href === link.body.url);
    await page.getByRole('heading', { level: 1, name: 'Onboarding' }).waitFor();
    await page.unroute(elsewhere);

    // The provider sends the owner back when the link expired: the account exists, its setup is unfinished.
    await open('/studio/income?connect=again', 'Income');
    const onboarding = page.locator('[data-merchant="onboarding"]');
    await onboarding
      .locator('[data-merchant-back="again"]')
      .getByText('The setup link expired or the setup was left unfinished.', { exact: false })
      .waitFor();
    await onboarding.getByRole('button', { name: 'Continue the setup' }).waitFor();
    await expectAccessible(page, 'income with an unfinished payout account');
    // Back from a finished setup, before Stripe's webhook: said to be on its way.
    await open('/studio/income?connected=1', 'Income');
    await onboarding.locator('[data-merchant-back="returned"]').waitFor();

    // Stripe enables charges: the account is connected, and the button is gone.
    const id = await publicationId();
    expect((await deliverSigned(SITE, accountEnabled(await merchantAccountId(id)))).status).toBe(200);
    await open('/studio/income?connected=1', 'Income');
    const connected = page.locator('[data-merchant="connected"]');
    await connected.getByText('Your payout account is connected: readers can buy your paid plans.').waitFor();
    expect(await page.locator('[data-merchant-connect]').count()).toBe(0);
    await expectAccessible(page, 'income with a connected payout account');
  });

  it('exports the subscribers as a CSV file built in the browser', async () => {
    const mine = await owner.client.get<{ publication: { id: string } }>('/api/ttin/pbls');
    const subscribed = await reader.client.request('POST', `/api/core-publications/${mine.body.publication.id}/sub`);
    expect(subscribed.status).toBe(201);
    await open('/studio/subscribers', 'Subscribers');
    await page.locator(`[data-subscriber="${reader.username}"]`).waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export as CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`${publication.slug}-subscribers.csv`);
    const path = await download.path();
    const { readFile } = await import('node:fs/promises');
    const text = (await readFile(path)).toString('utf8');
    const lines = text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('username,full name,tier,subscribed at,paid until,cancelled at');
    expect(lines.slice(1).map((line) => line.split(',').slice(0, 3))).toEqual([
      [reader.username, reader.fullname, 'free'],
    ]);
    await page.getByText('The CSV file has been downloaded.').waitFor();
  });

  it('shows a member neither the owner’s sections nor the owner’s buttons', async () => {
    await open('/studio', 'Dashboard', memberPage);
    await memberPage.getByText('Your role: Member').waitFor();
    const nav = memberPage.getByRole('navigation', { name: 'Studio sections' });
    const links = await nav.getByRole('link').allTextContents();
    expect(links).toEqual(['Dashboard', 'Analytics', 'Comments', 'Members', 'Articles']);
    for (const heading of OWNER_ONLY) expect(links).not.toContain(heading);

    await open('/studio/members', 'Members', memberPage);
    await memberPage.locator(`[data-member="${owner.username}"]`).waitFor();
    expect(await memberPage.getByRole('button', { name: /^Remove / }).count()).toBe(0);
    expect(await memberPage.getByLabel('Username').count()).toBe(0);
    expect(await memberPage.getByRole('heading', { name: 'Pending invitations' }).count()).toBe(0);
    await memberPage.getByRole('heading', { level: 2, name: 'Leave the publication' }).waitFor();
    await expectAccessible(memberPage, 'members as a member');

    // An owner's page opened directly says it is the owner's.
    await open('/studio/plans', 'Plans', memberPage);
    await memberPage.getByText('Only the owner of the publication can see this page.').waitFor();
    expect(await memberPage.getByRole('button', { name: 'Create the plan' }).count()).toBe(0);
    await open('/studio/articles', 'Articles', memberPage);
    // Their own article: they may detach it, never pin or unpin.
    await memberPage.getByRole('button', { name: `Detach “${pinnedTitle}”` }).waitFor();
    expect(await memberPage.getByRole('button', { name: /^(Pin|Unpin) / }).count()).toBe(0);
    await expectAccessible(memberPage, 'articles as a member');
  });

  it.each(['light', 'dark'])('has no axe-core violations on any studio page in the %s theme', async (theme) => {
    await useTheme(page, owner, theme);
    for (const [i, [path, heading]] of PAGES.entries()) {
      await sweepPage(path, heading, page, i === 0);
      expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe(theme);
      await expectAccessible(page, `${path} (${theme})`);
    }
  });

  it('fits every studio page on a phone without horizontal scroll or axe-core violations, by keyboard too', async () => {
    const phone = await newContext(owner, { width: 375, height: 812 }, true);
    const mobile = await newPage(phone);
    for (const theme of ['light', 'dark']) {
      await mobile.goto(`${SITE}/about`);
      await useTheme(mobile, owner, theme);
      for (const [i, [path, heading]] of PAGES.entries()) {
        await sweepPage(path, heading, mobile, i === 0);
        const state = await mobile.evaluate(() => ({
          theme: document.documentElement.dataset.theme,
          overflow: document.documentElement.scrollWidth - document.documentElement.clientWidth,
        }));
        expect({ path, ...state }).toEqual({ path, theme, overflow: 0 });
        await expectAccessible(mobile, `${path} (${theme}, 375 px)`);
      }
    }
    // Azerbaijani and Russian (longer words, the manat after the amount) fit too.
    // The manat sign always; the digits as the browser's locale data for the language writes them (Chromium's
    // Azerbaijani data is thinner than Node's).
    for (const [language, price] of [
      ['az', /₼/],
      ['ru', /4,50\s₼/],
    ] as const) {
      expect((await owner.client.request('PUT', '/api/ttin/prefs/language', { language })).status).toBeLessThan(300);
      await mobile.evaluate((value) => localStorage.setItem('pc_lang', value), language);
      for (const [i, [path]] of PAGES.entries()) {
        if (i === 0) await mobile.goto(`${SITE}${path}`);
        else await navigateInApp(mobile, path, '.pc-studio__title');
        await mobile.locator('.pc-studio__title').waitFor();
        await settled(mobile);
        const state = await mobile.evaluate(() => ({
          lang: document.documentElement.lang,
          overflow: document.documentElement.scrollWidth - document.documentElement.clientWidth,
        }));
        expect({ path, ...state }).toEqual({ path, lang: language, overflow: 0 });
        if (path === '/studio/plans') {
          const shown = await mobile.locator('[data-plan="month"] [data-price]').textContent();
          expect(shown).toMatch(price);
        }
      }
    }
    await owner.client.request('PUT', '/api/ttin/prefs/language', { language: 'en' });
    await mobile.evaluate(() => localStorage.setItem('pc_lang', 'en'));

    // Keyboard only: Tab from the section navigation's last link reaches the page's first field.
    await open('/studio/settings', 'Settings', mobile);
    await mobile.getByRole('link', { name: 'Deletion', exact: true }).focus();
    await mobile.keyboard.press('Tab');
    expect(await mobile.evaluate(() => (document.activeElement as HTMLInputElement | null)?.value)).toBe(
      publication.name,
    );
    await phone.close();
  });

  it('deletes the publication once its slug is typed; the owner can create another', async () => {
    await open('/studio/delete', 'Deletion');
    await page.getByText('Its articles stay under their authors, as personal articles.').waitFor();
    await page.getByLabel(`Type ${publication.slug} to confirm`).fill('something-else');
    await page.getByRole('button', { name: 'Delete the publication' }).click();
    await page.getByText('Type the address exactly as shown.').waitFor();
    await page.getByLabel(`Type ${publication.slug} to confirm`).fill(publication.slug);
    await page.getByRole('button', { name: 'Delete the publication' }).click();
    await confirmed(page, 'The publication has been deleted.');
    await page.getByRole('heading', { level: 2, name: 'Create a publication' }).waitFor();
    // The member's studio has nothing left to show.
    await open('/studio', 'Studio', memberPage);
    await memberPage.getByRole('heading', { level: 2, name: 'No publication yet' }).waitFor();
  });
});
