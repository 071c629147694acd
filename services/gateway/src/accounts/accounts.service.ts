import { Inject, Injectable } from '@nestjs/common';
import type { ClientInfo, SessionBan, UserSummary } from '@pencraft/contracts/identity/v1/identity';
import { AppError, pickLang } from '@pencraft/errors';
import { CONFIG } from '@pencraft/kit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { GatewayConfig } from '../config.js';
import { CAPTCHA_HEADER } from '../captcha/captcha.gate.js';
import { clientAddress, clientAddressKey } from '../http/client-address.js';
import { clearSessionCookie, CSRF_COOKIE, SESSION_COOKIE, setCsrfCookie, setSessionCookie } from '../http/cookies.js';
import { issueCsrfToken, isValidCsrfToken } from '../http/csrf.js';
import type { RouteInput } from '../http/route.js';
import type { loginRoute, registerRoute } from './accounts.routes.js';
import { toUserInfo, type UserInfo } from './accounts.dto.js';
import { IDENTITY, type IdentityClient } from './identity.upstream.js';
import { SessionService } from './session.service.js';
import { SignInThrottle } from './sign-in-throttle.js';
import { accountKey, addressField } from './sign-in-throttle.rules.js';

export function clientInfo(request: FastifyRequest, config: GatewayConfig): ClientInfo {
  return {
    ip: clientAddress(request.raw.socket.remoteAddress, request.headers['x-forwarded-for'], config.TRUST_PROXY_HOPS),
    userAgent: String(request.headers['user-agent'] ?? ''),
    lang: pickLang(request.headers['accept-language']),
  };
}

/** Sign-up, sign-in and sign-out over identity, with the cookies they set. */
@Injectable()
export class AccountsService {
  constructor(
    @Inject(CONFIG) private readonly config: GatewayConfig,
    @Inject(IDENTITY) private readonly identity: IdentityClient,
    private readonly sessions: SessionService,
    private readonly throttle: SignInThrottle,
  ) {}

  csrfToken(request: FastifyRequest, reply: FastifyReply) {
    const current = request.cookies[CSRF_COOKIE];
    if (isValidCsrfToken(this.config.CSRF_SECRET, current)) return { token: current! };
    const token = issueCsrfToken(this.config.CSRF_SECRET);
    setCsrfCookie(reply, this.config, token);
    return { token };
  }

  async register(
    { body }: RouteInput<typeof registerRoute>,
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<UserInfo> {
    const result = await this.identity.register({ ...body, client: clientInfo(request, this.config) });
    setSessionCookie(reply, this.config, result.sessionToken, result.expiresAtMs);
    return toUserInfo(result.user!);
  }

  /**
   * Each attempt is reserved with the throttle before identity compares anything; a wrong password or second factor
   * keeps it counted, other outcomes give it back. A right password without the second factor the account needs
   * answers { mfa: true } without a session.
   */
  async login({ body }: RouteInput<typeof loginRoute>, request: FastifyRequest, reply: FastifyReply) {
    const client = clientInfo(request, this.config);
    const { uid } = await this.identity.resolveLogin({ login: body.login });
    const attempt = {
      account: accountKey(uid, body.login),
      address: addressField(clientAddressKey(client.ip)),
      // The captcha gate of the route has verified the answer when one came (else it refused the request).
      captchaSolved: typeof request.headers[CAPTCHA_HEADER] === 'string' && request.headers[CAPTCHA_HEADER] !== '',
    };
    await this.throttle.reserve(attempt);
    let result;
    try {
      result = await this.identity.login({
        login: body.login,
        password: body.password,
        secondFactor: body.secondFactor ?? '',
        client,
      });
    } catch (error) {
      if (!AppError.is(error) || (error.code !== 'IncorrectEmailOrPassword' && error.code !== 'WrongCode')) {
        await this.throttle.release(attempt);
      }
      throw error;
    }
    if (result.secondFactorRequired) {
      await this.throttle.release(attempt);
      return { mfa: true as const };
    }
    await this.throttle.succeeded(attempt);
    setSessionCookie(reply, this.config, result.sessionToken, result.expiresAtMs);
    return {
      ...toUserInfo(result.user!),
      del: result.deletionScheduledAtMs ? new Date(result.deletionScheduledAtMs).toISOString() : null,
    };
  }

  async logout(request: FastifyRequest, reply: FastifyReply) {
    const token = request.cookies[SESSION_COOKIE];
    if (token) await this.sessions.end(token);
    clearSessionCookie(reply, this.config);
  }

  info(user: UserSummary, ban?: SessionBan): UserInfo {
    return toUserInfo(user, ban);
  }
}
