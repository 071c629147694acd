import { oneOf } from '@pencraft/kit/schema';
import { PAYMENT_STATES, SUBSCRIPTION_TIERS, type PaymentState, type SubscriptionTier } from '@pencraft/rules';
import { sql } from 'drizzle-orm';
import { boolean, check, index, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { publications } from '../publications/publication.table.js';
import { publicationsSchema } from '../publications.schema.js';
import { plans } from './plan.table.js';

/**
 * A user's subscription to a publication: free (follows it) or paid through a plan until `periodEnd`. A paid one
 * that will not renew carries `cancelledAt` and keeps its access until `periodEnd`; a deleted plan leaves `planId`
 * empty and its subscribers' periods as they were. A paid one comes only from the payment provider's webhooks:
 * `providerSubscriptionId` is the provider's subscription, `paymentState` where its payments stand and `stateAt` the
 * provider's time of the newest state applied (an older event changes no state; a period never moves backwards).
 */
export const subscriptions = publicationsSchema.table(
  'subscriptions',
  {
    publicationId: uuid('publication_id')
      .notNull()
      .references(() => publications.id, { onDelete: 'cascade' }),
    uid: uuid('uid').notNull(),
    tier: text('tier').$type<SubscriptionTier>().notNull(),
    planId: uuid('plan_id').references(() => plans.id, { onDelete: 'set null' }),
    periodEnd: timestamp('period_end', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    providerSubscriptionId: text('provider_subscription_id'),
    paymentState: text('payment_state').$type<PaymentState>(),
    stateAt: timestamp('state_at', { withTimezone: true }),
    /**
     * Cancelled here (by the subscriber, or its plan was deleted) and the provider not told yet: PaymentService tells
     * it after the commit and again every few minutes until it answers (RenewalStopRetrier); true until then.
     */
    providerCancelPending: boolean('provider_cancel_pending').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.publicationId, t.uid] }),
    index('subscriptions_page_idx').on(t.publicationId, t.createdAt.desc()),
    index('subscriptions_uid_idx').on(t.uid, t.createdAt.desc()),
    check('subscriptions_tier_known', oneOf('tier', SUBSCRIPTION_TIERS)),
    // Null for a free subscription (a null passes the check).
    check('subscriptions_payment_state_known', oneOf('payment_state', PAYMENT_STATES)),
    uniqueIndex('subscriptions_provider_subscription_key').on(t.providerSubscriptionId),
    index('subscriptions_cancel_pending_idx')
      .on(t.cancelledAt)
      .where(sql`provider_cancel_pending`),
    // A paid subscription has a period; a free one has none.
    check('subscriptions_period', sql`(tier = 'paid') = (period_end is not null)`),
  ],
);

export type SubscriptionRow = typeof subscriptions.$inferSelect;
