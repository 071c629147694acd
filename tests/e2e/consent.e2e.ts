// Cookie consent and first-party analytics in Chromium: the banner's Accept and Decline, the analytics cookies
// (pc_aid for a year, pc_as for 60 days) set only after Accept and deleted by Decline, page views still counted
// without consent (the author's statistics grow), the cookie settings page changing the choice both ways, the
// banner hidden and consent forced off on a publication subdomain, and axe-core on the banner and the settings page
// in both themes and at 375 px.
import { ArticleStatus, ArticlesServiceClient, ArticlesServiceService } from '@pencraft/contracts/articles/v1/articles';
import { createGrpcClient, type PromiseClient } from '@pencraft/kit';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, expectAccessible, launchBrowser, networkQuiet } from '../support/browser.ts';
import { useClientAddress } from '../support/client-address.ts';
import { captchaHeader } from '../support/captcha.ts';
import { ApiClient } from '../support/http-client.ts';
import { rememberSecret } from '../support/log-hygiene.ts';
import { approveArticle, closeReviewClient } from '../support/review.ts';
import { eventually, grpcAddress, stack } from '../support/stack.ts';
import { Language } from '@pencraft/contracts/common/v1/common';

const PORT = stack.gateway.httpPort;
const SITE = `http://localhost:${PORT}`;
/** This suite's own client address: its requests spend rate-limit budgets of their own. */
const CLIENT_ADDRESS = '127.0.0.31';
useClientAddress(CLIENT_ADDRESS);
const API = `http://${CLIENT_ADDRESS}:${PORT}`;
const suffix = Date.now().toString(36);
const YEAR = 365 * 86_400;
const SIXTY_DAYS = 60 * 86_400;

interface Statistics {
  views: { total: number; users: number; unique: number };
  reads: number;
  averageReadSeconds: number;
}

let writer: ApiClient;
let articleId: string;
let browser: Browser;
let grpc: PromiseClient<ArticlesServiceClient>;

async function views(): Promise<Statistics['views']> {
  const response = await writer.get<Statistics>(`/api/articles/${articleId}/stats`);
  expect(response.status).toBe(200);
  return response.body.views;
}

/** Waits until the flushed statistics (every 5 s) show at least `total` views. */
function viewsReach(total: number) {
  return eventually(
    async () => {
      const current = await views();
      return current.total >= total ? current : undefined;
    },
    { timeoutMs: 30_000, intervalMs: 500 },
  );
}

async function analyticsCookies(context: BrowserContext) {
  return (await context.cookies()).filter((cookie) => cookie.name === 'pc_aid' || cookie.name === 'pc_as');
}

async function settled(page: Page) {
  await networkQuiet(page);
  await page.waitForFunction(() => !document.querySelector('.pc-spinner, .pc-remote-loading'));
}

async function freshPage(options: { width?: number; theme?: string } = {}) {
  const context = await browser.newContext({
    viewport: { width: options.width ?? 1280, height: 900 },
    ...(options.width === 375 ? { isMobile: true, hasTouch: true } : {}),
  });
  if (options.theme) await context.addInitScript((theme) => localStorage.setItem('pc_theme', theme), options.theme);
  await context.addInitScript(() => localStorage.setItem('pc_lang', 'en'));
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  return { context, page };
}

beforeAll(async () => {
  writer = new ApiClient(API, 'en');
  const password = 'consent-pass-7';
  const email = `consent_${suffix}@example.az`;
  rememberSecret(email, password);
  const registered = await writer.post<{ uid: string }>(
    '/api/id/register',
    {
      email,
      username: `consent_${suffix}`,
      fullname: 'Consent Writer',
      password,
      acceptTerms: true,
      acceptPrivacy: true,
    },
    await captchaHeader(API),
  );
  expect(registered.status).toBe(201);
  // Written and submitted over gRPC as the writer, approved as the moderation service will.
  grpc = createGrpcClient(ArticlesServiceClient, ArticlesServiceService, grpcAddress('articles'));
  const { article } = await grpc.createArticle({
    author: { uid: registered.body.uid, username: `consent_${suffix}`, fullname: 'Consent Writer', imageUrl: '' },
    title: `Counted quietly ${suffix}`,
    description: 'Views without cookies',
    language: Language.LANGUAGE_EN,
    category: 'tech',
    subCategories: [],
    contentJson: JSON.stringify({
      blocks: [
        { type: 'paragraph', data: { text: 'A page view is counted whether or not the reader accepts cookies.' } },
      ],
    }),
  });
  const { article: submitted } = await grpc.publishArticle({ articleId: article!.id, actorUid: registered.body.uid });
  if (submitted!.status !== ArticleStatus.ARTICLE_STATUS_PUBLISHED) await approveArticle(submitted!.id);
  articleId = submitted!.id;
  browser = await launchBrowser({ clientAddress: CLIENT_ADDRESS });
});

afterAll(async () => {
  closeReviewClient();
  grpc?.close();
  await browser?.close();
});

describe('cookie consent', () => {
  it('declining keeps the analytics cookies away and the views are still counted', async () => {
    const before = (await views()).total;
    const { context, page } = await freshPage();
    await page.goto(`${SITE}/a/${articleId}`);
    const banner = page.getByRole('region', { name: 'Cookie consent' });
    await banner.waitFor();
    await banner.getByRole('link', { name: 'Cookie settings' }).waitFor();
    await banner.getByRole('button', { name: 'Decline' }).click();
    await banner.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => localStorage.getItem('pc_consent'))).toBe('false');
    await page.goto(`${SITE}/a/${articleId}`);
    await settled(page);
    expect(await page.getByRole('region', { name: 'Cookie consent' }).count()).toBe(0);
    expect(await analyticsCookies(context)).toEqual([]);
    // Both visits of this visitor count, without any cookie and without a sign-in.
    const counted = await viewsReach(before + 2);
    expect(counted.users).toBe(0);
    expect(counted.unique).toBeGreaterThanOrEqual(1);
    await context.close();
  });

  it('accepting sets pc_aid for a year and pc_as for 60 days; declining in the settings deletes them', async () => {
    const before = (await views()).total;
    const { context, page } = await freshPage();
    await page.goto(`${SITE}/a/${articleId}`);
    const banner = page.getByRole('region', { name: 'Cookie consent' });
    await banner.getByRole('button', { name: 'Accept' }).click();
    await banner.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => localStorage.getItem('pc_consent'))).toBe('true');
    // The next page (a route change in the page) reports with consent: the gateway sets the cookies.
    await page.getByRole('contentinfo').getByRole('link', { name: 'Cookie settings' }).click();
    await page.getByRole('heading', { level: 1, name: 'Cookie settings' }).waitFor();
    await settled(page);
    const now = Date.now() / 1000;
    const set = await eventually(async () => {
      const cookies = await analyticsCookies(context);
      return cookies.length === 2 ? cookies : undefined;
    });
    const aid = set.find((c) => c.name === 'pc_aid')!;
    const session = set.find((c) => c.name === 'pc_as')!;
    expect(aid.expires - now).toBeGreaterThan(YEAR - 120);
    expect(aid.expires - now).toBeLessThan(YEAR + 120);
    expect(session.expires - now).toBeGreaterThan(SIXTY_DAYS - 120);
    expect(session.expires - now).toBeLessThan(SIXTY_DAYS + 120);
    expect(aid.httpOnly && session.httpOnly).toBe(true);
    rememberSecret(aid.value, session.value);

    await page.getByText('Now: analytics cookies are allowed.').waitFor();
    await page.getByLabel('Do not allow analytics cookies').check();
    await page.getByRole('button', { name: 'Save my choice' }).click();
    await page.getByRole('status').getByText('Your choice is saved.').waitFor();
    await eventually(async () => ((await analyticsCookies(context)).length === 0 ? true : undefined));
    expect(await page.evaluate(() => localStorage.getItem('pc_consent'))).toBe('false');
    await page.getByText('Now: analytics cookies are not allowed.').waitFor();

    // Declined: the article is still counted, and no cookie comes back.
    await page.goto(`${SITE}/a/${articleId}`);
    await settled(page);
    expect(await analyticsCookies(context)).toEqual([]);
    await viewsReach(before + 2);
    await context.close();
  });

  it('reports a read when the reader leaves an article seen to its end', async () => {
    const { context, page } = await freshPage();
    await page.goto(`${SITE}/a/${articleId}`);
    await page.getByRole('region', { name: 'Cookie consent' }).getByRole('button', { name: 'Decline' }).click();
    await page.locator('main article.pc-article').waitFor();
    // The short article fits the window: after a few seconds on it, leaving it is a finished read.
    await page.waitForTimeout(6_500);
    await page.getByRole('contentinfo').getByRole('link', { name: 'Cookie settings' }).click();
    await page.getByRole('heading', { level: 1, name: 'Cookie settings' }).waitFor();
    const read = await eventually(
      async () => {
        const response = await writer.get<Statistics>(`/api/articles/${articleId}/stats`);
        return response.body.reads >= 1 ? response.body : undefined;
      },
      { timeoutMs: 30_000, intervalMs: 500 },
    );
    expect(read.averageReadSeconds).toBeGreaterThanOrEqual(5);
    await context.close();
  });

  it('the settings page changes a declined choice to accepted at any time', async () => {
    const { context, page } = await freshPage();
    await context.addInitScript(() => {
      if (!sessionStorage.getItem('seeded')) {
        localStorage.setItem('pc_consent', 'false');
        sessionStorage.setItem('seeded', '1');
      }
    });
    await page.goto(`${SITE}/cookies/settings`);
    await page.getByText('Now: analytics cookies are not allowed.').waitFor();
    expect(await page.getByRole('region', { name: 'Cookie consent' }).count()).toBe(0);
    await page.getByLabel('Allow analytics cookies', { exact: true }).check();
    await page.getByRole('button', { name: 'Save my choice' }).click();
    await page.getByRole('status').getByText('Your choice is saved.').waitFor();
    expect(await page.evaluate(() => localStorage.getItem('pc_consent'))).toBe('true');
    await page.getByRole('link', { name: 'Read the cookie policy' }).click();
    await page.getByRole('heading', { level: 1, name: 'Cookie policy' }).waitFor();
    await eventually(async () => ((await analyticsCookies(context)).length === 2 ? true : undefined));
    await context.close();
  });

  it('hides the banner and keeps consent off on a publication subdomain', async () => {
    const publication = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [...CHROMIUM_ARGS, `--host-resolver-rules=MAP blog.pencraft.az ${CLIENT_ADDRESS}`],
    });
    try {
      const context = await publication.newContext();
      await context.addInitScript(() => localStorage.setItem('pc_lang', 'en'));
      const page = await context.newPage();
      page.setDefaultTimeout(20_000);
      await page.goto(`http://blog.pencraft.az:${PORT}/cookies/settings`);
      await page.getByText('On publication sites analytics cookies are always off.').waitFor();
      expect(await page.getByRole('region', { name: 'Cookie consent' }).count()).toBe(0);
      expect(await page.evaluate(() => localStorage.getItem('pc_consent'))).toBe('false');
      expect(await page.getByRole('button', { name: 'Save my choice' }).count()).toBe(0);
    } finally {
      await publication.close();
    }
  });

  it.each(['light', 'dark'])('is accessible in the %s theme, on a wide screen and at 375 px', async (theme) => {
    for (const width of [1280, 375]) {
      const { context, page } = await freshPage({ width, theme });
      await page.goto(`${SITE}/a/${articleId}`);
      await page.getByRole('region', { name: 'Cookie consent' }).waitFor();
      await settled(page);
      await expectAccessible(page, `article with the cookie banner (${theme}, ${width} px)`);
      await page.goto(`${SITE}/cookies/settings`);
      await page.getByRole('heading', { level: 1, name: 'Cookie settings' }).waitFor();
      await settled(page);
      await expectAccessible(page, `cookie settings (${theme}, ${width} px)`);
      await context.close();
    }
  });
});
