// Paid subscriptions through a payment provider: the closed values the publications service stores.

/** The payment providers a merchant account may be held at (a local acquirer for Azerbaijan may join). */
export const PAYMENT_PROVIDERS = ['stripe'] as const;
export type PaymentProvider = (typeof PAYMENT_PROVIDERS)[number];

/**
 * Where a paid subscription's payments stand, as the provider's webhooks said: paying (`active`), a renewal charge
 * failed and is retried (`pastDue`, access lasts until the period ends), or the provider ended it (`ended`, final).
 */
export const PAYMENT_STATES = ['active', 'pastDue', 'ended'] as const;
export type PaymentState = (typeof PAYMENT_STATES)[number];
