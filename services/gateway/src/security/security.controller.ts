import { Controller } from '@nestjs/common';
import type { UserSummary } from '@pencraft/contracts/identity/v1/identity';
import { CurrentSessionId, CurrentUser } from '../accounts/current-user.js';
import { Input } from '../http/input.js';
import { Route, type RouteInput } from '../http/route.js';
import {
  bansRoute,
  cancelDeletionLinkRoute,
  cancelDeletionRoute,
  confirmMfaRoute,
  disableMfaRoute,
  endOtherSessionsRoute,
  endSessionRoute,
  recoveryCodesRoute,
  requestDeletionRoute,
  securitySummaryRoute,
  sessionsRoute,
  startMfaRoute,
} from './security.routes.js';
import { SecurityService } from './security.service.js';

@Controller()
export class SecurityController {
  constructor(private readonly security: SecurityService) {}

  @Route(securitySummaryRoute)
  summary(@CurrentUser() user: UserSummary) {
    return this.security.summary(user.uid);
  }

  @Route(startMfaRoute)
  startMfa(@CurrentUser() user: UserSummary, @Input() input: RouteInput<typeof startMfaRoute>) {
    return this.security.startMfa(user.uid, input);
  }

  @Route(confirmMfaRoute)
  confirmMfa(@CurrentUser() user: UserSummary, @Input() input: RouteInput<typeof confirmMfaRoute>) {
    return this.security.confirmMfa(user.uid, input);
  }

  @Route(disableMfaRoute)
  disableMfa(@CurrentUser() user: UserSummary, @Input() input: RouteInput<typeof disableMfaRoute>) {
    return this.security.disableMfa(user.uid, input);
  }

  @Route(recoveryCodesRoute)
  recoveryCodes(@CurrentUser() user: UserSummary, @Input() input: RouteInput<typeof recoveryCodesRoute>) {
    return this.security.regenerateRecoveryCodes(user.uid, input);
  }

  @Route(sessionsRoute)
  sessions(@CurrentUser() user: UserSummary, @CurrentSessionId() sessionId: string) {
    return this.security.listSessions(user.uid, sessionId);
  }

  @Route(endOtherSessionsRoute)
  endOthers(@CurrentUser() user: UserSummary, @CurrentSessionId() sessionId: string) {
    return this.security.endOtherSessions(user.uid, sessionId);
  }

  @Route(endSessionRoute)
  endSession(
    @CurrentUser() user: UserSummary,
    @CurrentSessionId() sessionId: string,
    @Input() input: RouteInput<typeof endSessionRoute>,
  ) {
    return this.security.endSession(user.uid, sessionId, input);
  }

  @Route(bansRoute)
  bans(@CurrentUser() user: UserSummary) {
    return this.security.bans(user.uid);
  }

  @Route(requestDeletionRoute)
  requestDeletion(
    @CurrentUser() user: UserSummary,
    @CurrentSessionId() sessionId: string,
    @Input() input: RouteInput<typeof requestDeletionRoute>,
  ) {
    return this.security.requestDeletion(user.uid, sessionId, input);
  }

  @Route(cancelDeletionRoute)
  cancelDeletion(@CurrentUser() user: UserSummary) {
    return this.security.cancelDeletion(user.uid);
  }

  @Route(cancelDeletionLinkRoute)
  cancelByLink(@Input() input: RouteInput<typeof cancelDeletionLinkRoute>) {
    return this.security.cancelDeletionByLink(input);
  }
}
