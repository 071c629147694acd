// Reader support and payouts through the gateway on real servers (identity, articles, donations, notifications,
// gateway; PostgreSQL, Redis, NATS, mailpit, stripe-mock, Keycloak): the eligibility answer names each missing
// condition and the account is refused until all are met (the profile's country, a published article, a phone verified
// by the code read from the SMS mailbox); a reader supports an author through the provider's hosted checkout and the
// credit comes only from the signed webhook (the same event ten times credits once, a forged, tampered or unsigned one
// and one signed for another endpoint credit nothing, one for an unknown payment is kept and credits nothing); the
// author's balance, the received report, its CSV export and the profile's supporters show it, notification 200 arrives
// in the app and by mail, and the supporter reads the thanks message; cards are checked and never echoed; payouts are
// refused below 10 AZN, above 100, above the balance, while one is active and past the monthly cap, each with its code
// and its message in az, en and ru; staff with the realm role finance (or admin) moves a payout to paid, which the
// author sees with notification 201, and nobody else reaches the staff routes; nobody reads or uses another's account,
// cards, payouts or supports; 100 payout requests at once never pass the balance or the monthly cap, and the ledger
// holds (every transaction sums to zero, no balance below zero); every staff move of a payout is in the staff audit
// log (the moderation service, started last) with the staff member, the payout and the reference or reason, once, and
// nothing of the card. The card numbers used are log-hygiene secrets: the global teardown fails if any log line of the
// run holds one.
import { ArticleStatus, ArticlesServiceClient, ArticlesServiceService } from '@pencraft/contracts/articles/v1/articles';
import { Language } from '@pencraft/contracts/common/v1/common';
import { createGrpcClient, type PromiseClient } from '@pencraft/kit';
import { CATALOGUE, type ErrorCode } from '@pencraft/errors';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import Stripe from 'stripe';
import type { AppHandle } from '../../packages/devstack/src/index.ts';
import { confirmAccount } from '../support/accounts.ts';
import { bearer, staffCredentials, staffToken, userTokenWithoutRole } from '../support/keycloak.ts';
import { checkLedger } from '../support/ledger-check.ts';
import { rememberSecret } from '../support/log-hygiene.ts';
import { codeIn, smsMailboxOf, waitForMail } from '../support/mailbox.ts';
import { approveArticle, closeReviewClient } from '../support/review.ts';
import {
  eventually,
  freshDatabase,
  grpcAddress,
  httpBase,
  resetMessaging,
  startService,
  type TestDatabase,
} from '../support/stack.ts';
import { deliverSigned, supportPaid, webhookSecret } from '../support/stripe-webhooks.ts';
import { captchaParam, errorCode, typedApi, type TypedApi } from '../support/typed-api.ts';
import { DocumentedClient as ApiClient } from './gateway-openapi.ts';
import type { Schemas } from '@pencraft/api-client';

interface Account {
  client: ApiClient;
  api: TypedApi;
  uid: string;
  username: string;
  fullname: string;
  email: string;
}

/** Visa test numbers (Luhn-valid) and one digit off; never to appear in an answer, an error or a log line. */
const CARD = '4000 0566 5566 5556';
const OTHER_CARD = '5555-5555-5555-4444';
const BAD_CARD = '4000056655665557';
const LANGS = ['az', 'en', 'ru'] as const;
// Only its webhook helper is used (a delivery whose bytes were changed after signing): no API key, no network.
const stripeSigner = new Stripe('sk_test_signing_only');

let db: TestDatabase;
let sql: pg.Pool;
const apps: AppHandle[] = [];
let articles: PromiseClient<ArticlesServiceClient>;
let base: string;
let seq = 0;
const run = Date.now().toString(36);

let author: Account;
let rival: Account;
let reader: Account;
let outsider: Account;
let articleId: string;
let cardId: string;
let rivalCard: string;
let firstSupportId: string;

beforeAll(async () => {
  rememberSecret(CARD, CARD.replaceAll(' ', ''), OTHER_CARD, OTHER_CARD.replaceAll('-', ''), BAD_CARD);
  await resetMessaging();
  db = await freshDatabase('donations');
  sql = new pg.Pool({ connectionString: db.url, max: 2 });
  apps.push(
    ...(await Promise.all([
      startService('identity', db.name),
      startService('articles', db.name),
      startService('donations', db.name),
      startService('notifications', db.name, { MAIL_POLL_MS: '200' }),
    ])),
  );
  apps.push(
    await startService('gateway', db.name, {
      EDGE_ROUTES: '',
      AUTH_RATE_LIMIT_PER_MINUTE: '1000',
      RATE_LIMIT_PER_MINUTE: '10000',
      PUBLIC_CACHE_SECONDS: '0',
    }),
  );
  base = httpBase('gateway');
  articles = createGrpcClient(ArticlesServiceClient, ArticlesServiceService, grpcAddress('articles'));
  [author, rival, reader, outsider] = await Promise.all([signUp(), signUp(), signUp(), signUp()]);
}, 180_000);

afterAll(async () => {
  closeReviewClient();
  articles?.close();
  await Promise.all(apps.map((app) => app.stop()));
  await sql?.end();
  await db?.drop();
});

// --- helpers -------------------------------------------------------------------------------------------------------

async function signUp(): Promise<Account> {
  seq += 1;
  const account = { email: `don${seq}.${run}@example.az`, username: `don_${run}_${seq}`, password: 'donations-7' };
  const fullname = `Donations User ${seq}`;
  const client = new ApiClient(base);
  const api = typedApi(client);
  const response = await api.POST('/api/id/register', {
    body: { ...account, fullname, acceptTerms: true, acceptPrivacy: true },
    params: { header: await captchaParam(base) },
  });
  expect(response.status).toBe(201);
  await confirmAccount(client, account.email);
  return { client, api, uid: response.data!.uid, username: account.username, fullname, email: account.email };
}

const codeOf = (response: { status: number; error?: Schemas['Error'] }) => [response.status, errorCode(response)];
const fieldsOf = (response: { error?: Schemas['Error'] }) => response.error?.error.details?.map((d) => d.field);
const lang = (l: string) => ({ 'accept-language': l });

/** A published article of the author (submitted over gRPC and approved as moderation would). */
async function publishArticle(account: Account): Promise<string> {
  const { article: created } = await articles.createArticle({
    author: { uid: account.uid, username: account.username, fullname: account.fullname, imageUrl: '' },
    title: 'Dəstək üçün məqalə',
    description: '',
    language: Language.LANGUAGE_AZ,
    category: 'tech',
    subCategories: [],
    contentJson: JSON.stringify({
      blocks: [
        {
          type: 'paragraph',
          data: {
            text: 'Bakıda payız gələndə küləklər şəhəri təmizləyir, insanlar isə çay süfrəsi ətrafında toplaşır.',
          },
        },
      ],
    }),
  });
  const { article: submitted } = await articles.publishArticle({ articleId: created!.id, actorUid: account.uid });
  if (submitted!.status !== ArticleStatus.ARTICLE_STATUS_PUBLISHED) await approveArticle(submitted!.id);
  return submitted!.id;
}

async function verifyPhone(account: Account) {
  const phone = `+99450${String(Math.floor(1_000_000 + Math.random() * 8_999_999))}`;
  rememberSecret(phone, phone.slice(1));
  const before = new Date();
  expect((await account.api.PUT('/api/ttin/phone', { body: { phone } })).status).toBe(200);
  const sms = await waitForMail({ to: smsMailboxOf(phone), after: before });
  const verified = await account.api.POST('/api/ttin/phone/verify', { body: { code: codeIn(sms) } });
  expect(verified.data?.verified).toBe(true);
}

const setCountry = async (account: Account, country: string) =>
  expect((await account.api.PUT('/api/me/settings/profile/country', { body: { country } })).status).toBe(200);

/** Every condition met and an account opened. */
async function openAccount(account: Account) {
  await setCountry(account, 'AZ');
  await publishArticle(account);
  await verifyPhone(account);
  const created = await account.api.POST('/api/donations/account', { body: {} });
  expect(created.status).toBe(201);
  return created.data!;
}

const accountOf = async (account: Account) => (await account.api.GET('/api/donations/account')).data!;

const initiate = (from: Account, body: Schemas['InitiateSupportBody']) =>
  from.api.POST('/api/donations/initiate', { body });

/** A support paid as the provider would: the hosted checkout, then its signed webhook. */
async function paidSupport(from: Account, to: Account, amountQepik: number, options: { showName?: boolean } = {}) {
  const started = await initiate(from, { username: to.username, amountQepik, showName: options.showName ?? true });
  expect(started.status).toBe(201);
  const delivered = await deliverSigned(base, supportPaid({ supportId: started.data!.supportId, amountQepik }), {
    endpoint: 'donations',
  });
  expect(delivered).toEqual({ status: 200, body: { received: true, duplicate: false } });
  return started.data!.supportId;
}

const addCard = (account: Account, number = CARD, holder = 'Aysel Mammadova') =>
  account.api.POST('/api/donations/cards', { body: { number, holder } });

const requestPayout = (account: Account, amountQepik: number, card = cardId, language = 'en') =>
  account.api.POST('/api/donations/payout', { body: { cardId: card, amountQepik }, headers: lang(language) });

/** A refusal in each language: the same code, the catalogue's message in that language. */
async function refusedInEveryLanguage(
  call: (language: string) => Promise<{ status: number; error?: Schemas['Error'] }>,
  code: ErrorCode,
) {
  for (const language of LANGS) {
    const answer = await call(language);
    expect({ language, status: answer.status, code: errorCode(answer), message: answer.error?.error.message }).toEqual({
      language,
      status: CATALOGUE[code].http,
      code,
      message: CATALOGUE[code][language],
    });
  }
}

const staffApi = () => typedApi(new ApiClient(base));
const staffHeaders = async (role: 'finance' | 'admin' | 'moderator' = 'finance') => bearer(await staffToken(role));
const moveStaffPayout = async (
  payoutId: string,
  body: Schemas['StaffPayoutStateBody'],
  role: 'finance' | 'admin' = 'finance',
) =>
  staffApi().POST('/api/staff/payouts/{id}/state', {
    params: { path: { id: payoutId } },
    body,
    headers: await staffHeaders(role),
  });

const notificationsOf = async (account: Account, type: number) =>
  (await account.api.GET('/api/notifications')).data!.items.filter((n) => n.type === type);

async function arrived(account: Account, type: number, match: (n: Schemas['Notification']) => boolean = () => true) {
  return eventually(async () => (await notificationsOf(account, type)).find(match), {
    timeoutMs: 20_000,
    intervalMs: 200,
  });
}

const balances = async (account: Account) => {
  const a = await accountOf(account);
  return { available: a.availableQepik, reserved: a.reservedQepik, month: a.monthPayoutsQepik };
};

// --- eligibility and the account ------------------------------------------------------------------------------------

describe('the support account', () => {
  it('names every missing condition and refuses the account until each is met', async () => {
    const api = author.api;
    expect((await api.GET('/api/donations/eligible')).data).toEqual({
      eligible: false,
      missing: ['citizenship', 'recentArticle', 'verifiedPhone'],
      hasAccount: false,
    });
    expect(codeOf(await api.GET('/api/donations/account'))).toEqual([409, 'NoDonationAccount']);
    const refused = await api.POST('/api/donations/account', { body: {} });
    expect(codeOf(refused)).toEqual([403, 'DonationAccountNotEligible']);
    expect(fieldsOf(refused)).toEqual(['citizenship', 'recentArticle', 'verifiedPhone']);

    await setCountry(author, 'AZ');
    expect((await api.GET('/api/donations/eligible')).data!.missing).toEqual(['recentArticle', 'verifiedPhone']);
    articleId = await publishArticle(author);
    expect((await api.GET('/api/donations/eligible')).data!.missing).toEqual(['verifiedPhone']);
    expect(fieldsOf(await api.POST('/api/donations/account', { body: {} }))).toEqual(['verifiedPhone']);
    await verifyPhone(author);
    expect((await api.GET('/api/donations/eligible')).data).toEqual({ eligible: true, missing: [], hasAccount: false });

    // Another country is not citizenship, whatever else is met.
    await setCountry(author, 'TR');
    expect((await api.GET('/api/donations/eligible')).data!.missing).toEqual(['citizenship']);
    await setCountry(author, 'AZ');

    expect(codeOf(await api.POST('/api/donations/account', { body: { thanksMessage: '  too short ' } }))).toEqual([
      400,
      'InvalidMessage',
    ]);
    const created = await api.POST('/api/donations/account', {
      body: { thanksMessage: 'Dəstəyiniz üçün çox sağ olun!' },
    });
    expect(created.status).toBe(201);
    expect(created.data).toMatchObject({
      active: true,
      thanksMessage: 'Dəstəyiniz üçün çox sağ olun!',
      currency: 'AZN',
      availableQepik: 0,
      reservedQepik: 0,
      receivedTotalQepik: 0,
      monthPayoutsQepik: 0,
      monthRemainingQepik: 10_000,
      payoutMaxQepik: 0,
      cards: [],
      activePayout: null,
    });
    expect(codeOf(await api.POST('/api/donations/account', { body: {} }))).toEqual([409, 'AlreadyHasDonationAccount']);
    expect((await api.GET('/api/donations/eligible')).data!.hasAccount).toBe(true);
  });

  it('keeps a thanks message of at least 10 characters, counted without the spaces around it', async () => {
    for (const message of ['short', '   nine 9 \n ']) {
      expect(codeOf(await author.api.PUT('/api/donations/thanks', { body: { message } }))).toEqual([
        400,
        'InvalidMessage',
      ]);
    }
    const set = await author.api.PUT('/api/donations/thanks', { body: { message: 'Çox sağ olun, dostlar!' } });
    expect(set.data!.thanksMessage).toBe('Çox sağ olun, dostlar!');
    expect(codeOf(await outsider.api.PUT('/api/donations/thanks', { body: { message: 'Çox sağ olun!!' } }))).toEqual([
      409,
      'NoDonationAccount',
    ]);
  });

  it('refuses supports while deactivated and takes them again once reactivated', async () => {
    const recipient = () =>
      typedApi(new ApiClient(base)).GET('/api/donations/recipients/{username}', {
        params: { path: { username: author.username } },
      });
    expect((await recipient()).data).toEqual({ uid: author.uid, username: author.username, acceptsSupport: true });
    expect((await author.api.PUT('/api/donations/state', { body: { active: false } })).data!.active).toBe(false);
    expect((await recipient()).data!.acceptsSupport).toBe(false);
    expect(codeOf(await initiate(reader, { username: author.username, amountQepik: 500 }))).toEqual([
      409,
      'DonationAccountDisabled',
    ]);
    // The same state again changes nothing.
    expect((await author.api.PUT('/api/donations/state', { body: { active: false } })).data!.active).toBe(false);
    expect((await author.api.PUT('/api/donations/state', { body: { active: true } })).data!.active).toBe(true);
    expect((await recipient()).data!.acceptsSupport).toBe(true);
  });
});

// --- supporting an author -------------------------------------------------------------------------------------------

describe('supporting an author', () => {
  it('refuses amounts outside 1 to 100 AZN, oneself, unknown people and accounts, and foreign articles', async () => {
    for (const amountQepik of [99, 10_001, 0]) {
      expect(codeOf(await initiate(reader, { username: author.username, amountQepik }))).toEqual([
        400,
        'InvalidAmount',
      ]);
    }
    expect(codeOf(await initiate(reader, { username: author.username, uid: author.uid, amountQepik: 500 }))).toEqual([
      400,
      'InvalidModel',
    ]);
    expect(codeOf(await initiate(reader, { username: `nobody_${run}`, amountQepik: 500 }))).toEqual([
      404,
      'UserNotFound',
    ]);
    expect(codeOf(await initiate(author, { username: author.username, amountQepik: 500 }))).toEqual([403, 'Forbidden']);
    expect(codeOf(await initiate(reader, { uid: outsider.uid, amountQepik: 500 }))).toEqual([409, 'NoDonationAccount']);
    expect(
      codeOf(await initiate(reader, { username: author.username, amountQepik: 500, articleId: randomUUID() })),
    ).toEqual([404, 'ArticleNotFound']);
    expect(
      codeOf(await initiate(reader, { username: author.username, amountQepik: 500, note: 'x'.repeat(281) })),
    ).toEqual([400, 'InvalidMessage']);
    expect(
      codeOf(
        await typedApi(new ApiClient(base)).POST('/api/donations/initiate', {
          body: { username: author.username, amountQepik: 500 },
        }),
      ),
    ).toEqual([401, 'Unauthorized']);
  });

  it('credits the author only when the signed webhook says the payment went through', async () => {
    const started = await initiate(reader, {
      username: author.username,
      amountQepik: 5_000,
      articleId,
      showName: true,
      note: 'Əla məqalədir!',
    });
    expect(started.status).toBe(201);
    firstSupportId = started.data!.supportId;
    expect(started.data!.checkoutUrl).toMatch(/^https?:\/\//);
    const pending = await reader.api.GET('/api/donations/{id}', { params: { path: { id: firstSupportId } } });
    expect(pending.data).toMatchObject({
      id: firstSupportId,
      state: 'pending',
      amountQepik: 5_000,
      currency: 'AZN',
      articleId,
      showName: true,
      note: 'Əla məqalədir!',
      recipient: { uid: author.uid, username: author.username, fullname: author.fullname },
      thanksMessage: null,
      paidAt: null,
    });
    // The browser's return from the checkout page credits nothing.
    expect((await accountOf(author)).availableQepik).toBe(0);

    const since = new Date();
    const event = supportPaid({ supportId: firstSupportId, amountQepik: 5_000 });
    expect(await deliverSigned(base, event, { endpoint: 'donations' })).toEqual({
      status: 200,
      body: { received: true, duplicate: false },
    });
    expect(await accountOf(author)).toMatchObject({
      availableQepik: 5_000,
      receivedTotalQepik: 5_000,
      reservedQepik: 0,
    });

    const paid = await reader.api.GET('/api/donations/{id}', { params: { path: { id: firstSupportId } } });
    expect(paid.data).toMatchObject({ state: 'paid', thanksMessage: 'Çox sağ olun, dostlar!' });
    expect(paid.data!.paidAt).not.toBeNull();

    const received = await author.api.GET('/api/donations/report/donations');
    expect(received.data).toMatchObject({ page: 1, total: 1, hasMore: false });
    expect(received.data!.items).toEqual([
      expect.objectContaining({
        id: firstSupportId,
        supporter: expect.objectContaining({ uid: reader.uid, username: reader.username }),
        amountQepik: 5_000,
        state: 'paid',
        articleId,
        note: 'Əla məqalədir!',
      }),
    ]);
    const sent = await reader.api.GET('/api/donations/report/donations/my');
    expect(sent.data!.items.map((s) => [s.id, s.state, s.recipient.username])).toEqual([
      [firstSupportId, 'paid', author.username],
    ]);

    // Notification 200: in the app, with the supporter who chose to be shown and the amount; and by mail.
    const notification = await arrived(author, 200);
    expect(notification).toMatchObject({
      key: null,
      actor: { uid: reader.uid, username: reader.username },
      subject: { articleId },
      data: { supportId: firstSupportId, amountQepik: '5000', amount: '50.00' },
    });
    const mail = await waitForMail({
      to: author.email,
      subject: /dəstək göndərdi|supported you|поддержал/,
      after: since,
    });
    expect(mail.text.replace(/[\u00a0\u202f]/g, ' ')).toMatch(/50[.,]00 ₼|₼50\.00/);
    expect(mail.text).toMatch(/\/settings\/support-supporters/);

    // The profile's supporters tab shows who chose to be shown.
    const supporters = await typedApi(new ApiClient(base)).GET('/api/profile/{username}/supporters', {
      params: { path: { username: author.username } },
    });
    expect(supporters.data).toMatchObject({ total: 1, acceptsSupport: true });
    expect(supporters.data!.items).toEqual([
      expect.objectContaining({ uid: reader.uid, username: reader.username, supports: 1 }),
    ]);
    expect(JSON.stringify(supporters.data)).not.toMatch(/amount/i);
  });

  it('credits the same webhook once, however often it comes, in sequence and at once', async () => {
    const supportId = await paidSupport(reader, author, 1_000);
    const event = supportPaid({ supportId, amountQepik: 1_000 });
    // Another event of the same payment (its own event id) is recorded, but the support was credited already.
    const first = await deliverSigned(base, event, { endpoint: 'donations' });
    expect(first).toEqual({ status: 200, body: { received: true, duplicate: false } });
    const replays = [
      ...(await Promise.all(Array.from({ length: 5 }, () => deliverSigned(base, event, { endpoint: 'donations' })))),
    ];
    for (let i = 0; i < 5; i += 1) replays.push(await deliverSigned(base, event, { endpoint: 'donations' }));
    expect(replays).toHaveLength(10);
    for (const replay of replays) expect(replay).toEqual({ status: 200, body: { received: true, duplicate: true } });
    expect(await accountOf(author)).toMatchObject({ availableQepik: 6_000, receivedTotalQepik: 6_000 });
    await eventually(async () => ((await notificationsOf(author, 200)).length === 2 ? true : undefined));
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(await notificationsOf(author, 200)).toHaveLength(2);
  });

  it('credits nothing for a forged, tampered, unsigned or misdirected webhook, or an unknown payment', async () => {
    const started = await initiate(reader, { username: author.username, amountQepik: 2_500, showName: false });
    const supportId = started.data!.supportId;
    const event = supportPaid({ supportId, amountQepik: 2_500 });
    const refused = {
      status: 400,
      body: expect.objectContaining({ error: expect.objectContaining({ code: 'InvalidWebhookSignature' }) }),
    };
    // Signed with a secret of our own making, and with publications' endpoint's secret (Stripe's other endpoint).
    expect(
      await deliverSigned(base, event, { endpoint: 'donations', secret: `whsec_${randomUUID().replaceAll('-', '')}` }),
    ).toEqual(refused);
    expect(await deliverSigned(base, event, { endpoint: 'donations', secret: webhookSecret('payments') })).toEqual(
      refused,
    );
    // Signed bytes with another amount put in their place; and no signature at all.
    const payload = JSON.stringify(event);
    const signature = stripeSigner.webhooks.generateTestHeaderString({ payload, secret: webhookSecret('donations') });
    const tampered = await fetch(`${base}/api/donations/webhooks/stripe`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      body: payload.replace('"amount_total":2500', '"amount_total":9900'),
    });
    expect(tampered.status).toBe(400);
    const unsigned = await fetch(`${base}/api/donations/webhooks/stripe`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: payload,
    });
    expect(unsigned.status).toBe(400);
    expect((await reader.api.GET('/api/donations/{id}', { params: { path: { id: supportId } } })).data!.state).toBe(
      'pending',
    );

    // A payment nobody started here, and one whose amount is not the support's: kept for inspection, nothing credited.
    const unknown = supportPaid({ supportId: randomUUID(), amountQepik: 2_500 });
    expect(await deliverSigned(base, unknown, { endpoint: 'donations' })).toEqual({
      status: 200,
      body: { received: true, duplicate: false },
    });
    const wrongAmount = supportPaid({ supportId, amountQepik: 9_900 });
    expect((await deliverSigned(base, wrongAmount, { endpoint: 'donations' })).status).toBe(200);
    const { rows } = await sql.query<{ event_id: string; reason: string }>(
      'select event_id, reason from donations.unmatched_webhooks order by received_at',
    );
    expect(rows.map((r) => [r.event_id, r.reason])).toEqual([
      [unknown.id, 'unknownSupport'],
      [wrongAmount.id, 'amountMismatch'],
    ]);
    expect(await accountOf(author)).toMatchObject({ availableQepik: 6_000, receivedTotalQepik: 6_000 });

    // The genuine webhook then credits it, and an anonymous supporter stays unnamed to the author and the profile.
    expect((await deliverSigned(base, event, { endpoint: 'donations' })).status).toBe(200);
    expect((await accountOf(author)).availableQepik).toBe(8_500);
    const received = await author.api.GET('/api/donations/report/donations');
    expect(received.data!.items.find((s) => s.id === supportId)!.supporter).toBeNull();
    const notification = await arrived(author, 200, (n) => n.data.supportId === supportId);
    expect(notification.actor).toBeNull();
  });

  it('exports the supports received and sent as CSV files', async () => {
    const csv = await author.api.GET('/api/donations/report/donations.csv');
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(csv.headers.get('content-disposition')).toBe('attachment; filename="pencraft-supports-received.csv"');
    const lines = (csv.data as string)
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe('id,paid_at,supporter,amount_azn,currency,state,refunded_azn,article_id,note');
    expect(lines).toHaveLength(4);
    expect(lines.find((line) => line.startsWith(firstSupportId))).toContain(
      `,${reader.username},50.00,AZN,paid,0.00,${articleId},`,
    );
    const mine = await reader.api.GET('/api/donations/report/donations/my.csv');
    expect((mine.data as string).split('\r\n').filter(Boolean)).toHaveLength(1 + 3 + 0);
    expect(codeOf(await outsider.api.GET('/api/donations/report/donations.csv'))).toEqual([409, 'NoDonationAccount']);
  });
});

// --- cards and payouts ----------------------------------------------------------------------------------------------

describe('cards', () => {
  it('checks the number and the holder and never echoes the number', async () => {
    const bad = await addCard(author, BAD_CARD);
    expect(codeOf(bad)).toEqual([400, 'InvalidCardNumber']);
    expect(fieldsOf(bad)).toEqual(['number']);
    expect(JSON.stringify(bad.error)).not.toContain(BAD_CARD);
    const holder = await addCard(author, CARD, 'Aysel 2');
    expect(codeOf(holder)).toEqual([400, 'InvalidCardHolder']);
    expect(JSON.stringify(holder.error)).not.toContain('5566');
    const letters = await addCard(author, 'four zero zero zero', 'Aysel Mammadova');
    expect(codeOf(letters)).toEqual([400, 'InvalidCardNumber']);

    const added = await addCard(author);
    expect(added.status).toBe(201);
    expect(added.data).toMatchObject({ last4: '5556', brand: 'visa', holder: 'AYSEL MAMMADOVA' });
    expect(JSON.stringify(added.data)).not.toMatch(/4000\s?0566|40000566/);
    cardId = added.data!.id;
    const listed = await author.api.GET('/api/donations/cards');
    expect(listed.data!.items.map((c) => c.id)).toEqual([cardId]);
    expect(JSON.stringify(listed.data)).not.toContain('0566');
    expect(codeOf(await addCard(outsider))).toEqual([409, 'NoDonationAccount']);
    // The number is not kept anywhere in the database either: only the token and the last four digits.
    const { rows } = await sql.query<{ row: string }>('select row_to_json(c)::text as row from donations.cards c');
    for (const { row } of rows) expect(row).not.toMatch(/40000566|4000 0566/);
  });
});

describe('payouts', () => {
  let payoutId: string;

  it('refuses below 10 AZN, above 100 AZN and above the balance, in az, en and ru', async () => {
    expect((await balances(author)).available).toBe(8_500);
    await refusedInEveryLanguage((language) => requestPayout(author, 999, cardId, language), 'InvalidAmount');
    await refusedInEveryLanguage((language) => requestPayout(author, 10_001, cardId, language), 'InvalidAmount');
    await refusedInEveryLanguage((language) => requestPayout(author, 9_000, cardId, language), 'InsufficientFunds');
    expect(codeOf(await requestPayout(author, 1_000, randomUUID()))).toEqual([409, 'NoCard']);
    expect(await balances(author)).toEqual({ available: 8_500, reserved: 0, month: 0 });
  });

  it('reserves a payout at once, with its expected date, and refuses a second while it is active', async () => {
    const since = new Date();
    const requested = await requestPayout(author, 2_000);
    expect(requested.status).toBe(201);
    expect(requested.data).toMatchObject({
      amountQepik: 2_000,
      state: 'requested',
      card: { id: cardId, last4: '5556' },
      reference: null,
    });
    expect(requested.data!.expectedDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    payoutId = requested.data!.id;
    expect(await balances(author)).toEqual({ available: 6_500, reserved: 2_000, month: 2_000 });
    expect((await author.api.GET('/api/donations/payout')).data!.payout!.id).toBe(payoutId);
    expect((await accountOf(author)).payoutMaxQepik).toBe(0);
    await refusedInEveryLanguage((language) => requestPayout(author, 1_000, cardId, language), 'HasActivePayout');
    // The active payout's card stays until the payout is paid or failed.
    expect(codeOf(await author.api.DELETE('/api/donations/cards/{id}', { params: { path: { id: cardId } } }))).toEqual([
      409,
      'HasActivePayout',
    ]);
    const told = await arrived(author, 201, (n) => n.data.payoutId === payoutId && n.data.state === 'requested');
    expect(told.data).toMatchObject({
      amountQepik: '2000',
      cardLast4: '5556',
      expectedDate: requested.data!.expectedDate,
    });
    await waitForMail({ to: author.email, after: since, subject: /20[.,]00/ });
  });

  it('is moved by staff with the finance role: processing, then paid with a reference, which the author sees', async () => {
    const queue = await staffApi().GET('/api/staff/payouts', {
      params: { query: { state: 'requested' } },
      headers: await staffHeaders(),
    });
    expect(queue.status).toBe(200);
    expect(queue.data!.items.map((p) => [p.id, p.author.username, p.amountQepik])).toEqual([
      [payoutId, author.username, 2_000],
    ]);
    expect((await moveStaffPayout(payoutId, { state: 'processing' })).data!.state).toBe('processing');
    expect(codeOf(await moveStaffPayout(payoutId, { state: 'paid' }))).toEqual([400, 'InvalidModel']);
    const since = new Date();
    const paid = await moveStaffPayout(payoutId, { state: 'paid', reference: `TRX-${run}` });
    expect(paid.data).toMatchObject({ id: payoutId, state: 'paid', reference: `TRX-${run}` });
    // The same move again is answered as done; another move from paid is refused.
    expect((await moveStaffPayout(payoutId, { state: 'paid', reference: `TRX-${run}` })).data!.state).toBe('paid');
    expect(codeOf(await moveStaffPayout(payoutId, { state: 'failed', note: 'late' }))).toEqual([
      409,
      'OperationFailed',
    ]);

    const detail = await staffApi().GET('/api/staff/payouts/{id}', {
      params: { path: { id: payoutId } },
      headers: await staffHeaders('admin'),
    });
    expect(detail.data!.actions.map((a) => [a.from, a.to, a.staff?.username ?? null])).toEqual([
      [null, 'requested', null],
      ['requested', 'processing', 'finance'],
      ['processing', 'paid', 'finance'],
    ]);

    const mine = await author.api.GET('/api/donations/report/payouts');
    expect(mine.data!.items.map((p) => [p.id, p.state, p.reference])).toEqual([[payoutId, 'paid', `TRX-${run}`]]);
    expect(await accountOf(author)).toMatchObject({
      availableQepik: 6_500,
      reservedQepik: 0,
      paidOutTotalQepik: 2_000,
    });
    const told = await arrived(author, 201, (n) => n.data.payoutId === payoutId && n.data.state === 'paid');
    expect(told.data.reference).toBe(`TRX-${run}`);
    const mail = await waitForMail({ to: author.email, after: since, subject: /ödənildi|was paid|выполнена/ });
    expect(mail.text).toContain(`TRX-${run}`);
    const csv = await author.api.GET('/api/donations/report/payouts.csv');
    expect(csv.data as string).toContain(`${payoutId},`);
    expect(csv.data as string).toContain(`,20.00,AZN,paid,5556,`);
  });

  it('refuses a payout past the monthly cap (100 AZN) in az, en and ru, and releases a failed one', async () => {
    await paidSupport(reader, author, 10_000);
    expect(await balances(author)).toEqual({ available: 16_500, reserved: 0, month: 2_000 });
    await refusedInEveryLanguage(
      (language) => requestPayout(author, 8_001, cardId, language),
      'MonthlyPayoutLimitReached',
    );
    expect((await accountOf(author)).payoutMaxQepik).toBe(8_000);
    const last = await requestPayout(author, 8_000);
    expect(last.status).toBe(201);
    expect((await accountOf(author)).monthRemainingQepik).toBe(0);
    const failed = await moveStaffPayout(last.data!.id, { state: 'failed', note: 'Kart bağlıdır' }, 'admin');
    expect(failed.data).toMatchObject({ state: 'failed', failureNote: 'Kart bağlıdır' });
    // A failed payout gives the money back and does not count toward the month.
    expect(await balances(author)).toEqual({ available: 16_500, reserved: 0, month: 2_000 });
    const told = await arrived(author, 201, (n) => n.data.payoutId === last.data!.id && n.data.state === 'failed');
    expect(told.data.failureNote).toBe('Kart bağlıdır');
  });
});

describe('the staff routes', () => {
  it('need a Keycloak token with the role finance (or admin): no session, no other role', async () => {
    const list = (headers: Record<string, string>) => staffApi().GET('/api/staff/payouts', { headers });
    expect(codeOf(await list({}))).toEqual([401, 'Unauthorized']);
    // The site's session is not a staff credential.
    expect(codeOf(await author.api.GET('/api/staff/payouts'))).toEqual([401, 'Unauthorized']);
    expect(codeOf(await list(bearer(await userTokenWithoutRole())))).toEqual([403, 'Forbidden']);
    expect(codeOf(await list(await staffHeaders('moderator')))).toEqual([403, 'Forbidden']);
    expect((await list(await staffHeaders('finance'))).status).toBe(200);
    expect((await list(await staffHeaders('admin'))).status).toBe(200);
    const move = await staffApi().POST('/api/staff/payouts/{id}/state', {
      params: { path: { id: randomUUID() } },
      body: { state: 'processing' },
      headers: await staffHeaders('moderator'),
    });
    expect(codeOf(move)).toEqual([403, 'Forbidden']);
    expect(codeOf(await moveStaffPayout(randomUUID(), { state: 'processing' }))).toEqual([404, 'NotFound']);
  });
});

// --- authorization between users ------------------------------------------------------------------------------------

describe('authorization', () => {
  beforeAll(async () => {
    await openAccount(rival);
    rivalCard = (await addCard(rival, OTHER_CARD, 'Rauf Hasanov')).data!.id;
  });

  it("never shows or uses another user's account, cards, payouts or supports", async () => {
    // Each reads only their own: the rival's account is empty, whatever the author holds.
    expect(await accountOf(rival)).toMatchObject({
      availableQepik: 0,
      receivedTotalQepik: 0,
      cards: [expect.objectContaining({ id: rivalCard })],
    });
    expect((await rival.api.GET('/api/donations/cards')).data!.items.map((c) => c.id)).toEqual([rivalCard]);
    expect((await rival.api.GET('/api/donations/report/payouts')).data!.total).toBe(0);
    expect((await rival.api.GET('/api/donations/report/donations')).data!.total).toBe(0);
    expect((await rival.api.GET('/api/donations/report/activity')).data!.total).toBe(0);
    // Another's card can be neither deleted nor paid out to.
    expect(codeOf(await rival.api.DELETE('/api/donations/cards/{id}', { params: { path: { id: cardId } } }))).toEqual([
      409,
      'NoCard',
    ]);
    expect(codeOf(await requestPayout(rival, 1_000, cardId))).toEqual([409, 'NoCard']);
    expect((await author.api.GET('/api/donations/cards')).data!.items.map((c) => c.id)).toEqual([cardId]);
    expect(codeOf(await requestPayout(author, 1_000, rivalCard))).toEqual([409, 'NoCard']);
    // A support is its supporter's to read: not the recipient's, not anyone else's.
    for (const who of [author, rival, outsider]) {
      expect(codeOf(await who.api.GET('/api/donations/{id}', { params: { path: { id: firstSupportId } } }))).toEqual([
        404,
        'NotFound',
      ]);
    }
    expect((await outsider.api.GET('/api/donations/report/donations/my')).data!.total).toBe(0);
    expect(codeOf(await outsider.api.GET('/api/donations/cards'))).toEqual([409, 'NoDonationAccount']);
    expect(codeOf(await outsider.api.GET('/api/donations/report/payouts'))).toEqual([409, 'NoDonationAccount']);
    const visitor = typedApi(new ApiClient(base));
    expect(codeOf(await visitor.GET('/api/donations/account'))).toEqual([401, 'Unauthorized']);
    expect(codeOf(await visitor.GET('/api/donations/{id}', { params: { path: { id: firstSupportId } } }))).toEqual([
      401,
      'Unauthorized',
    ]);
    // The author still has exactly what they had.
    expect(await balances(author)).toEqual({ available: 16_500, reserved: 0, month: 2_000 });
  });
});

// --- concurrency ----------------------------------------------------------------------------------------------------

describe('100 payout requests at once', () => {
  const burst = (amounts: number[]) => Promise.all(amounts.map((amount) => requestPayout(rival, amount, rivalCard)));
  const tally = (answers: { status: number; error?: Schemas['Error'] }[]) => {
    const counts: Record<string, number> = {};
    for (const answer of answers) {
      const key = answer.status === 201 ? '201' : `${answer.status} ${errorCode(answer)}`;
      counts[key] = (counts[key] ?? 0) + 1;
    }
    return counts;
  };

  it('never pass the balance: exactly one within it succeeds, the rest are refused', async () => {
    await paidSupport(reader, rival, 1_500);
    // The CSRF cookie first, so the burst does not fetch it a hundred times.
    await rival.api.GET('/api/donations/account');
    const answers = await burst([...Array<number>(50).fill(1_000), ...Array<number>(50).fill(2_000)]);
    const counts = tally(answers);
    expect(counts['201']).toBe(1);
    for (const key of Object.keys(counts))
      expect(['201', '409 HasActivePayout', '409 InsufficientFunds']).toContain(key);
    expect(answers.find((a) => a.status === 201)!.data!.amountQepik).toBe(1_000);
    expect(await balances(rival)).toEqual({ available: 500, reserved: 1_000, month: 1_000 });
    const active = (await rival.api.GET('/api/donations/payout')).data!.payout!;
    expect((await moveStaffPayout(active.id, { state: 'paid', reference: `BURST-${run}` })).status).toBe(200);
  });

  it('never pass the monthly cap: exactly the one that fits succeeds', async () => {
    await paidSupport(reader, rival, 10_000);
    await paidSupport(outsider, rival, 10_000);
    expect(await balances(rival)).toEqual({ available: 20_500, reserved: 0, month: 1_000 });
    const answers = await burst([...Array<number>(50).fill(10_000), ...Array<number>(50).fill(9_000)]);
    const counts = tally(answers);
    expect(counts['201']).toBe(1);
    for (const key of Object.keys(counts)) {
      expect(['201', '409 HasActivePayout', '429 MonthlyPayoutLimitReached']).toContain(key);
    }
    expect(answers.find((a) => a.status === 201)!.data!.amountQepik).toBe(9_000);
    expect(await balances(rival)).toEqual({ available: 11_500, reserved: 9_000, month: 10_000 });
    expect((await accountOf(rival)).monthRemainingQepik).toBe(0);
    const { rows } = await sql.query<{ n: string; total: string }>(
      "select count(*) as n, sum(amount_qepik) as total from donations.payouts where uid = $1 and state <> 'failed'",
      [rival.uid],
    );
    expect(rows[0]).toEqual({ n: '2', total: '10000' });
  });

  it('leaves a ledger whose every transaction sums to zero and no balance below zero', async () => {
    const check = await checkLedger(sql);
    expect(check).toMatchObject({ unbalanced: [], total: 0, negative: [], overCap: [], ok: true });
    expect(check.transactions).toBeGreaterThan(8);
  });
});

// --- the staff audit log ------------------------------------------------------------------------------------------

describe('the staff audit log', () => {
  type AuditAction = Schemas['ModerationAuditEntry']['action'];

  beforeAll(async () => {
    // Started only now: its durable consumer of donations.payout.updated reads the stream from its start, so the
    // moves the suite made above reach the audit log as well as the ones made below.
    apps.push(await startService('moderation', db.name));
  }, 60_000);

  /** The audit log as the staff console reads it: a moderator's token, one action or all, newest first. */
  async function audit(action?: AuditAction) {
    const page = await staffApi().GET('/api/moderation/audit', {
      params: { query: { action } },
      headers: await staffHeaders('moderator'),
    });
    expect(page.status).toBe(200);
    return page.data!.items;
  }

  const row = (entry: Schemas['ModerationAuditEntry']) => [
    entry.actor.username,
    entry.subjectKind,
    entry.subjectId,
    entry.note,
  ];

  it('lists every staff move of a payout with the staff member, the payout and the reference or reason', async () => {
    const finance = staffCredentials('finance').username;
    const admin = staffCredentials('admin').username;
    // The rival's payout of the monthly-cap burst is still requested: finance processes it and pays it.
    const active = (await rival.api.GET('/api/donations/payout')).data!.payout!;
    expect((await moveStaffPayout(active.id, { state: 'processing' })).data!.state).toBe('processing');
    const reference = `AUDIT-${run}`;
    expect((await moveStaffPayout(active.id, { state: 'paid', reference })).data!.state).toBe('paid');
    // The same move again is answered as done and is no second action.
    expect((await moveStaffPayout(active.id, { state: 'paid', reference })).data!.state).toBe('paid');

    const authorPayouts = (await author.api.GET('/api/donations/report/payouts')).data!.items;
    const trx = authorPayouts.find((p) => p.reference === `TRX-${run}`)!;
    const failed = authorPayouts.find((p) => p.state === 'failed')!;

    const paid = await eventually(
      async () => {
        const items = await audit('payout.markPaid');
        return items.length >= 3 ? items : undefined;
      },
      { timeoutMs: 20_000, intervalMs: 250 },
    );
    // Newest first: this move, then the burst's payout and the author's, made before moderation ran.
    expect(paid.map(row)).toEqual([
      [finance, 'payout', active.id, reference],
      [finance, 'payout', expect.any(String), `BURST-${run}`],
      [finance, 'payout', trx.id, `TRX-${run}`],
    ]);
    expect(paid.every((entry) => entry.actor.sub.length > 0 && entry.itemId === null)).toBe(true);
    expect((await audit('payout.markProcessing')).map(row)).toEqual([
      [finance, 'payout', active.id, ''],
      [finance, 'payout', trx.id, ''],
    ]);
    expect((await audit('payout.markFailed')).map(row)).toEqual([[admin, 'payout', failed.id, 'Kart bağlıdır']]);

    // The unfiltered log holds them too, each move once; nothing of the cards anywhere in it.
    const everything = await audit();
    expect(everything.filter((entry) => entry.subjectId === active.id).map((entry) => entry.action)).toEqual([
      'payout.markPaid',
      'payout.markProcessing',
    ]);
    const text = JSON.stringify(everything);
    for (const number of [CARD, OTHER_CARD]) {
      expect(text).not.toContain(number);
      expect(text).not.toContain(number.replace(/\D/g, ''));
    }
    for (const entry of everything.filter((e) => e.subjectKind === 'payout')) {
      expect(entry.note).not.toMatch(/5556|4444/);
    }
  });
});
