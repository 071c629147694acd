import { oneOf } from '@pencraft/kit/schema';
import { CATEGORY_IDS } from '@pencraft/rules';
import { check, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { articlesSchema } from '../articles.schema.js';

/** The categories a user follows: their articles join the user's following feed. */
export const categoryFollows = articlesSchema.table(
  'category_follows',
  {
    uid: uuid('uid').notNull(),
    category: text('category').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.uid, t.category] }),
    check('category_follows_category_known', oneOf('category', CATEGORY_IDS)),
  ],
);
