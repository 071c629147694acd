import { defineRoute } from '../http/route.js';
import { MAX_BODY_BYTES } from '../http/json-body.js';
import { CheckoutBody, CheckoutUrl, OnboardingUrl, WebhookAnswer } from './payments.dto.js';
import { PublicationParams } from './publications.dto.js';

const TAG = 'publications';
const id = { id: 'PublicationNotFound' } as const;

export const connectMerchantRoute = defineRoute({
  operationId: 'connectPublicationMerchant',
  method: 'POST',
  path: '/api/core-publications/:id/studio/income/connect',
  tag: TAG,
  summary:
    "The owner connects the publication's merchant account at the payment provider (Stripe Connect): answers the " +
    'onboarding page to open; AlreadyIntegrated once the account takes payments, a new page while onboarding is unfinished',
  params: PublicationParams,
  response: OnboardingUrl,
  auth: 'required',
  fieldCodes: id,
  errors: ['PublicationNotFound', 'ActorNotPublicationMember', 'ActorNotPublicationOwner', 'AlreadyIntegrated'],
});

export const checkoutRoute = defineRoute({
  operationId: 'startPublicationCheckout',
  method: 'POST',
  path: '/api/core-publications/:id/sub/checkout',
  tag: TAG,
  summary:
    "Subscribe through a paid plan: answers the payment provider's hosted checkout page. The paid subscription begins " +
    "when the provider's webhook says it was paid (not when this answers)",
  params: PublicationParams,
  body: CheckoutBody,
  response: CheckoutUrl,
  auth: 'required',
  fieldCodes: { ...id, planId: 'PlanNotFound' },
  errors: [
    'PublicationNotFound',
    'PlanNotFound',
    'CannotSubscribePublication',
    'AlreadySubscribed',
    'MerchantNotConnected',
  ],
});

export const stripeWebhookRoute = defineRoute({
  operationId: 'receiveStripeWebhook',
  method: 'POST',
  path: '/api/payments/webhooks/stripe',
  tag: 'payments',
  summary:
    "Stripe's webhook endpoint (server to server: no session, no CSRF, no captcha; rate-limited). The body's exact " +
    'bytes are verified against the Stripe-Signature header; each event is applied once (a replay answers ' +
    'duplicate), and a forged, stale or missing signature answers 400 InvalidWebhookSignature',
  binaryBody: {
    types: ['application/json'],
    maxBytes: MAX_BODY_BYTES,
    description: 'A Stripe event, exactly as Stripe sent it (signed in the Stripe-Signature header)',
  },
  response: WebhookAnswer,
  auth: 'signature',
  errors: ['InvalidWebhookSignature'],
});
