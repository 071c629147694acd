import { Controller, Req } from '@nestjs/common';
import type { UserSummary } from '@pencraft/contracts/identity/v1/identity';
import type { FastifyRequest } from 'fastify';
import { Input } from '../http/input.js';
import { Route, type RouteInput } from '../http/route.js';
import {
  accountLogRoute,
  changeEmailRoute,
  changePasswordRoute,
  confirmEmailChangeLinkRoute,
  confirmRegistrationLinkRoute,
  openPasswordResetLinkRoute,
  requestPasswordResetRoute,
  resendEmailChangeRoute,
  resendPasswordResetRoute,
  resendRegistrationRoute,
  verifyEmailChangeRoute,
  verifyPasswordResetRoute,
  verifyRegistrationRoute,
} from './account.routes.js';
import { AccountService } from './account.service.js';
import { CurrentSessionId, CurrentUser } from './current-user.js';

/** The account operations after sign-up; every signed-in one acts for the session's user, never an id sent in. */
@Controller()
export class AccountController {
  constructor(private readonly account: AccountService) {}

  @Route(verifyRegistrationRoute)
  verifyRegistration(
    @CurrentUser() user: UserSummary,
    @Input() input: RouteInput<typeof verifyRegistrationRoute>,
    @Req() request: FastifyRequest,
  ) {
    return this.account.verifyRegistration(user, input, request);
  }

  @Route(resendRegistrationRoute)
  resendRegistration(@CurrentUser() user: UserSummary, @Req() request: FastifyRequest) {
    return this.account.resendRegistration(user, request);
  }

  @Route(confirmRegistrationLinkRoute)
  confirmRegistrationLink(
    @Input() input: RouteInput<typeof confirmRegistrationLinkRoute>,
    @Req() request: FastifyRequest,
  ) {
    return this.account.confirmRegistrationLink(input, request);
  }

  @Route(requestPasswordResetRoute)
  requestPasswordReset(@Input() input: RouteInput<typeof requestPasswordResetRoute>, @Req() request: FastifyRequest) {
    return this.account.requestPasswordReset(input, request);
  }

  @Route(resendPasswordResetRoute)
  resendPasswordReset(@Input() input: RouteInput<typeof resendPasswordResetRoute>, @Req() request: FastifyRequest) {
    return this.account.requestPasswordReset(input, request);
  }

  @Route(openPasswordResetLinkRoute)
  openPasswordResetLink(@Input() input: RouteInput<typeof openPasswordResetLinkRoute>) {
    return this.account.openPasswordResetLink(input);
  }

  @Route(verifyPasswordResetRoute)
  verifyPasswordReset(@Input() input: RouteInput<typeof verifyPasswordResetRoute>, @Req() request: FastifyRequest) {
    return this.account.verifyPasswordReset(input, request);
  }

  @Route(changePasswordRoute)
  changePassword(
    @CurrentUser() user: UserSummary,
    @CurrentSessionId() sessionId: string,
    @Input() input: RouteInput<typeof changePasswordRoute>,
    @Req() request: FastifyRequest,
  ) {
    return this.account.changePassword(user, sessionId, input, request);
  }

  @Route(changeEmailRoute)
  changeEmail(
    @CurrentUser() user: UserSummary,
    @Input() input: RouteInput<typeof changeEmailRoute>,
    @Req() request: FastifyRequest,
  ) {
    return this.account.changeEmail(user, input, request);
  }

  @Route(resendEmailChangeRoute)
  resendEmailChange(@CurrentUser() user: UserSummary, @Req() request: FastifyRequest) {
    return this.account.resendEmailChange(user, request);
  }

  @Route(verifyEmailChangeRoute)
  verifyEmailChange(
    @CurrentUser() user: UserSummary,
    @Input() input: RouteInput<typeof verifyEmailChangeRoute>,
    @Req() request: FastifyRequest,
  ) {
    return this.account.verifyEmailChange(user, input, request);
  }

  @Route(confirmEmailChangeLinkRoute)
  confirmEmailChangeLink(
    @Input() input: RouteInput<typeof confirmEmailChangeLinkRoute>,
    @Req() request: FastifyRequest,
  ) {
    return this.account.confirmEmailChangeLink(input, request);
  }

  @Route(accountLogRoute)
  log(@CurrentUser() user: UserSummary, @Input() input: RouteInput<typeof accountLogRoute>) {
    return this.account.log(user, input);
  }
}
