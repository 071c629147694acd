import { webhookDeliveryStatuses, webhookEventTypes } from '@pencraft/contracts/enums/webhooks';
import type { WebhookDelivery, WebhookEndpoint } from '@pencraft/contracts/notifications/v1/webhooks';
import { UUID_PATTERN, WEBHOOK_EVENT_TYPES, WEBHOOK_URL_MAX } from '@pencraft/rules';
import { z } from 'zod';

// Partner webhooks over HTTP (issue #18): a client's endpoints and their delivery log (/api/v1/webhooks, scope
// webhooks) and the staff console's view of a client's (admin). notifications checks the URL (https, no private,
// loopback or link-local address, also after DNS resolution) and the event types.

const EXAMPLE_ID = '3f2b8c1e-6d4a-4f7b-9a2c-5e8d1b7f0a64';
const EXAMPLE_AT = '2026-11-28T10:00:00.000Z';
const iso = (ms: number) => (ms > 0 ? new Date(ms).toISOString() : null);

const Id = z.string().regex(UUID_PATTERN);
const EventType = z.enum(WEBHOOK_EVENT_TYPES).meta({ id: 'V1WebhookEventType', example: 'article.published' });
const Status = z.enum(['pending', 'succeeded', 'failed', 'dead']).meta({
  id: 'V1WebhookDeliveryStatus',
  description: 'pending (not tried yet), succeeded (a 2xx), failed (will be retried), dead (no more tries)',
  example: 'succeeded',
});

export const V1WebhookParams = z.object({ id: Id.meta({ description: "The endpoint's id", example: EXAMPLE_ID }) });
export const V1WebhookDeliveryParams = z.object({
  id: Id.meta({ description: "The endpoint's id", example: EXAMPLE_ID }),
  deliveryId: Id.meta({ description: "The delivery's id (its webhook-id header)", example: EXAMPLE_ID }),
});
export const V1WebhookDeliveriesQuery = z.object({
  status: Status.optional().meta({ description: 'Only deliveries in this state (dead: the dead-letter list)' }),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(100)
    .optional()
    .meta({ description: 'At most this many, newest first (1 to 100; 50 when absent)', example: 50 }),
});

const Url = z
  .string()
  .min(1)
  .max(WEBHOOK_URL_MAX)
  .meta({
    description:
      'Where deliveries are POSTed: https, on a public address (private, loopback, link-local and similar addresses ' +
      'are refused, also when the name resolves to one; redirects are not followed)',
    example: 'https://hooks.example.com/pencraft',
  });
const EventTypes = z
  .array(EventType)
  .min(1)
  .max(WEBHOOK_EVENT_TYPES.length * 2)
  .meta({ description: 'The events to receive (at least one)', example: ['article.published', 'article.updated'] });

export const V1WebhookBody = z
  .object({ url: Url, eventTypes: EventTypes })
  .strict()
  .meta({
    id: 'V1WebhookBody',
    example: { url: 'https://hooks.example.com/pencraft', eventTypes: ['article.published'] },
  });

export const V1UpdateWebhookBody = z
  .object({
    url: Url.optional(),
    eventTypes: EventTypes.optional(),
    enabled: z.boolean().optional().meta({ description: 'false pauses deliveries (they wait until it is enabled)' }),
  })
  .strict()
  .meta({ id: 'V1UpdateWebhookBody', example: { enabled: false } });

const endpointExample = {
  id: EXAMPLE_ID,
  url: 'https://hooks.example.com/pencraft',
  eventTypes: ['article.published'],
  enabled: true,
  createdAt: EXAMPLE_AT,
  updatedAt: EXAMPLE_AT,
};

export const V1Webhook = z
  .object({
    id: z.string(),
    url: z.string(),
    eventTypes: z.array(z.string()),
    enabled: z.boolean(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'V1Webhook', description: 'A webhook endpoint', example: endpointExample });

export const V1WebhookList = z
  .object({ items: z.array(V1Webhook) })
  .meta({ id: 'V1WebhookList', example: { items: [endpointExample] } });

export const V1WebhookCreated = z
  .object({
    endpoint: V1Webhook,
    secret: z.string().meta({
      description:
        'The signing secret (whsec_...), shown this once: verify each delivery with it (Standard Webhooks: ' +
        'webhook-id, webhook-timestamp and webhook-signature headers; the SDK has verifyWebhook)',
    }),
  })
  .meta({
    id: 'V1WebhookCreated',
    example: { endpoint: endpointExample, secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw4kVqXQaIYqo=' },
  });

const deliveryExample = {
  id: EXAMPLE_ID,
  endpointId: EXAMPLE_ID,
  eventType: 'article.published',
  status: 'succeeded',
  attempts: 1,
  nextAttemptAt: null,
  lastResponseStatus: 204,
  lastResponseBody: '',
  lastError: '',
  createdAt: EXAMPLE_AT,
  updatedAt: EXAMPLE_AT,
  payload: '{"type":"article.published","timestamp":"2026-11-28T10:00:00.000Z","data":{"articleId":"…"}}',
};

export const V1WebhookDelivery = z
  .object({
    id: z.string().meta({ description: 'The webhook-id header of every attempt' }),
    endpointId: z.string(),
    eventType: z.string(),
    status: z.string().meta({ description: 'pending, succeeded, failed (will be retried) or dead (no more tries)' }),
    attempts: z.number().int(),
    nextAttemptAt: z.string().nullable(),
    lastResponseStatus: z.number().int().nullable().meta({ description: "The last answer's HTTP status" }),
    lastResponseBody: z.string().meta({ description: "At most 1 KB of the last answer's body" }),
    lastError: z.string(),
    createdAt: z.string(),
    updatedAt: z.string(),
    payload: z.string().meta({ description: 'The JSON body sent' }),
  })
  .meta({ id: 'V1WebhookDelivery', example: deliveryExample });

export const V1WebhookDeliveryList = z
  .object({ items: z.array(V1WebhookDelivery) })
  .meta({ id: 'V1WebhookDeliveryList', example: { items: [deliveryExample] } });

// ---- Staff ----

export const StaffPartnerWebhooksParams = z.object({
  id: Id.meta({ description: "The partner client's registry id" }),
});
export const StaffWebhookDeliveryParams = z.object({ id: Id.meta({ description: "The delivery's id" }) });

export const StaffPartnerWebhooks = z
  .object({
    clientId: z.string().meta({ description: "The client's Keycloak client id" }),
    items: z.array(z.object({ endpoint: V1Webhook, deliveries: z.array(V1WebhookDelivery) })),
  })
  .meta({ id: 'StaffPartnerWebhooks', description: "A client's endpoints with their recent deliveries, dead first" });

export function toWebhookJson(endpoint: WebhookEndpoint): z.output<typeof V1Webhook> {
  return {
    id: endpoint.id,
    url: endpoint.url,
    eventTypes: endpoint.eventTypes,
    enabled: endpoint.enabled,
    createdAt: iso(endpoint.createdAtMs) ?? '',
    updatedAt: iso(endpoint.updatedAtMs) ?? '',
  };
}

export function toDeliveryJson(delivery: WebhookDelivery): z.output<typeof V1WebhookDelivery> {
  return {
    id: delivery.id,
    endpointId: delivery.endpointId,
    eventType: webhookEventTypes.fromProto(delivery.eventType) ?? '',
    status: webhookDeliveryStatuses.fromProto(delivery.status) ?? 'pending',
    attempts: delivery.attempts,
    nextAttemptAt: iso(delivery.nextAttemptAtMs),
    lastResponseStatus: delivery.lastResponseStatus || null,
    lastResponseBody: delivery.lastResponseBody,
    lastError: delivery.lastError,
    createdAt: iso(delivery.createdAtMs) ?? '',
    updatedAt: iso(delivery.updatedAtMs) ?? '',
    payload: delivery.payloadJson,
  };
}
