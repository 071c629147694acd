import { oneOf } from '@pencraft/kit/schema';
import { CATEGORY_IDS } from '@pencraft/rules';
import { check, index, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { articlesSchema } from '../articles.schema.js';

/** The categories a user follows: their articles join the user's following feed. */
export const categoryFollows = articlesSchema.table(
  'category_follows',
  {
    uid: uuid('uid').notNull(),
    category: text('category').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the user pinned it to the top of their home; null when not pinned. */
    pinnedAt: timestamp('pinned_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.uid, t.category] }),
    index('category_follows_category_idx').on(t.category),
    check('category_follows_category_known', oneOf('category', CATEGORY_IDS)),
  ],
);
