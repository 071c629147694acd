// Stripe's side of a payment for the suites that run on the whole platform: stripe-mock keeps no state and sends no
// webhooks, so a suite plays the provider, posting the events Stripe would send, signed with the test profile's
// webhook secret (stripe.webhooks.generateTestHeaderString) to POST /api/payments/webhooks/stripe, or, for reader
// supports, with the donations endpoint's own secret to POST /api/donations/webhooks/stripe.
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import Stripe from 'stripe';
import { loadSecrets } from '../../packages/devstack/src/index.ts';
import { suiteFetch } from './client-address.ts';
import { databaseUrl, stack } from './stack.ts';

export const STRIPE_WEBHOOK = '/api/payments/webhooks/stripe';
/** The donations service's endpoint: supports, signed with its own secret (stripeDonationsWebhookSecret). */
export const DONATIONS_STRIPE_WEBHOOK = '/api/donations/webhooks/stripe';

/** Where an event goes: publications' subscriptions (payments) or reader supports (donations). */
export type WebhookEndpoint = 'payments' | 'donations';

const WEBHOOK_PATHS: Record<WebhookEndpoint, string> = {
  payments: STRIPE_WEBHOOK,
  donations: DONATIONS_STRIPE_WEBHOOK,
};

/** The endpoint a path of the API is (undefined: neither of Stripe's). */
export function webhookEndpointAt(path: string): WebhookEndpoint | undefined {
  return (Object.keys(WEBHOOK_PATHS) as WebhookEndpoint[]).find((endpoint) => WEBHOOK_PATHS[endpoint] === path);
}

/** The signing secret of an endpoint on the test stack (Stripe gives each endpoint its own). */
export function webhookSecret(endpoint: WebhookEndpoint = 'payments'): string {
  const secrets = loadSecrets(stack);
  return endpoint === 'donations' ? secrets.stripeDonationsWebhookSecret : secrets.stripeWebhookSecret;
}

// Only its webhook helper is used: signing needs no API key and no network.
const stripe = new Stripe('sk_test_signing_only');

export interface StripeEvent {
  id: string;
  type: string;
  created: number;
  data: { object: Record<string, unknown> };
}

const nowSec = () => Math.floor(Date.now() / 1000);

/** An event as Stripe sends it (API 2025-09-30.clover), created now unless said otherwise. */
export function stripeEvent(type: string, object: Record<string, unknown>, created = nowSec()): StripeEvent {
  return {
    id: `evt_${randomUUID().replaceAll('-', '')}`,
    object: 'event',
    api_version: '2025-09-30.clover',
    created,
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object },
  } as StripeEvent;
}

/** The merchant account's onboarding finished: Stripe enables charges. */
export const accountEnabled = (accountId: string) =>
  stripeEvent('account.updated', { id: accountId, object: 'account', charges_enabled: true });

/** A subscriber paid on the hosted checkout page: the metadata the checkout session was opened with. */
export function checkoutCompleted(subscriber: {
  uid: string;
  publicationId: string;
  planId: string;
  amountQepik: number;
}): StripeEvent {
  return stripeEvent('checkout.session.completed', {
    id: `cs_test_${randomUUID().replaceAll('-', '')}`,
    object: 'checkout.session',
    mode: 'subscription',
    status: 'complete',
    payment_status: 'paid',
    currency: 'azn',
    amount_total: subscriber.amountQepik,
    client_reference_id: subscriber.uid,
    subscription: `sub_${randomUUID().replaceAll('-', '')}`,
    metadata: { publication_id: subscriber.publicationId, uid: subscriber.uid, plan_id: subscriber.planId },
  });
}

/**
 * A supporter paid a support on the hosted checkout page (payment mode): the support id our checkout wrote into the
 * metadata, the amount in qəpik and the currency (AZN unless said).
 */
export function supportPaid(support: { supportId: string; amountQepik: number; currency?: string }): StripeEvent {
  return stripeEvent('checkout.session.completed', {
    id: `cs_test_${randomUUID().replaceAll('-', '')}`,
    object: 'checkout.session',
    mode: 'payment',
    status: 'complete',
    payment_status: 'paid',
    currency: (support.currency ?? 'AZN').toLowerCase(),
    amount_total: support.amountQepik,
    payment_intent: `pi_${randomUUID().replaceAll('-', '')}`,
    metadata: { support_id: support.supportId },
  });
}

/** The Stripe-Signature header of `payload` for an endpoint (its own secret unless another is given). */
export function signatureHeader(payload: string, endpoint: WebhookEndpoint = 'payments', secret?: string): string {
  return stripe.webhooks.generateTestHeaderString({ payload, secret: secret ?? webhookSecret(endpoint) });
}

/**
 * Posts the event's exact bytes as Stripe does: no session, no CSRF token, the signature in Stripe-Signature (the
 * endpoint's own secret, unless a suite signs with another to forge one).
 */
export async function deliverSigned(
  base: string,
  event: StripeEvent,
  options: { endpoint?: WebhookEndpoint; secret?: string } = {},
): Promise<{ status: number; body: unknown }> {
  const payload = JSON.stringify(event);
  const signature = signatureHeader(payload, options.endpoint, options.secret);
  const path = WEBHOOK_PATHS[options.endpoint ?? 'payments'];
  const response = await suiteFetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    body: payload,
  });
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as unknown) : undefined };
}

/**
 * The publication's merchant account id as the publications service stored it when the owner connected (stripe-mock
 * answers a fixture id; Stripe's account.updated names it), read from the platform's database.
 */
export async function merchantAccountId(publicationId: string, database = databaseUrl(stack)): Promise<string> {
  const sql = new pg.Client({ connectionString: database });
  await sql.connect();
  try {
    const { rows } = await sql.query<{ account_id: string }>(
      'select account_id from publications.merchant_accounts where publication_id = $1',
      [publicationId],
    );
    if (!rows[0]) throw new Error(`publication ${publicationId} has no merchant account`);
    return rows[0].account_id;
  } finally {
    await sql.end();
  }
}
