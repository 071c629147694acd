import { beforeEach, describe, expect, it, jest } from '@jest/globals';
import { EVENTS } from '@pencraft/contracts/events';
import {
  SubscriptionCancelled,
  SubscriptionCreated,
  SubscriptionPaymentFailed,
} from '@pencraft/contracts/events/v1/publications';
import { AppError } from '@pencraft/errors';
import type { Clock, Outbox, OutboxEvent } from '@pencraft/kit';
import { fakeTransactions, strictMock, TX, type StrictMock } from '@pencraft/testing';
import Stripe from 'stripe';
import type { MemberRepository } from '../members/member.repository.js';
import type { PublicationRepository } from '../publications/publication.repository.js';
import type { PublicationRow } from '../publications/publication.table.js';
import type { PlanRepository } from '../subscriptions/plan.repository.js';
import type { PlanRow } from '../subscriptions/plan.table.js';
import type { SubscriptionRepository } from '../subscriptions/subscription.repository.js';
import type { SubscriptionRow } from '../subscriptions/subscription.table.js';
import type { MerchantAccountRow } from './merchant-account.table.js';
import type { IncomeRepository } from './income.repository.js';
import { IncomeService } from './income.service.js';
import type { IncomeEntryRow } from './income.table.js';
import type { PaymentProvider } from './payment-provider.js';
import type { PaymentRepository } from './payment.repository.js';
import { PaymentService, periodEndAfter } from './payment.service.js';
import { StripeProvider } from './stripe.provider.js';

const NOW = new Date('2026-11-26T12:00:00Z');
const OWNER = '0b9f6a1e-2c3d-4e5f-8a7b-9c0d1e2f3a4b';
const READER = '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';
const PUB = '6f1c2a4e-8d3b-4c5a-9e7f-0a1b2c3d4e5f';
const PLAN = '3c4d5e6f-7a8b-4c9d-8e0f-2a3b4c5d6e7f';
const SUB = 'sub_1PencraftTest';
const ACCOUNT = 'acct_1PencraftTest';
const SECRET = `whsec_${'s'.repeat(32)}`;
const sec = (iso: string) => Math.floor(Date.parse(iso) / 1000);

const publication = { id: PUB, ownerUid: OWNER, name: 'Daily Baku', slug: 'daily-baku' } as PublicationRow;
const plan: PlanRow = {
  id: PLAN,
  publicationId: PUB,
  interval: 'month',
  priceQepik: 500,
  description: '',
  createdAt: NOW,
};
const merchant = (over: Partial<MerchantAccountRow> = {}): MerchantAccountRow => ({
  publicationId: PUB,
  provider: 'stripe',
  accountId: ACCOUNT,
  chargesEnabled: true,
  updatedAt: null,
  createdAt: NOW,
  ...over,
});
const subscription = (over: Partial<SubscriptionRow> = {}): SubscriptionRow => ({
  publicationId: PUB,
  uid: READER,
  tier: 'free',
  planId: null,
  periodEnd: null,
  cancelledAt: null,
  providerSubscriptionId: null,
  paymentState: null,
  stateAt: null,
  providerCancelPending: false,
  createdAt: NOW,
  ...over,
});

async function codeOf(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    if (AppError.is(error)) return error.code;
    throw error;
  }
  throw new Error('expected an AppError');
}

// --- Stripe events as Stripe sends them (API 2026), signed with the library's own test helper ------------------------

const metadata = { publication_id: PUB, uid: READER, plan_id: PLAN };
let sequence = 0;

function stripeEvent(type: string, created: string, object: Record<string, unknown>, id = `evt_${(sequence += 1)}`) {
  return JSON.stringify({
    id,
    object: 'event',
    type,
    created: sec(created),
    api_version: '2026-10-28',
    data: { object },
  });
}

const checkoutCompleted = (created: string, id?: string, subscription = SUB) =>
  stripeEvent(
    'checkout.session.completed',
    created,
    { id: `cs_test_${subscription}`, object: 'checkout.session', mode: 'subscription', subscription, metadata },
    id,
  );
const invoice = (type: 'invoice.paid' | 'invoice.payment_failed', created: string, periodEnd: string) =>
  stripeEvent(type, created, {
    id: `in_${sequence}`,
    object: 'invoice',
    amount_due: 500,
    parent: { type: 'subscription_details', subscription_details: { subscription: SUB, metadata } },
    lines: { object: 'list', data: [{ period: { start: sec(created), end: sec(periodEnd) } }] },
  });
const subscriptionUpdated = (created: string, cancelAtPeriodEnd: boolean, periodEnd: string, status = 'active') =>
  stripeEvent('customer.subscription.updated', created, {
    id: SUB,
    object: 'subscription',
    status,
    cancel_at_period_end: cancelAtPeriodEnd,
    metadata,
    items: { object: 'list', data: [{ current_period_end: sec(periodEnd) }] },
  });
const subscriptionDeleted = (created: string, endedAt: string) =>
  stripeEvent('customer.subscription.deleted', created, {
    id: SUB,
    object: 'subscription',
    status: 'canceled',
    ended_at: sec(endedAt),
    metadata,
  });

const signer = new Stripe('sk_test_unit');
function signed(payload: string, secret = SECRET, timestamp = Math.floor(Date.now() / 1000)) {
  return {
    payload: Buffer.from(payload),
    signature: signer.webhooks.generateTestHeaderString({ payload, secret, timestamp }),
  };
}

describe('PaymentService', () => {
  let publications: StrictMock<PublicationRepository>;
  let members: StrictMock<MemberRepository>;
  let plans: StrictMock<PlanRepository>;
  let subscriptions: StrictMock<SubscriptionRepository>;
  let payments: StrictMock<PaymentRepository>;
  let provider: StrictMock<PaymentProvider>;
  let outbox: StrictMock<Outbox>;
  let clock: StrictMock<Clock>;
  let income: StrictMock<IncomeRepository>;
  let log: { warn: jest.Mock };
  let service: PaymentService;

  function build(paymentProvider: PaymentProvider) {
    return new PaymentService(
      fakeTransactions(),
      publications,
      members,
      plans,
      subscriptions,
      payments,
      paymentProvider,
      outbox,
      clock,
      new IncomeService(fakeTransactions(), publications, members, income, log),
      log,
    );
  }

  beforeEach(() => {
    publications = strictMock<PublicationRepository>('PublicationRepository');
    members = strictMock<MemberRepository>('MemberRepository');
    plans = strictMock<PlanRepository>('PlanRepository');
    subscriptions = strictMock<SubscriptionRepository>('SubscriptionRepository');
    payments = strictMock<PaymentRepository>('PaymentRepository');
    provider = strictMock<PaymentProvider>('PaymentProvider');
    outbox = strictMock<Outbox>('Outbox');
    clock = strictMock<Clock>('Clock');
    clock.now.mockReturnValue(NOW);
    income = strictMock<IncomeRepository>('IncomeRepository');
    log = { warn: jest.fn() };
    // The provider's name is a property, not a method: answered beside the strict mock's methods.
    service = build(
      new Proxy(provider, { get: (target, key) => (key === 'name' ? 'stripe' : Reflect.get(target, key)) }),
    );
  });

  describe('connectMerchant', () => {
    const request = { actorUid: OWNER, publicationId: PUB, returnUrl: 'https://r', refreshUrl: 'https://f' };

    beforeEach(() => {
      publications.find.mockResolvedValue(publication);
    });

    it('creates the account at the provider, records it and answers its onboarding page', async () => {
      members.roleOf.mockResolvedValue('owner');
      payments.merchant.mockResolvedValue(undefined);
      provider.createMerchantAccount.mockResolvedValue({ accountId: ACCOUNT });
      publications.lock.mockResolvedValue(publication);
      payments.insertMerchant.mockResolvedValue(merchant({ chargesEnabled: false }));
      provider.onboardingLink.mockResolvedValue({ url: 'https://connect.stripe.com/setup/x' });

      expect(await service.connectMerchant(request)).toEqual({ onboardingUrl: 'https://connect.stripe.com/setup/x' });
      expect(payments.insertMerchant).toHaveBeenCalledWith(TX, {
        publicationId: PUB,
        provider: 'stripe',
        accountId: ACCOUNT,
        createdAt: NOW,
      });
      expect(provider.onboardingLink).toHaveBeenCalledWith({
        accountId: ACCOUNT,
        returnUrl: 'https://r',
        refreshUrl: 'https://f',
      });
    });

    it('answers AlreadyIntegrated once the account takes payments', async () => {
      members.roleOf.mockResolvedValue('owner');
      payments.merchant.mockResolvedValue(merchant());
      expect(await codeOf(service.connectMerchant(request))).toBe('AlreadyIntegrated');
    });

    it('answers a new onboarding page for an account whose onboarding is not done', async () => {
      members.roleOf.mockResolvedValue('owner');
      payments.merchant.mockResolvedValue(merchant({ chargesEnabled: false }));
      provider.onboardingLink.mockResolvedValue({ url: 'https://connect.stripe.com/setup/y' });
      expect(await service.connectMerchant(request)).toEqual({ onboardingUrl: 'https://connect.stripe.com/setup/y' });
    });

    it('refuses the second of two concurrent connects (AlreadyIntegrated)', async () => {
      members.roleOf.mockResolvedValue('owner');
      payments.merchant.mockResolvedValueOnce(undefined).mockResolvedValueOnce(merchant({ chargesEnabled: false }));
      provider.createMerchantAccount.mockResolvedValue({ accountId: ACCOUNT });
      publications.lock.mockResolvedValue(publication);
      expect(await codeOf(service.connectMerchant(request))).toBe('AlreadyIntegrated');
    });

    it('is for the owner only', async () => {
      members.roleOf.mockResolvedValue('member');
      expect(await codeOf(service.connectMerchant(request))).toBe('ActorNotPublicationOwner');
      members.roleOf.mockResolvedValue(undefined);
      expect(await codeOf(service.connectMerchant(request))).toBe('ActorNotPublicationMember');
    });
  });

  describe('startCheckout', () => {
    const request = {
      actorUid: READER,
      publicationId: PUB,
      planId: PLAN,
      successUrl: 'https://s',
      cancelUrl: 'https://c',
    };

    beforeEach(() => {
      publications.find.mockResolvedValue(publication);
      plans.find.mockResolvedValue(plan);
      members.roleOf.mockResolvedValue(undefined);
      subscriptions.find.mockResolvedValue(undefined);
      payments.merchant.mockResolvedValue(merchant());
    });

    it("answers the provider's checkout page for the plan, in integer qəpik, paid to the publication's account", async () => {
      provider.createCheckout.mockResolvedValue({ url: 'https://checkout.stripe.com/c/pay/x' });
      expect(await service.startCheckout(request)).toEqual({ checkoutUrl: 'https://checkout.stripe.com/c/pay/x' });
      expect(provider.createCheckout).toHaveBeenCalledWith({
        publicationId: PUB,
        uid: READER,
        planId: PLAN,
        accountId: ACCOUNT,
        priceQepik: 500,
        interval: 'month',
        productName: 'Daily Baku (month)',
        successUrl: 'https://s',
        cancelUrl: 'https://c',
      });
    });

    it('lets a free subscriber upgrade, and a cancelled or ended paid one subscribe again', async () => {
      provider.createCheckout.mockResolvedValue({ url: 'https://checkout.stripe.com/c/pay/x' });
      for (const row of [
        subscription(),
        subscription({ tier: 'paid', periodEnd: new Date('2026-12-01T00:00:00Z'), cancelledAt: NOW }),
        subscription({ tier: 'paid', periodEnd: new Date('2026-11-01T00:00:00Z'), paymentState: 'active' }),
      ]) {
        subscriptions.find.mockResolvedValue(row);
        await expect(service.startCheckout(request)).resolves.toEqual({ checkoutUrl: expect.any(String) });
      }
    });

    it('refuses PlanNotFound, CannotSubscribePublication, AlreadySubscribed and MerchantNotConnected', async () => {
      plans.find.mockResolvedValueOnce(undefined);
      expect(await codeOf(service.startCheckout(request))).toBe('PlanNotFound');
      expect(await codeOf(service.startCheckout({ ...request, planId: 'nope' }))).toBe('PlanNotFound');
      members.roleOf.mockResolvedValueOnce('member');
      expect(await codeOf(service.startCheckout(request))).toBe('CannotSubscribePublication');
      members.roleOf.mockResolvedValueOnce('owner');
      expect(await codeOf(service.startCheckout(request))).toBe('CannotSubscribePublication');
      subscriptions.find.mockResolvedValueOnce(
        subscription({ tier: 'paid', periodEnd: new Date('2026-12-26T12:00:00Z'), paymentState: 'active' }),
      );
      expect(await codeOf(service.startCheckout(request))).toBe('AlreadySubscribed');
      // Cancelled here, the provider not told yet: it still renews there.
      subscriptions.find.mockResolvedValueOnce(
        subscription({
          tier: 'paid',
          periodEnd: new Date('2026-12-26T12:00:00Z'),
          cancelledAt: NOW,
          providerCancelPending: true,
          paymentState: 'active',
        }),
      );
      expect(await codeOf(service.startCheckout(request))).toBe('AlreadySubscribed');
      payments.merchant.mockResolvedValueOnce(undefined);
      expect(await codeOf(service.startCheckout(request))).toBe('MerchantNotConnected');
      payments.merchant.mockResolvedValueOnce(merchant({ chargesEnabled: false }));
      expect(await codeOf(service.startCheckout(request))).toBe('MerchantNotConnected');
    });
  });

  describe('stopRenewals (after Unsubscribe and DeletePlan)', () => {
    it('tells the provider to cancel each at period end and clears its pending mark', async () => {
      provider.cancelAtPeriodEnd.mockResolvedValue(undefined);
      subscriptions.renewalStopped.mockResolvedValue(undefined);
      expect(await service.stopRenewals(['sub_a', 'sub_b'])).toBe(0);
      expect(provider.cancelAtPeriodEnd.mock.calls).toEqual([['sub_a'], ['sub_b']]);
      expect(subscriptions.renewalStopped.mock.calls).toEqual([
        [TX, 'sub_a'],
        [TX, 'sub_b'],
      ]);
    });

    it('keeps a subscription the provider failed on pending (logged, not thrown) and goes on with the others', async () => {
      provider.cancelAtPeriodEnd.mockRejectedValueOnce(new Error('provider down')).mockResolvedValueOnce(undefined);
      subscriptions.renewalStopped.mockResolvedValue(undefined);
      expect(await service.stopRenewals(['sub_a', 'sub_b'])).toBe(1);
      expect(subscriptions.renewalStopped.mock.calls).toEqual([[TX, 'sub_b']]);
      expect(log.warn).toHaveBeenCalledTimes(1);
    });

    it('asks nothing for a plan without renewing paid subscribers', async () => {
      expect(await service.stopRenewals([])).toBe(0);
      expect(provider.cancelAtPeriodEnd).not.toHaveBeenCalled();
    });
  });

  describe('periodEndAfter', () => {
    it('adds a calendar month or year in UTC', () => {
      expect(new Date(periodEndAfter(Date.parse('2026-01-31T10:00:00Z'), 'month')).toISOString()).toBe(
        '2026-03-03T10:00:00.000Z',
      );
      expect(new Date(periodEndAfter(Date.parse('2026-11-26T12:00:00Z'), 'year')).toISOString()).toBe(
        '2027-11-26T12:00:00.000Z',
      );
    });
  });

  /**
   * The webhook path end to end inside the service: the real StripeProvider verifying signatures made with the
   * library's test helper, over repositories kept in memory (strict mocks whose used methods act on one store).
   */
  describe('handleWebhook', () => {
    let rows: Map<string, SubscriptionRow>;
    let processed: Set<string>;
    let events: OutboxEvent[];
    let merchantRow: MerchantAccountRow;
    let ledger: IncomeEntryRow[];

    const row = () => rows.get(READER);

    beforeEach(() => {
      rows = new Map();
      processed = new Set();
      events = [];
      merchantRow = merchant({ chargesEnabled: false });
      ledger = [];
      // The ledger's unique (provider, payment_ref), as the table has it.
      income.insert.mockImplementation(async (_tx, value) => {
        if (ledger.some((e) => e.provider === value.provider && e.paymentRef === value.paymentRef)) return false;
        ledger.push({ createdAt: NOW, planId: null, planInterval: null, ...value } as IncomeEntryRow);
        return true;
      });
      service = build(
        new StripeProvider({
          STRIPE_API_BASE: 'http://127.0.0.1:1',
          STRIPE_SECRET_KEY: 'sk_test_unit',
          STRIPE_WEBHOOK_SECRET: SECRET,
        }),
      );
      payments.lockSubscription.mockResolvedValue(undefined);
      payments.recordEvent.mockImplementation(async (_tx, provider, id) => {
        const key = `${provider}:${id}`;
        if (processed.has(key)) return false;
        processed.add(key);
        return true;
      });
      payments.updateMerchant.mockImplementation(async (_tx, _provider, accountId, chargesEnabled, at) => {
        if (accountId !== merchantRow.accountId) return 0;
        if (merchantRow.updatedAt && merchantRow.updatedAt > at) return 0;
        merchantRow = { ...merchantRow, chargesEnabled, updatedAt: at };
        return 1;
      });
      subscriptions.lockByProviderId.mockImplementation(async (_tx, id) =>
        [...rows.values()].find((r) => r.providerSubscriptionId === id),
      );
      subscriptions.lock.mockImplementation(async (_tx, _publicationId, uid) => rows.get(uid));
      subscriptions.insert.mockImplementation(async (_tx, value) => {
        const inserted = subscription(value as Partial<SubscriptionRow>);
        rows.set(inserted.uid, inserted);
        return inserted;
      });
      subscriptions.update.mockImplementation(async (_tx, _publicationId, uid, change) => {
        const updated = { ...rows.get(uid)!, ...change } as SubscriptionRow;
        rows.set(uid, updated);
        return updated;
      });
      publications.find.mockResolvedValue(publication);
      plans.find.mockResolvedValue(plan);
      outbox.add.mockImplementation(async (_tx, event) => {
        events.push(event);
        return 'event';
      });
    });

    const deliver = (payload: string) => service.handleWebhook(signed(payload));

    it('makes a paid subscription from checkout.session.completed, with its period and an event', async () => {
      expect(await deliver(checkoutCompleted('2026-11-26T12:00:00Z'))).toEqual({ duplicate: false });
      expect(row()).toMatchObject({
        tier: 'paid',
        planId: PLAN,
        providerSubscriptionId: SUB,
        periodEnd: new Date('2026-12-26T12:00:00Z'),
        paymentState: 'active',
        cancelledAt: null,
      });
      expect(events.map((e) => e.subject)).toEqual([EVENTS.subscriptionCreated.subject]);
      expect(SubscriptionCreated.decode(events[0]!.payload)).toMatchObject({ uid: READER, paid: true, planId: PLAN });
    });

    it('upgrades a free subscription in place', async () => {
      rows.set(READER, subscription());
      await deliver(checkoutCompleted('2026-11-26T12:00:00Z'));
      expect(row()).toMatchObject({ tier: 'paid', providerSubscriptionId: SUB });
      expect(subscriptions.insert).not.toHaveBeenCalled();
    });

    it('applies the same signed event delivered 10 times once: one subscription, one event', async () => {
      const payload = checkoutCompleted('2026-11-26T12:00:00Z', 'evt_same');
      const answers = [];
      for (let i = 0; i < 10; i += 1) answers.push(await deliver(payload));
      expect(answers.filter((a) => !a.duplicate)).toHaveLength(1);
      expect(answers.filter((a) => a.duplicate)).toHaveLength(9);
      expect(rows.size).toBe(1);
      expect(subscriptions.insert).toHaveBeenCalledTimes(1);
      expect(events).toHaveLength(1);
    });

    it('refuses a forged signature, a wrong secret, a stale one and a missing one, changing nothing', async () => {
      const payload = checkoutCompleted('2026-11-26T12:00:00Z');
      const forged = { payload: Buffer.from(payload.replace(READER, OWNER)), signature: signed(payload).signature };
      const refusals = [
        forged,
        signed(payload, `whsec_${'x'.repeat(32)}`),
        signed(payload, SECRET, Math.floor(Date.now() / 1000) - 3600),
        { payload: Buffer.from(payload), signature: '' },
      ];
      for (const request of refusals)
        expect(await codeOf(service.handleWebhook(request))).toBe('InvalidWebhookSignature');
      expect(rows.size).toBe(0);
      expect(processed.size).toBe(0);
      expect(events).toHaveLength(0);
    });

    it('extends the period on a renewal (invoice.paid) and never moves it backwards on an older invoice', async () => {
      await deliver(checkoutCompleted('2026-11-26T12:00:00Z'));
      const later = invoice('invoice.paid', '2027-01-26T12:00:00Z', '2027-02-26T12:00:00Z');
      const earlier = invoice('invoice.paid', '2026-12-26T12:00:00Z', '2027-01-26T12:00:00Z');
      await deliver(later);
      await deliver(earlier);
      expect(row()?.periodEnd).toEqual(new Date('2027-02-26T12:00:00Z'));
      expect(row()?.paymentState).toBe('active');
    });

    it('begins the subscription from invoice.paid arriving before checkout.session.completed', async () => {
      await deliver(invoice('invoice.paid', '2026-11-26T12:00:01Z', '2026-12-26T12:00:00Z'));
      await deliver(checkoutCompleted('2026-11-26T12:00:00Z'));
      expect(row()).toMatchObject({
        tier: 'paid',
        providerSubscriptionId: SUB,
        periodEnd: new Date('2026-12-26T12:00:00Z'),
      });
      expect(events.map((e) => e.subject)).toEqual([EVENTS.subscriptionCreated.subject]);
    });

    it('marks a failed renewal past due and emits the PaymentFailed event; a later payment makes it active again', async () => {
      await deliver(checkoutCompleted('2026-11-26T12:00:00Z'));
      await deliver(invoice('invoice.payment_failed', '2026-12-26T12:00:00Z', '2027-01-26T12:00:00Z'));
      expect(row()?.paymentState).toBe('pastDue');
      // Access lasts until the period ends; the provider retries.
      expect(row()?.periodEnd).toEqual(new Date('2026-12-26T12:00:00Z'));
      const failed = events.find((e) => e.subject === EVENTS.subscriptionPaymentFailed.subject)!;
      expect(SubscriptionPaymentFailed.decode(failed.payload)).toMatchObject({
        publicationId: PUB,
        uid: READER,
        planId: PLAN,
        amountQepik: 500,
      });
      await deliver(invoice('invoice.paid', '2026-12-27T12:00:00Z', '2027-01-26T12:00:00Z'));
      expect(row()).toMatchObject({ paymentState: 'active', periodEnd: new Date('2027-01-26T12:00:00Z') });
    });

    it('ignores a failure older than the payment applied after it (out of order): no state change, no event', async () => {
      await deliver(checkoutCompleted('2026-11-26T12:00:00Z'));
      await deliver(invoice('invoice.paid', '2026-12-27T12:00:00Z', '2027-01-26T12:00:00Z'));
      await deliver(invoice('invoice.payment_failed', '2026-12-26T12:00:00Z', '2027-01-26T12:00:00Z'));
      expect(row()?.paymentState).toBe('active');
      expect(events.filter((e) => e.subject === EVENTS.subscriptionPaymentFailed.subject)).toHaveLength(0);
    });

    it('keeps access until the period ends when cancelled at period end, and the cancellation survives an older update', async () => {
      await deliver(checkoutCompleted('2026-11-26T12:00:00Z'));
      await deliver(subscriptionUpdated('2026-12-01T00:00:00Z', true, '2026-12-26T12:00:00Z'));
      await deliver(subscriptionUpdated('2026-11-30T00:00:00Z', false, '2026-12-26T12:00:00Z'));
      expect(row()).toMatchObject({
        cancelledAt: new Date('2026-12-01T00:00:00Z'),
        periodEnd: new Date('2026-12-26T12:00:00Z'),
        tier: 'paid',
      });
      const cancelled = events.filter((e) => e.subject === EVENTS.subscriptionCancelled.subject);
      expect(cancelled).toHaveLength(1);
      expect(SubscriptionCancelled.decode(cancelled[0]!.payload)).toMatchObject({ paid: true });
    });

    it('resumes renewing when a newer update takes the cancellation back', async () => {
      await deliver(checkoutCompleted('2026-11-26T12:00:00Z'));
      await deliver(subscriptionUpdated('2026-12-01T00:00:00Z', true, '2026-12-26T12:00:00Z'));
      await deliver(subscriptionUpdated('2026-12-02T00:00:00Z', false, '2026-12-26T12:00:00Z'));
      expect(row()?.cancelledAt).toBeNull();
    });

    it('ends the subscription on customer.subscription.deleted, for good: a late renewal does not revive it', async () => {
      await deliver(checkoutCompleted('2026-11-26T12:00:00Z'));
      await deliver(subscriptionDeleted('2026-12-26T12:00:00Z', '2026-12-26T12:00:00Z'));
      await deliver(invoice('invoice.paid', '2026-12-20T12:00:00Z', '2027-01-26T12:00:00Z'));
      await deliver(subscriptionUpdated('2026-12-20T00:00:00Z', false, '2027-01-26T12:00:00Z'));
      expect(row()).toMatchObject({ paymentState: 'ended', periodEnd: new Date('2026-12-26T12:00:00Z') });
      expect(row()?.cancelledAt).not.toBeNull();
    });

    it('ends access at once when the provider ended the subscription before its period ended', async () => {
      await deliver(checkoutCompleted('2026-11-26T12:00:00Z'));
      await deliver(subscriptionDeleted('2026-12-01T00:00:00Z', '2026-12-01T00:00:00Z'));
      expect(row()?.periodEnd).toEqual(new Date('2026-12-01T00:00:00Z'));
    });

    it('takes a checkout paid again before a cancelled period ended: the new subscription replaces the old one', async () => {
      await deliver(checkoutCompleted('2026-11-26T12:00:00Z'));
      // The subscriber cancelled (Unsubscribe: cancelled here, the provider's own word not arrived yet).
      rows.set(READER, { ...row()!, cancelledAt: new Date('2026-11-27T12:00:00Z') });
      await deliver(checkoutCompleted('2026-12-01T12:00:00Z', undefined, 'sub_again'));
      const again = {
        tier: 'paid',
        providerSubscriptionId: 'sub_again',
        cancelledAt: null,
        paymentState: 'active',
        periodEnd: new Date('2027-01-01T12:00:00Z'),
      };
      expect(row()).toMatchObject(again);
      expect(events.map((e) => e.subject)).toEqual([
        EVENTS.subscriptionCreated.subject,
        EVENTS.subscriptionCreated.subject,
      ]);
      // The old subscription's later events change nothing: its cancellation, its end, a late copy of its checkout.
      await deliver(subscriptionUpdated('2026-11-28T12:00:00Z', true, '2026-12-26T12:00:00Z'));
      await deliver(subscriptionDeleted('2026-12-26T12:00:00Z', '2026-12-26T12:00:00Z'));
      await deliver(checkoutCompleted('2026-11-26T12:00:00Z'));
      expect(row()).toMatchObject(again);
      expect(events).toHaveLength(2);
    });

    it('does not let a checkout replace a cancelled subscription whose stop the provider has not been told', async () => {
      await deliver(checkoutCompleted('2026-11-26T12:00:00Z'));
      rows.set(READER, { ...row()!, cancelledAt: new Date('2026-11-27T12:00:00Z'), providerCancelPending: true });
      await deliver(checkoutCompleted('2026-12-01T12:00:00Z', undefined, 'sub_again'));
      expect(row()).toMatchObject({ providerSubscriptionId: SUB, providerCancelPending: true });
    });

    it('ignores a late checkout of a replaced subscription while the one that replaced it renews', async () => {
      await deliver(checkoutCompleted('2026-12-01T12:00:00Z', undefined, 'sub_again'));
      await deliver(checkoutCompleted('2026-11-26T12:00:00Z'));
      expect(row()).toMatchObject({ providerSubscriptionId: 'sub_again', periodEnd: new Date('2027-01-01T12:00:00Z') });
      // Cancelled meanwhile: a checkout older than the state applied is still a late one.
      rows.set(READER, { ...row()!, cancelledAt: new Date('2026-12-02T12:00:00Z') });
      await deliver(checkoutCompleted('2026-11-26T12:00:00Z'));
      expect(row()).toMatchObject({ providerSubscriptionId: 'sub_again' });
      expect(events).toHaveLength(1);
    });

    it('ignores events of a subscription it does not know and events of other types, recording them', async () => {
      await deliver(invoice('invoice.payment_failed', '2026-12-26T12:00:00Z', '2027-01-26T12:00:00Z'));
      await deliver(stripeEvent('charge.refunded', '2026-12-26T12:00:00Z', { id: 'ch_1', object: 'charge' }));
      expect(rows.size).toBe(0);
      expect(events).toHaveLength(0);
      expect(processed.size).toBe(2);
    });

    it('enables the merchant account on account.updated, ignoring an older update', async () => {
      const account = (created: string, chargesEnabled: boolean) =>
        stripeEvent('account.updated', created, { id: ACCOUNT, object: 'account', charges_enabled: chargesEnabled });
      await deliver(account('2026-11-26T12:00:00Z', true));
      await deliver(account('2026-11-26T11:00:00Z', false));
      expect(merchantRow).toMatchObject({ chargesEnabled: true, updatedAt: new Date('2026-11-26T12:00:00Z') });
    });

    describe('income ledger', () => {
      const paidInvoice = (id: string, created: string, amountPaid: unknown, currency = 'azn') =>
        stripeEvent('invoice.paid', created, {
          id,
          object: 'invoice',
          amount_paid: amountPaid,
          currency,
          status_transitions: { paid_at: sec(created) },
          parent: { type: 'subscription_details', subscription_details: { subscription: SUB, metadata } },
          lines: { object: 'list', data: [{ period: { start: sec(created), end: sec(created) + 30 * 86_400 } }] },
        });
      const paidCheckout = (created: string, invoiceId: string, amountTotal: number) =>
        stripeEvent('checkout.session.completed', created, {
          id: 'cs_test_paid',
          object: 'checkout.session',
          mode: 'subscription',
          payment_status: 'paid',
          amount_total: amountTotal,
          currency: 'azn',
          invoice: invoiceId,
          subscription: SUB,
          metadata,
        });
      const amounts = () => ledger.map((e) => e.amountQepik);

      it('puts one entry per paid invoice: integer qəpik, AZN, the subscriber, the plan and its interval', async () => {
        await deliver(paidCheckout('2026-11-26T12:00:00Z', 'in_first', 500));
        await deliver(paidInvoice('in_second', '2026-12-26T12:00:00Z', 500));
        await deliver(paidInvoice('in_third', '2027-01-26T12:00:00Z', 750));
        expect(ledger).toHaveLength(3);
        expect(ledger[0]).toMatchObject({
          publicationId: PUB,
          uid: READER,
          provider: 'stripe',
          providerSubscriptionId: SUB,
          planId: PLAN,
          planInterval: 'month',
          paymentRef: 'in_first',
          amountQepik: 500,
          currency: 'AZN',
          paidAt: new Date('2026-11-26T12:00:00Z'),
        });
        expect(amounts()).toEqual([500, 500, 750]);
        expect(amounts().every(Number.isInteger)).toBe(true);
      });

      it('never doubles: the same invoice in two events, a replayed event, and the checkout with its first invoice', async () => {
        await deliver(paidCheckout('2026-11-26T12:00:00Z', 'in_first', 500));
        // Stripe's invoice.paid of the same first payment, then a second event naming that invoice again.
        await deliver(paidInvoice('in_first', '2026-11-26T12:00:01Z', 500));
        await deliver(paidInvoice('in_first', '2026-11-26T12:00:02Z', 500));
        const again = paidInvoice('in_second', '2026-12-26T12:00:00Z', 500);
        for (let i = 0; i < 5; i += 1) await deliver(again);
        expect(ledger.map((e) => e.paymentRef)).toEqual(['in_first', 'in_second']);
        expect(amounts()).toEqual([500, 500]);
      });

      it('refuses zero, negative, fractional and foreign-currency amounts, still applying the rest of the event', async () => {
        await deliver(checkoutCompleted('2026-11-26T12:00:00Z'));
        await deliver(paidInvoice('in_zero', '2026-12-26T12:00:00Z', 0));
        await deliver(paidInvoice('in_negative', '2026-12-27T12:00:00Z', -500));
        await deliver(paidInvoice('in_fraction', '2026-12-28T12:00:00Z', 500.5));
        await deliver(paidInvoice('in_usd', '2026-12-29T12:00:00Z', 500, 'usd'));
        await deliver(paidInvoice('in_text', '2026-12-30T12:00:00Z', '500'));
        expect(ledger).toHaveLength(0);
        expect(income.insert).not.toHaveBeenCalled();
        // The renewals still extend the period.
        expect(row()?.periodEnd?.getTime()).toBe(sec('2026-12-30T12:00:00Z') * 1000 + 30 * 86_400_000);
      });

      it('records nothing for a checkout that was not paid or an invoice of an unknown subscription', async () => {
        await deliver(
          stripeEvent('checkout.session.completed', '2026-11-26T12:00:00Z', {
            id: 'cs_free',
            object: 'checkout.session',
            mode: 'subscription',
            payment_status: 'no_payment_required',
            amount_total: 0,
            currency: 'azn',
            subscription: SUB,
            metadata,
          }),
        );
        expect(ledger).toHaveLength(0);
        await deliver(
          stripeEvent('invoice.paid', '2026-12-26T12:00:00Z', {
            id: 'in_stranger',
            object: 'invoice',
            amount_paid: 500,
            currency: 'azn',
            parent: { type: 'subscription_details', subscription_details: { subscription: 'sub_stranger' } },
            lines: { object: 'list', data: [{ period: { end: sec('2027-01-26T12:00:00Z') } }] },
          }),
        );
        expect(ledger).toHaveLength(0);
      });
    });

    it('keeps a subscription cancelled by a deleted plan cancelled while the provider is not told yet', async () => {
      await deliver(checkoutCompleted('2026-11-26T12:00:00Z'));
      rows.set(READER, {
        ...row()!,
        planId: null,
        cancelledAt: new Date('2026-12-01T00:00:00Z'),
        providerCancelPending: true,
      });
      // The provider still thinks it renews.
      await deliver(subscriptionUpdated('2026-12-02T00:00:00Z', false, '2026-12-26T12:00:00Z'));
      expect(row()).toMatchObject({ cancelledAt: new Date('2026-12-01T00:00:00Z'), providerCancelPending: true });
      // Once told, the provider says so: nothing is pending any more.
      await deliver(subscriptionUpdated('2026-12-03T00:00:00Z', true, '2026-12-26T12:00:00Z'));
      expect(row()).toMatchObject({ cancelledAt: new Date('2026-12-01T00:00:00Z'), providerCancelPending: false });
    });

    it.each([
      ['paid then failed (newer)', ['paid', 'failed'], 'pastDue'],
      ['failed then paid (newer)', ['failed', 'paidLate'], 'active'],
      ['failed (newer) delivered first', ['failedLate', 'paidEarly'], 'pastDue'],
      ['cancel then delete', ['cancel', 'delete'], 'ended'],
      ['delete then cancel (older)', ['delete', 'cancel'], 'ended'],
    ])('settles out-of-order pairs to the newest state: %s', async (_name, order, state) => {
      await deliver(checkoutCompleted('2026-11-26T12:00:00Z'));
      const make: Record<string, () => string> = {
        paid: () => invoice('invoice.paid', '2026-12-26T12:00:00Z', '2027-01-26T12:00:00Z'),
        failed: () => invoice('invoice.payment_failed', '2026-12-27T12:00:00Z', '2027-01-26T12:00:00Z'),
        failedLate: () => invoice('invoice.payment_failed', '2026-12-28T12:00:00Z', '2027-01-26T12:00:00Z'),
        paidEarly: () => invoice('invoice.paid', '2026-12-26T12:00:00Z', '2027-01-26T12:00:00Z'),
        paidLate: () => invoice('invoice.paid', '2026-12-29T12:00:00Z', '2027-01-26T12:00:00Z'),
        cancel: () => subscriptionUpdated('2026-12-01T00:00:00Z', true, '2026-12-26T12:00:00Z'),
        delete: () => subscriptionDeleted('2026-12-26T12:00:00Z', '2026-12-26T12:00:00Z'),
      };
      for (const name of order) await deliver(make[name]!());
      expect(row()?.paymentState).toBe(state);
    });
  });
});
