import { oneOf } from '@pencraft/kit/schema';
import {
  CARD_BRANDS,
  CARD_HOLDER_PATTERN,
  PAYMENT_PROVIDERS,
  type CardBrand,
  type PaymentProvider,
} from '@pencraft/rules';
import { sql } from 'drizzle-orm';
import { check, index, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { accounts } from '../accounts/account.table.js';
import { donationsSchema } from '../donations.schema.js';

/**
 * A payout card: the provider's token, the last four digits, the brand and the holder. The number itself is never
 * stored (it goes to the provider once, to be tokenized); the check on `last4` keeps anything longer out.
 */
export const cards = donationsSchema.table(
  'cards',
  {
    id: uuid('id').primaryKey(),
    uid: uuid('uid')
      .notNull()
      .references(() => accounts.uid),
    provider: text('provider').$type<PaymentProvider>().notNull(),
    token: text('token').notNull(),
    last4: text('last4').notNull(),
    /** Empty when the prefix names none of CARD_BRANDS. */
    brand: text('brand').$type<CardBrand | ''>().notNull(),
    holder: text('holder').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('cards_uid_idx').on(t.uid, t.createdAt.desc()),
    check('cards_provider_known', oneOf('provider', PAYMENT_PROVIDERS)),
    check('cards_brand_known', sql`${t.brand} = '' or ${oneOf('brand', CARD_BRANDS)}`),
    check('cards_last4_digits', sql`${t.last4} ~ '^[0-9]{4}$'`),
    check('cards_holder_format', sql.raw(`"holder" ~ '${CARD_HOLDER_PATTERN.replaceAll("'", "''")}'`)),
  ],
);

export type CardRow = typeof cards.$inferSelect;
