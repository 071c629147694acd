import { Controller, Headers, Req } from '@nestjs/common';
import type { UserSummary } from '@pencraft/contracts/identity/v1/identity';
import type { FastifyRequest } from 'fastify';
import { CurrentUser } from '../accounts/current-user.js';
import { SESSION_COOKIE } from '../http/cookies.js';
import { Input } from '../http/input.js';
import { publicationOf } from '../http/publication-hosts.js';
import { PlainRoute, Route, type RouteInput } from '../http/route.js';
import { categoriesRoute, createArticleRoute, publishArticleRoute, readArticleRoute } from './articles.routes.js';
import { ArticlesService } from './articles.service.js';

@Controller()
export class ArticlesController {
  constructor(private readonly articles: ArticlesService) {}

  @Route(categoriesRoute)
  categories(@Headers('accept-language') acceptLanguage: string | undefined) {
    return this.articles.categories(acceptLanguage);
  }

  /** On a publication's subdomain the article starts in that publication when the user may write there. */
  @Route(createArticleRoute)
  create(
    @CurrentUser() user: UserSummary,
    @Input() input: RouteInput<typeof createArticleRoute>,
    @Req() request: FastifyRequest,
  ) {
    return this.articles.create(user, input, publicationOf(request)?.id);
  }

  @Route(publishArticleRoute)
  publish(@CurrentUser() user: UserSummary, @Input() input: RouteInput<typeof publishArticleRoute>) {
    return this.articles.publish(user, input.params.id);
  }

  /** The hot public read: a plain Fastify handler (PlainRoute), not Nest's router, guards and interceptors. */
  @PlainRoute(readArticleRoute)
  read(input: RouteInput<typeof readArticleRoute>, request: FastifyRequest) {
    return this.articles.read(input.params.id, request.cookies[SESSION_COOKIE]);
  }
}
