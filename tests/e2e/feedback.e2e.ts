// Feedback in Chromium against the whole platform (issue #17): the form at /feedback refuses each broken rule with
// its exact message (SPEC.md section 5's Azerbaijani ones, and their English and Russian), a visitor names an address,
// and a valid form is accepted once its captcha is solved (altcha's proof of work, done in the browser); a signed-in
// user's feedback shows in their log (/settings/feedback); a moderator signs in to the staff console through Keycloak,
// finds it by type and answers it, and the user reads the answer in the log. axe-core on every screen; the form in
// the dark theme at 375 px with no horizontal scroll.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { appReady, expectAccessible, launchBrowser, networkQuiet } from '../support/browser.ts';
import { useClientAddress } from '../support/client-address.ts';
import { staffCredentials } from '../support/keycloak.ts';
import { signInBrowser, signUp, type Person } from '../support/reader-fixtures.ts';
import { stack } from '../support/stack.ts';

const PORT = stack.gateway.httpPort;
const SITE = `http://localhost:${PORT}`;
/** This suite's own loopback address: the gateway's per-address limits count its requests apart from other suites'. */
const CLIENT_ADDRESS = '127.0.0.105';
useClientAddress(CLIENT_ADDRESS);
const API = `http://${CLIENT_ADDRESS}:${PORT}`;
const run = Date.now().toString(36);

/** What the form says for each rule, in each language (SPEC.md section 5 word for word in az). */
const MESSAGES = {
  az: {
    titleMissing: 'Mövzu qeyd edin',
    typeMissing: 'Rəyin növünü seçin',
    descriptionMissing: 'Rəyi təsvir edin',
    descriptionTooShort: 'Rəyi geniş təsvir edin. Ən azı 20 simvol.',
    descriptionTooLong: 'Rəyi qısa təsvir edin. Maksimum 1000 simvol.',
    emailMissing: 'E-poçt ünvanını qeyd edin',
    emailInvalid: 'Düzgün e-poçt ünvanı daxil edin.',
  },
  en: {
    titleMissing: 'Enter a subject',
    typeMissing: 'Choose the type of feedback',
    descriptionMissing: 'Describe your feedback',
    descriptionTooShort: 'Describe your feedback in more detail. At least 20 characters.',
    descriptionTooLong: 'Describe your feedback more briefly. At most 1000 characters.',
    emailMissing: 'Enter your e-mail address',
    emailInvalid: 'Enter a valid e-mail address.',
  },
  ru: {
    titleMissing: 'Укажите тему',
    typeMissing: 'Выберите тип отзыва',
    descriptionMissing: 'Опишите отзыв',
    descriptionTooShort: 'Опишите отзыв подробнее. Не менее 20 символов.',
    descriptionTooLong: 'Опишите отзыв короче. Максимум 1000 символов.',
    emailMissing: 'Укажите адрес электронной почты',
    emailInvalid: 'Введите корректный адрес электронной почты.',
  },
} as const;
type Language = keyof typeof MESSAGES;

const LABELS: Record<Language, { subject: string; type: string; description: string; email: string; send: string }> = {
  az: { subject: 'Mövzu', type: 'Növ', description: 'Təsvir', email: 'E-poçt ünvanınız', send: 'Göndər' },
  en: { subject: 'Subject', type: 'Type', description: 'Description', email: 'Your e-mail address', send: 'Send' },
  ru: {
    subject: 'Тема',
    type: 'Тип',
    description: 'Описание',
    email: 'Ваш адрес электронной почты',
    send: 'Отправить',
  },
};
const SENT: Record<Language, string> = {
  az: 'Təşəkkür edirik! Rəyiniz göndərildi.',
  en: 'Thank you! Your feedback has been sent.',
  ru: 'Спасибо! Ваш отзыв отправлен.',
};

let browser: Browser;
let staffBrowser: Browser | undefined;
let user: Person;
const consoleErrors: string[] = [];

beforeAll(async () => {
  browser = await launchBrowser({ clientAddress: CLIENT_ADDRESS });
  user = await signUp(API, `fdb_${run}`, 'Feedback Reader', 'en');
});

afterAll(async () => {
  await Promise.all([browser?.close(), staffBrowser?.close()]);
  expect(consoleErrors).toEqual([]);
});

async function newPage({
  lang,
  theme = 'light',
  width = 1280,
  person,
  on = browser,
}: {
  lang: Language;
  theme?: string;
  width?: number;
  person?: Person;
  on?: Browser;
}): Promise<{ context: BrowserContext; page: Page }> {
  const context = await on.newContext({ viewport: { width, height: 900 }, locale: 'en-US' });
  await context.addInitScript(
    ([language, colours]) => {
      try {
        localStorage.setItem('pc_lang', language!);
        localStorage.setItem('pc_theme', colours!);
        localStorage.setItem('pc_consent', 'true');
      } catch {
        // not the site's document
      }
    },
    [lang, theme],
  );
  if (person) await signInBrowser(context, person, SITE);
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  page.on('console', (message) => {
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) {
      consoleErrors.push(message.text());
    }
  });
  page.on('pageerror', (error) => consoleErrors.push(error.message));
  return { context, page };
}

async function openForm(page: Page, lang: Language) {
  await page.goto(`${SITE}/feedback`);
  await appReady(page);
  await page.getByLabel(LABELS[lang].subject, { exact: true }).waitFor();
}

/** The field's error line (TextField and Select describe the field with it). */
async function errorOf(page: Page, label: string): Promise<string> {
  const field = page.getByLabel(label, { exact: true });
  const described = (await field.getAttribute('aria-describedby')) ?? '';
  const id = described.split(' ').find((part) => part.endsWith('-error'));
  return id ? ((await page.locator(`[id="${id}"]`).textContent()) ?? '') : '';
}

async function submit(page: Page, lang: Language) {
  await page.getByRole('button', { name: LABELS[lang].send, exact: true }).click();
}

describe('the feedback form', () => {
  it('refuses each broken rule with its exact message in az, then accepts a valid form from a visitor', async () => {
    const { context, page } = await newPage({ lang: 'az' });
    const l = LABELS.az;
    const m = MESSAGES.az;
    await openForm(page, 'az');
    await expectAccessible(page, '/feedback (az, visitor)');

    await submit(page, 'az');
    expect(await errorOf(page, l.subject)).toBe(m.titleMissing);
    expect(await errorOf(page, l.type)).toBe(m.typeMissing);
    expect(await errorOf(page, l.description)).toBe(m.descriptionMissing);
    expect(await errorOf(page, l.email)).toBe(m.emailMissing);
    // The first broken field has the focus.
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name)).toBe('title');
    await expectAccessible(page, '/feedback (az, every rule broken)');

    await page.getByLabel(l.subject, { exact: true }).fill(`Qaranlıq mövzu ${run}`);
    await page.getByLabel(l.type, { exact: true }).selectOption('bug');
    await page.getByLabel(l.description, { exact: true }).fill('ə'.repeat(19));
    await page.getByLabel(l.email, { exact: true }).fill('not-an-address');
    await submit(page, 'az');
    expect(await errorOf(page, l.subject)).toBe('');
    expect(await errorOf(page, l.description)).toBe(m.descriptionTooShort);
    expect(await errorOf(page, l.email)).toBe(m.emailInvalid);

    await page.getByLabel(l.description, { exact: true }).fill('x'.repeat(1001));
    await submit(page, 'az');
    expect(await errorOf(page, l.description)).toBe(m.descriptionTooLong);

    await page.getByLabel(l.description, { exact: true }).fill('Kod blokları qaranlıq mövzuda çətin oxunur.');
    await page.getByLabel(l.email, { exact: true }).fill(`guest_${run}@example.az`);
    await page.locator('altcha-widget [data-state="verified"]').waitFor();
    const sent = page.waitForResponse((r) => r.url().endsWith('/api/feedback') && r.request().method() === 'POST');
    await submit(page, 'az');
    expect((await sent).status()).toBe(201);
    await page.getByRole('status').getByText(SENT.az).waitFor();
    await expectAccessible(page, '/feedback (az, sent)');
    await context.close();
  });

  it.each(['en', 'ru'] as const)('says the same in %s', async (lang) => {
    const { context, page } = await newPage({ lang });
    const l = LABELS[lang];
    const m = MESSAGES[lang];
    await openForm(page, lang);
    await submit(page, lang);
    expect(await errorOf(page, l.subject)).toBe(m.titleMissing);
    expect(await errorOf(page, l.type)).toBe(m.typeMissing);
    expect(await errorOf(page, l.description)).toBe(m.descriptionMissing);
    expect(await errorOf(page, l.email)).toBe(m.emailMissing);
    await page.getByLabel(l.description, { exact: true }).fill('short');
    await submit(page, lang);
    expect(await errorOf(page, l.description)).toBe(m.descriptionTooShort);
    await page.getByLabel(l.description, { exact: true }).fill('y'.repeat(1001));
    await submit(page, lang);
    expect(await errorOf(page, l.description)).toBe(m.descriptionTooLong);
    await page.getByLabel(l.email, { exact: true }).fill('nope');
    await submit(page, lang);
    expect(await errorOf(page, l.email)).toBe(m.emailInvalid);
    await context.close();
  });

  it('fits a phone in the dark theme, with no horizontal scroll and no axe-core violations', async () => {
    const { context, page } = await newPage({ lang: 'ru', theme: 'dark', width: 375 });
    await openForm(page, 'ru');
    await submit(page, 'ru');
    await page.getByText(MESSAGES.ru.titleMissing).waitFor();
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
    ).toBeLessThanOrEqual(0);
    await expectAccessible(page, '/feedback (ru, dark, 375 px)');
    await context.close();
  });
});

describe("a user's feedback, answered by staff", () => {
  const title = `Dark theme ${run}`;
  let userPage: Page;
  let userContext: BrowserContext;

  it("is sent from the user's account (no address asked) and shows in their log", async () => {
    ({ context: userContext, page: userPage } = await newPage({ lang: 'en', person: user, width: 375 }));
    await openForm(userPage, 'en');
    expect(await userPage.getByLabel(LABELS.en.email, { exact: true }).count()).toBe(0);
    await userPage.getByLabel('Subject', { exact: true }).fill(title);
    await userPage.getByLabel('Type', { exact: true }).selectOption('question');
    await userPage
      .getByLabel('Description', { exact: true })
      .fill('Could code blocks keep a light background in the dark theme?');
    await userPage.locator('altcha-widget [data-state="verified"]').waitFor();
    await submit(userPage, 'en');
    await userPage.getByRole('status').getByText(SENT.en).waitFor();

    await userPage.getByRole('link', { name: 'My feedback' }).click();
    await userPage.waitForURL(`${SITE}/settings/feedback`);
    const item = userPage.locator('[data-status="new"]').filter({ hasText: title });
    await item.getByText('New', { exact: true }).waitFor();
    expect(
      await userPage.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
    ).toBeLessThanOrEqual(0);
    await expectAccessible(userPage, '/settings/feedback (new, 375 px)');
  });

  it('is answered by a moderator in the staff console, and the user reads the answer in the log', async () => {
    // Keycloak listens on 127.0.0.1 only: the staff's browser reaches localhost there, not at the suite's address.
    staffBrowser = await launchBrowser();
    const { context, page } = await newPage({ lang: 'en', on: staffBrowser });
    await page.goto(`${SITE}/staff/feedback?type=question`);
    await page.getByRole('button', { name: 'Sign in as staff' }).click();
    await page.waitForURL((url) => url.port === String(stack.infra.keycloak.port));
    const { username, password } = staffCredentials('moderator');
    await page.locator('#username').fill(username);
    await page.locator('#password').fill(password);
    await page.locator('#kc-login').click();
    await page.waitForURL((url) => url.origin === SITE && url.pathname === '/staff/feedback');
    await page.getByRole('button', { name: 'Sign out' }).waitFor({ timeout: 30_000 });
    await networkQuiet(page);

    const card = page.locator('[data-feedback]').filter({ hasText: title });
    await card.getByText(`From ${user.username}`).waitFor();
    await expectAccessible(page, '/staff/feedback');
    await card.getByLabel('Answer').fill('Yes: code blocks keep their own background from the next release.');
    await card.getByRole('button', { name: 'Send the answer' }).click();
    await page.getByRole('status').getByText(`The answer to “${title}” was sent.`).waitFor();
    await page.locator('[data-status="answered"]').filter({ hasText: title }).waitFor();
    await expectAccessible(page, '/staff/feedback (answered)');
    await context.close();

    await userPage.reload();
    const answered = userPage.locator('[data-status="answered"]').filter({ hasText: title });
    await answered.getByText('Yes: code blocks keep their own background from the next release.').waitFor();
    await expectAccessible(userPage, '/settings/feedback (answered)');
    await userContext.close();
  });
});
