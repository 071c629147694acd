import { oneOf } from '@pencraft/kit/schema';
import { SUBSCRIPTION_TIERS, type SubscriptionTier } from '@pencraft/rules';
import { sql } from 'drizzle-orm';
import { check, index, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { publications } from '../publications/publication.table.js';
import { publicationsSchema } from '../publications.schema.js';
import { plans } from './plan.table.js';

/**
 * A user's subscription to a publication: free (follows it) or paid through a plan until `periodEnd`. A paid one
 * that will not renew carries `cancelledAt` and keeps its access until `periodEnd`; a deleted plan leaves `planId`
 * empty and its subscribers' periods as they were.
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
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.publicationId, t.uid] }),
    index('subscriptions_page_idx').on(t.publicationId, t.createdAt.desc()),
    index('subscriptions_uid_idx').on(t.uid, t.createdAt.desc()),
    check('subscriptions_tier_known', oneOf('tier', SUBSCRIPTION_TIERS)),
    // A paid subscription has a period; a free one has none.
    check('subscriptions_period', sql`(tier = 'paid') = (period_end is not null)`),
  ],
);

export type SubscriptionRow = typeof subscriptions.$inferSelect;
