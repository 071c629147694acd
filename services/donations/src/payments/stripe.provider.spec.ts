import { describe, expect, it } from '@jest/globals';
import { AppError } from '@pencraft/errors';
import Stripe from 'stripe';
import { readStripeEvent, StripeDonationProvider } from './stripe.provider.js';

const SECRET = `whsec_${'d'.repeat(32)}`;
const SUPPORT = '6f1c2a4e-8d3b-4c5a-9e7f-0a1b2c3d4e5f';
const signer = new Stripe('sk_test_signing_only');
const provider = new StripeDonationProvider({
  STRIPE_API_BASE: 'http://127.0.0.1:1',
  STRIPE_SECRET_KEY: 'sk_test_unit',
  STRIPE_WEBHOOK_SECRET: SECRET,
});

const event = (type: string, object: Record<string, unknown>) => ({
  id: 'evt_1',
  object: 'event',
  type,
  created: 1_790_000_000,
  data: { object },
});

describe('reading Stripe events', () => {
  it('reads a paid checkout session in payment mode as a success naming the support and the payment', () => {
    expect(
      readStripeEvent(
        event('checkout.session.completed', {
          id: 'cs_1',
          mode: 'payment',
          payment_status: 'paid',
          amount_total: 2_500,
          currency: 'azn',
          payment_intent: 'pi_1',
          metadata: { support_id: SUPPORT },
        }),
      ),
    ).toEqual({
      id: 'evt_1',
      type: 'checkout.session.completed',
      createdMs: 1_790_000_000_000,
      kind: 'paymentSucceeded',
      supportRef: SUPPORT,
      checkoutId: 'cs_1',
      paymentId: 'pi_1',
      amount: 2_500,
      currency: 'AZN',
    });
  });

  it('ignores unpaid or subscription sessions and unknown types', () => {
    const unpaid = event('checkout.session.completed', { id: 'cs_1', mode: 'payment', payment_status: 'unpaid' });
    expect(readStripeEvent(unpaid).kind).toBe('ignored');
    const subscription = event('checkout.session.completed', { mode: 'subscription', payment_status: 'paid' });
    expect(readStripeEvent(subscription).kind).toBe('ignored');
    expect(readStripeEvent(event('customer.created', {})).kind).toBe('ignored');
  });

  it('reads a succeeded PaymentIntent, its failure, a refund and a dispute', () => {
    expect(
      readStripeEvent(
        event('payment_intent.succeeded', {
          id: 'pi_1',
          amount: 900,
          amount_received: 900,
          currency: 'azn',
          metadata: { support_id: SUPPORT },
        }),
      ),
    ).toMatchObject({ kind: 'paymentSucceeded', paymentId: 'pi_1', supportRef: SUPPORT, amount: 900 });
    expect(readStripeEvent(event('payment_intent.payment_failed', { id: 'pi_1', metadata: {} }))).toMatchObject({
      kind: 'paymentFailed',
      paymentId: 'pi_1',
      supportRef: '',
    });
    expect(
      readStripeEvent(
        event('charge.refunded', { id: 'ch_1', payment_intent: 'pi_1', amount_refunded: 400, currency: 'azn' }),
      ),
    ).toMatchObject({ kind: 'refunded', chargeId: 'ch_1', paymentId: 'pi_1', refundedTotal: 400 });
    expect(
      readStripeEvent(
        event('charge.dispute.created', { id: 'dp_1', payment_intent: 'pi_1', amount: 900, currency: 'azn' }),
      ),
    ).toMatchObject({ kind: 'disputed', disputeId: 'dp_1', paymentId: 'pi_1', amount: 900 });
  });

  it('reads an amount that is not an integer as -1, which no support matches', () => {
    const odd = event('payment_intent.succeeded', { id: 'pi_1', amount: 9.5, amount_received: 9.5, currency: 'azn' });
    expect(readStripeEvent(odd)).toMatchObject({ amount: -1 });
  });
});

describe('verifying webhooks', () => {
  const payload = JSON.stringify(event('payment_intent.succeeded', { id: 'pi_1', amount: 900, currency: 'azn' }));

  it('accepts the library-signed payload', () => {
    const signature = signer.webhooks.generateTestHeaderString({ payload, secret: SECRET });
    expect(provider.parseWebhook(Buffer.from(payload), signature)).toMatchObject({ id: 'evt_1' });
  });

  it.each([
    ['another secret', () => signer.webhooks.generateTestHeaderString({ payload, secret: `whsec_${'x'.repeat(32)}` })],
    ['no signature', () => ''],
    ['a stale signature', () => signer.webhooks.generateTestHeaderString({ payload, secret: SECRET, timestamp: 1 })],
  ])('refuses %s with InvalidWebhookSignature', (_name, sign) => {
    try {
      provider.parseWebhook(Buffer.from(payload), sign());
      throw new Error('accepted');
    } catch (error) {
      expect(AppError.is(error) && error.code).toBe('InvalidWebhookSignature');
    }
  });

  it('refuses a body changed after signing', () => {
    const signature = signer.webhooks.generateTestHeaderString({ payload, secret: SECRET });
    expect(() => provider.parseWebhook(Buffer.from(payload.replace('900', '90000')), signature)).toThrow(AppError);
  });
});
