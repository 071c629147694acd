import { objectStoreConfigSchema, serviceConfigSchema } from '@pencraft/kit';
import { z } from 'zod';

/** The payment provider's variables (Stripe); the secrets come only from the environment. */
export const paymentsConfigSchema = z.object({
  /** Stripe's API (https://api.stripe.com), or stripe-mock in development and tests. */
  STRIPE_API_BASE: z.url({ protocol: /^https?$/ }).default('https://api.stripe.com'),
  STRIPE_SECRET_KEY: z.string().regex(/^(sk|rk)_(test|live)_[A-Za-z0-9_]+$/, 'must be a Stripe secret key'),
  /** The webhook endpoint's signing secret. */
  STRIPE_WEBHOOK_SECRET: z.string().regex(/^whsec_[A-Za-z0-9_+/=]+$/, 'must be a Stripe webhook secret (whsec_...)'),
});

/**
 * The publications service's variables: a service's own, the object store's (logos and covers) and the payment
 * provider's.
 */
export const publicationsConfigSchema = serviceConfigSchema
  .extend(objectStoreConfigSchema.shape)
  .extend(paymentsConfigSchema.shape);

export type PublicationsConfig = z.infer<typeof publicationsConfigSchema>;
