import { Inject, Injectable } from '@nestjs/common';
import { AppError } from '@pencraft/errors';
import { CONFIG, stripeClientConfig } from '@pencraft/kit';
import Stripe from 'stripe';
import type { DonationsConfig } from '../config.js';
import type {
  CardInput,
  DonationPaymentEvent,
  DonationPaymentProvider,
  PaymentRef,
  SupportCheckoutInput,
} from './payment-provider.js';

/** Seconds a signature stays acceptable (Stripe's own default): an older delivery is refused as stale. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

type Json = Record<string, unknown>;

const obj = (value: unknown): Json | undefined =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : undefined;
const str = (value: unknown): string => (typeof value === 'string' ? value : '');
/** Stripe's amounts: integers in the currency's smallest unit (qəpik for AZN); anything else reads as -1 (refused). */
const amountOf = (value: unknown): number => (typeof value === 'number' && Number.isSafeInteger(value) ? value : -1);
/** An expandable field: an id, or the object with its id. */
const idOf = (value: unknown): string => str(value) || str(obj(value)?.id);
const supportRefOf = (metadata: unknown): string => str(obj(metadata)?.support_id);

/** The provider-neutral reading of a verified Stripe event. */
export function readStripeEvent(event: {
  id: string;
  type: string;
  created: number;
  data: { object: unknown };
}): DonationPaymentEvent {
  const base = { id: event.id, type: event.type, createdMs: event.created * 1000 };
  const object = obj(event.data.object) ?? {};
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded': {
      // A completed session in payment mode whose money is in (an asynchronous method completes unpaid first, then
      // sends async_payment_succeeded).
      if (object.mode !== 'payment' || object.payment_status !== 'paid') break;
      const ref: PaymentRef = {
        supportRef: supportRefOf(object.metadata),
        checkoutId: str(object.id),
        paymentId: idOf(object.payment_intent),
      };
      return {
        ...base,
        ...ref,
        kind: 'paymentSucceeded',
        amount: amountOf(object.amount_total),
        currency: str(object.currency).toUpperCase(),
      };
    }
    case 'payment_intent.succeeded': {
      const ref: PaymentRef = { supportRef: supportRefOf(object.metadata), checkoutId: '', paymentId: str(object.id) };
      const received = amountOf(object.amount_received);
      return {
        ...base,
        ...ref,
        kind: 'paymentSucceeded',
        amount: received > 0 ? received : amountOf(object.amount),
        currency: str(object.currency).toUpperCase(),
      };
    }
    case 'checkout.session.expired':
    case 'checkout.session.async_payment_failed':
      if (object.mode !== 'payment') break;
      return {
        ...base,
        kind: 'paymentFailed',
        supportRef: supportRefOf(object.metadata),
        checkoutId: str(object.id),
        paymentId: idOf(object.payment_intent),
      };
    case 'payment_intent.payment_failed':
    case 'payment_intent.canceled':
      return {
        ...base,
        kind: 'paymentFailed',
        supportRef: supportRefOf(object.metadata),
        checkoutId: '',
        paymentId: str(object.id),
      };
    case 'charge.refunded': {
      const paymentId = idOf(object.payment_intent);
      if (!paymentId && !supportRefOf(object.metadata)) break;
      return {
        ...base,
        kind: 'refunded',
        supportRef: supportRefOf(object.metadata),
        checkoutId: '',
        paymentId,
        chargeId: str(object.id),
        refundedTotal: amountOf(object.amount_refunded),
        currency: str(object.currency).toUpperCase(),
      };
    }
    case 'charge.dispute.created': {
      const paymentId = idOf(object.payment_intent);
      if (!paymentId || !str(object.id)) break;
      return {
        ...base,
        kind: 'disputed',
        supportRef: supportRefOf(object.metadata),
        checkoutId: '',
        paymentId,
        disputeId: str(object.id),
        amount: amountOf(object.amount),
        currency: str(object.currency).toUpperCase(),
      };
    }
  }
  return { ...base, kind: 'ignored' };
}

/**
 * Stripe through the `stripe` package: Checkout in payment mode (the same hosted page as publications' subscriptions,
 * so both flows share the provider's page, its webhooks and their handling; the PaymentIntent carries the support id),
 * card tokens for payout cards, and webhooks verified with the library's constructEvent and the donations endpoint's
 * secret.
 */
@Injectable()
export class StripeDonationProvider implements DonationPaymentProvider {
  readonly name = 'stripe' as const;
  private readonly stripe: Stripe;
  private readonly webhookSecret: string;

  constructor(
    @Inject(CONFIG) config: Pick<DonationsConfig, 'STRIPE_API_BASE' | 'STRIPE_SECRET_KEY' | 'STRIPE_WEBHOOK_SECRET'>,
  ) {
    this.stripe = new Stripe(config.STRIPE_SECRET_KEY, stripeClientConfig(config.STRIPE_API_BASE));
    this.webhookSecret = config.STRIPE_WEBHOOK_SECRET;
  }

  async createSupportCheckout(input: SupportCheckoutInput) {
    const metadata = { support_id: input.supportId };
    const session = await this.stripe.checkout.sessions.create(
      {
        mode: 'payment',
        client_reference_id: input.supporterUid,
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: 'azn',
              unit_amount: input.amountQepik,
              product_data: { name: input.productName },
            },
          },
        ],
        metadata,
        payment_intent_data: { metadata },
        success_url: input.successUrl,
        cancel_url: input.cancelUrl,
      },
      // One session per support however often the call is retried.
      { idempotencyKey: `support-checkout-${input.supportId}` },
    );
    if (!session.url) throw new AppError('InternalServerError');
    return { url: session.url, checkoutId: session.id };
  }

  async tokenizeCard(input: CardInput) {
    try {
      const token = await this.stripe.tokens.create({
        card: {
          number: input.number,
          exp_month: String(input.expMonth),
          exp_year: String(input.expYear),
          name: input.holder,
        },
      });
      return { token: token.id };
    } catch (error) {
      // Never rethrow the library's error: its request carried the number. Only what kind of refusal it was.
      if (error instanceof Stripe.errors.StripeCardError || error instanceof Stripe.errors.StripeInvalidRequestError) {
        throw new AppError('InvalidCardNumber', { details: [{ field: 'number', code: 'InvalidCardNumber' }] });
      }
      const type = error instanceof Stripe.errors.StripeError ? error.type : 'unknown';
      throw new AppError('OperationFailed', { message: `card tokenization failed at the provider (${type})` });
    }
  }

  parseWebhook(payload: Buffer, signature: string): DonationPaymentEvent {
    let event: Stripe.Event;
    try {
      event = this.stripe.webhooks.constructEvent(payload, signature, this.webhookSecret, WEBHOOK_TOLERANCE_SECONDS);
    } catch {
      throw new AppError('InvalidWebhookSignature');
    }
    return readStripeEvent(event as unknown as Parameters<typeof readStripeEvent>[0]);
  }
}
