import { oneOf } from '@pencraft/kit/schema';
import { PAYMENT_PROVIDERS, type PaymentProvider } from '@pencraft/rules';
import { boolean, check, index, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { publications } from '../publications/publication.table.js';
import { publicationsSchema } from '../publications.schema.js';

/**
 * A publication's merchant account at the payment provider (one per publication): where its subscribers' payments
 * go. `chargesEnabled` turns true when the provider says onboarding is done (a webhook); until then the publication
 * cannot sell and the owner may ask for a new onboarding page.
 */
export const merchantAccounts = publicationsSchema.table(
  'merchant_accounts',
  {
    publicationId: uuid('publication_id')
      .primaryKey()
      .references(() => publications.id, { onDelete: 'cascade' }),
    provider: text('provider').$type<PaymentProvider>().notNull(),
    accountId: text('account_id').notNull(),
    chargesEnabled: boolean('charges_enabled').notNull().default(false),
    /** The provider's time of the newest account update applied. */
    updatedAt: timestamp('updated_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('merchant_accounts_account_idx').on(t.provider, t.accountId),
    check('merchant_accounts_provider_known', oneOf('provider', PAYMENT_PROVIDERS)),
  ],
);

export type MerchantAccountRow = typeof merchantAccounts.$inferSelect;
