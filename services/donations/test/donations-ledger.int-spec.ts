// The donations service against the real PostgreSQL, NATS and stripe-mock of the test profile: webhooks signed with
// the stripe library's test helper and the endpoint's signing secret, the database's own ledger rules, 100 payout
// requests at once, and no card number anywhere but at the provider. identity and articles are played by small gRPC
// servers of this suite (their answers decide eligibility, not what is tested here), each with that service's
// certificate of the stack's CA, since donations calls them over mutual TLS and checks whom it reached.
import { Server, ServerCredentials, status, type sendUnaryData } from '@grpc/grpc-js';
import {
  ArticleCard,
  ArticlesServiceService,
  ListAuthorArticlesResponse,
} from '@pencraft/contracts/articles/v1/articles';
import { PayoutState } from '@pencraft/contracts/common/v1/common';
import {
  DonationsServiceClient,
  DonationsServiceService,
  SupportState,
} from '@pencraft/contracts/donations/v1/donations';
import { GetAccountSummaryResponse, Profile, ProfileServiceService } from '@pencraft/contracts/identity/v1/profile';
import { AppError } from '@pencraft/errors';
import { createGrpcClient, type PromiseClient } from '@pencraft/kit';
import { randomBytes, randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import Stripe from 'stripe';
import { ensurePki, identityFiles } from '../../../packages/devstack/src/certs.ts';
import { logFile, type AppHandle } from '../../../packages/devstack/src/index.ts';
import {
  eventually,
  freshDatabase,
  grpcAddress,
  resetMessaging,
  stack,
  startService,
  type TestDatabase,
} from '../../../tests/support/stack.ts';

const AUTHOR = randomUUID();
const RICH = randomUUID();
const POOR = randomUUID();
const READER = randomUUID();
const OUTSIDER = randomUUID();
/**
 * Test card numbers (Luhn-valid, not real cards). Not handed to rememberSecret: the run's log check reads every log,
 * stripe-mock's too, and the emulator logs each request's data, the tokenized number included (it stands in for the
 * provider, which must receive it); the last test of this suite reads every other log of the run for them.
 */
const CARD_NUMBER = '4000056655665556';
const BAD_NUMBER = '4000056655665557';

let db: TestDatabase;
let donations: AppHandle;
let client: PromiseClient<DonationsServiceClient>;
let sql: pg.Pool;
const fakes: Server[] = [];
let logOffset = 0;
const signer = new Stripe('sk_test_signing_only');
/** The donations endpoint's signing secret for this run, handed to the service (whatever the stack's secrets hold). */
const WEBHOOK_SECRET = `whsec_${randomBytes(24).toString('hex')}`;

/** A gRPC server on a free port speaking mutual TLS as `name` (its certificate from the stack's CA). */
async function fakeServer(name: string, add: (server: Server) => void): Promise<string> {
  const files = identityFiles(stack, name);
  const server = new Server();
  add(server);
  const credentials = ServerCredentials.createSsl(
    readFileSync(files.ca),
    [{ private_key: readFileSync(files.key), cert_chain: readFileSync(files.cert) }],
    true,
  );
  const port = await new Promise<number>((resolve, reject) =>
    server.bindAsync('127.0.0.1:0', credentials, (error, bound) => (error ? reject(error) : resolve(bound))),
  );
  fakes.push(server);
  return `127.0.0.1:${port}`;
}

/** identity and articles as this suite needs them: everyone is eligible but OUTSIDER. */
async function startFakeUpstreams(): Promise<{ identity: string; articles: string }> {
  const empty = <T>(codec: { decode(bytes: Uint8Array): T }) => codec.decode(new Uint8Array());
  ensurePki(stack);
  const identity = await fakeServer('identity', (server) =>
    server.addService(ProfileServiceService, {
      getProfile: (call: { request: { uid: string } }, done: sendUnaryData<unknown>) =>
        done(null, {
          profile: { ...empty(Profile), uid: call.request.uid, country: call.request.uid === OUTSIDER ? 'TR' : 'AZ' },
        }),
      getAccountSummary: (call: { request: { uid: string } }, done: sendUnaryData<unknown>) =>
        done(null, { ...empty(GetAccountSummaryResponse), phoneVerified: call.request.uid !== OUTSIDER }),
    }),
  );
  const articles = await fakeServer('articles', (server) =>
    server.addService(ArticlesServiceService, {
      listAuthorArticles: (call: { request: { authorUid: string } }, done: sendUnaryData<unknown>) =>
        done(null, {
          ...empty(ListAuthorArticlesResponse),
          items:
            call.request.authorUid === OUTSIDER
              ? []
              : [{ ...empty(ArticleCard), id: randomUUID(), publishedAtMs: Date.now() - 86_400_000 }],
        }),
      getArticleRef: (_call: unknown, done: sendUnaryData<unknown>) =>
        done({ code: status.UNAVAILABLE, details: 'not played here' }, null),
    }),
  );
  return { identity, articles };
}

function signedWebhook(type: string, object: Record<string, unknown>, id = `evt_${randomUUID().replaceAll('-', '')}`) {
  const payload = JSON.stringify({
    id,
    object: 'event',
    api_version: '2025-09-30.clover',
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    type,
    data: { object },
  });
  return {
    payload: Buffer.from(payload),
    signature: signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
  };
}

const paidSession = (supportId: string, amount: number, paymentIntent = `pi_${randomUUID().slice(0, 8)}`) =>
  signedWebhook('checkout.session.completed', {
    id: `cs_test_${randomUUID().replaceAll('-', '')}`,
    object: 'checkout.session',
    mode: 'payment',
    status: 'complete',
    payment_status: 'paid',
    amount_total: amount,
    currency: 'azn',
    payment_intent: paymentIntent,
    metadata: { support_id: supportId },
  });

async function codeOf(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    if (AppError.is(error)) return error.code;
    throw error;
  }
  return 'ok';
}

/** A paid support of `amount` from READER to `recipient`, credited through its signed webhook. */
async function fund(recipient: string, amount: number) {
  const { supportId } = await client.startSupport({
    actorUid: READER,
    recipientUid: recipient,
    amountQepik: amount,
    articleId: '',
    public: true,
    note: '',
    successUrl: 'http://localhost/support/done',
    cancelUrl: 'http://localhost/support/cancelled',
  });
  await client.handlePaymentWebhook(paidSession(supportId, amount));
  return supportId;
}

async function openAccount(uid: string) {
  await client.createAccount({ actorUid: uid, thanksMessage: 'Dəstəyiniz üçün çox sağ olun!' });
  const { card } = await client.addCard({
    actorUid: uid,
    number: CARD_NUMBER,
    holder: 'Nigar Aliyeva',
    expMonth: 0,
    expYear: 0,
  });
  return card!.id;
}

const balances = async (uid: string) => (await client.getAccount({ actorUid: uid })).account!;
const count = async (query: string, values: unknown[] = []) =>
  (await sql.query<{ c: number }>(query, values)).rows[0]!.c;

beforeAll(async () => {
  await resetMessaging();
  db = await freshDatabase('donations');
  const upstreams = await startFakeUpstreams();
  logOffset = (() => {
    try {
      return readFileSync(logFile(stack, 'donations')).length;
    } catch {
      return 0;
    }
  })();
  donations = await startService('donations', db.name, {
    IDENTITY_GRPC_ADDR: upstreams.identity,
    ARTICLES_GRPC_ADDR: upstreams.articles,
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    // Everything the service would ever log, so the card-number check below reads the most.
    LOG_LEVEL: 'debug',
  });
  client = createGrpcClient(DonationsServiceClient, DonationsServiceService, grpcAddress('donations'), {
    defaultTimeoutMs: 30_000,
  });
  sql = new pg.Pool({ connectionString: db.url, max: 4 });
});

afterAll(async () => {
  client?.close();
  await sql?.end();
  await donations?.stop();
  for (const server of fakes) server.forceShutdown();
  await db?.drop();
});

describe('donations against PostgreSQL, NATS and stripe-mock', () => {
  it('opens an account for the eligible only, naming what is missing', async () => {
    expect(await client.getEligibility({ actorUid: OUTSIDER })).toEqual({
      eligible: false,
      missing: [1, 2, 3],
      hasAccount: false,
    });
    expect(await codeOf(client.createAccount({ actorUid: OUTSIDER, thanksMessage: '' }))).toBe(
      'DonationAccountNotEligible',
    );
    await openAccount(AUTHOR);
    expect(await codeOf(client.createAccount({ actorUid: AUTHOR, thanksMessage: '' }))).toBe(
      'AlreadyHasDonationAccount',
    );
    expect(await client.getEligibility({ actorUid: AUTHOR })).toMatchObject({ eligible: true, hasAccount: true });
    expect(await codeOf(client.getAccount({ actorUid: READER }))).toBe('NoDonationAccount');
  });

  it('keeps a card as a provider token and its last four digits, never the number', async () => {
    const { cards } = await client.listCards({ actorUid: AUTHOR });
    expect(cards).toEqual([expect.objectContaining({ last4: '5556', brand: 'visa', holder: 'NIGAR ALIYEVA' })]);
    const stored = await sql.query('select row_to_json(c)::text as row from donations.cards c');
    expect(stored.rows[0].row).toMatch(/"token":"tok_/);
    expect(stored.rows.map((r: { row: string }) => r.row).join()).not.toContain(CARD_NUMBER);
    const refused = await client
      .addCard({ actorUid: AUTHOR, number: BAD_NUMBER, holder: 'NIGAR ALIYEVA', expMonth: 0, expYear: 0 })
      .catch((error: unknown) => error as AppError);
    expect(refused).toMatchObject({ code: 'InvalidCardNumber' });
    expect(JSON.stringify({ ...(refused as AppError), message: (refused as AppError).message })).not.toContain(
      BAD_NUMBER,
    );
    // The whole database, dumped as text: no table holds the number.
    const everything = await sql.query(
      `select string_agg(t::text, ' ') as dump from (
         select row_to_json(x)::text as t from donations.cards x
         union all select row_to_json(x)::text from donations.supports x
         union all select row_to_json(x)::text from donations.payouts x
         union all select row_to_json(x)::text from donations.outbox x
         union all select row_to_json(x)::text from donations.unmatched_webhooks x) all_rows`,
    );
    expect(everything.rows[0].dump ?? '').not.toContain(CARD_NUMBER);
  });

  it('credits the same signed webhook ten times once, and the payment’s other event not at all', async () => {
    const { supportId, checkoutUrl } = await client.startSupport({
      actorUid: READER,
      recipientUid: AUTHOR,
      amountQepik: 2_500,
      articleId: '',
      public: false,
      note: 'Çox faydalı yazı',
      successUrl: 'http://localhost/support/done',
      cancelUrl: 'http://localhost/support/cancelled',
    });
    expect(checkoutUrl).toMatch(/^https?:\/\//);
    expect((await client.getSupport({ actorUid: READER, supportId })).support?.state).toBe(
      SupportState.SUPPORT_STATE_PENDING,
    );
    const delivery = paidSession(supportId, 2_500, 'pi_replayed');
    const answers = [];
    for (let i = 0; i < 10; i += 1) answers.push(await client.handlePaymentWebhook(delivery));
    expect(answers.filter((answer) => answer.duplicate)).toHaveLength(9);
    await client.handlePaymentWebhook(
      signedWebhook('payment_intent.succeeded', {
        id: 'pi_replayed',
        object: 'payment_intent',
        amount: 2_500,
        amount_received: 2_500,
        currency: 'azn',
        metadata: { support_id: supportId },
      }),
    );
    expect(await balances(AUTHOR)).toMatchObject({ availableQepik: 2_500, receivedTotalQepik: 2_500 });
    expect(
      await count(`select count(*)::int as c from donations.ledger_transactions where kind = 'supportReceived'`),
    ).toBe(1);
    const seen = await client.getSupport({ actorUid: READER, supportId });
    expect(seen).toMatchObject({
      support: { state: SupportState.SUPPORT_STATE_PAID },
      thanksMessage: 'Dəstəyiniz üçün çox sağ olun!',
    });
    expect(await codeOf(client.getSupport({ actorUid: AUTHOR, supportId }))).toBe('NotFound');
    // The author sees the amount, not the supporter who chose to stay hidden.
    const { supports } = await client.listSupportsReceived({ actorUid: AUTHOR, page: 0, pageSize: 0, all: false });
    expect(supports).toEqual([expect.objectContaining({ supporterUid: '', amountQepik: 2_500 })]);
    // Its events are written with the credit and relayed to NATS.
    await eventually(async () =>
      (await count(
        `select count(*)::int as c from donations.outbox
          where subject in ('donations.support.received', 'donations.supporter.total') and published_at is not null`,
      )) === 2
        ? true
        : undefined,
    );
  });

  it('credits nothing for a forged signature, and keeps an unknown payment for inspection', async () => {
    const before = (await balances(AUTHOR)).availableQepik;
    const genuine = paidSession(randomUUID(), 2_500);
    const forged = {
      payload: genuine.payload,
      signature: signer.webhooks.generateTestHeaderString({
        payload: genuine.payload.toString(),
        secret: 'whsec_not_the_stacks_secret',
      }),
    };
    expect(await codeOf(client.handlePaymentWebhook(forged))).toBe('InvalidWebhookSignature');
    expect(await codeOf(client.handlePaymentWebhook({ payload: genuine.payload, signature: '' }))).toBe(
      'InvalidWebhookSignature',
    );
    expect(await client.handlePaymentWebhook(genuine)).toEqual({ duplicate: false });
    const kept = await sql.query(`select reason, event_type, payload->>'id' as id from donations.unmatched_webhooks`);
    expect(kept.rows).toEqual([
      {
        reason: 'unknownSupport',
        event_type: 'checkout.session.completed',
        id: JSON.parse(genuine.payload.toString()).id,
      },
    ]);
    expect((await balances(AUTHOR)).availableQepik).toBe(before);
  });

  it('lets the database refuse an unbalanced transaction, a negative balance, and any change of the ledger', async () => {
    const attempt = async (statements: (tx: pg.PoolClient) => Promise<unknown>) => {
      const tx = await sql.connect();
      try {
        await tx.query('begin');
        await statements(tx);
        await tx.query('commit');
        return 'committed';
      } catch (error) {
        await tx.query('rollback').catch(() => undefined);
        return (error as Error).message;
      } finally {
        tx.release();
      }
    };
    const transaction = async (tx: pg.PoolClient, kind = 'supportReceived') => {
      const id = randomUUID();
      await tx.query(
        `insert into donations.ledger_transactions (id, kind, reference, created_at) values ($1, $2, $3, now())`,
        [id, kind, randomUUID()],
      );
      return id;
    };
    const entry = (tx: pg.PoolClient, id: string, kind: string, uid: string | null, amount: number) =>
      tx.query(
        `insert into donations.ledger_entries (transaction_id, account_kind, uid, amount_qepik, created_at)
         values ($1, $2, $3, $4, now())`,
        [id, kind, uid, amount],
      );

    expect(
      await attempt(async (tx) => {
        const id = await transaction(tx);
        await entry(tx, id, 'providerClearing', null, -500);
        await entry(tx, id, 'available', AUTHOR, 400);
      }),
    ).toMatch(/unbalanced/);
    expect(await attempt(async (tx) => transaction(tx))).toMatch(/unbalanced/);
    expect(
      await attempt(async (tx) => {
        const id = await transaction(tx, 'refund');
        await entry(tx, id, 'available', POOR, -100);
        await entry(tx, id, 'providerClearing', null, 100);
      }),
    ).toMatch(/negative/);
    expect(
      await attempt((tx) => tx.query(`update donations.ledger_entries set amount_qepik = amount_qepik * 2`)),
    ).toMatch(/append-only/);
    expect(await attempt((tx) => tx.query(`delete from donations.ledger_entries`))).toMatch(/append-only/);
    expect(await attempt((tx) => tx.query(`update donations.ledger_transactions set reference = 'x'`))).toMatch(
      /append-only/,
    );
    expect(await attempt((tx) => tx.query(`delete from donations.ledger_transactions`))).toMatch(/append-only/);
    expect(await attempt((tx) => tx.query(`truncate donations.ledger_entries cascade`))).toMatch(/append-only/);
    // A balanced transaction still commits.
    expect(
      await attempt(async (tx) => {
        const id = await transaction(tx, 'platformFee');
        await entry(tx, id, 'fees', null, 1);
        await entry(tx, id, 'shortfall', null, -1);
      }),
    ).toBe('committed');
  });

  it('lets exactly the allowed ones of 100 parallel payout requests through, never past the balance or the cap', async () => {
    const card = await openAccount(RICH);
    for (let i = 0; i < 6; i += 1) await fund(RICH, 10_000);
    expect((await balances(RICH)).availableQepik).toBe(60_000);

    const burst = async (amountQepik: number) => {
      const codes = await Promise.all(
        Array.from({ length: 100 }, () => codeOf(client.requestPayout({ actorUid: RICH, cardId: card, amountQepik }))),
      );
      const tally: Record<string, number> = {};
      for (const code of codes) tally[code] = (tally[code] ?? 0) + 1;
      return tally;
    };
    const payAll = async () => {
      const { payouts } = await client.listStaffPayouts({
        staff: { sub: 'kc-finance', username: 'finance' },
        state: PayoutState.PAYOUT_STATE_REQUESTED,
        page: 0,
        pageSize: 50,
      });
      for (const payout of payouts.filter((p) => p.uid === RICH)) {
        await client.updatePayoutState({
          staff: { sub: 'kc-finance', username: 'finance' },
          payoutId: payout.id,
          state: PayoutState.PAYOUT_STATE_PAID,
          reference: `TRX-${payout.id.slice(0, 8)}`,
          note: '',
        });
      }
    };

    // One active payout at a time: one of the hundred, the rest HasActivePayout.
    expect(await burst(3_000)).toEqual({ ok: 1, HasActivePayout: 99 });
    expect(await count(`select count(*)::int as c from donations.payouts where uid = $1`, [RICH])).toBe(1);
    await payAll();
    expect(await burst(3_000)).toEqual({ ok: 1, HasActivePayout: 99 });
    await payAll();
    expect(await burst(3_000)).toEqual({ ok: 1, HasActivePayout: 99 });
    await payAll();
    // 9,000 of the month's 10,000 paid: 3,000 more passes the cap, for every one of the hundred.
    expect(await burst(3_000)).toEqual({ MonthlyPayoutLimitReached: 100 });
    expect(await burst(1_000)).toEqual({ ok: 1, HasActivePayout: 99 });
    await payAll();
    expect(await burst(1_000)).toEqual({ MonthlyPayoutLimitReached: 100 });
    expect(await balances(RICH)).toMatchObject({
      availableQepik: 50_000,
      reservedQepik: 0,
      paidOutTotalQepik: 10_000,
      monthPayoutsQepik: 10_000,
      monthRemainingQepik: 0,
    });

    // Never past the balance: 2,500 available, a hundred ask for 2,000, then for 1,000 while it is held.
    const poorCard = await openAccount(POOR);
    await fund(POOR, 2_500);
    const poorBurst = async (amountQepik: number) => {
      const codes = await Promise.all(
        Array.from({ length: 100 }, () =>
          codeOf(client.requestPayout({ actorUid: POOR, cardId: poorCard, amountQepik })),
        ),
      );
      return codes.filter((code) => code === 'ok').length;
    };
    expect(await poorBurst(3_000)).toBe(0);
    expect(await poorBurst(2_000)).toBe(1);
    expect(await balances(POOR)).toMatchObject({ availableQepik: 500, reservedQepik: 2_000 });
    // Failed: the money is available again, and the failure does not count toward the month.
    const { payouts } = await client.listPayouts({ actorUid: POOR, page: 0, pageSize: 0, all: false });
    await client.updatePayoutState({
      staff: { sub: 'kc-finance', username: 'finance' },
      payoutId: payouts[0]!.id,
      state: PayoutState.PAYOUT_STATE_FAILED,
      reference: '',
      note: 'Card closed',
    });
    expect(await balances(POOR)).toMatchObject({ availableQepik: 2_500, reservedQepik: 0, monthPayoutsQepik: 0 });
    const { actions } = await client.getStaffPayout({
      staff: { sub: 'kc-finance', username: 'finance' },
      payoutId: payouts[0]!.id,
    });
    expect(actions.map((a) => [a.toState, a.staff?.username, a.note])).toEqual([
      [PayoutState.PAYOUT_STATE_REQUESTED, '', ''],
      [PayoutState.PAYOUT_STATE_FAILED, 'finance', 'Card closed'],
    ]);
    // Nobody else's account: the same card id from another user is NoCard.
    expect(await codeOf(client.requestPayout({ actorUid: AUTHOR, cardId: poorCard, amountQepik: 1_000 }))).toBe(
      'NoCard',
    );
  });

  it('reverses a refund beyond the balance as the platform’s shortfall, never below zero', async () => {
    const supportId = await fund(POOR, 3_000);
    const { support } = await client.getSupport({ actorUid: READER, supportId });
    expect(support?.state).toBe(SupportState.SUPPORT_STATE_PAID);
    const paymentId = (await sql.query('select payment_id from donations.supports where id = $1', [supportId])).rows[0]
      .payment_id as string;
    // POOR withdraws 5,000 of their 5,500; then the 3,000 support is disputed.
    const card = (await client.listCards({ actorUid: POOR })).cards[0]!.id;
    await client.requestPayout({ actorUid: POOR, cardId: card, amountQepik: 5_000 });
    await client.handlePaymentWebhook(
      signedWebhook('charge.dispute.created', {
        id: `dp_${randomUUID().slice(0, 8)}`,
        object: 'dispute',
        payment_intent: paymentId,
        amount: 3_000,
        currency: 'azn',
      }),
    );
    expect(await balances(POOR)).toMatchObject({ availableQepik: 0, reservedQepik: 5_000 });
    const row = (
      await sql.query('select state, disputed_qepik, shortfall_qepik from donations.supports where id = $1', [
        supportId,
      ])
    ).rows[0];
    expect(row).toEqual({ state: 'disputed', disputed_qepik: '3000', shortfall_qepik: '2500' });
    // Every transaction of the run sums to zero, and every user account is at zero or above.
    expect(
      await count(
        `select count(*)::int as c from (select transaction_id from donations.ledger_entries
          group by transaction_id having sum(amount_qepik) <> 0) unbalanced`,
      ),
    ).toBe(0);
    expect(
      await count(
        `select count(*)::int as c from (select uid, account_kind from donations.ledger_entries where uid is not null
          group by uid, account_kind having sum(amount_qepik) < 0) negative`,
      ),
    ).toBe(0);
  });

  it('never wrote a card number to a log: not the service’s, not any other process’s of the run', async () => {
    const own = readFileSync(logFile(stack, 'donations')).subarray(logOffset).toString('utf8');
    expect(own.length).toBeGreaterThan(0);
    const logs = readdirSync(stack.logDir)
      .filter((file) => file.endsWith('.log') && file !== 'stripe.log')
      .map((file) => readFileSync(join(stack.logDir, file), 'utf8'));
    for (const number of [CARD_NUMBER, BAD_NUMBER]) {
      const spaced = number.replace(/(\d{4})(?=\d)/g, '$1 ');
      expect(own).not.toContain(number);
      expect(own).not.toContain(spaced);
      for (const log of logs) expect(log.includes(number) || log.includes(spaced)).toBe(false);
    }
  });
});
