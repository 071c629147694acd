import { Controller, Headers } from '@nestjs/common';
import type { UserSummary } from '@pencraft/contracts/identity/v1/identity';
import type { FastifyRequest } from 'fastify';
import { CurrentUser } from '../accounts/current-user.js';
import { SESSION_COOKIE } from '../http/cookies.js';
import { Input } from '../http/input.js';
import { PlainRoute, Route, type RouteInput } from '../http/route.js';
import * as routes from './home.routes.js';
import { HomeService } from './home.service.js';

@Controller()
export class HomeController {
  constructor(private readonly home: HomeService) {}

  /** A hot public read like the article's: a plain Fastify handler (PlainRoute), not Nest's router and pipes. */
  @PlainRoute(routes.homeArticlesRoute)
  articles({ query }: RouteInput<typeof routes.homeArticlesRoute>, request: FastifyRequest) {
    return this.home.articles(query, request.cookies[SESSION_COOKIE], request.headers['accept-language']);
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
