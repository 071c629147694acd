import { UUID_PATTERN } from '@pencraft/rules';
import { z } from 'zod';

/** The plan a subscriber pays through (one of the publication's plans). */
export const CheckoutBody = z.object({
  planId: z
    .string()
    .regex(UUID_PATTERN)
    .meta({ description: "One of the publication's plans (GET /api/core-publications/{id}/plans)" }),
});

export const CheckoutUrl = z.object({
  url: z
    .url()
    .meta({ description: "The payment provider's hosted checkout page; the card is entered there, never here" }),
});

export const OnboardingUrl = z.object({
  url: z.url().meta({ description: "The payment provider's onboarding page for the publication's merchant account" }),
});

export const WebhookAnswer = z.object({
  received: z.literal(true),
  duplicate: z.boolean().meta({ description: 'The event had been processed already: nothing changed' }),
});

/** The webhook's signature header, documented (the body's exact bytes are what it signs). */
export const STRIPE_SIGNATURE_HEADER = 'stripe-signature';
