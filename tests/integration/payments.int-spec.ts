// Paid subscriptions through the gateway on real servers (identity, publications, gateway; PostgreSQL, Redis, NATS,
// stripe-mock): the owner connects the publication's merchant account (an onboarding page; Stripe's signed
// account.updated enables it; then AlreadyIntegrated), a member or an outsider cannot; a reader's checkout answers
// Stripe's hosted page once the publication can sell (MerchantNotConnected before); the subscription itself changes
// only on signed webhooks, which the suite signs with the stripe package's test helper and the test profile's
// webhook secret, as Stripe would: checkout.session.completed makes it paid (the reader's view, CanReadInFull), the
// same event ten times in parallel and ten in sequence is one subscription and one subscription.created event,
// invoices out of order leave the later period, a stale state does not overwrite a newer one, a forged, tampered,
// unsigned or stale delivery is refused with InvalidWebhookSignature and changes nothing, a failed renewal marks it
// past due and announces it, unsubscribing keeps access until the period ends and customer.subscription.deleted
// ends it. (stripe-mock keeps no state and sends no webhooks: the suite posts them itself. The notifications
// consumer of payment_failed is not in the tree yet: the suite checks the publications event it would read.)
import { EVENTS } from '@pencraft/contracts/events';
import {
  SubscriptionCancelled,
  SubscriptionCreated,
  SubscriptionPaymentFailed,
} from '@pencraft/contracts/events/v1/publications';
import {
  PublicationsServiceClient,
  PublicationsServiceService,
} from '@pencraft/contracts/publications/v1/publications';
import { createGrpcClient, type PromiseClient } from '@pencraft/kit';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import Stripe from 'stripe';
import { loadSecrets, type AppHandle } from '../../packages/devstack/src/index.ts';
import { confirmAccount } from '../support/accounts.ts';
import {
  freshDatabase,
  grpcAddress,
  httpBase,
  resetMessaging,
  stack,
  startService,
  type TestDatabase,
} from '../support/stack.ts';
import { captchaParam, errorCode, typedApi, type TypedApi } from '../support/typed-api.ts';
import { DocumentedClient as ApiClient, expectDocumented } from './gateway-openapi.ts';
import type { operations, Schemas } from '@pencraft/api-client';

interface Account {
  client: ApiClient;
  api: TypedApi;
  uid: string;
  username: string;
}
/** The webhook's answer as the document declares it (the delivery itself is a raw POST of signed bytes). */
type WebhookAnswer = operations['receiveStripeWebhook']['responses'][200]['content']['application/json'];
interface SubscriptionRow {
  tier: string;
  plan_id: string | null;
  period_end: Date | null;
  cancelled_at: Date | null;
  provider_subscription_id: string | null;
  payment_state: string | null;
}

const WEBHOOK = '/api/payments/webhooks/stripe';
const DAY = 86_400;
const run = Date.now().toString(36);
let seq = 0;

let db: TestDatabase;
let sql: pg.Pool;
const apps: AppHandle[] = [];
let publications: PromiseClient<PublicationsServiceClient>;
let base: string;
let webhookSecret: string;
// Only its webhook helper is used: signing needs no API key and no network.
const stripe = new Stripe('sk_test_signing_only');

let owner: Account;
let member: Account;
let outsider: Account;
let reader: Account;
let early: Account;
let forged: Account;
let publicationId: string;
let planId: string;
let accountId: string;

const statusAndCode = (response: { status: number; error?: Schemas['Error'] }) => [
  response.status,
  errorCode(response),
];
const byPublication = () => ({ params: { path: { id: publicationId } } });
const connect = (account: Account | TypedApi) =>
  ('api' in account ? account.api : account).POST('/api/core-publications/{id}/studio/income/connect', byPublication());
const checkout = (account: Account, plan = planId) =>
  account.api.POST('/api/core-publications/{id}/sub/checkout', { ...byPublication(), body: { planId: plan } });
const view = async (account: Account) => (await account.api.GET('/api/core-publications/{id}', byPublication())).data!;
const unsubscribe = (account: Account) => account.api.POST('/api/core-publications/{id}/unsub', byPublication());
const createPlan = (interval: 'month' | 'year', price: number) =>
  owner.api.POST('/api/core-publications/{id}/studio/plans', { ...byPublication(), body: { interval, price } });
const canReadInFull = async (account: Account) =>
  (await publications.canReadInFull({ publicationId, articleAuthorUid: owner.uid, viewerUid: account.uid })).allowed;

async function signUp(): Promise<Account> {
  seq += 1;
  const account = { email: `pay${seq}.${run}@example.az`, username: `pay_${run}_${seq}`, password: 'payments-7' };
  const client = new ApiClient(base);
  const api = typedApi(client);
  const response = await api.POST('/api/id/register', {
    body: { ...account, fullname: `Payments User ${seq}`, acceptTerms: true, acceptPrivacy: true },
    params: { header: await captchaParam(base) },
  });
  expect(response.status).toBe(201);
  await confirmAccount(client, account.email);
  return { client, api, uid: response.data!.uid, username: account.username };
}

// --- Stripe's side: events as Stripe sends them, signed with the endpoint's secret -------------------------------

const nowSec = () => Math.floor(Date.now() / 1000);

function stripeEvent(type: string, object: Record<string, unknown>, created: number) {
  return {
    id: `evt_${run}_${randomUUID().replaceAll('-', '')}`,
    object: 'event',
    api_version: '2025-09-30.clover',
    created,
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object },
  };
}
type StripeEvent = ReturnType<typeof stripeEvent>;

const metadataOf = (account: Account) => ({ publication_id: publicationId, uid: account.uid, plan_id: planId });

function checkoutCompleted(account: Account, subscription: string, created: number) {
  return stripeEvent(
    'checkout.session.completed',
    {
      id: `cs_test_${randomUUID().replaceAll('-', '')}`,
      object: 'checkout.session',
      mode: 'subscription',
      status: 'complete',
      payment_status: 'paid',
      client_reference_id: account.uid,
      subscription,
      metadata: metadataOf(account),
    },
    created,
  );
}

/** An invoice of the subscription (API 2025-03-31 and later: the subscription under parent.subscription_details). */
function invoice(
  type: 'invoice.paid' | 'invoice.payment_failed',
  account: Account,
  subscription: string,
  period: { start: number; end: number },
  created: number,
) {
  return stripeEvent(
    type,
    {
      id: `in_${randomUUID().replaceAll('-', '')}`,
      object: 'invoice',
      currency: 'azn',
      amount_due: 500,
      amount_paid: type === 'invoice.paid' ? 500 : 0,
      status: type === 'invoice.paid' ? 'paid' : 'open',
      billing_reason: 'subscription_cycle',
      parent: {
        type: 'subscription_details',
        subscription_details: { subscription, metadata: metadataOf(account) },
      },
      lines: { object: 'list', data: [{ object: 'line_item', amount: 500, period }] },
      period_start: created,
      period_end: created,
    },
    created,
  );
}

function subscriptionEvent(
  type: 'customer.subscription.updated' | 'customer.subscription.deleted',
  account: Account,
  subscription: string,
  fields: Record<string, unknown>,
  created: number,
) {
  return stripeEvent(
    type,
    { id: subscription, object: 'subscription', metadata: metadataOf(account), ...fields },
    created,
  );
}

function signed(event: StripeEvent, options: { secret?: string; timestamp?: number } = {}) {
  const payload = JSON.stringify(event);
  const signature = stripe.webhooks.generateTestHeaderString({
    payload,
    secret: options.secret ?? webhookSecret,
    ...(options.timestamp ? { timestamp: options.timestamp } : {}),
  });
  return { payload, signature };
}

/**
 * Posts the bytes as Stripe does: no session, no CSRF token, the signature in Stripe-Signature. A raw fetch, not the
 * typed client: the signature covers the exact bytes (a tampered body, a missing or garbled header are sent as they
 * are), which the typed client would re-serialise; the answer is still checked against the document.
 */
async function deliver(delivery: { payload: string; signature?: string }) {
  const response = await fetch(`${base}${WEBHOOK}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(delivery.signature === undefined ? {} : { 'stripe-signature': delivery.signature }),
    },
    body: delivery.payload,
  });
  const text = await response.text();
  const body = (text ? JSON.parse(text) : undefined) as WebhookAnswer & Partial<Schemas['Error']>;
  expectDocumented('POST', WEBHOOK, response.status, body);
  return { status: response.status, body };
}

const send = (event: StripeEvent) => deliver(signed(event));
const refusalOf = (answer: Awaited<ReturnType<typeof deliver>>) => [answer.status, answer.body.error?.code];

// --- What the service stored and announced -------------------------------------------------------------------------

async function subscriptionRow(account: Account): Promise<SubscriptionRow | undefined> {
  const { rows } = await sql.query<SubscriptionRow>(
    `select tier, plan_id, period_end, cancelled_at, provider_subscription_id, payment_state
       from publications.subscriptions where publication_id = $1 and uid = $2`,
    [publicationId, account.uid],
  );
  return rows[0];
}

async function outbox<T>(subject: string, decode: (bytes: Uint8Array) => T): Promise<T[]> {
  const { rows } = await sql.query<{ payload: Buffer }>(
    'select payload from publications.outbox where subject = $1 order by created_at, id',
    [subject],
  );
  return rows.map((row) => decode(new Uint8Array(row.payload)));
}

const createdEvents = async (account: Account) =>
  (await outbox(EVENTS.subscriptionCreated.subject, SubscriptionCreated.decode)).filter(
    (event) => event.uid === account.uid && event.publicationId === publicationId,
  );
const cancelledEvents = async (account: Account) =>
  (await outbox(EVENTS.subscriptionCancelled.subject, SubscriptionCancelled.decode)).filter(
    (event) => event.uid === account.uid && event.publicationId === publicationId,
  );
const failedEvents = async (account: Account) =>
  (await outbox(EVENTS.subscriptionPaymentFailed.subject, SubscriptionPaymentFailed.decode)).filter(
    (event) => event.uid === account.uid && event.publicationId === publicationId,
  );

async function processed(eventId: string): Promise<number> {
  const { rows } = await sql.query<{ n: string }>(
    'select count(*) as n from publications.processed_events where consumer = $1 and event_id = $2',
    ['payments-webhook:stripe', eventId],
  );
  return Number(rows[0]!.n);
}

async function merchant(): Promise<{ account_id: string; charges_enabled: boolean }[]> {
  const { rows } = await sql.query<{ account_id: string; charges_enabled: boolean }>(
    'select account_id, charges_enabled from publications.merchant_accounts where publication_id = $1',
    [publicationId],
  );
  return rows;
}

/** One calendar month after `sec` (UTC), as the service and Stripe bill a monthly plan. */
function monthAfter(sec: number): number {
  const end = new Date(sec * 1000);
  end.setUTCMonth(end.getUTCMonth() + 1);
  return end.getTime();
}

beforeAll(async () => {
  await resetMessaging();
  db = await freshDatabase('payments');
  sql = new pg.Pool({ connectionString: db.url, max: 2 });
  webhookSecret = loadSecrets(stack).stripeWebhookSecret;
  expect(webhookSecret).toMatch(/^whsec_/);
  apps.push(...(await Promise.all([startService('identity', db.name), startService('publications', db.name)])));
  apps.push(
    await startService('gateway', db.name, {
      EDGE_ROUTES: '',
      AUTH_RATE_LIMIT_PER_MINUTE: '1000',
      RATE_LIMIT_PER_MINUTE: '5000',
      PUBLIC_CACHE_SECONDS: '0',
    }),
  );
  base = httpBase('gateway');
  publications = createGrpcClient(PublicationsServiceClient, PublicationsServiceService, grpcAddress('publications'));
  [owner, member, outsider, reader, early, forged] = await Promise.all([
    signUp(),
    signUp(),
    signUp(),
    signUp(),
    signUp(),
    signUp(),
  ]);

  const created = await owner.api.POST('/api/core-publications', {
    body: { name: `Ödənişli Qeydlər ${run}`, slug: `paid-${run}` },
  });
  expect(created.status).toBe(201);
  publicationId = created.data!.id;
  const plan = await createPlan('month', 500);
  expect(plan.status).toBe(201);
  planId = plan.data!.id;
  const invited = await owner.api.POST('/api/core-publications/{id}/studio/members', {
    ...byPublication(),
    body: { username: member.username },
  });
  expect(invited.status).toBe(204);
  expect((await member.api.POST('/api/ttin/pbls/invitations/{id}/accept', byPublication())).status).toBe(204);
});

afterAll(async () => {
  publications?.close();
  await Promise.all(apps.map((app) => app.stop()));
  await sql?.end();
  await db?.drop();
});

describe('the merchant account', () => {
  it('a reader cannot check out before the publication connects (MerchantNotConnected)', async () => {
    expect(statusAndCode(await checkout(reader))).toEqual([409, 'MerchantNotConnected']);
  });

  it('only the owner connects: a member is ActorNotPublicationOwner, an outsider ActorNotPublicationMember', async () => {
    expect(statusAndCode(await connect(member))).toEqual([403, 'ActorNotPublicationOwner']);
    expect(statusAndCode(await connect(outsider))).toEqual([403, 'ActorNotPublicationMember']);
    expect(statusAndCode(await connect(typedApi(new ApiClient(base))))).toEqual([401, 'Unauthorized']);
    expect(await merchant()).toEqual([]);
  });

  it('the owner connects: an onboarding page, and a new one while onboarding is unfinished', async () => {
    const first = await connect(owner);
    expect(first.status).toBe(200);
    expect(first.data!.url).toMatch(/^https:\/\//);
    const rows = await merchant();
    expect(rows).toEqual([{ account_id: expect.stringMatching(/^acct_/), charges_enabled: false }]);
    accountId = rows[0]!.account_id;

    const again = await connect(owner);
    expect(again.status).toBe(200);
    expect(again.data!.url).toMatch(/^https:\/\//);
    expect(await merchant()).toEqual([{ account_id: accountId, charges_enabled: false }]);
    // Connected but not onboarded: the publication cannot sell yet.
    expect(statusAndCode(await checkout(reader))).toEqual([409, 'MerchantNotConnected']);
  });

  it('account.updated with charges enabled integrates it; connecting again is AlreadyIntegrated', async () => {
    const at = nowSec();
    const enabled = stripeEvent('account.updated', { id: accountId, object: 'account', charges_enabled: true }, at);
    const answer = await send(enabled);
    expect(answer).toEqual({ status: 200, body: { received: true, duplicate: false } });
    expect(await merchant()).toEqual([{ account_id: accountId, charges_enabled: true }]);
    expect(statusAndCode(await connect(owner))).toEqual([409, 'AlreadyIntegrated']);

    // An older update delivered late (onboarding still unfinished then) does not take it back.
    const older = stripeEvent('account.updated', { id: accountId, object: 'account', charges_enabled: false }, at - 60);
    expect(await send(older)).toEqual({ status: 200, body: { received: true, duplicate: false } });
    expect(await merchant()).toEqual([{ account_id: accountId, charges_enabled: true }]);
    expect(statusAndCode(await connect(owner))).toEqual([409, 'AlreadyIntegrated']);
  });
});

describe('checkout', () => {
  it("answers Stripe's hosted page for a plan; nothing is subscribed until Stripe says it was paid", async () => {
    const started = await checkout(reader);
    expect(started.status).toBe(200);
    expect(started.data!.url).toMatch(/^https:\/\/checkout\.stripe\.com\//);
    expect(await subscriptionRow(reader)).toBeUndefined();
    expect((await view(reader)).subscription).toBeNull();
    expect(await canReadInFull(reader)).toBe(false);
  });

  it('refuses an unknown plan, the owner and the members', async () => {
    expect(statusAndCode(await checkout(reader, randomUUID()))).toEqual([404, 'PlanNotFound']);
    expect(statusAndCode(await checkout(owner))).toEqual([409, 'CannotSubscribePublication']);
    expect(statusAndCode(await checkout(member))).toEqual([409, 'CannotSubscribePublication']);
  });
});

describe('webhooks', () => {
  const subscription = `sub_${run}_reader`;
  let t0: number;

  it('a signed checkout.session.completed makes a paid subscription the reader sees', async () => {
    t0 = nowSec() - 100;
    const answer = await send(checkoutCompleted(reader, subscription, t0));
    expect(answer).toEqual({ status: 200, body: { received: true, duplicate: false } });

    expect(await subscriptionRow(reader)).toMatchObject({
      tier: 'paid',
      plan_id: planId,
      provider_subscription_id: subscription,
      payment_state: 'active',
      cancelled_at: null,
      period_end: new Date(monthAfter(t0)),
    });
    expect(await view(reader)).toMatchObject({
      role: null,
      subscription: {
        tier: 'paid',
        uid: reader.uid,
        planId,
        periodEnd: new Date(monthAfter(t0)).toISOString(),
        cancelledAt: null,
      },
      publication: { subscribers: 1 },
    });
    expect(await canReadInFull(reader)).toBe(true);
    expect(await canReadInFull(outsider)).toBe(false);
    expect(await createdEvents(reader)).toEqual([
      expect.objectContaining({ paid: true, planId, periodEndMs: monthAfter(t0), ownerUid: owner.uid }),
    ]);
    // Paid and renewing: a second checkout would charge twice.
    expect(statusAndCode(await checkout(reader))).toEqual([409, 'AlreadySubscribed']);
  });

  it('the same signed event ten times in parallel and ten in sequence: one subscription, one event', async () => {
    const other = `sub_${run}_replayed`;
    const event = checkoutCompleted(outsider, other, nowSec() - 50);
    const delivery = signed(event);

    const parallel = await Promise.all(Array.from({ length: 10 }, () => deliver(delivery)));
    expect(parallel.map((answer) => answer.status)).toEqual(Array(10).fill(200));
    expect(parallel.filter((answer) => !answer.body.duplicate)).toHaveLength(1);
    for (let i = 0; i < 10; i += 1) {
      expect(await deliver(delivery)).toEqual({ status: 200, body: { received: true, duplicate: true } });
    }

    expect(await processed(event.id)).toBe(1);
    const { rows } = await sql.query<{ uid: string }>(
      'select uid from publications.subscriptions where provider_subscription_id = $1',
      [other],
    );
    expect(rows).toEqual([{ uid: outsider.uid }]);
    expect(await createdEvents(outsider)).toHaveLength(1);
    expect((await view(outsider)).subscription).toMatchObject({ tier: 'paid', uid: outsider.uid });
    expect(await canReadInFull(outsider)).toBe(true);
  });

  it('invoices out of order: the later period delivered first stays', async () => {
    const first = { start: t0, end: t0 + 32 * DAY };
    const second = { start: first.end, end: t0 + 64 * DAY };
    const later = invoice('invoice.paid', reader, subscription, second, t0 + 2);
    const earlier = invoice('invoice.paid', reader, subscription, first, t0 + 1);

    expect((await send(later)).body).toEqual({ received: true, duplicate: false });
    expect((await subscriptionRow(reader))?.period_end).toEqual(new Date(second.end * 1000));
    expect((await send(earlier)).body).toEqual({ received: true, duplicate: false });
    expect(await subscriptionRow(reader)).toMatchObject({
      period_end: new Date(second.end * 1000),
      payment_state: 'active',
    });
    expect((await view(reader)).subscription?.periodEnd).toBe(new Date(second.end * 1000).toISOString());
    // Renewals extend the subscription; they announce no new one.
    expect(await createdEvents(reader)).toHaveLength(1);
  });

  it('an invoice paid before its checkout event begins the subscription once; the late checkout changes nothing', async () => {
    const other = `sub_${run}_early`;
    const at = nowSec() - 40;
    const period = { start: at, end: at + 40 * DAY };
    expect((await send(invoice('invoice.paid', early, other, period, at + 1))).body).toEqual({
      received: true,
      duplicate: false,
    });
    expect((await send(checkoutCompleted(early, other, at))).body).toEqual({ received: true, duplicate: false });

    expect(await subscriptionRow(early)).toMatchObject({
      tier: 'paid',
      provider_subscription_id: other,
      payment_state: 'active',
      period_end: new Date(period.end * 1000),
    });
    expect(await createdEvents(early)).toHaveLength(1);
    expect(await canReadInFull(early)).toBe(true);
  });

  it('a forged, tampered, unsigned or stale delivery is refused with InvalidWebhookSignature and changes nothing', async () => {
    const other = `sub_${run}_forged`;
    const event = checkoutCompleted(forged, other, nowSec() - 30);
    const genuine = signed(event);
    const refused = [400, 'InvalidWebhookSignature'];

    const wrongSecret = signed(event, { secret: `whsec_${randomUUID().replaceAll('-', '')}` });
    expect(refusalOf(await deliver(wrongSecret))).toEqual(refused);
    // The signature of the genuine bytes over a body naming someone else.
    const tampered = genuine.payload.replace(forged.uid, outsider.uid);
    expect(tampered).not.toBe(genuine.payload);
    expect(refusalOf(await deliver({ payload: tampered, signature: genuine.signature }))).toEqual(refused);
    expect(refusalOf(await deliver({ payload: genuine.payload }))).toEqual(refused);
    expect(refusalOf(await deliver({ payload: genuine.payload, signature: '' }))).toEqual(refused);
    expect(refusalOf(await deliver({ payload: genuine.payload, signature: 't=1,v1=00' }))).toEqual(refused);
    // Signed correctly, but ten minutes ago (a replay captured long since).
    expect(refusalOf(await deliver(signed(event, { timestamp: nowSec() - 600 })))).toEqual(refused);

    expect(await subscriptionRow(forged)).toBeUndefined();
    expect(await processed(event.id)).toBe(0);
    expect(await createdEvents(forged)).toEqual([]);
    expect(await canReadInFull(forged)).toBe(false);
    // The tampered body named the outsider: their subscription is still the one they paid for.
    expect((await subscriptionRow(outsider))?.provider_subscription_id).toBe(`sub_${run}_replayed`);

    // None of the refusals used the event up: the genuine delivery applies it once.
    expect(await deliver(genuine)).toEqual({ status: 200, body: { received: true, duplicate: false } });
    expect(await subscriptionRow(forged)).toMatchObject({ tier: 'paid', provider_subscription_id: other });
    expect(await createdEvents(forged)).toHaveLength(1);
  });

  it('invoice.payment_failed marks it past due and announces it once; an older paid invoice does not undo it', async () => {
    const failed = invoice('invoice.payment_failed', reader, subscription, { start: t0, end: t0 + 64 * DAY }, t0 + 3);
    expect((await send(failed)).body).toEqual({ received: true, duplicate: false });
    expect((await send(failed)).body).toEqual({ received: true, duplicate: true });
    expect(await subscriptionRow(reader)).toMatchObject({ payment_state: 'pastDue' });
    expect(await failedEvents(reader)).toEqual([
      expect.objectContaining({ planId, amountQepik: 500, periodEndMs: (t0 + 64 * DAY) * 1000 }),
    ]);

    // A paid invoice older than the failure (delivered late, a new event) extends nothing and restores nothing.
    const stale = invoice('invoice.paid', reader, subscription, { start: t0, end: t0 + 32 * DAY }, t0 + 2);
    expect((await send(stale)).body).toEqual({ received: true, duplicate: false });
    expect(await subscriptionRow(reader)).toMatchObject({
      payment_state: 'pastDue',
      period_end: new Date((t0 + 64 * DAY) * 1000),
    });
    // Past due is not ended: the period that was paid for is still readable.
    expect(await canReadInFull(reader)).toBe(true);
  });

  it('unsubscribing a paid subscription keeps access until the period ends', async () => {
    const periodEnd = new Date((t0 + 64 * DAY) * 1000);
    const answer = await unsubscribe(reader);
    expect(answer.status).toBe(204);
    const row = await subscriptionRow(reader);
    expect(row).toMatchObject({ tier: 'paid', period_end: periodEnd, provider_subscription_id: subscription });
    expect(row?.cancelled_at).toBeInstanceOf(Date);
    expect((await view(reader)).subscription).toMatchObject({
      tier: 'paid',
      periodEnd: periodEnd.toISOString(),
      cancelledAt: expect.any(String),
    });
    expect(await canReadInFull(reader)).toBe(true);
    expect(await cancelledEvents(reader)).toEqual([
      expect.objectContaining({ paid: true, periodEndMs: periodEnd.getTime() }),
    ]);
    expect(statusAndCode(await unsubscribe(reader))).toEqual([404, 'SubscriptionNotFound']);

    // Stripe's own word that it will not renew changes nothing more and announces nothing more.
    const updated = subscriptionEvent(
      'customer.subscription.updated',
      reader,
      subscription,
      { status: 'active', cancel_at_period_end: true, items: { data: [{ current_period_end: t0 + 64 * DAY }] } },
      t0 + 4,
    );
    expect((await send(updated)).body).toEqual({ received: true, duplicate: false });
    expect(await subscriptionRow(reader)).toMatchObject({ period_end: periodEnd, cancelled_at: row?.cancelled_at });
    expect(await cancelledEvents(reader)).toHaveLength(1);
    expect(await canReadInFull(reader)).toBe(true);
  });

  it('customer.subscription.deleted ends it, and it stays ended', async () => {
    const endedAt = nowSec() - 1;
    const deleted = subscriptionEvent(
      'customer.subscription.deleted',
      reader,
      subscription,
      { status: 'canceled', ended_at: endedAt },
      t0 + 5,
    );
    expect((await send(deleted)).body).toEqual({ received: true, duplicate: false });
    expect(await subscriptionRow(reader)).toMatchObject({
      payment_state: 'ended',
      period_end: new Date(endedAt * 1000),
    });
    expect(await canReadInFull(reader)).toBe(false);
    expect(await cancelledEvents(reader)).toHaveLength(1);

    // A renewal paid late for the ended subscription does not revive it.
    const late = invoice('invoice.paid', reader, subscription, { start: t0, end: t0 + 96 * DAY }, t0 + 6);
    expect((await send(late)).body).toEqual({ received: true, duplicate: false });
    expect(await subscriptionRow(reader)).toMatchObject({
      payment_state: 'ended',
      period_end: new Date(endedAt * 1000),
    });
    expect(await canReadInFull(reader)).toBe(false);
    expect(await createdEvents(reader)).toHaveLength(1);
  });
});

// --- Income: the ledger of payments received, from the same signed webhooks --------------------------------------

describe('income', () => {
  let payer: Account;
  let yearly: Account;
  let yearlyPlanId: string;
  const incomeOf = (account: Account, cursor?: string) =>
    account.api.GET('/api/core-publications/{id}/studio/income', {
      params: { path: { id: publicationId }, query: cursor ? { cursor } : {} },
    });

  /** Every page of the owner's ledger, and the totals the first page answered. */
  async function wholeLedger() {
    const first = await incomeOf(owner);
    expect(first.status).toBe(200);
    const items = [...first.data!.items];
    for (let cursor = first.data!.nextCursor; cursor;) {
      const page = await incomeOf(owner, cursor);
      expect(page.status).toBe(200);
      expect(page.data!.months).toEqual(first.data!.months);
      items.push(...page.data!.items);
      cursor = page.data!.nextCursor;
    }
    return { items, months: first.data!.months };
  }

  /** A Stripe event for a subscription of `account` through `plan`, with the amount Stripe says was paid. */
  const paidCheckout = (
    account: Account,
    subscription: string,
    invoiceId: string,
    amount: number,
    plan: string,
    created: number,
  ) =>
    stripeEvent(
      'checkout.session.completed',
      {
        id: `cs_test_${randomUUID().replaceAll('-', '')}`,
        object: 'checkout.session',
        mode: 'subscription',
        status: 'complete',
        payment_status: 'paid',
        amount_total: amount,
        currency: 'azn',
        invoice: invoiceId,
        subscription,
        metadata: { publication_id: publicationId, uid: account.uid, plan_id: plan },
      },
      created,
    );
  const paidInvoice = (
    account: Account,
    subscription: string,
    invoiceId: string,
    amount: number,
    plan: string,
    created: number,
  ) =>
    stripeEvent(
      'invoice.paid',
      {
        id: invoiceId,
        object: 'invoice',
        currency: 'azn',
        amount_due: amount,
        amount_paid: amount,
        status: 'paid',
        status_transitions: { paid_at: created },
        parent: {
          type: 'subscription_details',
          subscription_details: {
            subscription,
            metadata: { publication_id: publicationId, uid: account.uid, plan_id: plan },
          },
        },
        lines: {
          object: 'list',
          data: [{ object: 'line_item', amount, period: { start: created, end: created + 31 * DAY } }],
        },
      },
      created,
    );

  beforeAll(async () => {
    [payer, yearly] = [await signUp(), await signUp()];
    const plan = await createPlan('year', 4999);
    expect(plan.status).toBe(201);
    yearlyPlanId = plan.data!.id;
  });

  it('each payment delivered several times is one entry of exactly its qəpik; the totals are exact', async () => {
    const before = await wholeLedger();
    const subscription = `sub_income_${run}`;
    const t = nowSec();
    const first = `in_first_${run}`;
    // The first payment: Stripe names it in the checkout's event and in its invoice's; each delivered 3 times.
    const events = [
      paidCheckout(payer, subscription, first, 1999, planId, t - 3),
      paidInvoice(payer, subscription, first, 1999, planId, t - 2),
      paidInvoice(payer, subscription, `in_second_${run}`, 12_345, planId, t - 1),
      paidInvoice(payer, subscription, `in_third_${run}`, 7, planId, t),
    ];
    for (const event of events) {
      const answers = await Promise.all([send(event), send(event), send(event)]);
      expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
      expect(answers.filter((a) => !a.body.duplicate)).toHaveLength(1);
    }
    expect(await canReadInFull(payer)).toBe(true);

    const after = await wholeLedger();
    const mine = after.items.filter((entry) => entry.subscriber.uid === payer.uid);
    expect(mine.map((entry) => entry.amountQepik)).toEqual([7, 12_345, 1999]);
    expect(mine[0]).toMatchObject({
      subscriber: { uid: payer.uid, username: payer.username },
      planId,
      interval: 'month',
      currency: 'AZN',
      paidAt: new Date(t * 1000).toISOString(),
    });
    expect(after.items.every((entry) => Number.isInteger(entry.amountQepik) && entry.amountQepik > 0)).toBe(true);
    // Newest first.
    const times = after.items.map((entry) => Date.parse(entry.paidAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    // Every month's total is the exact integer sum of its entries (other tests' paid invoices included).
    const sums = new Map<string, { amount: bigint; count: number }>();
    for (const entry of after.items) {
      const month = new Date(Date.parse(entry.paidAt) + 4 * 3_600_000).toISOString().slice(0, 7); // Asia/Baku
      const sum = sums.get(month) ?? { amount: 0n, count: 0 };
      sums.set(month, { amount: sum.amount + BigInt(entry.amountQepik), count: sum.count + 1 });
    }
    expect(after.months.map((m) => [m.month, BigInt(m.amountQepik), m.payments])).toEqual(
      [...sums].sort(([a], [b]) => b.localeCompare(a)).map(([month, sum]) => [month, sum.amount, sum.count]),
    );
    const total = (ledger: typeof after) => ledger.months.reduce((sum, m) => sum + BigInt(m.amountQepik), 0n);
    expect(total(after) - total(before)).toBe(1999n + 12_345n + 7n);
    // The database refuses to change the ledger.
    await expect(sql.query('update publications.income_entries set amount_qepik = 1')).rejects.toThrow(/append-only/);
    await expect(sql.query('delete from publications.income_entries')).rejects.toThrow(/append-only/);
  });

  it("is the owner's alone: a member is ActorNotPublicationOwner, an outsider ActorNotPublicationMember", async () => {
    expect(statusAndCode(await incomeOf(member))).toEqual([403, 'ActorNotPublicationOwner']);
    expect(statusAndCode(await incomeOf(outsider))).toEqual([403, 'ActorNotPublicationMember']);
    expect(statusAndCode(await incomeOf(owner, 'not-a-cursor'))).toEqual([400, 'InvalidPage']);
  });

  it('deleting a plan with a paid subscriber keeps its access, stops it renewing at Stripe, and keeps its income', async () => {
    const subscription = `sub_yearly_${run}`;
    const t = nowSec();
    const paid = paidCheckout(yearly, subscription, `in_yearly_${run}`, 4999, yearlyPlanId, t);
    expect((await send(paid)).body).toEqual({ received: true, duplicate: false });
    expect(await canReadInFull(yearly)).toBe(true);

    const deleted = await owner.api.DELETE('/api/core-publications/{id}/studio/plans/{planId}', {
      params: { path: { id: publicationId, planId: yearlyPlanId } },
    });
    expect(deleted.status).toBe(204);
    const { rows } = await sql.query<{ cancelled_at: Date | null; provider_cancel_pending: boolean; period_end: Date }>(
      'select cancelled_at, provider_cancel_pending, period_end from publications.subscriptions where publication_id = $1 and uid = $2',
      [publicationId, yearly.uid],
    );
    // Cancelled here, and Stripe (stripe-mock) accepted cancel_at_period_end: nothing left pending.
    expect(rows[0]).toMatchObject({ cancelled_at: expect.any(Date), provider_cancel_pending: false });
    expect(rows[0]!.period_end.getTime()).toBeGreaterThan(Date.now());
    expect(await canReadInFull(yearly)).toBe(true);

    const ledger = await wholeLedger();
    expect(ledger.items.filter((entry) => entry.subscriber.uid === yearly.uid)).toEqual([
      expect.objectContaining({ amountQepik: 4999, planId: yearlyPlanId, interval: 'year' }),
    ]);
  });
});
