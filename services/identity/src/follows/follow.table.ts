import { index, primaryKey, timestamp, uuid } from 'drizzle-orm/pg-core';
import { identitySchema } from '../identity.schema.js';
import { users } from '../users/user.table.js';

/** Who follows whom; the primary key makes following idempotent. */
export const follows = identitySchema.table(
  'follows',
  {
    followerId: uuid('follower_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    followeeId: uuid('followee_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.followerId, t.followeeId] }),
    // Followers of a user, newest first; the primary key serves the followed list by follower.
    index('follows_followee_idx').on(t.followeeId, t.createdAt),
    index('follows_follower_created_idx').on(t.followerId, t.createdAt),
  ],
);
