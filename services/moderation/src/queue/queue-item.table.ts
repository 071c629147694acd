import { oneOf } from '@pencraft/kit/schema';
import { boolean, check, index, integer, jsonb, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { moderationSchema } from '../moderation.schema.js';

import {
  AUTO_DECISIONS,
  LANGS,
  QUEUE_KINDS,
  QUEUE_STATES,
  type AutoDecision,
  type Lang,
  type QueueKind,
  type QueueState,
} from '@pencraft/rules';

export { QUEUE_KINDS, QUEUE_STATES, type AutoDecision, type QueueKind, type QueueState } from '@pencraft/rules';

export interface SignalJson {
  code: string;
  weight: number;
  detail?: string;
}

/**
 * One submission waiting for (or decided by) review: an article, a translation, an edit of a published article or a
 * comment. A resubmission (a revision, an edited comment) is a new item, so each decision stays on the item it was
 * taken on.
 */
export const queueItems = moderationSchema.table(
  'queue_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').$type<QueueKind>().notNull(),
    /** The article's, the translation's, the edit's or the comment's id. */
    subjectId: uuid('subject_id').notNull(),
    /** The article (a translation's original; an edit's article; a comment's article). */
    articleId: uuid('article_id').notNull(),
    authorUid: uuid('author_uid').notNull(),
    authorUsername: text('author_username').notNull().default(''),
    title: text('title').notNull().default(''),
    description: text('description').notNull().default(''),
    /** The plain text to read (body text or the comment), as submitted. */
    content: text('content').notNull().default(''),
    /** An edit's published version, which stays live until the edit is approved (empty for other kinds). */
    previousTitle: text('previous_title').notNull().default(''),
    previousDescription: text('previous_description').notNull().default(''),
    previousContent: text('previous_content').notNull().default(''),
    excerpt: text('excerpt').notNull().default(''),
    /** Empty when the event carried a language this build does not know. */
    language: text('language').$type<Lang | ''>().notNull().default(''),
    isEdit: boolean('is_edit').notNull().default(false),
    state: text('state').$type<QueueState>().notNull(),
    score: integer('score').notNull().default(0),
    autoDecision: text('auto_decision').$type<AutoDecision>().notNull().default('pending'),
    signals: jsonb('signals').$type<SignalJson[]>().notNull().default([]),
    decidedBySub: text('decided_by_sub'),
    decidedByUsername: text('decided_by_username'),
    note: text('note').notNull().default(''),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One item per submission: a redelivered event finds the item it made.
    uniqueIndex('queue_items_submission_idx').on(t.kind, t.subjectId, t.submittedAt),
    index('queue_items_state_idx').on(t.state, t.submittedAt),
    index('queue_items_author_idx').on(t.authorUid),
    index('queue_items_subject_idx').on(t.subjectId),
    check('queue_items_kind_known', oneOf('kind', QUEUE_KINDS)),
    check('queue_items_language_known', oneOf('language', ['', ...LANGS])),
    check('queue_items_state_known', oneOf('state', QUEUE_STATES)),
    check('queue_items_auto_decision_known', oneOf('auto_decision', AUTO_DECISIONS)),
  ],
);

export type QueueItemRow = typeof queueItems.$inferSelect;
