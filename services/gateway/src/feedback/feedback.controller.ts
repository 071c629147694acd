import { Controller, Headers, Req } from '@nestjs/common';
import type { UserSummary } from '@pencraft/contracts/identity/v1/identity';
import { pickLang } from '@pencraft/errors';
import type { FastifyRequest } from 'fastify';
import { CurrentUser } from '../accounts/current-user.js';
import { SessionService } from '../accounts/session.service.js';
import { SESSION_COOKIE } from '../http/cookies.js';
import { Input } from '../http/input.js';
import { Route, type RouteInput } from '../http/route.js';
import { CurrentStaff, type StaffIdentity } from '../staff/current-staff.js';
import * as routes from './feedback.routes.js';
import { FeedbackService } from './feedback.service.js';

@Controller()
export class FeedbackController {
  constructor(
    private readonly feedback: FeedbackService,
    private readonly sessions: SessionService,
  ) {}

  @Route(routes.sendFeedbackRoute)
  async send(
    @Input() { body }: RouteInput<typeof routes.sendFeedbackRoute>,
    @Req() request: FastifyRequest,
    @Headers('accept-language') acceptLanguage: string | undefined,
  ) {
    const user = (await this.sessions.resolveSession(request.cookies[SESSION_COOKIE]))?.user;
    return this.feedback.send(user, body, body.lang ?? pickLang(acceptLanguage));
  }

  @Route(routes.feedbackLogRoute)
  log(@CurrentUser() user: UserSummary, @Input() { query }: RouteInput<typeof routes.feedbackLogRoute>) {
    return this.feedback.log(user, query.page);
  }

  @Route(routes.staffFeedbackListRoute)
  staffList(@Input() { query }: RouteInput<typeof routes.staffFeedbackListRoute>) {
    return this.feedback.staffList(query);
  }

  @Route(routes.staffFeedbackRoute)
  staffGet(@Input() { params }: RouteInput<typeof routes.staffFeedbackRoute>) {
    return this.feedback.staffGet(params.id);
  }

  @Route(routes.staffFeedbackAnswerRoute)
  staffAnswer(
    @CurrentStaff() staff: StaffIdentity,
    @Input() { params, body }: RouteInput<typeof routes.staffFeedbackAnswerRoute>,
  ) {
    return this.feedback.staffAnswer(staff, params.id, body.answer);
  }

  @Route(routes.staffFeedbackCloseRoute)
  staffClose(
    @CurrentStaff() staff: StaffIdentity,
    @Input() { params }: RouteInput<typeof routes.staffFeedbackCloseRoute>,
  ) {
    return this.feedback.staffClose(staff, params.id);
  }
}
