import { oneOf } from '@pencraft/kit/schema';
import {
  AUDIT_ACTIONS,
  AUDIT_SUBJECT_KINDS,
  AUTO_DECISIONS,
  BAN_REASONS,
  LANGS,
  QUEUE_KINDS,
  QUEUE_STATES,
  REPORT_KINDS,
  REPORT_REASONS,
  REPORT_STATES,
} from '@pencraft/rules';
import { sqlText, textColumnChecks } from '@pencraft/testing';
import * as schema from './schema.js';

/** Each closed-value text column and the list its check is built from. */
const CLOSED: Record<string, readonly string[]> = {
  'audit_log.action': AUDIT_ACTIONS,
  'audit_log.subject_kind': AUDIT_SUBJECT_KINDS,
  'bans.reason': BAN_REASONS,
  'queue_items.kind': QUEUE_KINDS,
  'queue_items.state': QUEUE_STATES,
  'queue_items.auto_decision': AUTO_DECISIONS,
  'queue_items.language': ['', ...LANGS],
  'reports.kind': REPORT_KINDS,
  'reports.reason': ['', ...REPORT_REASONS],
  'reports.state': REPORT_STATES,
};

/** Free text (names, notes, addresses, keys, hashes): nothing to check against. */
const FREE = [
  'audit_log.actor_sub',
  'audit_log.actor_username',
  'audit_log.subject_id',
  'audit_log.note',
  'bans.username',
  'bans.note',
  'bans.issued_by_sub',
  'bans.issued_by_username',
  'bans.lifted_by_sub',
  'bans.lifted_by_username',
  'queue_items.author_username',
  'queue_items.title',
  'queue_items.description',
  'queue_items.content',
  'queue_items.previous_title',
  'queue_items.previous_description',
  'queue_items.previous_content',
  'queue_items.excerpt',
  'queue_items.decided_by_sub',
  'queue_items.decided_by_username',
  'queue_items.note',
  'reports.note',
  'reports.excerpt',
  'reports.resolved_by_sub',
  'reports.resolved_by_username',
  'outbox.subject',
  'processed_events.consumer',
  'processed_events.event_id',
  'processed_events.subject',
];

describe('moderation tables: closed values', () => {
  const checks = textColumnChecks(schema);

  it.each(Object.entries(CLOSED))('%s holds only the values of its list', (name, values) => {
    const column = name.slice(name.indexOf('.') + 1);
    expect(checks.get(name)).toBe(sqlText(oneOf(column, values)));
  });

  it('classifies every text column as closed or free, so a new one is a decision', () => {
    expect([...checks.keys()].sort()).toEqual([...Object.keys(CLOSED), ...FREE].sort());
  });
});
