import { Controller } from '@nestjs/common';
import type { UserSummary } from '@pencraft/contracts/identity/v1/identity';
import { CurrentUser } from '../accounts/current-user.js';
import { Input } from '../http/input.js';
import { Route, type RouteInput } from '../http/route.js';
import * as routes from './follows.routes.js';
import { FollowsService } from './follows.service.js';

@Controller()
export class FollowsController {
  constructor(private readonly follows: FollowsService) {}

  @Route(routes.followRoute)
  follow(@CurrentUser() user: UserSummary, @Input() { params }: RouteInput<typeof routes.followRoute>) {
    return this.follows.follow(user, params.id);
  }

  @Route(routes.unfollowRoute)
  unfollow(@CurrentUser() user: UserSummary, @Input() { params }: RouteInput<typeof routes.unfollowRoute>) {
    return this.follows.unfollow(user, params.id);
  }

  @Route(routes.followersRoute)
  followers(@Input() { params, query }: RouteInput<typeof routes.followersRoute>) {
    return this.follows.followers(params.id, query.page);
  }

  @Route(routes.followingRoute)
  following(@Input() { params, query }: RouteInput<typeof routes.followingRoute>) {
    return this.follows.following(params.id, query.page);
  }

  @Route(routes.myFollowingRoute)
  myFollowing(@CurrentUser() user: UserSummary, @Input() { query }: RouteInput<typeof routes.myFollowingRoute>) {
    return this.follows.following(user.uid, query.page);
  }
}
