import type { PaymentProvider as ProviderName, PlanInterval } from '@pencraft/rules';

/**
 * What the publications service asks of a payment provider (Stripe today; a local acquirer for Azerbaijan may
 * implement it too). Card data never passes through Pencraft: the subscriber pays on the provider's hosted page and
 * the owner onboards on the provider's pages; Pencraft keeps ids, states and periods only.
 */
export interface PaymentProvider {
  readonly name: ProviderName;
  /** A merchant account for the publication's owner to onboard (its id at the provider). */
  createMerchantAccount(input: { publicationId: string }): Promise<{ accountId: string }>;
  /** The provider's onboarding page for the account. */
  onboardingLink(input: { accountId: string; returnUrl: string; refreshUrl: string }): Promise<{ url: string }>;
  /** A hosted checkout page for a recurring payment of the plan, paid to the merchant account. */
  createCheckout(input: CheckoutInput): Promise<{ url: string }>;
  /**
   * The subscription stops renewing at the end of its period (the subscriber or the owner cancelled). Idempotent:
   * asking again changes nothing, and a subscription the provider no longer has is done.
   */
  cancelAtPeriodEnd(providerSubscriptionId: string): Promise<void>;
  /** Verifies a webhook's signature over its exact bytes and reads it (AppError InvalidWebhookSignature). */
  parseWebhook(payload: Buffer, signature: string): PaymentEvent;
}

export const PAYMENT_PROVIDER = Symbol('publications.paymentProvider');

/** Who subscribes to what: carried by the provider's checkout and subscription so webhooks name them back. */
export interface SubscriptionRef {
  publicationId: string;
  uid: string;
  planId: string;
}

export interface CheckoutInput extends SubscriptionRef {
  accountId: string;
  /** Integer qəpik (100 = 1 AZN). */
  priceQepik: number;
  interval: PlanInterval;
  /** What the subscriber sees on the provider's page (the publication's name and the plan). */
  productName: string;
  successUrl: string;
  cancelUrl: string;
}

interface EventBase {
  /** The provider's event id: recorded once processed, so a replay changes nothing. */
  id: string;
  /** The provider's time of the event (ms): what orders state changes. */
  createdMs: number;
}

/** A payment the provider says was received (for the income ledger). */
export interface ProviderPayment {
  /**
   * The provider's invoice (or the checkout session's id when it names none): one payment however many events name
   * it (a subscription's first invoice is named by both checkout.session.completed and invoice.paid).
   */
  ref: string;
  /** As the provider sent it, in the currency's smallest unit (qəpik for AZN); the ledger takes integers > 0 only. */
  amount: number;
  /** ISO 4217, upper case. */
  currency: string;
  paidAtMs: number;
}

/** A provider-neutral reading of the webhooks that matter; everything else is `ignored` (still recorded). */
export type PaymentEvent =
  | (EventBase & { kind: 'checkoutCompleted'; subscriptionId: string; ref: SubscriptionRef; payment?: ProviderPayment })
  | (EventBase & {
      kind: 'invoicePaid';
      subscriptionId: string;
      ref?: SubscriptionRef;
      periodEndMs: number;
      payment?: ProviderPayment;
    })
  | (EventBase & { kind: 'invoiceFailed'; subscriptionId: string; ref?: SubscriptionRef; amountQepik: number })
  | (EventBase & {
      kind: 'subscriptionUpdated';
      subscriptionId: string;
      ref?: SubscriptionRef;
      cancelAtPeriodEnd: boolean;
      pastDue: boolean;
      /** 0 when the provider did not say. */
      periodEndMs: number;
    })
  | (EventBase & { kind: 'subscriptionDeleted'; subscriptionId: string; ref?: SubscriptionRef; endedAtMs: number })
  | (EventBase & { kind: 'merchantUpdated'; accountId: string; chargesEnabled: boolean })
  | (EventBase & { kind: 'ignored'; type: string });
