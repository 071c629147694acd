import { Controller, Req } from '@nestjs/common';
import type { UserSummary } from '@pencraft/contracts/identity/v1/identity';
import type { FastifyRequest } from 'fastify';
import { CurrentUser } from '../accounts/current-user.js';
import { SESSION_COOKIE } from '../http/cookies.js';
import { Input } from '../http/input.js';
import { Route, type RouteInput } from '../http/route.js';
import * as routes from './comments.routes.js';
import { CommentsService } from './comments.service.js';

const token = (request: FastifyRequest) => request.cookies[SESSION_COOKIE];

@Controller()
export class CommentsController {
  constructor(private readonly comments: CommentsService) {}

  @Route(routes.articleCommentsRoute)
  thread(@Input() { params, query }: RouteInput<typeof routes.articleCommentsRoute>, @Req() request: FastifyRequest) {
    return this.comments.thread(params.id, query.page, query.sort, token(request));
  }

  @Route(routes.createCommentRoute)
  create(@CurrentUser() user: UserSummary, @Input() { body }: RouteInput<typeof routes.createCommentRoute>) {
    return this.comments.create(user, body);
  }

  @Route(routes.editCommentRoute)
  edit(@CurrentUser() user: UserSummary, @Input() { body }: RouteInput<typeof routes.editCommentRoute>) {
    return this.comments.edit(user, body);
  }

  @Route(routes.deleteCommentRoute)
  delete(@CurrentUser() user: UserSummary, @Input() { params }: RouteInput<typeof routes.deleteCommentRoute>) {
    return this.comments.delete(user, params.cid);
  }

  @Route(routes.upvoteCommentRoute)
  upvote(@CurrentUser() user: UserSummary, @Input() { params }: RouteInput<typeof routes.upvoteCommentRoute>) {
    return this.comments.vote(user, params.cid, 'up');
  }

  @Route(routes.downvoteCommentRoute)
  downvote(@CurrentUser() user: UserSummary, @Input() { params }: RouteInput<typeof routes.downvoteCommentRoute>) {
    return this.comments.vote(user, params.cid, 'down');
  }

  @Route(routes.reportCommentRoute)
  report(@CurrentUser() user: UserSummary, @Input() { params, body }: RouteInput<typeof routes.reportCommentRoute>) {
    return this.comments.report(user, params.cid, body);
  }

  @Route(routes.userCommentsRoute)
  byUser(@Input() { query }: RouteInput<typeof routes.userCommentsRoute>, @Req() request: FastifyRequest) {
    return this.comments.byUser(query.username, query.page, token(request));
  }

  @Route(routes.commentEffectsRoute)
  effects(@Input() { query }: RouteInput<typeof routes.commentEffectsRoute>, @Req() request: FastifyRequest) {
    return this.comments.effects(query.ids, token(request));
  }

  @Route(routes.getCommentRoute)
  get(@Input() { params }: RouteInput<typeof routes.getCommentRoute>, @Req() request: FastifyRequest) {
    return this.comments.get(params.cid, token(request));
  }
}
