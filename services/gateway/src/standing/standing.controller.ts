import { Controller } from '@nestjs/common';
import type { UserSummary } from '@pencraft/contracts/identity/v1/identity';
import { CurrentUser } from '../accounts/current-user.js';
import { Input } from '../http/input.js';
import { Route, type RouteInput } from '../http/route.js';
import { CurrentStaff, type StaffIdentity } from '../staff/current-staff.js';
import * as routes from './standing.routes.js';
import { StandingService } from './standing.service.js';

@Controller()
export class StandingController {
  constructor(private readonly standing: StandingService) {}

  @Route(routes.leaderboardRoute)
  leaderboard(@Input() { query }: RouteInput<typeof routes.leaderboardRoute>) {
    return this.standing.leaderboard(query.period, query.page);
  }

  @Route(routes.ratingLogRoute)
  ratingLog(@CurrentUser() user: UserSummary, @Input() { query }: RouteInput<typeof routes.ratingLogRoute>) {
    return this.standing.ratingLog(user, query.page);
  }

  @Route(routes.profileBadgesRoute)
  badges(@Input() { params }: RouteInput<typeof routes.profileBadgesRoute>) {
    return this.standing.badges(params.username);
  }

  @Route(routes.grantBadgeRoute)
  grant(@CurrentStaff() staff: StaffIdentity, @Input() { params, body }: RouteInput<typeof routes.grantBadgeRoute>) {
    return this.standing.grant(staff, params.username, body.badge);
  }
}
