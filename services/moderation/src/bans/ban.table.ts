import { oneOf } from '@pencraft/kit/schema';
import { BAN_REASONS, type BanReason } from '@pencraft/rules';
import { check, index, integer, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { moderationSchema } from '../moderation.schema.js';

/** The bans staff issued through moderation: a mirror of identity's (which enforces them), with who did what. */
export const bans = moderationSchema.table(
  'bans',
  {
    /** identity's ban id. */
    id: uuid('id').primaryKey(),
    uid: uuid('uid').notNull(),
    username: text('username').notNull().default(''),
    reason: text('reason').$type<BanReason>().notNull(),
    note: text('note').notNull().default(''),
    /** null: permanent. */
    days: integer('days'),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    liftedAt: timestamp('lifted_at', { withTimezone: true }),
    issuedBySub: text('issued_by_sub').notNull(),
    issuedByUsername: text('issued_by_username').notNull(),
    liftedBySub: text('lifted_by_sub'),
    liftedByUsername: text('lifted_by_username'),
  },
  (t) => [
    index('bans_uid_idx').on(t.uid),
    index('bans_starts_idx').on(t.startsAt),
    check('bans_reason_known', oneOf('reason', BAN_REASONS)),
  ],
);

export type BanRow = typeof bans.$inferSelect;
