import { check, index, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { oneOf } from '@pencraft/kit/schema';
import {
  FEEDBACK_STATUSES,
  FEEDBACK_TYPES,
  LANGS,
  type FeedbackStatus,
  type FeedbackType,
  type Lang,
} from '@pencraft/rules';
import { identitySchema } from '../identity.schema.js';
import { users } from '../users/user.table.js';

/**
 * Feedback of SPEC.md section 3, from a user (`userId`) or a visitor (`email`, only then: a user is answered at the
 * account's address). `senderKey` is who counts toward the rate limit: `u:<uid>` or `e:<address>`.
 */
export const feedback = identitySchema.table(
  'feedback',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    email: text('email'),
    senderKey: text('sender_key').notNull(),
    lang: text('lang').$type<Lang>().notNull(),
    type: text('type').$type<FeedbackType>().notNull(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    status: text('status').$type<FeedbackStatus>().notNull().default('new'),
    answer: text('answer'),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    /** The staff member who answered last (username). */
    answeredBy: text('answered_by'),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    closedBy: text('closed_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('feedback_user_idx').on(t.userId, t.createdAt),
    index('feedback_sender_idx').on(t.senderKey, t.createdAt),
    index('feedback_status_idx').on(t.status, t.createdAt),
    check('feedback_type_known', oneOf('type', FEEDBACK_TYPES)),
    check('feedback_status_known', oneOf('status', FEEDBACK_STATUSES)),
    check('feedback_lang_known', oneOf('lang', LANGS)),
  ],
);

export type FeedbackRow = typeof feedback.$inferSelect;
export type NewFeedback = typeof feedback.$inferInsert;
