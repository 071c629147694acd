import { Controller, Headers, Req } from '@nestjs/common';
import type { UserSummary } from '@pencraft/contracts/identity/v1/identity';
import type { FastifyRequest } from 'fastify';
import { CurrentUser } from '../accounts/current-user.js';
import { SESSION_COOKIE } from '../http/cookies.js';
import { Input } from '../http/input.js';
import { Route, type RouteInput } from '../http/route.js';
import * as routes from './home.routes.js';
import { HomeService } from './home.service.js';

@Controller()
export class HomeController {
  constructor(private readonly home: HomeService) {}

  @Route(routes.homeArticlesRoute)
  articles(
    @Input() { query }: RouteInput<typeof routes.homeArticlesRoute>,
    @Req() request: FastifyRequest,
    @Headers('accept-language') acceptLanguage: string | undefined,
  ) {
    return this.home.articles(query, request.cookies[SESSION_COOKIE], acceptLanguage);
  }

  @Route(routes.homeTrendsRoute)
  trends() {
    return this.home.trends();
  }

  @Route(routes.pinCategoryRoute)
  pin(@CurrentUser() user: UserSummary, @Input() { params }: RouteInput<typeof routes.pinCategoryRoute>) {
    return this.home.pin(user, params.id, true);
  }

  @Route(routes.unpinCategoryRoute)
  unpin(@CurrentUser() user: UserSummary, @Input() { params }: RouteInput<typeof routes.unpinCategoryRoute>) {
    return this.home.pin(user, params.id, false);
  }

  @Route(routes.exploreCategoryRoute)
  explore(
    @Input() { params }: RouteInput<typeof routes.exploreCategoryRoute>,
    @Headers('accept-language') acceptLanguage: string | undefined,
  ) {
    return this.home.explore(params.id, acceptLanguage);
  }

  @Route(routes.followSuggestionsRoute)
  suggestions(@CurrentUser() user: UserSummary, @Headers('accept-language') acceptLanguage: string | undefined) {
    return this.home.suggestions(user, acceptLanguage);
  }
}
