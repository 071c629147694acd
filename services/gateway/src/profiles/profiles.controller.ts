import { Controller, Req } from '@nestjs/common';
import type { UserSummary } from '@pencraft/contracts/identity/v1/identity';
import type { FastifyRequest } from 'fastify';
import { CurrentUser } from '../accounts/current-user.js';
import { SESSION_COOKIE } from '../http/cookies.js';
import { Input } from '../http/input.js';
import { Route, type RouteInput } from '../http/route.js';
import * as routes from './profiles.routes.js';
import { ProfilesService } from './profiles.service.js';

const token = (request: FastifyRequest) => request.cookies[SESSION_COOKIE];

@Controller()
export class ProfilesController {
  constructor(private readonly profiles: ProfilesService) {}

  @Route(routes.publicProfileRoute)
  publicProfile(@Input() { params }: RouteInput<typeof routes.publicProfileRoute>, @Req() request: FastifyRequest) {
    return this.profiles.publicProfile(params.username, token(request));
  }

  @Route(routes.profileArticlesRoute)
  profileArticles(@Input() { params, query }: RouteInput<typeof routes.profileArticlesRoute>) {
    return this.profiles.profileArticles(params.username, query.page);
  }

  @Route(routes.myProfileRoute)
  myProfile(@CurrentUser() user: UserSummary, @Req() request: FastifyRequest) {
    return this.profiles.myPublicProfile(user, token(request));
  }

  @Route(routes.myArticlesRoute)
  myArticles(@CurrentUser() user: UserSummary, @Input() { query }: RouteInput<typeof routes.myArticlesRoute>) {
    return this.profiles.myArticles(user, query.page);
  }

  @Route(routes.profileStatsRoute)
  profileStats(@Input() { params }: RouteInput<typeof routes.profileStatsRoute>) {
    return this.profiles.profileStats(params.username);
  }
}
