import { sql } from 'drizzle-orm';
import { oneOf } from '@pencraft/kit/schema';
import { bigserial, check, index, integer, jsonb, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { notificationsSchema } from '../notifications.schema.js';

/** Where a notification's mail stands: pending → sent | skipped (no confirmed address) | failed (after retries). */
export const MAIL_STATES = ['pending', 'sent', 'skipped', 'failed'] as const;
export type MailState = (typeof MAIL_STATES)[number];

export interface ActorSnapshot {
  username: string;
  fullname: string;
  imageUrl: string | null;
}

/**
 * Type-specific fields (decision, note, language, originalId, parentCommentId, invitationId, draftId; a publication's
 * publicationId and name as `publication`, a subscription's tier, a failed payment's amount in AZN and periodEnd; a
 * support's supportId, a payout's payoutId, state, cardLast4, expectedDate, reference and failureNote, and the money
 * of both as amountQepik, integer qəpik in digits, and amount, the exact AZN text).
 */
export type NotificationData = Record<string, string>;

export const notifications = notificationsSchema.table(
  'notifications',
  {
    /** Increasing per user in commit order (inserts for one user take a per-user lock): the SSE event id. */
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    uid: uuid('uid').notNull(),
    type: integer('type').notNull(),
    actorUid: uuid('actor_uid'),
    /** The actor's names when the event carried them; the people read model's newer ones win when read. */
    actor: jsonb('actor').$type<ActorSnapshot>(),
    articleId: uuid('article_id'),
    commentId: uuid('comment_id'),
    title: text('title'),
    excerpt: text('excerpt'),
    data: jsonb('data').$type<NotificationData>().notNull().default({}),
    /**
     * What the notification is about: the source event's id and type, or the subject that makes it once (a comment; a
     * voter and what they upvoted; a follower). A redelivery, or a toggle back and forth, inserts nothing.
     */
    dedupeKey: text('dedupe_key').notNull(),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** null: not to be mailed. */
    mailState: text('mail_state').$type<MailState>(),
    mailAttempts: integer('mail_attempts').notNull().default(0),
  },
  (t) => [
    uniqueIndex('notifications_uid_dedupe_key').on(t.uid, t.dedupeKey),
    index('notifications_uid_id_idx').on(t.uid, t.id),
    index('notifications_unread_idx')
      .on(t.uid)
      .where(sql`read_at is null`),
    index('notifications_mail_pending_idx')
      .on(t.id)
      .where(sql`mail_state = 'pending'`),
    check('notifications_mail_state_known', oneOf('mail_state', MAIL_STATES)),
  ],
);

export type NotificationRow = typeof notifications.$inferSelect;
