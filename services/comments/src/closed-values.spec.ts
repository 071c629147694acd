import { oneOf } from '@pencraft/kit/schema';
import { COMMENT_STATUSES, REPORT_REASONS } from '@pencraft/rules';
import { sqlText, textColumnChecks } from '@pencraft/testing';
import * as schema from './schema.js';

/** Each closed-value text column and the list its check is built from. */
const CLOSED: Record<string, readonly string[]> = {
  'comments.status': COMMENT_STATUSES,
  'comment_reports.reason': REPORT_REASONS,
};

/** Free text (names, notes, addresses, keys, hashes): nothing to check against. */
const FREE = [
  'article_refs.title',
  'authors.username',
  'authors.fullname',
  'authors.image_url',
  'comment_reports.note',
  'comments.content',
  'comments.review_note',
  'outbox.subject',
  'processed_events.consumer',
  'processed_events.event_id',
  'processed_events.subject',
];

describe('comments tables: closed values', () => {
  const checks = textColumnChecks(schema);

  it.each(Object.entries(CLOSED))('%s holds only the values of its list', (name, values) => {
    const column = name.slice(name.indexOf('.') + 1);
    expect(checks.get(name)).toBe(sqlText(oneOf(column, values)));
  });

  it('classifies every text column as closed or free, so a new one is a decision', () => {
    expect([...checks.keys()].sort()).toEqual([...Object.keys(CLOSED), ...FREE].sort());
  });
});
