import { Inject, Injectable } from '@nestjs/common';
import { DATABASE, type DatabaseHandle, type Queryable } from '@pencraft/kit';
import { and, count, desc, eq } from 'drizzle-orm';
import { users } from '../users/user.table.js';
import { follows } from './follow.table.js';

export interface FollowListRow {
  uid: string;
  username: string;
  fullname: string;
  headline: string;
  imageUrl: string | null;
  since: Date;
}

/** Either end of a follow: the follower or the followee. */
type FollowSide = typeof follows.followerId | typeof follows.followeeId;
@Injectable()
export class FollowRepository {
  constructor(@Inject(DATABASE) private readonly database: DatabaseHandle) {}

  /** Whether a new follow was recorded (false: it existed already). */
  async add(tx: Queryable, followerId: string, followeeId: string, at: Date): Promise<boolean> {
    const rows = await tx
      .insert(follows)
      .values({ followerId, followeeId, createdAt: at })
      .onConflictDoNothing()
      .returning({ followerId: follows.followerId });
    return rows.length > 0;
  }

  /** Whether a follow was removed (false: there was none). */
  async remove(tx: Queryable, followerId: string, followeeId: string): Promise<boolean> {
    const rows = await tx
      .delete(follows)
      .where(and(eq(follows.followerId, followerId), eq(follows.followeeId, followeeId)))
      .returning({ followerId: follows.followerId });
    return rows.length > 0;
  }

  async followerCount(uid: string, tx?: Queryable): Promise<number> {
    const [row] = await (tx ?? this.database.db)
      .select({ n: count() })
      .from(follows)
      .where(eq(follows.followeeId, uid));
    return row?.n ?? 0;
  }

  async followingCount(uid: string): Promise<number> {
    const [row] = await this.database.db.select({ n: count() }).from(follows).where(eq(follows.followerId, uid));
    return row?.n ?? 0;
  }

  async isFollowing(followerId: string, followeeId: string): Promise<boolean> {
    const [row] = await this.database.db
      .select({ followerId: follows.followerId })
      .from(follows)
      .where(and(eq(follows.followerId, followerId), eq(follows.followeeId, followeeId)))
      .limit(1);
    return Boolean(row);
  }

  /** Who follows `uid`, newest first; one extra row tells whether a next page exists. */
  followers(uid: string, offset: number, limit: number): Promise<FollowListRow[]> {
    return this.page({ listed: follows.followerId, owner: follows.followeeId }, uid, offset, limit);
  }

  /** Whom `uid` follows, newest first; one extra row tells whether a next page exists. */
  following(uid: string, offset: number, limit: number): Promise<FollowListRow[]> {
    return this.page({ listed: follows.followeeId, owner: follows.followerId }, uid, offset, limit);
  }

  /** One page of the users on the `listed` side of the follows whose `owner` side is `uid`. */
  private async page(
    side: { listed: FollowSide; owner: FollowSide },
    uid: string,
    offset: number,
    limit: number,
  ): Promise<FollowListRow[]> {
    return this.database.db
      .select({
        uid: users.id,
        username: users.username,
        fullname: users.fullname,
        headline: users.headline,
        imageUrl: users.imageUrl,
        since: follows.createdAt,
      })
      .from(follows)
      .innerJoin(users, eq(users.id, side.listed))
      .where(eq(side.owner, uid))
      .orderBy(desc(follows.createdAt), desc(side.listed))
      .offset(offset)
      .limit(limit + 1);
  }
}
