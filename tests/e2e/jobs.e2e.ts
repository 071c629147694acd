// Jobs (issue #17) in Chromium against the whole platform: a publication's owner posts a job from the studio's jobs
// page (the rules' checks shown before anything is sent: a missing title, a javascript: apply address); a visitor
// finds it at /jobs by a filter and words typed with the keyboard, opens it and sees its salary in manats, its
// publication and its apply link (the address as posted); the owner closes it with a confirmation, after which its
// page says it is closed without an apply link and the filtered list is empty. axe-core on the studio page and the
// visitor's pages, light and dark, and at 375 px (no horizontal scroll) in az and ru too.
//
// Through the API (no screen for it): the owner's account and publication.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { expectAccessible, launchBrowser, networkQuiet } from '../support/browser.ts';
import { useClientAddress } from '../support/client-address.ts';
import { rememberSecret } from '../support/log-hygiene.ts';
import { signInBrowser, signUp, type Person } from '../support/reader-fixtures.ts';
import { stack } from '../support/stack.ts';

const SITE = `http://localhost:${stack.gateway.httpPort}`;
/** This suite's own loopback address: the gateway's per-address limits count its requests apart from other suites'. */
const CLIENT_ADDRESS = '127.0.0.104';
useClientAddress(CLIENT_ADDRESS);
const suffix = Date.now().toString(36);
const publication = { name: `Jobs Gazette ${suffix}`, slug: `jobs-${suffix}` };
/** A word only this run's job has, so the filtered list is this run's. */
const word = `Xəzər${suffix}`;
const title = `Translator ${word}`;

let browser: Browser;
let owner: Person;
let ownerContext: BrowserContext;
let visitorContext: BrowserContext;
let studio: Page;
let visitor: Page;
let jobUrl = '';
const consoleErrors: string[] = [];

async function newPage(context: BrowserContext): Promise<Page> {
  const target = await context.newPage();
  target.setDefaultTimeout(20_000);
  target.on('console', (message) => {
    // Refused requests are expected where the suite sends wrong input on purpose.
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) {
      consoleErrors.push(message.text());
    }
  });
  target.on('pageerror', (error) => consoleErrors.push(error.message));
  return target;
}

async function settled(target: Page) {
  await networkQuiet(target);
  await target.waitForFunction(() => !document.querySelector('.pc-spinner, .pc-remote-loading'));
}

async function open(target: Page, path: string, heading: string | RegExp) {
  await target.goto(`${SITE}${path}`);
  await target.getByRole('heading', { level: 1, name: heading }).waitFor();
  await settled(target);
}

/** The success dialog of an action: its message, then closed. */
async function confirmed(target: Page, message: string) {
  const dialog = target.getByRole('dialog');
  await dialog.getByText(message, { exact: false }).waitFor();
  await dialog.getByRole('button').first().click();
  await dialog.waitFor({ state: 'hidden' });
}

const overflow = (target: Page) =>
  target.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

beforeAll(async () => {
  owner = await signUp(SITE, `jobown_${suffix}`, 'Leyla İşverən');
  rememberSecret(publication.name);
  const created = await owner.client.post('/api/core-publications', publication);
  expect(created.status).toBe(201);
  browser = await launchBrowser({ clientAddress: CLIENT_ADDRESS });
  ownerContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await ownerContext.addInitScript(() => {
    if (!localStorage.getItem('pc_lang')) localStorage.setItem('pc_lang', 'en');
    localStorage.setItem('pc_consent', 'true');
  });
  await signInBrowser(ownerContext, owner, SITE);
  visitorContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await visitorContext.addInitScript(() => {
    if (!localStorage.getItem('pc_lang')) localStorage.setItem('pc_lang', 'en');
    localStorage.setItem('pc_consent', 'true');
  });
  studio = await newPage(ownerContext);
  visitor = await newPage(visitorContext);
});

afterEach(async () => {
  // A failing step's browser errors, for its post-mortem.
  if (consoleErrors.length) console.log(consoleErrors.splice(0).join('\n'));
});

afterAll(async () => {
  await browser?.close();
});

describe('jobs', () => {
  it('lets the owner post a job from the studio, checked before it is sent', async () => {
    await open(studio, '/studio/jobs', 'Jobs');
    await studio.getByText('The publication has not posted any jobs yet.').waitFor();
    await expectAccessible(studio, '/studio/jobs (empty)');

    await studio.getByRole('button', { name: 'Post the job' }).click();
    await studio.getByText('Write the title.').waitFor();
    await studio.getByText('Say where to apply.').waitFor();

    await studio.getByLabel('Title').fill(title);
    await studio
      .getByLabel('Description')
      .fill('Translate our long reads from Azerbaijani into English.\n\nTwo articles a week, deadlines on Fridays.');
    await studio.getByLabel('Employment type').selectOption({ label: 'Contract' });
    await studio.getByLabel('Kind of work').selectOption({ label: 'Translation' });
    await studio.getByLabel('Location', { exact: true }).fill('Bakı');
    await studio.getByLabel('The work may be done remotely').check();
    await studio.getByLabel('Salary from (₼ a month)').fill('1500');
    await studio.getByLabel('Salary up to (₼ a month)').fill('2500,50');
    await studio.getByLabel('Where to apply').fill('javascript:alert(1)');
    await studio.getByRole('button', { name: 'Post the job' }).click();
    await studio.getByText('Use an http:// or https:// address or an e-mail address.').waitFor();
    await expectAccessible(studio, '/studio/jobs (refused)');

    await studio.getByLabel('Where to apply').fill('https://example.az/apply');
    await studio.getByRole('button', { name: 'Post the job' }).click();
    await confirmed(studio, 'The job is posted.');
    const row = studio.locator('[data-job]', { hasText: title });
    await row.getByText('Open', { exact: true }).waitFor();
    await expectAccessible(studio, '/studio/jobs (one job)');
  });

  it('lets a visitor find the job by a filter and words, and open it', async () => {
    await open(visitor, '/jobs', 'Jobs');
    // Keyboard only: the words, the kind of work, then Enter submits the filters.
    await visitor.getByLabel('Words').focus();
    await visitor.keyboard.type(word);
    await visitor.getByLabel('Kind of work').selectOption({ label: 'Translation' });
    await visitor.getByLabel('Words').focus();
    await visitor.keyboard.press('Enter');
    await visitor.waitForURL(/\/jobs\?q=.*&category=translation$/);
    await settled(visitor);
    const card = visitor.locator('[data-job]');
    expect(await card.count()).toBe(1);
    await card.getByText('Contract').waitFor();
    await card.getByText('Remote').waitFor();
    expect(await card.locator('[data-salary]').textContent()).toBe('₼1,500.00 – ₼2,500.50 a month');
    await expectAccessible(visitor, '/jobs (filtered)');

    await card.getByRole('link', { name: title }).click();
    await visitor.getByRole('heading', { level: 1, name: title }).waitFor();
    await settled(visitor);
    jobUrl = visitor.url();
    expect(jobUrl).toMatch(/\/jobs\/[0-9a-f-]{36}$/);
    const apply = visitor.getByRole('link', { name: 'Apply', exact: true });
    expect(await apply.getAttribute('href')).toBe('https://example.az/apply');
    expect(await apply.getAttribute('rel')).toBe('noopener noreferrer nofollow');
    await visitor.getByRole('link', { name: publication.name }).waitFor();
    // The description's paragraphs as written, as text.
    expect(await visitor.locator('.pc-job__description').textContent()).toBe(
      'Translate our long reads from Azerbaijani into English.\n\nTwo articles a week, deadlines on Fridays.',
    );
    await expectAccessible(visitor, '/jobs/:id (light)');

    await visitor.evaluate(() => localStorage.setItem('pc_theme', 'dark'));
    await open(visitor, new URL(jobUrl).pathname, title);
    expect(await visitor.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    await expectAccessible(visitor, '/jobs/:id (dark)');
    await open(visitor, `/jobs?q=${encodeURIComponent(word)}`, 'Jobs');
    await expectAccessible(visitor, '/jobs (dark)');
  });

  it('fits a phone in az and ru', async () => {
    const phone = await browser.newContext({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });
    const mobile = await newPage(phone);
    const path = new URL(jobUrl).pathname;
    for (const [language, applyName, listTitle] of [
      ['az', 'Müraciət et', 'Vakansiyalar'],
      ['ru', 'Откликнуться', 'Вакансии'],
    ] as const) {
      await mobile.goto(`${SITE}/about`);
      await mobile.evaluate((value) => {
        localStorage.setItem('pc_lang', value);
        localStorage.setItem('pc_consent', 'true');
      }, language);
      await open(mobile, path, title);
      await mobile.getByRole('link', { name: applyName, exact: true }).waitFor();
      expect({ language, lang: await mobile.evaluate(() => document.documentElement.lang) }).toEqual({
        language,
        lang: language,
      });
      expect({ language, path, overflow: await overflow(mobile) }).toEqual({ language, path, overflow: 0 });
      await expectAccessible(mobile, `${path} (${language}, 375 px)`);
      await open(mobile, `/jobs?q=${encodeURIComponent(word)}`, listTitle);
      await mobile.locator('[data-job]').first().waitFor();
      expect({ language, path: '/jobs', overflow: await overflow(mobile) }).toEqual({
        language,
        path: '/jobs',
        overflow: 0,
      });
      await expectAccessible(mobile, `/jobs (${language}, 375 px)`);
    }
    await phone.close();
  });

  it('lets the owner close the job: its page says so without an apply link, the list no longer has it', async () => {
    await open(studio, '/studio/jobs', 'Jobs');
    const row = studio.locator('[data-job]', { hasText: title });
    await row.getByRole('button', { name: `Close the job “${title}”` }).click();
    await row.getByText('A closed job leaves the jobs list; its page stays, marked closed.').waitFor();
    await row.getByRole('button', { name: 'Close the job', exact: true }).click();
    await confirmed(studio, 'The job is closed.');
    await studio.locator('[data-job][data-status="closed"]', { hasText: title }).waitFor();
    await row.getByText('Closed', { exact: true }).waitFor();
    // The studio's page in the dark theme and on a phone's width.
    await studio.evaluate(() => localStorage.setItem('pc_theme', 'dark'));
    await studio.setViewportSize({ width: 375, height: 812 });
    await open(studio, '/studio/jobs', 'Jobs');
    expect(await studio.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    expect(await overflow(studio)).toBe(0);
    await expectAccessible(studio, '/studio/jobs (dark, 375 px)');

    await open(visitor, new URL(jobUrl).pathname, title);
    await visitor.getByText('This job is closed: it no longer takes applications.', { exact: false }).waitFor();
    expect(await visitor.getByRole('link', { name: 'Apply', exact: true }).count()).toBe(0);
    await expectAccessible(visitor, '/jobs/:id (closed, dark)');
    await open(visitor, `/jobs?q=${encodeURIComponent(word)}&category=translation`, 'Jobs');
    await visitor.getByText('No open jobs match these filters.').waitFor();
    expect(await visitor.locator('[data-job]').count()).toBe(0);
  });
});
