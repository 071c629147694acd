import { oneOf } from '@pencraft/kit/schema';
import {
  PAYMENT_PROVIDERS,
  SUPPORT_MAX_QEPIK,
  SUPPORT_MIN_QEPIK,
  SUPPORT_STATES,
  type PaymentProvider,
  type SupportState,
} from '@pencraft/rules';
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, jsonb, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { donationsSchema } from '../donations.schema.js';

/** The one currency supports are paid in; the provider's smallest unit of it is the qəpik. */
export const SUPPORT_CURRENCY = 'AZN';

/**
 * A reader's support of a user: pending from StartSupport until the provider's signed webhook says paid (then the
 * ledger credits it) or failed. `refundedQepik` and `disputedQepik` sum the reversals posted; `shortfallQepik` what of
 * them the recipient's available balance could not cover (the platform's loss, in platform:shortfall).
 */
export const supports = donationsSchema.table(
  'supports',
  {
    id: uuid('id').primaryKey(),
    supporterUid: uuid('supporter_uid').notNull(),
    recipientUid: uuid('recipient_uid').notNull(),
    amountQepik: bigint('amount_qepik', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    articleId: uuid('article_id'),
    /** The supporter chose to be shown to the recipient and on the public supporters list. */
    public: boolean('public').notNull(),
    note: text('note').notNull(),
    state: text('state').$type<SupportState>().notNull(),
    provider: text('provider').$type<PaymentProvider>().notNull(),
    /** The provider's checkout session and, once known, its payment (what refunds and disputes name). */
    checkoutId: text('checkout_id'),
    paymentId: text('payment_id'),
    /** Reversed so far: by refunds, and by disputes. */
    refundedQepik: bigint('refunded_qepik', { mode: 'number' }).notNull().default(0),
    disputedQepik: bigint('disputed_qepik', { mode: 'number' }).notNull().default(0),
    shortfallQepik: bigint('shortfall_qepik', { mode: 'number' }).notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('supports_checkout_key').on(t.provider, t.checkoutId),
    uniqueIndex('supports_payment_key').on(t.provider, t.paymentId),
    index('supports_received_idx')
      .on(t.recipientUid, t.paidAt.desc(), t.id.desc())
      .where(sql`paid_at is not null`),
    index('supports_sent_idx').on(t.supporterUid, t.createdAt.desc(), t.id.desc()),
    check('supports_amount_range', sql.raw(`amount_qepik between ${SUPPORT_MIN_QEPIK} and ${SUPPORT_MAX_QEPIK}`)),
    check('supports_currency_known', sql.raw(`"currency" = '${SUPPORT_CURRENCY}'`)),
    check('supports_state_known', oneOf('state', SUPPORT_STATES)),
    check('supports_provider_known', oneOf('provider', PAYMENT_PROVIDERS)),
    check('supports_not_self', sql`${t.supporterUid} <> ${t.recipientUid}`),
    check(
      'supports_reversal_range',
      sql`${t.refundedQepik} >= 0 and ${t.disputedQepik} >= 0 and ${t.refundedQepik} + ${t.disputedQepik} <= ${t.amountQepik} and ${t.shortfallQepik} between 0 and ${t.refundedQepik} + ${t.disputedQepik}`,
    ),
  ],
);

export type SupportRow = typeof supports.$inferSelect;

/**
 * Why a webhook credited nothing and was kept for inspection: no support of ours; a payment of another amount or
 * currency than the support's; a refund or dispute of a support that was never credited.
 */
export const UNMATCHED_REASONS = ['unknownSupport', 'amountMismatch', 'currencyMismatch', 'notCredited'] as const;
export type UnmatchedReason = (typeof UNMATCHED_REASONS)[number];

/**
 * A verified webhook that named a payment this service cannot match to a support (or whose amount or currency
 * differs from it): kept whole for a person to inspect; it credits nothing.
 */
export const unmatchedWebhooks = donationsSchema.table(
  'unmatched_webhooks',
  {
    id: uuid('id').primaryKey(),
    provider: text('provider').$type<PaymentProvider>().notNull(),
    eventId: text('event_id').notNull(),
    eventType: text('event_type').notNull(),
    reason: text('reason').$type<UnmatchedReason>().notNull(),
    /** The support id the payment's metadata named, empty when none. */
    supportRef: text('support_ref').notNull(),
    payload: jsonb('payload').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('unmatched_webhooks_event_key').on(t.provider, t.eventId),
    check('unmatched_webhooks_provider_known', oneOf('provider', PAYMENT_PROVIDERS)),
    check('unmatched_webhooks_reason_known', oneOf('reason', UNMATCHED_REASONS)),
  ],
);
