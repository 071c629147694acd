import { Inject, Injectable } from '@nestjs/common';
import type { UserSummary } from '@pencraft/contracts/identity/v1/identity';
import { AppError } from '@pencraft/errors';
import { PAGE_SIZE, type BadgeId, type LeaderboardPeriod } from '@pencraft/rules';
import type { StaffIdentity } from '../staff/current-staff.js';
import { badgeJson, leaderboardJson, ratingLogJson } from './standing.dto.js';
import { STANDING, type StandingClient } from './standing.upstream.js';

/** Standing over identity's StandingService. The rating log is always the session user's own. */
@Injectable()
export class StandingService {
  constructor(@Inject(STANDING) private readonly standing: StandingClient) {}

  async leaderboard(period: LeaderboardPeriod, page: number) {
    return leaderboardJson(period, await this.standing.getLeaderboard({ period, page, pageSize: PAGE_SIZE }));
  }

  async ratingLog(user: UserSummary, page: number) {
    return ratingLogJson(await this.standing.listRatingLog({ uid: user.uid, page, pageSize: PAGE_SIZE }));
  }

  async badges(username: string) {
    const answer = await this.standing.listBadges({ username });
    return { items: answer.badges.flatMap((badge) => badgeJson(badge) ?? []) };
  }

  async grant(staff: StaffIdentity, username: string, badge: BadgeId) {
    const answer = await this.standing.grantBadge({ username, badge, grantedBy: staff.username });
    const json = answer.badge && badgeJson(answer.badge);
    if (!json) throw new AppError('InvalidModel');
    return { granted: answer.granted, badge: json };
  }
}
