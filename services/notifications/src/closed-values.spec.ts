import { oneOf } from '@pencraft/kit/schema';
import { LANGS } from '@pencraft/rules';
import { sqlText, textColumnChecks } from '@pencraft/testing';
import { WEBHOOK_EVENT_TYPES } from '@pencraft/rules';
import { MAIL_STATES } from './notifications/notification.table.js';
import { WEBHOOK_DELIVERY_STATUSES } from './webhooks/webhook.tables.js';
import * as schema from './schema.js';

/** Each closed-value text column and the list its check is built from. */
const CLOSED: Record<string, readonly string[]> = {
  'people.lang': LANGS,
  'notifications.mail_state': MAIL_STATES,
  'webhook_deliveries.status': WEBHOOK_DELIVERY_STATUSES,
  'webhook_deliveries.event_type': WEBHOOK_EVENT_TYPES,
};

/** Free text (names, notes, addresses, keys, hashes): nothing to check against. */
const FREE = [
  'notifications.title',
  'notifications.excerpt',
  'notifications.dedupe_key',
  'people.username',
  'people.fullname',
  'people.image_url',
  'outbox.subject',
  'processed_events.consumer',
  'processed_events.event_id',
  'processed_events.subject',
  'webhook_endpoints.client_id',
  'webhook_endpoints.url',
  'webhook_endpoints.secret_sealed',
  'webhook_deliveries.event_id',
  'webhook_deliveries.payload',
  'webhook_deliveries.last_response_body',
  'webhook_deliveries.last_error',
];

describe('notifications tables: closed values', () => {
  const checks = textColumnChecks(schema);

  it.each(Object.entries(CLOSED))('%s holds only the values of its list', (name, values) => {
    const column = name.slice(name.indexOf('.') + 1);
    expect(checks.get(name)).toBe(sqlText(oneOf(column, values)));
  });

  it('classifies every text column as closed or free, so a new one is a decision', () => {
    expect([...checks.keys()].sort()).toEqual([...Object.keys(CLOSED), ...FREE].sort());
  });
});
