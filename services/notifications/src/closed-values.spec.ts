import { oneOf } from '@pencraft/kit/schema';
import { LANGS } from '@pencraft/rules';
import { sqlText, textColumnChecks } from '@pencraft/testing';
import { MAIL_STATES } from './notifications/notification.table.js';
import * as schema from './schema.js';

/** Each closed-value text column and the list its check is built from. */
const CLOSED: Record<string, readonly string[]> = {
  'people.lang': LANGS,
  'notifications.mail_state': MAIL_STATES,
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
