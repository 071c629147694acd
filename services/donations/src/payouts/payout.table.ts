import { oneOf } from '@pencraft/kit/schema';
import { PAYOUT_MAX_QEPIK, PAYOUT_MIN_QEPIK, PAYOUT_STATES, type PayoutState } from '@pencraft/rules';
import { sql } from 'drizzle-orm';
import { bigint, check, date, index, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { accounts } from '../accounts/account.table.js';
import { donationsSchema } from '../donations.schema.js';

/**
 * A payout request. The card is copied (last four digits, brand) so the record stays whole if the card is deleted.
 * At most one active (requested or processing) payout per user, also held by a partial unique index.
 */
export const payouts = donationsSchema.table(
  'payouts',
  {
    id: uuid('id').primaryKey(),
    uid: uuid('uid')
      .notNull()
      .references(() => accounts.uid),
    cardId: uuid('card_id').notNull(),
    cardLast4: text('card_last4').notNull(),
    cardBrand: text('card_brand').notNull(),
    amountQepik: bigint('amount_qepik', { mode: 'number' }).notNull(),
    state: text('state').$type<PayoutState>().notNull(),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull(),
    /** YYYY-MM-DD in Asia/Baku. */
    expectedDate: date('expected_date', { mode: 'string' }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
    reference: text('reference').notNull().default(''),
    failureNote: text('failure_note').notNull().default(''),
  },
  (t) => [
    uniqueIndex('payouts_one_active')
      .on(t.uid)
      .where(sql`state in ('requested', 'processing')`),
    index('payouts_uid_idx').on(t.uid, t.requestedAt.desc(), t.id.desc()),
    index('payouts_state_idx').on(t.state, t.requestedAt, t.id),
    check('payouts_amount_range', sql.raw(`amount_qepik between ${PAYOUT_MIN_QEPIK} and ${PAYOUT_MAX_QEPIK}`)),
    check('payouts_state_known', oneOf('state', PAYOUT_STATES)),
    check('payouts_paid_has_reference', sql`${t.state} <> 'paid' or ${t.reference} <> ''`),
  ],
);

export type PayoutRow = typeof payouts.$inferSelect;

/**
 * Every move of a payout and who made it (the donations-side audit of payouts; the moderation service's audit log
 * covers content, not money): the author's request (no staff) and each staff change. Append-only (migration 0002).
 */
export const payoutActions = donationsSchema.table(
  'payout_actions',
  {
    id: uuid('id').primaryKey(),
    payoutId: uuid('payout_id')
      .notNull()
      .references(() => payouts.id),
    /** Null for the request itself. */
    fromState: text('from_state').$type<PayoutState>(),
    toState: text('to_state').$type<PayoutState>().notNull(),
    /** The staff member's Keycloak subject and username; empty for the author's own request. */
    staffSub: text('staff_sub').notNull(),
    staffUsername: text('staff_username').notNull(),
    reference: text('reference').notNull(),
    note: text('note').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('payout_actions_payout_idx').on(t.payoutId, t.at),
    check('payout_actions_from_state_known', oneOf('from_state', PAYOUT_STATES)),
    check('payout_actions_to_state_known', oneOf('to_state', PAYOUT_STATES)),
  ],
);

export type PayoutActionRow = typeof payoutActions.$inferSelect;
