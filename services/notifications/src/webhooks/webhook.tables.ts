import { sql } from 'drizzle-orm';
import { oneOf } from '@pencraft/kit/schema';
import { WEBHOOK_DELIVERY_STATUSES, WEBHOOK_EVENT_TYPES, type WebhookDeliveryStatus } from '@pencraft/rules';
import { boolean, check, index, integer, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { notificationsSchema } from '../notifications.schema.js';

/** Where a delivery stands (rules: WEBHOOK_DELIVERY_STATUSES; a redelivery makes a dead one pending again). */
export { WEBHOOK_DELIVERY_STATUSES, type WebhookDeliveryStatus };

/** A partner client's webhook endpoint (issue #18). */
export const webhookEndpoints = notificationsSchema.table(
  'webhook_endpoints',
  {
    id: uuid('id').primaryKey(),
    /** The owning partner client: the Keycloak client id (the token's azp). */
    clientId: text('client_id').notNull(),
    url: text('url').notNull(),
    /** WEBHOOK_EVENT_TYPES it is subscribed to. */
    eventTypes: text('event_types').array().notNull(),
    /** The whsec_ signing secret sealed under WEBHOOK_ENCRYPTION_KEY (the kit's SecretBox). */
    secretSealed: text('secret_sealed').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('webhook_endpoints_client_idx').on(t.clientId, t.createdAt),
    check(
      'webhook_endpoints_event_types_known',
      sql.raw(`"event_types" <@ array[${WEBHOOK_EVENT_TYPES.map((type) => `'${type}'`).join(', ')}]::text[]`),
    ),
  ],
);

/** One delivery per endpoint and platform event; its attempts update it in place. */
export const webhookDeliveries = notificationsSchema.table(
  'webhook_deliveries',
  {
    /** The webhook-id header of every attempt. */
    id: uuid('id').primaryKey(),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    /** The platform event's id (a redelivered event makes no second delivery). */
    eventId: text('event_id').notNull(),
    eventType: text('event_type').notNull(),
    /** The JSON body, the same on every attempt. */
    payload: text('payload').notNull(),
    status: text('status').$type<WebhookDeliveryStatus>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    /** When the dispatcher may take it next (also the lease of an attempt in flight); null when none is due. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    lastResponseStatus: integer('last_response_status'),
    /** At most 1 KB of the last answer's body. */
    lastResponseBody: text('last_response_body'),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('webhook_deliveries_endpoint_event').on(t.endpointId, t.eventId),
    index('webhook_deliveries_endpoint_created_idx').on(t.endpointId, t.createdAt),
    index('webhook_deliveries_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`status in ('pending', 'failed')`),
    check('webhook_deliveries_status_known', oneOf('status', WEBHOOK_DELIVERY_STATUSES)),
    check('webhook_deliveries_event_type_known', oneOf('event_type', WEBHOOK_EVENT_TYPES)),
  ],
);

export type WebhookEndpointRow = typeof webhookEndpoints.$inferSelect;
export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;
