import { Inject, Injectable } from '@nestjs/common';
import type { UserSummary } from '@pencraft/contracts/identity/v1/identity';
import { PAGE_SIZE } from '@pencraft/rules';
import { PROFILES, type ProfileClient } from '../profiles/profile.upstream.js';
import { toFollowUser } from './follows.dto.js';

/** Follows over identity's ProfileService. The follower is always the session's user. */
@Injectable()
export class FollowsService {
  constructor(@Inject(PROFILES) private readonly profiles: ProfileClient) {}

  async follow(user: UserSummary, targetUid: string) {
    const { followers } = await this.profiles.follow({ uid: user.uid, targetUid });
    return { following: true, followers };
  }

  async unfollow(user: UserSummary, targetUid: string) {
    const { followers } = await this.profiles.unfollow({ uid: user.uid, targetUid });
    return { following: false, followers };
  }

  async followers(userId: string, page: number) {
    const result = await this.profiles.listFollowers({ userId, page, pageSize: PAGE_SIZE });
    return { ...result, items: result.items.map(toFollowUser) };
  }

  async following(userId: string, page: number) {
    const result = await this.profiles.listFollowing({ userId, page, pageSize: PAGE_SIZE });
    return { ...result, items: result.items.map(toFollowUser) };
  }
}
