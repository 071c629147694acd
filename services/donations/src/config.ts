import { serviceConfigSchema } from '@pencraft/kit';
import { z } from 'zod';
import { PAYOUT_PROVIDERS } from './payouts/payout-provider.js';

const grpcAddress = z.string().regex(/^[A-Za-z0-9.-]+:\d{1,5}$/, 'must be host:port');

/**
 * The donations service's variables: the services it asks (system.json `donations.calls`: identity for the profile's
 * country and the verified phone, articles for the last published article and a support's article) and the payment
 * provider's (Stripe; stripe-mock in development and tests). STRIPE_WEBHOOK_SECRET is the signing secret of the
 * donations webhook endpoint, its own (the environment is per service). PAYOUT_PROVIDER chooses who sends payouts to
 * the authors' cards: manual (the default, and the only one until an acquirer is connected) leaves each to finance
 * staff in the console.
 */
export const donationsConfigSchema = serviceConfigSchema.extend({
  IDENTITY_GRPC_ADDR: grpcAddress,
  ARTICLES_GRPC_ADDR: grpcAddress,
  /** Stripe's API (https://api.stripe.com), or stripe-mock in development and tests. */
  STRIPE_API_BASE: z.url({ protocol: /^https?$/ }).default('https://api.stripe.com'),
  STRIPE_SECRET_KEY: z.string().regex(/^(sk|rk)_(test|live)_[A-Za-z0-9_]+$/, 'must be a Stripe secret key'),
  STRIPE_WEBHOOK_SECRET: z.string().regex(/^whsec_[A-Za-z0-9_+/=]+$/, 'must be a Stripe webhook secret (whsec_...)'),
  /** Who sends payouts (payouts/payout-provider.ts): manual, finance staff through the console. */
  PAYOUT_PROVIDER: z.enum(PAYOUT_PROVIDERS).default('manual'),
});

export type DonationsConfig = z.infer<typeof donationsConfigSchema>;
