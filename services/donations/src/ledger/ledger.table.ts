import { oneOf } from '@pencraft/kit/schema';
import {
  LEDGER_ACCOUNT_KINDS,
  LEDGER_TRANSACTION_KINDS,
  USER_ACCOUNT_KINDS,
  type LedgerAccountKind,
  type LedgerTransactionKind,
} from '@pencraft/rules';
import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { donationsSchema } from '../donations.schema.js';

/**
 * A ledger transaction: one movement of money. `reference` is unique per kind (the support's id for its credit, the
 * payout's id for its reservation, the provider's refund or dispute for a reversal), so nothing is posted twice
 * however often a webhook or a request arrives. Append-only, and its entries must sum to zero at commit (migration
 * 0002: deferred constraint triggers).
 */
export const ledgerTransactions = donationsSchema.table(
  'ledger_transactions',
  {
    id: uuid('id').primaryKey(),
    kind: text('kind').$type<LedgerTransactionKind>().notNull(),
    reference: text('reference').notNull(),
    supportId: uuid('support_id'),
    payoutId: uuid('payout_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('ledger_transactions_reference_key').on(t.kind, t.reference),
    check('ledger_transactions_kind_known', oneOf('kind', LEDGER_TRANSACTION_KINDS)),
  ],
);

/**
 * An entry of a transaction: a signed integer amount on one account, `user:{uid}:{available|reserved}` (uid set) or
 * `platform:{kind}` (uid null). Append-only; a user account never goes below zero (migration 0002).
 */
export const ledgerEntries = donationsSchema.table(
  'ledger_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    transactionId: uuid('transaction_id')
      .notNull()
      .references(() => ledgerTransactions.id),
    accountKind: text('account_kind').$type<LedgerAccountKind>().notNull(),
    uid: uuid('uid'),
    amountQepik: bigint('amount_qepik', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('ledger_entries_transaction_idx').on(t.transactionId),
    index('ledger_entries_account_idx').on(t.uid, t.accountKind, t.createdAt.desc(), t.id.desc()),
    check('ledger_entries_account_kind_known', oneOf('account_kind', LEDGER_ACCOUNT_KINDS)),
    check('ledger_entries_amount_nonzero', sql`${t.amountQepik} <> 0`),
    check(
      'ledger_entries_owner',
      sql.raw(`("uid" is not null) = ("account_kind" in (${USER_ACCOUNT_KINDS.map((k) => `'${k}'`).join(', ')}))`),
    ),
  ],
);

export type LedgerTransactionRow = typeof ledgerTransactions.$inferSelect;
export type LedgerEntryRow = typeof ledgerEntries.$inferSelect;
