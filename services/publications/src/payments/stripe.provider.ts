import { Inject, Injectable } from '@nestjs/common';
import { AppError } from '@pencraft/errors';
import { CONFIG, stripeClientConfig } from '@pencraft/kit';
import { isUuid } from '@pencraft/rules';
import Stripe from 'stripe';
import type { PublicationsConfig } from '../config.js';
import type {
  CheckoutInput,
  PaymentEvent,
  PaymentProvider,
  ProviderPayment,
  SubscriptionRef,
} from './payment-provider.js';

/** Seconds a signature stays acceptable (Stripe's own default): an older delivery is refused as stale. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

type Json = Record<string, unknown>;

const obj = (value: unknown): Json | undefined =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : undefined;
const str = (value: unknown): string => (typeof value === 'string' ? value : '');
const num = (value: unknown): number => (typeof value === 'number' && Number.isFinite(value) ? value : 0);
/** An expandable field: an id, or the object with its id. */
const idOf = (value: unknown): string => str(value) || str(obj(value)?.id);

/** The subscriber, publication and plan our checkout wrote into the metadata; undefined when absent or malformed. */
export function refOf(metadata: unknown): SubscriptionRef | undefined {
  const m = obj(metadata);
  const ref = { publicationId: str(m?.publication_id), uid: str(m?.uid), planId: str(m?.plan_id) };
  return isUuid(ref.publicationId) && isUuid(ref.uid) && (ref.planId === '' || isUuid(ref.planId)) ? ref : undefined;
}

/** A subscription's period end: on its items since API 2025-03-31, on the subscription itself before. */
function subscriptionPeriodEnd(subscription: Json): number {
  const items = obj(subscription.items)?.data;
  const ends = Array.isArray(items) ? items.map((item) => num(obj(item)?.current_period_end)) : [];
  return Math.max(num(subscription.current_period_end), ...ends, 0) * 1000;
}

/** An invoice's subscription and its metadata: under parent.subscription_details since API 2025-03-31. */
function invoiceSubscription(invoice: Json): { subscriptionId: string; ref?: SubscriptionRef } {
  const details = obj(obj(invoice.parent)?.subscription_details) ?? obj(invoice.subscription_details);
  const subscriptionId = idOf(details?.subscription) || idOf(invoice.subscription);
  const ref = refOf(details?.metadata);
  return ref ? { subscriptionId, ref } : { subscriptionId };
}

/**
 * The end of the period an invoice paid for: the latest end among its lines (an invoice's own period_end is the end
 * of the period before, for a subscription's invoice).
 */
function invoicePeriodEnd(invoice: Json): number {
  const lines = obj(invoice.lines)?.data;
  const ends = Array.isArray(lines) ? lines.map((line) => num(obj(obj(line)?.period)?.end)) : [];
  return Math.max(...ends, 0) * 1000;
}

/**
 * A payment received: Stripe's amounts are integers in the currency's smallest unit (qəpik for AZN). Absent when
 * nothing was paid (a trial, a 100% coupon) or the object names no amount; IncomeService refuses anything but an
 * integer > 0.
 */
function paymentOf(ref: string, amount: unknown, currency: unknown, paidAtMs: number): ProviderPayment | undefined {
  if (!ref || typeof amount !== 'number' || amount === 0 || !str(currency)) return undefined;
  return { ref, amount, currency: str(currency).toUpperCase(), paidAtMs };
}

/** The provider-neutral reading of a verified Stripe event. */
export function readStripeEvent(event: { id: string; type: string; created: number; data: { object: unknown } }) {
  const base = { id: event.id, createdMs: event.created * 1000 };
  const object = obj(event.data.object) ?? {};
  switch (event.type) {
    case 'checkout.session.completed': {
      const ref = refOf(object.metadata);
      const subscriptionId = idOf(object.subscription);
      if (object.mode !== 'subscription' || !ref || !subscriptionId) break;
      // The first payment: its invoice is the key, so the invoice.paid that names it too adds no second entry.
      const payment =
        object.payment_status === 'paid'
          ? paymentOf(idOf(object.invoice) || str(object.id), object.amount_total, object.currency, base.createdMs)
          : undefined;
      return {
        ...base,
        kind: 'checkoutCompleted',
        subscriptionId,
        ref,
        ...(payment ? { payment } : {}),
      } satisfies PaymentEvent;
    }
    case 'invoice.paid': {
      const subscription = invoiceSubscription(object);
      const periodEndMs = invoicePeriodEnd(object);
      if (!subscription.subscriptionId || !periodEndMs) break;
      const paidAt = num(obj(object.status_transitions)?.paid_at) * 1000 || base.createdMs;
      const payment = paymentOf(str(object.id), object.amount_paid, object.currency, paidAt);
      return {
        ...base,
        kind: 'invoicePaid',
        ...subscription,
        periodEndMs,
        ...(payment ? { payment } : {}),
      } satisfies PaymentEvent;
    }
    case 'invoice.payment_failed': {
      const subscription = invoiceSubscription(object);
      if (!subscription.subscriptionId) break;
      // Amounts are integers in the currency's smallest unit: qəpik for AZN.
      const amountQepik = Math.trunc(num(object.amount_due));
      return { ...base, kind: 'invoiceFailed', ...subscription, amountQepik } satisfies PaymentEvent;
    }
    case 'customer.subscription.updated': {
      const subscriptionId = str(object.id);
      if (!subscriptionId) break;
      const ref = refOf(object.metadata);
      return {
        ...base,
        kind: 'subscriptionUpdated',
        subscriptionId,
        ...(ref ? { ref } : {}),
        cancelAtPeriodEnd: object.cancel_at_period_end === true || num(object.cancel_at) > 0,
        pastDue: object.status === 'past_due' || object.status === 'unpaid',
        periodEndMs: subscriptionPeriodEnd(object),
      } satisfies PaymentEvent;
    }
    case 'customer.subscription.deleted': {
      const subscriptionId = str(object.id);
      if (!subscriptionId) break;
      const ref = refOf(object.metadata);
      const endedAtMs = (num(object.ended_at) || event.created) * 1000;
      return {
        ...base,
        kind: 'subscriptionDeleted',
        subscriptionId,
        ...(ref ? { ref } : {}),
        endedAtMs,
      } satisfies PaymentEvent;
    }
    case 'account.updated': {
      const accountId = str(object.id);
      if (!accountId) break;
      return {
        ...base,
        kind: 'merchantUpdated',
        accountId,
        chargesEnabled: object.charges_enabled === true,
      } satisfies PaymentEvent;
    }
  }
  return { ...base, kind: 'ignored', type: event.type } satisfies PaymentEvent;
}

/**
 * Stripe through the `stripe` package: Connect (Express accounts, onboarding links), Checkout in subscription mode
 * with a destination to the publication's account, and webhooks verified with the library's constructEvent.
 */
@Injectable()
export class StripeProvider implements PaymentProvider {
  readonly name = 'stripe' as const;
  private readonly stripe: Stripe;
  private readonly webhookSecret: string;

  constructor(
    @Inject(CONFIG) config: Pick<PublicationsConfig, 'STRIPE_API_BASE' | 'STRIPE_SECRET_KEY' | 'STRIPE_WEBHOOK_SECRET'>,
  ) {
    this.stripe = new Stripe(config.STRIPE_SECRET_KEY, stripeClientConfig(config.STRIPE_API_BASE));
    this.webhookSecret = config.STRIPE_WEBHOOK_SECRET;
  }

  async createMerchantAccount(input: { publicationId: string }) {
    const account = await this.stripe.accounts.create({
      type: 'express',
      metadata: { publication_id: input.publicationId },
      capabilities: { card_payments: { requested: true }, transfers: { requested: true } },
    });
    return { accountId: account.id };
  }

  async onboardingLink(input: { accountId: string; returnUrl: string; refreshUrl: string }) {
    const link = await this.stripe.accountLinks.create({
      account: input.accountId,
      type: 'account_onboarding',
      return_url: input.returnUrl,
      refresh_url: input.refreshUrl,
    });
    return { url: link.url };
  }

  async createCheckout(input: CheckoutInput) {
    const metadata = { publication_id: input.publicationId, uid: input.uid, plan_id: input.planId };
    const session = await this.stripe.checkout.sessions.create({
      mode: 'subscription',
      client_reference_id: input.uid,
      line_items: [
        {
          quantity: 1,
          price_data: {
            currency: 'azn',
            unit_amount: input.priceQepik,
            recurring: { interval: input.interval },
            product_data: { name: input.productName },
          },
        },
      ],
      metadata,
      subscription_data: { metadata, transfer_data: { destination: input.accountId } },
      success_url: input.successUrl,
      cancel_url: input.cancelUrl,
    });
    if (!session.url) throw new AppError('InternalServerError');
    return { url: session.url };
  }

  async cancelAtPeriodEnd(providerSubscriptionId: string) {
    try {
      await this.stripe.subscriptions.update(providerSubscriptionId, { cancel_at_period_end: true });
    } catch (error) {
      // Gone at Stripe (deleted, or never there): nothing renews, which is what was asked.
      if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_missing') return;
      throw error;
    }
  }

  parseWebhook(payload: Buffer, signature: string): PaymentEvent {
    let event: Stripe.Event;
    try {
      event = this.stripe.webhooks.constructEvent(payload, signature, this.webhookSecret, WEBHOOK_TOLERANCE_SECONDS);
    } catch {
      // A forged, malformed or stale signature, or a body that is not an event: the library says which; the caller
      // learns only that it was refused.
      throw new AppError('InvalidWebhookSignature');
    }
    return readStripeEvent(event as unknown as Parameters<typeof readStripeEvent>[0]);
  }
}
