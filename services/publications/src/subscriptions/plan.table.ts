import { oneOf } from '@pencraft/kit/schema';
import {
  PLAN_DESCRIPTION_MAX,
  PLAN_INTERVALS,
  PLAN_PRICE_MAX,
  PLAN_PRICE_MIN,
  type PlanInterval,
} from '@pencraft/rules';
import { sql } from 'drizzle-orm';
import { check, integer, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { publications } from '../publications/publication.table.js';
import { publicationsSchema } from '../publications.schema.js';

/** A paid plan: at most one per interval and publication, its price in qəpik. */
export const plans = publicationsSchema.table(
  'plans',
  {
    id: uuid('id').primaryKey(),
    publicationId: uuid('publication_id')
      .notNull()
      .references(() => publications.id, { onDelete: 'cascade' }),
    interval: text('interval').$type<PlanInterval>().notNull(),
    priceQepik: integer('price_qepik').notNull(),
    description: text('description').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('plans_interval_key').on(t.publicationId, t.interval),
    check('plans_interval_known', oneOf('interval', PLAN_INTERVALS)),
    check('plans_price_bounds', sql.raw(`"price_qepik" between ${PLAN_PRICE_MIN} and ${PLAN_PRICE_MAX}`)),
    check('plans_description_length', sql.raw(`char_length("description") <= ${PLAN_DESCRIPTION_MAX}`)),
  ],
);

export type PlanRow = typeof plans.$inferSelect;
