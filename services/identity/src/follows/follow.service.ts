import { Injectable } from '@nestjs/common';
import { EVENTS, outboxEvent } from '@pencraft/contracts/events';
import type { FollowUser } from '@pencraft/contracts/identity/v1/profile';
import { AppError } from '@pencraft/errors';
import { Clock, Outbox, TransactionManager } from '@pencraft/kit';
import { HOME_MAX_PAGE, resolvePaging } from '@pencraft/rules';
import { ProfileRepository } from '../profile/profile.repository.js';
import { FollowRepository, type FollowListRow } from './follow.repository.js';

export interface FollowPage {
  items: FollowUser[];
  page: number;
  pageSize: number;
  hasMore: boolean;
  total: number;
}

/** Following: idempotent both ways, one event per real change (identity.user.followed / unfollowed). */
@Injectable()
export class FollowService {
  constructor(
    private readonly transactions: TransactionManager,
    private readonly follows: FollowRepository,
    private readonly profiles: ProfileRepository,
    private readonly outbox: Outbox,
    private readonly clock: Clock,
  ) {}

  async follow(uid: string, targetUid: string): Promise<{ followers: number }> {
    if (uid === targetUid) throw new AppError('CantFollowYourself');
    await this.requireUser(targetUid);
    const at = this.clock.now();
    return this.transactions.run(async (tx) => {
      if (await this.follows.add(tx, uid, targetUid, at)) {
        await this.outbox.add(
          tx,
          outboxEvent(EVENTS.userFollowed, { followerUid: uid, followeeUid: targetUid, atMs: at.getTime() }),
        );
      }
      return { followers: await this.follows.followerCount(targetUid, tx) };
    });
  }

  async unfollow(uid: string, targetUid: string): Promise<{ followers: number }> {
    if (uid === targetUid) throw new AppError('CantFollowYourself');
    await this.requireUser(targetUid);
    const at = this.clock.now();
    return this.transactions.run(async (tx) => {
      if (await this.follows.remove(tx, uid, targetUid)) {
        await this.outbox.add(
          tx,
          outboxEvent(EVENTS.userUnfollowed, { followerUid: uid, followeeUid: targetUid, atMs: at.getTime() }),
        );
      }
      return { followers: await this.follows.followerCount(targetUid, tx) };
    });
  }

  async followers(userId: string, page: number, pageSize: number): Promise<FollowPage> {
    const paging = this.paging(page, pageSize);
    await this.requireUser(userId);
    const [rows, total] = await Promise.all([
      this.follows.followers(userId, paging.offset, paging.pageSize),
      this.follows.followerCount(userId),
    ]);
    return toPage(rows, paging, total);
  }

  async following(userId: string, page: number, pageSize: number): Promise<FollowPage> {
    const paging = this.paging(page, pageSize);
    await this.requireUser(userId);
    const [rows, total] = await Promise.all([
      this.follows.following(userId, paging.offset, paging.pageSize),
      this.follows.followingCount(userId),
    ]);
    return toPage(rows, paging, total);
  }

  private paging(page: number, pageSize: number) {
    const paging = resolvePaging(page, pageSize, HOME_MAX_PAGE);
    if (!paging) throw new AppError('InvalidPage');
    return paging;
  }

  private async requireUser(uid: string) {
    if (!(await this.profiles.findById(uid))) throw new AppError('UserNotFound');
  }
}

function toPage(rows: FollowListRow[], paging: { page: number; pageSize: number }, total: number): FollowPage {
  return {
    items: rows.slice(0, paging.pageSize).map((row) => ({
      uid: row.uid,
      username: row.username,
      fullname: row.fullname,
      headline: row.headline,
      imageUrl: row.imageUrl ?? '',
      sinceMs: row.since.getTime(),
    })),
    page: paging.page,
    pageSize: paging.pageSize,
    hasMore: rows.length > paging.pageSize,
    total,
  };
}
