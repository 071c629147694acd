// Issue #16's journey in Chromium against the whole platform: a reader without a support account sees each missing
// condition explained and linked; an author who meets them (set up through the API: the profile's country, a phone
// verified with the SMS code, a published article) opens the account on the settings page; a reader supports them
// from the article page (the dialog sends the browser to the payment provider's hosted checkout page, answered here
// by a stand-in; the suite then delivers the provider's signed webhook as Stripe would) and, back with ?support={id},
// reads the author's thanks; the author sees the live notification and the balance, adds a card (only its last four
// digits ever shown, the number never in the browser's storage), requests a payout and is refused beyond each limit
// (the per-request range, the balance, one payout at a time, the monthly cap) with the right message in en, az and
// ru; the finance staff signs in to the console through Keycloak and marks the payout processing, then paid with the
// transfer's reference, which the author sees live and on the payouts page; a second support through the profile's
// button fills the balance up to the monthly cap's refusal; the profile's supporters tab names the reader; the
// deactivated account takes no support. axe-core on every state the journey adds, both themes and 375 px for the
// settings screens; the support dialog and the staff's confirmation are driven by the keyboard.
//
// Through the API (no screen for them, or not this suite's subject): the sign-ups, the author's country, phone and
// article (the moderation service's approval: tests/support/review.ts), the ids of the support and the payout, and
// the provider's webhook. The card number is remembered as a secret: the log-hygiene check fails the run if any log
// line holds it.
import { formatManat } from '@pencraft/rules';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { appReady, expectAccessible, launchBrowser, navigateInApp, networkQuiet } from '../support/browser.ts';
import { useClientAddress } from '../support/client-address.ts';
import { staffCredentials } from '../support/keycloak.ts';
import { rememberSecret } from '../support/log-hygiene.ts';
import { codeIn, smsMailboxOf, waitForMail } from '../support/mailbox.ts';
import { publishArticle, signInBrowser, signUp, type Person } from '../support/reader-fixtures.ts';
import { closeReviewClient } from '../support/review.ts';
import { stack } from '../support/stack.ts';
import { deliverSigned, supportPaid, type StripeEvent } from '../support/stripe-webhooks.ts';
import { typedApi } from '../support/typed-api.ts';

const PORT = stack.gateway.httpPort;
const SITE = `http://localhost:${PORT}`;
/** This suite's own loopback address: the gateway's per-address limits count its requests apart from other suites'. */
const CLIENT_ADDRESS = '127.0.0.97';
useClientAddress(CLIENT_ADDRESS);
const API = `http://${CLIENT_ADDRESS}:${PORT}`;
const run = Date.now().toString(36);
/** stripe-mock's hosted checkout address: not a page, so the browser is answered a stand-in there. */
const CHECKOUT = /^https:\/\/checkout\.stripe\.com\//;
const title = `Caspian sturgeon ${run}`;
const THANKS = `Sağ olun! Your support keeps these notes coming ${run}.`;
/** Stripe's test Visa: valid by Luhn, and a secret for the log-hygiene check. */
const CARD = '4242 4242 4242 4242';
const CARD_DIGITS = CARD.replaceAll(' ', '');
const HOLDER = 'Nigar Muallifova';
const REFERENCE = `TRX-${run}`;
rememberSecret(CARD_DIGITS, CARD);

let browser: Browser;
let staffBrowser: Browser;
let author: Person;
let reader: Person;
let articleId = '';
const contexts = new Map<Person, BrowserContext>();
const pages = new Map<Person, Page>();
let staffPage: Page;
const consoleErrors: string[] = [];
const streams: string[] = [];

/** Amounts as the pages write them, with any kind of space between the number and the sign. */
const money = (text: string) => new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\s/g, '\\s'));

// The messages each language gives: the settings' own check (the per-request range) and the API's refusals (the
// error catalogue, packages/errors), written out here so the suite proves what people read.
const MESSAGES = {
  en: {
    range: 'A payout is from {min} to {max}.',
    InsufficientFunds: 'Your balance is too low for this amount.',
    HasActivePayout: 'You already have a payout in progress.',
    MonthlyPayoutLimitReached: 'You have reached the monthly payout limit (100 AZN).',
  },
  az: {
    range: 'Bir çıxarış {min} ilə {max} arasında olmalıdır.',
    InsufficientFunds: 'Balansınızda kifayət qədər vəsait yoxdur.',
    HasActivePayout: 'Sizin artıq icrada olan vəsait çıxarma sorğunuz var.',
    MonthlyPayoutLimitReached: 'Aylıq vəsait çıxarma limitinə (100 AZN) çatmısınız.',
  },
  ru: {
    range: 'Одна выплата — от {min} до {max}.',
    InsufficientFunds: 'Недостаточно средств на балансе.',
    HasActivePayout: 'У вас уже есть выплата в обработке.',
    MonthlyPayoutLimitReached: 'Достигнут месячный лимит выплат (100 AZN).',
  },
} as const;
type Language = keyof typeof MESSAGES;
const LANGUAGES: readonly Language[] = ['en', 'az', 'ru'];
/** The payout form's labels in each language (the settings catalogue). */
const AMOUNT_LABEL: Record<Language, string> = {
  en: 'Amount in manats',
  az: 'Məbləğ (manatla)',
  ru: 'Сумма в манатах',
};
const SUBMIT: Record<Language, string> = {
  en: 'Request the payout',
  az: 'Sorğu göndər',
  ru: 'Запросить выплату',
};

async function newContext(person?: Person, target: Browser = browser, viewport = { width: 1280, height: 900 }) {
  const context = await target.newContext({ viewport, locale: 'en-US' });
  await context.addInitScript(() => {
    try {
      if (!localStorage.getItem('pc_lang')) localStorage.setItem('pc_lang', 'en');
      localStorage.setItem('pc_consent', 'true');
      if (!localStorage.getItem('pc_theme')) localStorage.setItem('pc_theme', 'light');
    } catch {
      // not the site's document
    }
  });
  if (person) {
    await signInBrowser(context, person, SITE);
    rememberSecret(...(await context.cookies()).filter((c) => c.name === 'pc_su').map((c) => c.value));
  }
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
  target.on('response', (response) => {
    if (response.url().includes('/api/notifications/stream')) streams.push(`${response.status()} ${response.url()}`);
  });
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

/** A support screen of a sweep: the first loaded, the others opened in the app already loaded. */
async function sweepScreen(target: Page, path: string, first: boolean) {
  if (first) await target.goto(`${SITE}${path}`);
  else await navigateInApp(target, path, '.pc-settings__title');
  await target.locator('.pc-settings__title').waitFor();
  await settled(target);
}

/** The success dialog of an action (the UI kit's feedback): its message, then closed. */
async function confirmed(target: Page, message: string | RegExp) {
  const dialog = target.getByRole('dialog').filter({ hasText: message });
  await dialog.waitFor();
  await dialog.getByRole('button').first().click();
  await dialog.waitFor({ state: 'hidden' });
}

/** The interface language of the account and of this browser, for the next page load. */
async function useLanguage(person: Person, target: Page, language: Language) {
  const answer = await typedApi(person.client).PUT('/api/ttin/prefs/language', { body: { language } });
  expect(answer.status).toBeLessThan(300);
  await target.evaluate((value) => localStorage.setItem('pc_lang', value), language);
}

async function useTheme(person: Person, target: Page, theme: 'light' | 'dark') {
  const answer = await typedApi(person.client).PUT('/api/ttin/prefs/theme', { body: { theme } });
  expect(answer.status).toBeLessThan(300);
  await target.evaluate((value) => localStorage.setItem('pc_theme', value), theme);
}

/** Posts a Stripe event to the donations endpoint, signed with that endpoint's own secret, as Stripe does. */
const deliverSupportWebhook = (event: StripeEvent) => deliverSigned(API, event, { endpoint: 'donations' });

/**
 * Fills the open support dialog and continues to payment: answers the support's id once the browser has gone to the
 * provider's (stand-in) page.
 */
async function supportThroughDialog(target: Page, amount: string, { keyboard = false } = {}): Promise<string> {
  const dialog = target.getByRole('dialog', { name: /^Support / });
  await dialog.waitFor();
  await target.route(CHECKOUT, (route) =>
    route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Checkout</title><h1>Checkout</h1>' }),
  );
  const amountField = dialog.getByLabel('Amount in manats');
  if (keyboard) {
    // The dialog takes the focus to its first field: the amount.
    expect(await target.evaluate(() => document.activeElement?.getAttribute('inputmode'))).toBe('decimal');
    await target.keyboard.type(amount);
  } else {
    await amountField.fill(amount);
  }
  // The answer's body is read on its way to the page: the page leaves for the provider at once.
  let initiated: { status: number; body: { supportId?: string } } | undefined;
  await target.route('**/api/donations/initiate', async (route) => {
    const response = await route.fetch();
    initiated = { status: response.status(), body: (await response.json()) as { supportId?: string } };
    await route.fulfill({ response });
  });
  if (keyboard) await target.keyboard.press('Enter');
  else await dialog.getByRole('button', { name: 'Continue to payment' }).click();
  await target.waitForURL(CHECKOUT);
  await target.unroute(CHECKOUT);
  await target.unroute('**/api/donations/initiate');
  expect(initiated?.status).toBe(201);
  const supportId = initiated?.body.supportId ?? '';
  expect(supportId).toMatch(/^[0-9a-f-]{36}$/);
  return supportId;
}

/** The payout form: amount typed, submitted; the message shown under the amount (or the form's). */
async function requestPayout(target: Page, language: Language, amount: string) {
  await target.getByLabel(AMOUNT_LABEL[language]).fill(amount);
  await target.getByRole('button', { name: SUBMIT[language], exact: true }).click();
}

/** Waits for `text` on the page (the refusal under the amount), its {min} and {max} as the page writes them. */
async function sees(target: Page, text: string, language: Language = 'en') {
  // The pages write amounts with formatManat, which spells az, en and ru out itself (Chromium has no Azerbaijani
  // number data): in az the limits read "10,00 ₼" and "100,00 ₼", as on the server.
  const min = formatManat(1_000, language);
  const max = formatManat(10_000, language);
  await target
    .getByText(money(text.replace('{min}', min).replace('{max}', max)))
    .first()
    .waitFor();
}

/** The author's payout form in a language (the account and the browser both speak it). */
async function payoutsIn(language: Language) {
  const page = await pageOf(author);
  await useLanguage(author, page, language);
  await open(page, '/settings/support-payouts');
  await page.locator('[data-payout-form]').waitFor();
  return page;
}

beforeAll(async () => {
  [author, reader] = await Promise.all([
    signUp(API, `dnaut_${run}`, 'Nigar Müəllifova'),
    signUp(API, `dnsup_${run}`, 'Kamran Oxucu'),
  ]);
  const api = typedApi(author.client);
  // SPEC.md section 6: a citizen of Azerbaijan (the profile's country), a verified phone, an article of the last months.
  const country = await api.PUT('/api/me/settings/profile/country', { body: { country: 'AZ' } });
  expect(country.status).toBe(200);
  const phone = `+99450${String(Date.now()).slice(-7)}`;
  rememberSecret(phone);
  const after = new Date();
  const sent = await api.PUT('/api/ttin/phone', { body: { phone } });
  expect(sent.status).toBeLessThan(300);
  const sms = await waitForMail({ to: smsMailboxOf(phone), after });
  const verified = await api.POST('/api/ttin/phone/verify', { body: { code: codeIn(sms) } });
  expect(verified.status).toBeLessThan(300);
  articleId = await publishArticle(author, {
    title,
    description: 'How the Caspian keeps its oldest fish',
    language: 'en',
    category: 'travel',
    blocks: [
      {
        type: 'paragraph',
        data: { text: `The sturgeon of the Caspian has outlived empires ${run}; its future is in our hands.` },
      },
    ],
  });
  browser = await launchBrowser({ clientAddress: CLIENT_ADDRESS });
  staffBrowser = await launchBrowser();
}, 180_000);

afterEach(async () => {
  // A failing step's browser errors, for its post-mortem.
  if (consoleErrors.length > 0) console.warn(consoleErrors.splice(0).join('\n'));
  const name = (expect.getState().currentTestName ?? 'test').replace(/[^a-z0-9]+/gi, '-').slice(0, 80);
  const shots: [string, Page | undefined][] = [
    ['author', pages.get(author)],
    ['reader', pages.get(reader)],
    ['staff', staffPage],
  ];
  for (const [who, target] of shots)
    await target
      ?.screenshot({ path: `${stack.root}/.run/test-reports/e2e/donations-${name}-${who}.png` })
      .catch(() => undefined);
});

afterAll(async () => {
  await browser?.close();
  await staffBrowser?.close();
  closeReviewClient();
});

describe('reader support and payouts', () => {
  it('tells a user who may not open an account each missing condition, with where to meet it', async () => {
    const page = await pageOf(reader);
    await open(page, '/settings/support', 'Support account');
    await page.getByText('You can open a support account once you meet every condition:').waitFor();
    const conditions = page.locator('[data-condition]');
    expect(await conditions.count()).toBe(3);
    for (const [condition, link, href] of [
      ['citizenship', 'Set the country in your profile', '/settings/profile'],
      ['recentArticle', 'Write an article', '/write'],
      ['verifiedPhone', 'Verify your phone number', '/settings/phone'],
    ] as const) {
      const item = page.locator(`[data-condition="${condition}"]`);
      expect(await item.getAttribute('data-met')).toBe('false');
      expect(await item.getByRole('link', { name: link }).getAttribute('href')).toBe(href);
    }
    expect(await page.getByRole('button', { name: 'Open the support account' }).count()).toBe(0);
    await expectAccessible(page, '/settings/support (not eligible)');
    // The other support screens send a user without an account here.
    await open(page, '/settings/support-payouts', 'Payouts');
    await page.getByRole('link', { name: 'Open a support account' }).waitFor();
  });

  it('lets an eligible author open the account with a thanks message; the balance starts at ₼0.00', async () => {
    const page = await pageOf(author);
    await open(page, '/settings/support', 'Support account');
    await page.getByText('You meet every condition.').waitFor();
    expect(await page.locator('[data-condition][data-met="true"]').count()).toBe(3);
    await expectAccessible(page, '/settings/support (eligible)');
    // A thanks message under the rules' minimum is refused here first.
    await page.getByLabel('Thanks message (optional)').fill('Thanks!');
    await page.getByRole('button', { name: 'Open the support account' }).click();
    await page.getByText('The message needs at least 10 characters.').waitFor();
    await page.getByLabel('Thanks message (optional)').fill(THANKS);
    await page.getByRole('button', { name: 'Open the support account' }).click();
    await confirmed(page, 'Your support account is open.');
    await page.locator('[data-balance]').waitFor();
    expect(await page.locator('[data-figure="available"] dd').innerText()).toBe('₼0.00');
    expect(await page.locator('[data-support-active]').innerText()).toBe('Active');
    expect(await page.getByLabel('Message', { exact: true }).inputValue()).toBe(THANKS);
    await expectAccessible(page, '/settings/support (account)');
  });

  it('lets a reader support the author from the article page and read the thanks once the provider confirms', async () => {
    const authorPage = await pageOf(author);
    // The author's page is open, its notification stream connected, when the support arrives.
    streams.length = 0;
    await open(authorPage, '/settings/support', 'Support account');
    for (let waited = 0; streams.length === 0 && waited < 10_000; waited += 100) await authorPage.waitForTimeout(100);

    const page = await pageOf(reader);
    await open(page, `/a/${articleId}`);
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    const box = page.locator('[data-support-author]');
    await box.getByText('Did this help you? Support Nigar Müəllifova with any amount from ₼1.00 to ₼100.00.').waitFor();
    await box.getByRole('button', { name: 'Support the author' }).click();
    const dialog = page.getByRole('dialog', { name: 'Support Nigar Müəllifova' });
    await dialog.waitFor();
    await expectAccessible(page, 'support dialog');
    // Beyond the support limit: refused in the dialog, nothing sent.
    await dialog.getByLabel('Amount in manats').fill('150');
    await dialog.getByRole('button', { name: 'Continue to payment' }).click();
    await dialog.getByText('A support is from ₼1.00 to ₼100.00.').waitFor();
    // Naming oneself is a choice (off until ticked).
    const showName = dialog.getByLabel('Show my name to Nigar Müəllifova and on their profile');
    expect(await showName.isChecked()).toBe(false);
    await showName.check();
    await dialog.getByLabel('A note to the author (optional)').fill(`For the sturgeon ${run}`);
    const supportId = await supportThroughDialog(page, '60');

    // Stripe's side: the checkout was paid. The credit comes from this signed webhook only, once.
    const event = supportPaid({ supportId, amountQepik: 6_000 });
    expect(await deliverSupportWebhook(event)).toEqual({ status: 200, body: { received: true, duplicate: false } });
    expect(await deliverSupportWebhook(event)).toEqual({ status: 200, body: { received: true, duplicate: true } });

    // The provider sends the reader back to the article with the support's id.
    await open(page, `/a/${articleId}?support=${supportId}`);
    const result = page.locator('[data-support-state="paid"]');
    await result.getByText('Thank you! Your support of ₼60.00 has reached Nigar Müəllifova.').waitFor();
    await result.getByText(THANKS).waitFor();
    await expectAccessible(page, 'support result (paid)');
    await result.getByRole('button', { name: 'Close' }).click();
    await page.waitForURL((url) => !url.searchParams.has('support'));

    // The author: the live notification, then the balance.
    const toast = authorPage
      .getByRole('status')
      .getByText(money('New notification: Kamran Oxucu supported you with ₼60.00.'));
    await toast.waitFor({ timeout: 30_000 }).catch((error: unknown) => {
      throw new Error(`no live notification (streams: ${JSON.stringify(streams)})`, { cause: error });
    });
    await open(authorPage, '/settings/support', 'Support account');
    expect(await authorPage.locator('[data-figure="available"] dd').innerText()).toBe('₼60.00');
    expect(await authorPage.locator('[data-figure="received"] dd').innerText()).toBe('₼60.00');
  });

  it('shows the support in the reader’s and the author’s reports, and the reader on the profile’s supporters tab', async () => {
    const page = await pageOf(reader);
    await open(page, '/settings/support-sent', 'My supports');
    const sent = page.locator('[data-sent] [data-state="paid"]');
    await sent.getByText('₼60.00').waitFor();
    await sent.getByRole('link', { name: 'Nigar Müəllifova' }).waitFor();
    expect(await page.locator('[data-csv]').getAttribute('href')).toBe('/api/donations/report/donations/my.csv');
    await expectAccessible(page, '/settings/support-sent');

    const authorPage = await pageOf(author);
    await open(authorPage, '/settings/support-supporters', 'Supporters');
    const received = authorPage.locator('[data-received] li').first();
    await received.getByText('₼60.00').waitFor();
    await received.getByRole('link', { name: 'Kamran Oxucu' }).waitFor();
    await received.getByText(`For the sturgeon ${run}`).waitFor();
    const csv = await authorPage.request.get(`${SITE}/api/donations/report/donations.csv`);
    expect(csv.status()).toBe(200);
    expect(csv.headers()['content-type']).toContain('text/csv');
    expect(await csv.text()).toContain('60.00');
    await expectAccessible(authorPage, '/settings/support-supporters');

    await open(authorPage, '/settings/support-activity', 'Balance activity');
    await authorPage.locator('[data-entry="supportReceived"]').getByText('+₼60.00').waitFor();
    await expectAccessible(authorPage, '/settings/support-activity');

    // Anyone reads the public supporters (no amounts).
    const visitor = await newPage(await newContext());
    await open(visitor, `/@${author.username}?tab=supporters`);
    await visitor
      .locator(`[data-supporters] [data-supporter="${reader.username}"]`)
      .getByText('Kamran Oxucu')
      .waitFor();
    expect(await visitor.locator('[data-supporters]').innerText()).not.toContain('60');
    await expectAccessible(visitor, 'profile supporters tab');
    await visitor.context().close();
  });

  it('adds a payout card, showing only its last four digits and keeping the number out of the browser’s storage', async () => {
    const page = await pageOf(author);
    await open(page, '/settings/support-cards', 'Cards');
    await page.getByText('No card yet.').waitFor();
    const number = page.getByLabel('Card number');
    expect(await number.getAttribute('autocomplete')).toBe('cc-number');
    await number.fill('4242 4242 4242 4241');
    await page.getByLabel('Cardholder name').fill(HOLDER);
    await page.getByRole('button', { name: 'Add the card' }).click();
    await page.getByText('Enter a valid card number (12 to 19 digits).').waitFor();
    await number.fill(CARD);
    await page.getByRole('button', { name: 'Add the card' }).click();
    await confirmed(page, 'Visa •••• 4242 has been added.');
    const row = page.locator('[data-card="4242"]');
    await row.getByText('Visa •••• 4242').waitFor();
    await row.getByText('NIGAR MUALLIFOVA', { exact: false }).waitFor();
    expect(await number.inputValue()).toBe('');
    const stored = await page.evaluate(() => JSON.stringify({ ...localStorage, ...sessionStorage }));
    expect(stored).not.toContain(CARD_DIGITS);
    expect(await page.locator('main').innerText()).not.toContain(CARD_DIGITS.slice(0, 12));
    await expectAccessible(page, '/settings/support-cards');
  });

  it('refuses a payout outside 10-100 ₼ and beyond the balance, in en, az and ru', async () => {
    for (const language of LANGUAGES) {
      const page = await payoutsIn(language);
      await requestPayout(page, language, '5');
      await sees(page, MESSAGES[language].range, language);
      await requestPayout(page, language, '150');
      await sees(page, MESSAGES[language].range, language);
      // 70 ₼ is within the limits but more than the 60 ₼ available: the API refuses it.
      await requestPayout(page, language, '70');
      await sees(page, MESSAGES[language].InsufficientFunds);
    }
    const page = await payoutsIn('en');
    await expectAccessible(page, '/settings/support-payouts (refused)');
  });

  it('requests a payout with its expected date, then refuses a second one while it is active, in en, az and ru', async () => {
    const page = await payoutsIn('en');
    await page
      .getByText('A payout is from ₼10.00 to ₼100.00, and at most ₼100.00 a month.', { exact: false })
      .waitFor();
    await page.getByText('You can withdraw up to ₼60.00 now.', { exact: false }).waitFor();
    await page
      .locator('[data-expected-date]')
      .getByText(/Payouts are processed in 1–5 business days/)
      .waitFor();
    await requestPayout(page, 'en', '40');
    await confirmed(page, /Your payout of ₼40\.00 has been requested\. It is expected by \w+ \d+, \d{4}\./);
    const row = page.locator('[data-payouts] [data-state="requested"]');
    await row.getByText('₼40.00').waitFor();
    await row.getByText('Visa •••• 4242').waitFor();
    await page.locator('[data-available]').getByText('Available: ₼20.00').waitFor();
    await expectAccessible(page, '/settings/support-payouts (requested)');
    for (const language of LANGUAGES) {
      const target = await payoutsIn(language);
      await requestPayout(target, language, '10');
      await sees(target, MESSAGES[language].HasActivePayout);
    }
    await useLanguage(author, page, 'en');
  });

  it('lets the finance staff mark the payout processing, then paid with a reference, confirmed on dialogs', async () => {
    const context = await newContext(undefined, staffBrowser);
    staffPage = await newPage(context);
    // A filtered list: the filter stays in the address through Keycloak's sign-in and back.
    await staffPage.goto(`${SITE}/staff/payouts?status=requested`);
    await staffPage.getByRole('button', { name: 'Sign in as staff' }).click();
    // Keycloak's own page (its origin, its form): not ours to check with axe.
    await staffPage.waitForURL((url) => url.port === String(stack.infra.keycloak.port));
    const { username, password } = staffCredentials('finance');
    await staffPage
      .locator('#username')
      .waitFor()
      .catch(async (error: unknown) => {
        const seen = await staffPage.evaluate(() => `${location.href}: ${document.body.innerText.slice(0, 400)}`);
        throw new Error(`no Keycloak login form; the page showed ${seen}`, { cause: error });
      });
    await staffPage.locator('#username').fill(username);
    await staffPage.locator('#password').fill(password);
    await staffPage.locator('#kc-login').click();
    await staffPage.waitForURL(
      (url) =>
        url.origin === SITE && url.pathname === '/staff/payouts' && url.searchParams.get('status') === 'requested',
    );
    await staffPage.getByRole('button', { name: 'Sign out' }).waitFor({ timeout: 30_000 });
    await settled(staffPage);
    // Finance sees the payouts, not the moderation sections.
    const nav = staffPage.getByRole('navigation', { name: 'Staff console' });
    await nav.getByRole('link', { name: 'Payouts' }).waitFor();
    expect(await nav.getByRole('link', { name: 'Review queue' }).count()).toBe(0);

    const mine = await typedApi(author.client).GET('/api/donations/report/payouts', { params: { query: {} } });
    const payoutId = mine.data?.items[0]?.id ?? '';
    expect(payoutId).not.toBe('');
    const card = staffPage.locator(`[data-payout="${payoutId}"]`);
    await card.getByText('₼40.00').waitFor();
    await card.getByText(`@${author.username}`).waitFor();
    await expectAccessible(staffPage, '/staff/payouts');

    // Processing, with the keyboard alone: the move's button, then the dialog's confirmation.
    const authorPage = await pageOf(author);
    await open(authorPage, '/settings/support-payouts', 'Payouts');
    await card.getByRole('button', { name: 'Mark processing' }).focus();
    await staffPage.keyboard.press('Enter');
    const processing = staffPage.getByRole('dialog', { name: 'Start processing the payout of ₼40.00?' });
    await processing.waitFor();
    await expectAccessible(staffPage, 'staff payout dialog');
    expect(await staffPage.evaluate(() => document.activeElement?.textContent)).toBe('Mark processing');
    await staffPage.keyboard.press('Enter');
    await staffPage.getByText(`The payout of ₼40.00 to @${author.username} is processing.`).waitFor();
    await authorPage
      .getByRole('status')
      .getByText('New notification: Your payout of ₼40.00 is being processed.')
      .waitFor({ timeout: 30_000 });

    // Paid: the reference is required.
    await staffPage.getByLabel('State').selectOption('processing');
    await staffPage.waitForURL((url) => url.searchParams.get('status') === 'processing');
    await settled(staffPage);
    await card.getByRole('button', { name: 'Mark paid…' }).click();
    const paid = staffPage.getByRole('dialog', { name: 'Mark the payout of ₼40.00 paid?' });
    await paid.getByRole('button', { name: 'Mark paid' }).click();
    await paid.getByText('Enter the transfer’s reference.').waitFor();
    await paid.getByLabel('Transfer reference').fill(REFERENCE);
    await paid.getByRole('button', { name: 'Mark paid' }).click();
    await staffPage.getByText(`The payout of ₼40.00 to @${author.username} is marked paid.`).waitFor();
    // The author, whose payouts page is open, is told at once.
    await authorPage
      .getByRole('status')
      .getByText('New notification: Your payout of ₼40.00 was paid to the card •••• 4242.')
      .waitFor({ timeout: 30_000 });

    // Its page keeps the history: the author's request, then the finance staff's two moves.
    await open(staffPage, `/staff/payouts/${payoutId}`);
    const history = staffPage.locator('[data-payout-actions] li');
    await history.nth(2).getByText(`reference ${REFERENCE}`).waitFor();
    expect(await history.count()).toBe(3);
    await history.first().getByText('by the author').waitFor();
    await history.nth(1).getByText(`by ${username}`).waitFor();
    await expectAccessible(staffPage, '/staff/payouts/:id');
  });

  it('shows the author the paid payout on the payouts page, and the balance paid out', async () => {
    const page = await pageOf(author);
    await open(page, '/settings/support-payouts', 'Payouts');
    const row = page.locator('[data-payouts] [data-state="paid"]');
    await row.locator('.pc-support__state').getByText('Paid', { exact: true }).waitFor();
    await row.getByText(REFERENCE).waitFor();
    await open(page, '/settings/support', 'Support account');
    expect(await page.locator('[data-figure="paidOut"] dd').innerText()).toBe('₼40.00');
    expect(await page.locator('[data-figure="monthRemaining"] dd').innerText()).toBe('₼60.00');
  });

  it('takes a second support through the profile, and refuses a payout beyond the monthly cap in en, az and ru', async () => {
    const page = await pageOf(reader);
    await open(page, `/@${author.username}`);
    await page.getByRole('button', { name: 'Support the author' }).focus();
    await page.keyboard.press('Enter');
    const supportId = await supportThroughDialog(page, '80', { keyboard: true });
    expect(await deliverSupportWebhook(supportPaid({ supportId, amountQepik: 8_000 }))).toEqual({
      status: 200,
      body: { received: true, duplicate: false },
    });
    await open(page, `/@${author.username}?support=${supportId}`);
    await page.getByText('Thank you! Your support of ₼80.00 has reached Nigar Müəllifova.').waitFor();

    // 20 + 80 available, 40 paid this month: 70 more would pass 100 ₼ this month.
    for (const language of LANGUAGES) {
      const target = await payoutsIn(language);
      await requestPayout(target, language, '70');
      await sees(target, MESSAGES[language].MonthlyPayoutLimitReached);
    }
    const target = await payoutsIn('en');
    await target.locator('[data-available]').getByText('Available: ₼100.00').waitFor();
    // This one was sent without the name: the author reads an anonymous reader.
    await open(target, '/settings/support-supporters', 'Supporters');
    const anonymous = target.locator('[data-received] li').first();
    await anonymous.getByText('₼80.00').waitFor();
    await anonymous.getByText('Anonymous reader').waitFor();
  });

  it('takes no support while the account is deactivated, and again once it is reactivated', async () => {
    const page = await pageOf(author);
    await open(page, '/settings/support', 'Support account');
    await page.getByRole('button', { name: 'Deactivate' }).click();
    const dialog = page.getByRole('dialog', { name: 'Deactivate the support account?' });
    await dialog.waitFor();
    await expectAccessible(page, 'deactivate dialog');
    await dialog.getByRole('button', { name: 'Deactivate' }).click();
    await confirmed(page, 'The support account has been deactivated.');
    expect(await page.locator('[data-support-active]').innerText()).toBe('Deactivated');

    const readerPage = await pageOf(reader);
    await open(readerPage, `/a/${articleId}`);
    await readerPage.getByRole('heading', { level: 1, name: title }).waitFor();
    expect(await readerPage.locator('[data-support-author]').count()).toBe(0);

    await page.getByRole('button', { name: 'Reactivate' }).click();
    await confirmed(page, 'The support account is active again.');
    await open(readerPage, `/a/${articleId}`);
    await readerPage.locator('[data-support-author]').waitFor();
  });

  it('fits the support screens in both themes and at 375 px in en, az and ru, without axe-core violations', async () => {
    const screens = [
      '/settings/support',
      '/settings/support-payouts',
      '/settings/support-cards',
      '/settings/support-supporters',
      '/settings/support-activity',
      '/settings/support-sent',
    ];
    const page = await pageOf(author);
    await useTheme(author, page, 'dark');
    // Each round's first screen loaded, the others opened in the app (navigateInApp).
    for (const [i, path] of screens.entries()) {
      await sweepScreen(page, path, i === 0);
      expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
      await expectAccessible(page, `${path} (dark)`);
    }
    await useTheme(author, page, 'light');

    const phone = await newContext(author, browser, { width: 375, height: 812 });
    const mobile = await newPage(phone);
    for (const language of LANGUAGES) {
      await mobile.goto(`${SITE}/about`);
      await useLanguage(author, mobile, language);
      for (const [i, path] of screens.entries()) {
        await sweepScreen(mobile, path, i === 0);
        const state = await mobile.evaluate(() => ({
          lang: document.documentElement.lang,
          overflow: document.documentElement.scrollWidth - document.documentElement.clientWidth,
        }));
        expect({ path, ...state }).toEqual({ path, lang: language, overflow: 0 });
        await expectAccessible(mobile, `${path} (${language}, 375 px)`);
      }
    }
    // The reader's side at 375 px too: the article's support box and dialog, the profile's supporters.
    await useLanguage(author, mobile, 'en');
    const readerPhone = await newContext(reader, browser, { width: 375, height: 812 });
    const readerMobile = await newPage(readerPhone);
    await open(readerMobile, `/a/${articleId}`);
    await readerMobile.locator('[data-support-author]').getByRole('button', { name: 'Support the author' }).click();
    await readerMobile.getByRole('dialog', { name: 'Support Nigar Müəllifova' }).waitFor();
    expect(
      await readerMobile.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
    ).toBe(0);
    await expectAccessible(readerMobile, 'support dialog (375 px)');
    await phone.close();
    await readerPhone.close();
  });
});
