import { Injectable } from '@nestjs/common';
import type { Queryable } from '@pencraft/kit';
import { sql } from 'drizzle-orm';
import { userFollows } from './user-follow.table.js';

@Injectable()
export class UserFollowRepository {
  /** Records whether follower follows followee as of `at`; an older change never overwrites a newer one. */
  async set(tx: Queryable, followerUid: string, followeeUid: string, following: boolean, at: Date): Promise<void> {
    await tx
      .insert(userFollows)
      .values({ followerUid, followeeUid, following, changedAt: at })
      .onConflictDoUpdate({
        target: [userFollows.followerUid, userFollows.followeeUid],
        set: { following, changedAt: at },
        setWhere: sql`${userFollows.changedAt} <= ${at.toISOString()}`,
      });
  }
}
