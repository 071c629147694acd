import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';

export interface SignedHeaders {
  'webhook-id': string;
  'webhook-timestamp': string;
  'webhook-signature': string;
}

/** A new endpoint's signing secret: whsec_ and 32 random bytes in base64 (the Standard Webhooks form). */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

/**
 * The Standard Webhooks headers of one attempt: webhook-id (the delivery's id, the same on every attempt so a
 * receiver can drop a repeat), webhook-timestamp (seconds, this attempt's) and webhook-signature (v1,<HMAC-SHA256 of
 * "id.timestamp.body"> under the endpoint's whsec_ secret), signed by the standardwebhooks package.
 */
export function signDelivery(secret: string, deliveryId: string, at: Date, body: string): SignedHeaders {
  const signature = new Webhook(secret).sign(deliveryId, at, body);
  return {
    'webhook-id': deliveryId,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': signature,
  };
}
