import { Inject, Injectable } from '@nestjs/common';
import { AppError } from '@pencraft/errors';
import { SessionService } from '../accounts/session.service.js';
import type { RouteInput } from '../http/route.js';
import { toBanItem, toSecuritySummary, toSessionItem } from './security.dto.js';
import type {
  cancelDeletionLinkRoute,
  confirmMfaRoute,
  disableMfaRoute,
  endSessionRoute,
  recoveryCodesRoute,
  requestDeletionRoute,
  startMfaRoute,
} from './security.routes.js';
import { SECURITY, type SecurityClient } from './security.upstream.js';

/** Where the cancel link of the deletion notice lands (a shell page that reads `status`). */
export const DELETION_CANCELLED_PAGE = '/deletion-cancelled';

/**
 * The security settings over identity's SecurityService. Whose settings they are comes only from the session
 * (uid and session id), never from a path or a body. Sessions that identity ends are dropped from the gateway's
 * session cache at once, so an ended session's cookie is refused on its very next request.
 */
@Injectable()
export class SecurityService {
  constructor(
    @Inject(SECURITY) private readonly security: SecurityClient,
    private readonly sessions: SessionService,
  ) {}

  async summary(uid: string) {
    return toSecuritySummary(await this.security.getSummary({ uid }));
  }

  async startMfa(uid: string, { body }: RouteInput<typeof startMfaRoute>) {
    const enrolment = await this.security.startMfa({ uid, password: body.password });
    return { secret: enrolment.secret, uri: enrolment.otpauthUri, qrCode: enrolment.qrCode };
  }

  async confirmMfa(uid: string, { body }: RouteInput<typeof confirmMfaRoute>) {
    return { recoveryCodes: (await this.security.confirmMfa({ uid, code: body.code })).recoveryCodes };
  }

  async disableMfa(uid: string, { body }: RouteInput<typeof disableMfaRoute>) {
    await this.security.disableMfa({ uid, password: body.password, code: body.code });
  }

  async regenerateRecoveryCodes(uid: string, { body }: RouteInput<typeof recoveryCodesRoute>) {
    const { recoveryCodes } = await this.security.regenerateRecoveryCodes({
      uid,
      password: body.password,
      code: body.code,
    });
    return { recoveryCodes };
  }

  async listSessions(uid: string, sessionId: string) {
    const { sessions } = await this.security.listSessions({ uid, sessionId });
    return { sessions: sessions.map(toSessionItem) };
  }

  async endSession(uid: string, sessionId: string, { params }: RouteInput<typeof endSessionRoute>) {
    const { tokenHashes } = await this.security.endSession({ uid, sessionId, targetId: params.id });
    await this.sessions.evict(tokenHashes);
  }

  async endOtherSessions(uid: string, sessionId: string) {
    const { tokenHashes } = await this.security.endOtherSessions({ uid, sessionId });
    await this.sessions.evict(tokenHashes);
  }

  async bans(uid: string) {
    return { bans: (await this.security.listBans({ uid })).bans.map(toBanItem) };
  }

  async requestDeletion(uid: string, sessionId: string, { body }: RouteInput<typeof requestDeletionRoute>) {
    const answer = await this.security.requestDeletion({
      uid,
      sessionId,
      password: body.password,
      code: body.code ?? '',
    });
    await this.sessions.evict(answer.tokenHashes);
    return answer.codeSent
      ? { stage: 'codeSent' as const, scheduledAt: null }
      : { stage: 'scheduled' as const, scheduledAt: new Date(answer.scheduledAtMs).toISOString() };
  }

  async cancelDeletion(uid: string) {
    await this.security.cancelDeletion({ uid });
  }

  /** The shell page to redirect to, with the outcome; a bad link is an outcome too, not an error page. */
  async cancelDeletionByLink({ query }: RouteInput<typeof cancelDeletionLinkRoute>) {
    let status = 'cancelled';
    try {
      await this.security.cancelDeletionByLink({ token: query.t ?? '' });
    } catch (error) {
      if (!AppError.is(error) || error.code !== 'ExpiredOrInvalid') throw error;
      status = 'invalid';
    }
    return `${DELETION_CANCELLED_PAGE}?status=${status}`;
  }
}
