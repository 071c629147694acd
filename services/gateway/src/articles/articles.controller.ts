import { Controller, Headers, Req, Res } from '@nestjs/common';
import type { UserSummary } from '@pencraft/contracts/identity/v1/identity';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CurrentUser } from '../accounts/current-user.js';
import { SESSION_COOKIE } from '../http/cookies.js';
import { Input } from '../http/input.js';
import { Route, type RouteInput } from '../http/route.js';
import {
  categoriesRoute,
  createArticleRoute,
  homeRoute,
  publishArticleRoute,
  readArticleRoute,
} from './articles.routes.js';
import { ArticlesService } from './articles.service.js';

/** Handlers that return prepared JSON text or bytes say so (Fastify would send a string as text/plain). */
const JSON_TYPE = 'application/json; charset=utf-8';

@Controller()
export class ArticlesController {
  constructor(private readonly articles: ArticlesService) {}

  @Route(categoriesRoute)
  categories(@Headers('accept-language') acceptLanguage: string | undefined) {
    return this.articles.categories(acceptLanguage);
  }

  @Route(createArticleRoute)
  create(
    @CurrentUser() user: UserSummary,
    @Input() input: RouteInput<typeof createArticleRoute>,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    reply.type(JSON_TYPE);
    return this.articles.create(user, input);
  }

  @Route(publishArticleRoute)
  publish(
    @CurrentUser() user: UserSummary,
    @Input() input: RouteInput<typeof publishArticleRoute>,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    reply.type(JSON_TYPE);
    return this.articles.publish(user, input.params.id);
  }

  @Route(readArticleRoute)
  read(
    @Input() input: RouteInput<typeof readArticleRoute>,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    reply.type(JSON_TYPE);
    return this.articles.read(input.params.id, request.cookies[SESSION_COOKIE]);
  }

  @Route(homeRoute)
  home(@Input() input: RouteInput<typeof homeRoute>, @Res({ passthrough: true }) reply: FastifyReply) {
    reply.type(JSON_TYPE);
    return this.articles.home(input.query.page);
  }
}
