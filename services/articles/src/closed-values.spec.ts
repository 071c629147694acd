import { oneOf } from '@pencraft/kit/schema';
import {
  ARTICLE_STATUSES,
  AUDIENCES,
  CATEGORY_IDS,
  EDITOR_IMAGE_TYPES,
  INVITATION_STATUSES,
  LANGS,
  REPORT_REASONS,
} from '@pencraft/rules';
import { sqlText, textColumnChecks } from '@pencraft/testing';
import * as schema from './schema.js';

/** Each closed-value text column and the list its check is built from. */
const CLOSED: Record<string, readonly string[]> = {
  'articles.status': ARTICLE_STATUSES,
  'articles.language': LANGS,
  'articles.audience': AUDIENCES,
  'drafts.language': LANGS,
  'drafts.audience': AUDIENCES,
  'article_edits.status': ARTICLE_STATUSES,
  'article_edits.language': LANGS,
  'article_edits.audience': AUDIENCES,
  'article_reviews.status': ARTICLE_STATUSES,
  'article_reports.reason': REPORT_REASONS,
  'articles.category': CATEGORY_IDS,
  // A draft may not have its category yet.
  'drafts.category': ['', ...CATEGORY_IDS],
  'article_edits.category': CATEGORY_IDS,
  'article_engagement.category': CATEGORY_IDS,
  'article_engagement.language': LANGS,
  'category_follows.category': CATEGORY_IDS,
  'co_author_invitations.status': INVITATION_STATUSES,
  'media.type': EDITOR_IMAGE_TYPES,
};

/** Free text (titles, notes, keys, hashes): nothing to check against. */
const FREE = [
  'article_edits.review_note',
  'article_edits.title',
  'article_edits.description',
  'article_edits.body_text',
  'article_edits.cover_key',
  'article_edits.target',
  'article_reports.note',
  'article_reviews.note',
  'articles.title',
  'articles.description',
  'articles.body_text',
  'articles.review_note',
  'articles.cover_key',
  'articles.target',
  'authors.username',
  'authors.fullname',
  'authors.image_url',
  'collections.name',
  'drafts.title',
  'drafts.description',
  'drafts.cover_key',
  'drafts.target',
  'drafts.preview_token_hash',
  'media.folder',
  'media.key',
  'statistics_flushes.batch_id',
  'outbox.subject',
  'processed_events.consumer',
  'processed_events.event_id',
  'processed_events.subject',
];

describe('articles tables: closed values', () => {
  const checks = textColumnChecks(schema);

  it.each(Object.entries(CLOSED))('%s holds only the values of its list', (name, values) => {
    const column = name.slice(name.indexOf('.') + 1);
    expect(checks.get(name)).toBe(sqlText(oneOf(column, values)));
  });

  it('classifies every text column as closed or free, so a new one is a decision', () => {
    expect([...checks.keys()].sort()).toEqual([...Object.keys(CLOSED), ...FREE].sort());
  });
});
