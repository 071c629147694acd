import type { PaymentProvider as ProviderName } from '@pencraft/rules';

/**
 * What the donations service asks of a payment provider (Stripe today; a local acquirer for Azerbaijan may implement
 * it too). Supporters pay on the provider's hosted page, so their card data never passes through Pencraft; an
 * author's payout card is sent to the provider once, to be tokenized, and only the token is kept.
 */
export interface DonationPaymentProvider {
  readonly name: ProviderName;
  /** A hosted checkout page for a one-time payment of the support, its id carried in the payment's metadata. */
  createSupportCheckout(input: SupportCheckoutInput): Promise<{ url: string; checkoutId: string }>;
  /**
   * Tokenizes a payout card (the number goes to the provider and nowhere else). A number the provider refuses is
   * AppError InvalidCardNumber; errors never carry the number.
   */
  tokenizeCard(input: CardInput): Promise<{ token: string }>;
  /** Verifies a webhook's signature over its exact bytes and reads it (AppError InvalidWebhookSignature). */
  parseWebhook(payload: Buffer, signature: string): DonationPaymentEvent;
}

export const DONATION_PAYMENT_PROVIDER = Symbol('donations.paymentProvider');

export interface SupportCheckoutInput {
  supportId: string;
  supporterUid: string;
  /** Integer qəpik (100 = 1 AZN). */
  amountQepik: number;
  /** What the supporter sees on the provider's page. */
  productName: string;
  successUrl: string;
  cancelUrl: string;
}

export interface CardInput {
  /** Digits only; never logged. */
  number: string;
  holder: string;
  expMonth: number;
  expYear: number;
}

interface EventBase {
  /** The provider's event id: recorded once processed, so a replay changes nothing. */
  id: string;
  /** The provider's event type, as recorded. */
  type: string;
  createdMs: number;
}

/** How a payment names its support: our id in its metadata, and the provider's own ids. */
export interface PaymentRef {
  /** The support id our checkout wrote into the metadata; '' when absent. */
  supportRef: string;
  checkoutId: string;
  paymentId: string;
}

/** A provider-neutral reading of the webhooks that matter; everything else is `ignored` (still recorded). */
export type DonationPaymentEvent =
  | (EventBase & PaymentRef & { kind: 'paymentSucceeded'; amount: number; currency: string })
  | (EventBase & PaymentRef & { kind: 'paymentFailed' })
  | (EventBase &
      PaymentRef & {
        kind: 'refunded';
        /** The provider's charge (with the cumulative amount, the reference of this reversal). */
        chargeId: string;
        /** Every refund of the payment so far, in qəpik (cumulative). */
        refundedTotal: number;
        currency: string;
      })
  | (EventBase & PaymentRef & { kind: 'disputed'; disputeId: string; amount: number; currency: string })
  | (EventBase & { kind: 'ignored' });
