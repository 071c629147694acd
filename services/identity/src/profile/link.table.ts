import { check, index, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { oneOf } from '@pencraft/kit/schema';
import { LINK_PROVIDERS } from '@pencraft/rules';
import { identitySchema } from '../identity.schema.js';
import { users } from '../users/user.table.js';

/** A profile's links: one per provider (the unique index decides a race). */
export const userLinks = identitySchema.table(
  'user_links',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    url: text('url').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('user_links_user_provider_key').on(t.userId, t.provider),
    index('user_links_user_idx').on(t.userId),
    check('user_links_provider_known', oneOf('provider', LINK_PROVIDERS)),
  ],
);

export type UserLinkRow = typeof userLinks.$inferSelect;
