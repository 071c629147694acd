import { sql } from 'drizzle-orm';
import { boolean, check, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { donationsSchema } from '../donations.schema.js';

/**
 * A user's support account (SPEC.md section 3: balance, card, thanks message, active flag). The balance is not a
 * column: it is the sum of the user's ledger entries. The row is what RequestPayout and reversals lock (`FOR UPDATE`)
 * so the limits are checked against a balance no other transaction is changing.
 */
export const accounts = donationsSchema.table(
  'accounts',
  {
    uid: uuid('uid').primaryKey(),
    /** A deactivated account takes no supports; its balance, cards and payouts stay. */
    active: boolean('active').notNull().default(true),
    thanksMessage: text('thanks_message').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [check('accounts_thanks_message_length', sql`char_length(${t.thanksMessage}) between 10 and 500`)],
);

export type AccountRow = typeof accounts.$inferSelect;
