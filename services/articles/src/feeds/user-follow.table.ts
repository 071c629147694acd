import { index, boolean, primaryKey, timestamp, uuid } from 'drizzle-orm/pg-core';
import { articlesSchema } from '../articles.schema.js';

/**
 * A read model of identity's follows (identity.user.followed / unfollowed), for the following feed. A row keeps the
 * latest known state of a pair with its time, so an event delivered late never undoes a newer one.
 */
export const userFollows = articlesSchema.table(
  'user_follows',
  {
    followerUid: uuid('follower_uid').notNull(),
    followeeUid: uuid('followee_uid').notNull(),
    following: boolean('following').notNull(),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.followerUid, t.followeeUid] }),
    index('user_follows_followee_idx').on(t.followeeUid),
  ],
);
