import { accountLogTypes } from '@pencraft/contracts/enums/identity';
import { Inject, Injectable } from '@nestjs/common';
import type { UserSummary } from '@pencraft/contracts/identity/v1/identity';
import { AppError } from '@pencraft/errors';
import { CONFIG } from '@pencraft/kit';
import type { FastifyRequest } from 'fastify';
import type { GatewayConfig } from '../config.js';
import { SESSION_COOKIE } from '../http/cookies.js';
import type { RouteInput } from '../http/route.js';
import type {
  accountLogRoute,
  changeEmailRoute,
  changePasswordRoute,
  confirmEmailChangeLinkRoute,
  confirmRegistrationLinkRoute,
  openPasswordResetLinkRoute,
  requestPasswordResetRoute,
  verifyEmailChangeRoute,
  verifyPasswordResetRoute,
  verifyRegistrationRoute,
} from './account.routes.js';
import { clientInfo } from './accounts.service.js';
import { toUserInfo, type UserInfo } from './accounts.dto.js';
import { AddressCooldown } from './address-cooldown.js';
import { IDENTITY, type IdentityClient } from './identity.upstream.js';
import { SessionService } from './session.service.js';
import { SignInThrottle } from './sign-in-throttle.js';
import { accountKey } from './sign-in-throttle.rules.js';

/** The shell pages the mailed links land on. */
export const LANDING = {
  confirmed: '/confirm',
  emailConfirmed: '/confirm-email',
  reset: '/reset',
} as const;

/** Confirmation, password reset and change, address change and the account log, over identity. */
@Injectable()
export class AccountService {
  constructor(
    @Inject(CONFIG) private readonly config: GatewayConfig,
    @Inject(IDENTITY) private readonly identity: IdentityClient,
    private readonly sessions: SessionService,
    private readonly cooldown: AddressCooldown,
    private readonly throttle: SignInThrottle,
  ) {}

  async verifyRegistration(
    user: UserSummary,
    { body }: RouteInput<typeof verifyRegistrationRoute>,
    request: FastifyRequest,
  ): Promise<UserInfo> {
    const confirmed = await this.identity.confirmRegistration({
      uid: user.uid,
      code: body.code,
      client: clientInfo(request, this.config),
    });
    // The cached summary still says unconfirmed: the next request asks identity again.
    await this.sessions.forget(request.cookies[SESSION_COOKIE]);
    return toUserInfo(confirmed.user!);
  }

  async resendRegistration(user: UserSummary, request: FastifyRequest) {
    await this.identity.resendRegistrationCode({ uid: user.uid, client: clientInfo(request, this.config) });
  }

  async confirmRegistrationLink({ query }: RouteInput<typeof confirmRegistrationLinkRoute>, request: FastifyRequest) {
    const ok = await this.outcome(
      this.identity.confirmRegistrationLink({ token: query.t ?? '', client: clientInfo(request, this.config) }),
    );
    if (ok) await this.sessions.forget(request.cookies[SESSION_COOKIE]);
    return `${LANDING.confirmed}?result=${ok ? 'ok' : 'expired'}`;
  }

  /** Same answer for every address; the cooldown per address holds whether or not it has an account. */
  async requestPasswordReset(
    { body }: Pick<RouteInput<typeof requestPasswordResetRoute>, 'body'>,
    request: FastifyRequest,
  ) {
    await this.cooldown.claim('reset', body.email);
    await this.identity.requestPasswordReset({ email: body.email, client: clientInfo(request, this.config) });
  }

  async openPasswordResetLink({ query }: RouteInput<typeof openPasswordResetLinkRoute>) {
    const token = query.t ?? '';
    const ok = await this.outcome(this.identity.checkPasswordResetLink({ token, client: undefined }));
    return ok ? `${LANDING.reset}?t=${encodeURIComponent(token)}` : `${LANDING.reset}?result=expired`;
  }

  async verifyPasswordReset({ body }: RouteInput<typeof verifyPasswordResetRoute>, request: FastifyRequest) {
    const reset = await this.identity.resetPassword({
      email: 'email' in body ? body.email : '',
      code: 'code' in body ? body.code : '',
      token: 'token' in body ? body.token : '',
      newPassword: body.newPassword,
      client: clientInfo(request, this.config),
    });
    await this.sessions.evict(reset.tokenHashes);
    // The owner is back in: whatever failures anyone ran up against the account, from any address, are forgotten.
    await this.throttle.clear(accountKey(reset.uid, ''));
  }

  async changePassword(
    user: UserSummary,
    sessionId: string,
    { body }: RouteInput<typeof changePasswordRoute>,
    request: FastifyRequest,
  ) {
    const ended = await this.identity.changePassword({
      uid: user.uid,
      sessionId,
      oldPassword: body.oldPassword,
      newPassword: body.newPassword,
      client: clientInfo(request, this.config),
    });
    await this.sessions.evict(ended.tokenHashes);
  }

  /** One mail a minute to a new address, whichever accounts name it (each account also has its own cooldown). */
  async changeEmail(user: UserSummary, { body }: RouteInput<typeof changeEmailRoute>, request: FastifyRequest) {
    await this.cooldown.ensureFree('email', body.email);
    await this.identity.requestEmailChange({
      uid: user.uid,
      email: body.email,
      password: body.password,
      client: clientInfo(request, this.config),
    });
    await this.cooldown.claim('email', body.email).catch(() => undefined);
  }

  async resendEmailChange(user: UserSummary, request: FastifyRequest) {
    await this.identity.resendEmailChange({ uid: user.uid, client: clientInfo(request, this.config) });
  }

  async verifyEmailChange(
    user: UserSummary,
    { body }: RouteInput<typeof verifyEmailChangeRoute>,
    request: FastifyRequest,
  ) {
    await this.identity.confirmEmailChange({
      uid: user.uid,
      code: body.code,
      client: clientInfo(request, this.config),
    });
  }

  async confirmEmailChangeLink({ query }: RouteInput<typeof confirmEmailChangeLinkRoute>, request: FastifyRequest) {
    const ok = await this.outcome(
      this.identity.confirmEmailChangeLink({ token: query.t ?? '', client: clientInfo(request, this.config) }),
    );
    return `${LANDING.emailConfirmed}?result=${ok ? 'ok' : 'expired'}`;
  }

  async log(user: UserSummary, { query }: RouteInput<typeof accountLogRoute>) {
    const page = await this.identity.listAccountLog({ uid: user.uid, page: query.page });
    return {
      items: page.entries.map((entry) => ({
        type: accountLogTypes.require(entry.type, 'type'),
        at: new Date(entry.atMs).toISOString(),
        ip: entry.ip,
        browser: entry.browser,
        os: entry.os,
        detail: entry.detail,
      })),
      page: page.page,
      pageSize: page.pageSize,
      total: page.total,
    };
  }

  /** A link that no longer works is an outcome the landing page shows, not an error; other failures stay errors. */
  private async outcome(call: Promise<unknown>): Promise<boolean> {
    try {
      await call;
      return true;
    } catch (error) {
      if (AppError.is(error) && (error.code === 'ExpiredOrInvalid' || error.code === 'EmailAlreadyExists')) {
        return false;
      }
      throw error;
    }
  }
}
