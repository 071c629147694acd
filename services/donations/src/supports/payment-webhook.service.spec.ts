import { beforeEach, describe, expect, it, jest } from '@jest/globals';
import { EVENTS } from '@pencraft/contracts/events';
import { SupporterTotal, SupportReceived } from '@pencraft/contracts/events/v1/donations';
import type { Clock, Outbox, OutboxEvent } from '@pencraft/kit';
import { fakeTransactions, strictMock, TX, type StrictMock } from '@pencraft/testing';
import Stripe from 'stripe';
import { account, AUTHOR, codeOf, NOW, READER, support, SUPPORT } from '../../test/fixtures.js';
import type { AccountRepository } from '../accounts/account.repository.js';
import type { LedgerRepository } from '../ledger/ledger.repository.js';
import type { PlannedTransaction } from '../ledger/postings.js';
import { StripeDonationProvider } from '../payments/stripe.provider.js';
import type { WebhookRepository } from '../payments/webhook.repository.js';
import { PaymentWebhookService } from './payment-webhook.service.js';
import type { SupportRepository } from './support.repository.js';
import type { SupportRow } from './support.table.js';

const SECRET = `whsec_${'w'.repeat(32)}`;
const signer = new Stripe('sk_test_unit');
let sequence = 0;

function signed(type: string, object: Record<string, unknown>, id = `evt_${(sequence += 1)}`) {
  const payload = JSON.stringify({
    id,
    object: 'event',
    type,
    created: Math.floor(NOW.getTime() / 1000),
    data: { object },
  });
  return {
    payload: Buffer.from(payload),
    signature: signer.webhooks.generateTestHeaderString({ payload, secret: SECRET }),
  };
}

const completed = (over: Record<string, unknown> = {}) =>
  signed('checkout.session.completed', {
    id: 'cs_1',
    object: 'checkout.session',
    mode: 'payment',
    payment_status: 'paid',
    amount_total: 2_500,
    currency: 'azn',
    payment_intent: 'pi_1',
    metadata: { support_id: SUPPORT },
    ...over,
  });

describe('PaymentWebhookService', () => {
  let webhooks: StrictMock<WebhookRepository>;
  let accounts: StrictMock<AccountRepository>;
  let supports: StrictMock<SupportRepository>;
  let ledger: StrictMock<LedgerRepository>;
  let outbox: StrictMock<Outbox>;
  let log: { warn: jest.Mock };
  let service: PaymentWebhookService;
  /** What the database would hold: processed event ids, posted references, the support row. */
  let processed: Set<string>;
  let posted: PlannedTransaction[];
  let row: SupportRow;

  beforeEach(() => {
    webhooks = strictMock<WebhookRepository>('WebhookRepository');
    accounts = strictMock<AccountRepository>('AccountRepository');
    supports = strictMock<SupportRepository>('SupportRepository');
    ledger = strictMock<LedgerRepository>('LedgerRepository');
    outbox = strictMock<Outbox>('Outbox');
    const clock = strictMock<Clock>('Clock');
    clock.now.mockReturnValue(NOW);
    log = { warn: jest.fn() };
    const provider = new StripeDonationProvider({
      STRIPE_API_BASE: 'http://127.0.0.1:1',
      STRIPE_SECRET_KEY: 'sk_test_unit',
      STRIPE_WEBHOOK_SECRET: SECRET,
    });
    service = new PaymentWebhookService(
      fakeTransactions(),
      webhooks,
      accounts,
      supports,
      ledger,
      provider,
      outbox,
      clock,
      log,
    );
    processed = new Set();
    posted = [];
    row = support();
    webhooks.recordEvent.mockImplementation(async (_tx, _provider, id) => !processed.has(id) && !!processed.add(id));
    ledger.post.mockImplementation(async (_tx, planned) => {
      if (posted.some((p) => p.kind === planned.kind && p.reference === planned.reference)) return false;
      posted.push(planned);
      return true;
    });
    ledger.balances.mockResolvedValue({ available: 100_000, reserved: 0 });
    accounts.find.mockResolvedValue(account());
    supports.find.mockImplementation(async (_tx, id) => (id === row.id ? row : undefined));
    supports.findByPayment.mockImplementation(async (_tx, _p, id) => (id === row.paymentId ? row : undefined));
    supports.findByCheckout.mockImplementation(async (_tx, _p, id) => (id === row.checkoutId ? row : undefined));
    supports.update.mockImplementation(async (_tx, _id, change) => (row = { ...row, ...change } as SupportRow));
    supports.supporterTotal.mockImplementation(async () =>
      row.paidAt ? row.amountQepik - row.refundedQepik - row.disputedQepik : 0,
    );
    supports.keepUnmatched.mockResolvedValue(undefined);
    outbox.add.mockResolvedValue('event-1');
  });

  const events = (subject: string) =>
    outbox.add.mock.calls.map(([, e]) => e as OutboxEvent).filter((e) => e.subject === subject);

  it('credits a paid support once, from the signed webhook, and announces it and the supporter’s total', async () => {
    expect(await service.handle(completed())).toEqual({ duplicate: false });

    expect(posted).toHaveLength(1);
    expect(posted[0]).toMatchObject({ kind: 'supportReceived', reference: SUPPORT });
    expect(row).toMatchObject({ state: 'paid', paidAt: NOW, paymentId: 'pi_1' });
    expect(accounts.find).toHaveBeenCalledWith(TX, AUTHOR, true);
    expect(supports.find).toHaveBeenLastCalledWith(TX, SUPPORT, true);
    const [received] = events(EVENTS.supportReceived.subject);
    expect(SupportReceived.decode(received!.payload)).toMatchObject({
      supportId: SUPPORT,
      recipientUid: AUTHOR,
      supporterUid: READER,
      amountQepik: 2_500,
    });
    const [total] = events(EVENTS.supporterTotal.subject);
    expect(SupporterTotal.decode(total!.payload)).toMatchObject({ supporterUid: READER, totalQepik: 2_500 });
  });

  it('credits once for ten deliveries of one event and for the payment’s other success event', async () => {
    const delivery = completed();
    const answers = [];
    for (let i = 0; i < 10; i += 1) answers.push(await service.handle(delivery));
    expect(answers.filter((a) => a.duplicate)).toHaveLength(9);
    await service.handle(
      signed('payment_intent.succeeded', {
        id: 'pi_1',
        amount: 2_500,
        amount_received: 2_500,
        currency: 'azn',
        metadata: { support_id: SUPPORT },
      }),
    );
    expect(posted).toHaveLength(1);
    expect(events(EVENTS.supportReceived.subject)).toHaveLength(1);
  });

  it('hides a supporter who chose not to be shown', async () => {
    row = support({ public: false });
    await service.handle(completed());
    const [received] = events(EVENTS.supportReceived.subject);
    expect(SupportReceived.decode(received!.payload).supporterUid).toBe('');
  });

  it('refuses a forged signature before anything is read or written', async () => {
    const forged = {
      ...completed(),
      signature: signer.webhooks.generateTestHeaderString({ payload: '{}', secret: SECRET }),
    };
    expect(await codeOf(service.handle(forged))).toBe('InvalidWebhookSignature');
    expect(webhooks.recordEvent).not.toHaveBeenCalled();
    expect(posted).toHaveLength(0);
  });

  it('keeps a payment of no known support, or of another amount or currency, and credits nothing', async () => {
    await service.handle(completed({ id: 'cs_other', payment_intent: 'pi_other', metadata: {} }));
    await service.handle(completed({ amount_total: 250_000 }));
    await service.handle(completed({ currency: 'usd' }));
    expect(supports.keepUnmatched.mock.calls.map(([, kept]) => kept.reason)).toEqual([
      'unknownSupport',
      'amountMismatch',
      'currencyMismatch',
    ]);
    expect(supports.keepUnmatched.mock.calls[0]![1]).toMatchObject({
      eventType: 'checkout.session.completed',
      supportRef: '',
    });
    expect(posted).toHaveLength(0);
    expect(row.state).toBe('pending');
  });

  it('marks a pending support failed; a later success still credits it; a failure after the credit changes nothing', async () => {
    await service.handle(
      signed('checkout.session.expired', { id: 'cs_1', mode: 'payment', metadata: { support_id: SUPPORT } }),
    );
    expect(row.state).toBe('failed');
    await service.handle(completed());
    expect(row.state).toBe('paid');
    await service.handle(signed('payment_intent.payment_failed', { id: 'pi_1', metadata: { support_id: SUPPORT } }));
    expect(row.state).toBe('paid');
    expect(posted).toHaveLength(1);
  });

  it('reverses refunds by their cumulative total once each, and a whole refund ends the support refunded', async () => {
    await service.handle(completed());
    const refund = (total: number) =>
      signed('charge.refunded', { id: 'ch_1', payment_intent: 'pi_1', amount_refunded: total, currency: 'azn' });
    await service.handle(refund(1_000));
    await service.handle(refund(1_000));
    // An older total arriving late reverses nothing more.
    await service.handle(refund(500));
    expect(row).toMatchObject({ refundedQepik: 1_000, state: 'paid' });
    await service.handle(refund(2_500));
    expect(row).toMatchObject({ refundedQepik: 2_500, state: 'refunded', shortfallQepik: 0 });
    expect(posted.filter((p) => p.kind === 'refund').map((p) => p.entries[0]!.amountQepik)).toEqual([-1_000, -1_500]);
    const totals = events(EVENTS.supporterTotal.subject).map((e) => SupporterTotal.decode(e.payload).totalQepik);
    expect(totals.at(-1)).toBe(0);
  });

  it('takes a dispute beyond the available balance as the platform’s shortfall, never below zero', async () => {
    await service.handle(completed());
    ledger.balances.mockResolvedValue({ available: 500, reserved: 2_000 });
    await service.handle(
      signed('charge.dispute.created', { id: 'dp_1', payment_intent: 'pi_1', amount: 2_500, currency: 'azn' }),
    );
    const dispute = posted.find((p) => p.kind === 'dispute')!;
    expect(dispute.entries).toEqual([
      { accountKind: 'available', uid: AUTHOR, amountQepik: -500 },
      { accountKind: 'shortfall', uid: null, amountQepik: -2_000 },
      { accountKind: 'providerClearing', uid: null, amountQepik: 2_500 },
    ]);
    expect(row).toMatchObject({ disputedQepik: 2_500, shortfallQepik: 2_000, state: 'disputed' });
    expect(log.warn).toHaveBeenCalledWith(expect.objectContaining({ shortfallQepik: 2_000 }), expect.any(String));
  });

  it('keeps a refund of a support never credited', async () => {
    row = support({ paymentId: 'pi_1' });
    await service.handle(
      signed('charge.refunded', { id: 'ch_1', payment_intent: 'pi_1', amount_refunded: 100, currency: 'azn' }),
    );
    expect(supports.keepUnmatched).toHaveBeenCalledWith(TX, expect.objectContaining({ reason: 'notCredited' }));
    expect(posted).toHaveLength(0);
  });

  it('records an event it does not act on, once', async () => {
    const other = signed('customer.created', { id: 'cus_1' });
    expect(await service.handle(other)).toEqual({ duplicate: false });
    expect(await service.handle(other)).toEqual({ duplicate: true });
    expect(supports.find).not.toHaveBeenCalled();
  });
});
