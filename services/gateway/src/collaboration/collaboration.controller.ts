import { Controller, Req } from '@nestjs/common';
import type { UserSummary } from '@pencraft/contracts/identity/v1/identity';
import type { FastifyRequest } from 'fastify';
import { CurrentUser } from '../accounts/current-user.js';
import { SESSION_COOKIE } from '../http/cookies.js';
import { Input } from '../http/input.js';
import { Route, type RouteInput } from '../http/route.js';
import * as routes from './collaboration.routes.js';
import { CollaborationService } from './collaboration.service.js';

@Controller()
export class CollaborationController {
  constructor(private readonly collaboration: CollaborationService) {}

  @Route(routes.inviteRoute)
  invite(@CurrentUser() user: UserSummary, @Input() { params, query }: RouteInput<typeof routes.inviteRoute>) {
    return this.collaboration.invite(user, params.id, query.username);
  }

  @Route(routes.invitationsRoute)
  invitations(@CurrentUser() user: UserSummary) {
    return this.collaboration.invitations(user);
  }

  @Route(routes.acceptInvitationRoute)
  accept(@CurrentUser() user: UserSummary, @Input() { params }: RouteInput<typeof routes.acceptInvitationRoute>) {
    return this.collaboration.decide(user, params.id, true);
  }

  @Route(routes.rejectInvitationRoute)
  reject(@CurrentUser() user: UserSummary, @Input() { params }: RouteInput<typeof routes.rejectInvitationRoute>) {
    return this.collaboration.decide(user, params.id, false);
  }

  @Route(routes.articleTranslationRoute)
  translation(@Input() { params }: RouteInput<typeof routes.articleTranslationRoute>, @Req() request: FastifyRequest) {
    return this.collaboration.translation(params.id, params.lang, request.cookies[SESSION_COOKIE]);
  }
}
