import { oneOf } from '@pencraft/kit/schema';
import { PAYMENT_PROVIDERS, PLAN_INTERVALS, type PaymentProvider, type PlanInterval } from '@pencraft/rules';
import { sql } from 'drizzle-orm';
import { bigint, check, index, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { publicationsSchema } from '../publications.schema.js';

/** The one currency Pencraft sells in; the provider's smallest unit of it is the qəpik (1/100). */
export const INCOME_CURRENCY = 'AZN';

/**
 * The ledger of subscription payments received, append-only: one entry per payment the provider says was made (a
 * paid invoice, or a completed checkout's first payment), written by the webhook in the transaction of its other
 * effects. `paymentRef` is the provider's invoice (or, for a checkout without one, its session): unique, so a
 * replay, or the checkout and the invoice of one first payment, never make two entries. The database refuses UPDATE
 * and DELETE (trigger `income_entries_append_only`, migration 0005). No foreign keys: an entry outlives its plan and
 * its publication (a record of money received), and a cascade would have to delete it.
 */
export const incomeEntries = publicationsSchema.table(
  'income_entries',
  {
    id: uuid('id').primaryKey(),
    publicationId: uuid('publication_id').notNull(),
    /** The subscriber who paid. */
    uid: uuid('uid').notNull(),
    provider: text('provider').$type<PaymentProvider>().notNull(),
    providerSubscriptionId: text('provider_subscription_id').notNull(),
    /** The plan at the time (no foreign key: it may be deleted since) and its interval, kept for the ledger. */
    planId: uuid('plan_id'),
    planInterval: text('plan_interval').$type<PlanInterval>(),
    paymentRef: text('payment_ref').notNull(),
    /** The provider's event that recorded it. */
    eventId: text('event_id').notNull(),
    /** Integer qəpik, > 0 (an exact integer up to 2^53 in JavaScript). */
    amountQepik: bigint('amount_qepik', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('income_entries_payment_key').on(t.provider, t.paymentRef),
    index('income_entries_page_idx').on(t.publicationId, t.paidAt.desc(), t.id.desc()),
    check('income_entries_amount_positive', sql`amount_qepik > 0`),
    check('income_entries_currency_known', sql.raw(`"currency" = '${INCOME_CURRENCY}'`)),
    check('income_entries_provider_known', oneOf('provider', PAYMENT_PROVIDERS)),
    check('income_entries_plan_interval_known', oneOf('plan_interval', PLAN_INTERVALS)),
  ],
);

export type IncomeEntryRow = typeof incomeEntries.$inferSelect;
