import { check, index, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { oneOf } from '@pencraft/kit/schema';
import { BAN_REASONS, type BanReason } from '@pencraft/rules';
import { identitySchema } from '../identity.schema.js';
import { users } from '../users/user.table.js';

/** A ban given by moderation (SPEC.md section 3): `endsAt` null is permanent; `liftedAt` ends it early. */
export const bans = identitySchema.table(
  'bans',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason').$type<BanReason>().notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull().defaultNow(),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    liftedAt: timestamp('lifted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The staff member who issued it (username, as the moderation service names them). */
    moderator: text('moderator').notNull().default(''),
    /** The moderator's internal note (never shown to the user). */
    note: text('note').notNull().default(''),
    /** Who lifted it early. */
    liftedBy: text('lifted_by'),
    /** The caller's id of the IssueBan request: a retry with the same id answers the same ban. */
    requestId: text('request_id'),
  },
  (t) => [
    index('bans_user_idx').on(t.userId, t.startsAt),
    uniqueIndex('bans_request_id_key').on(t.requestId),
    check('bans_reason_known', oneOf('reason', BAN_REASONS)),
  ],
);

export type BanRow = typeof bans.$inferSelect;
