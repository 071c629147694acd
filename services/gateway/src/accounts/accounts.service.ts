import { languages } from '@pencraft/contracts/enums';
import { Inject, Injectable } from '@nestjs/common';
import type { ClientInfo, SessionBan, UserSummary } from '@pencraft/contracts/identity/v1/identity';
import { AppError, pickLang } from '@pencraft/errors';
import { CONFIG, LOGGER, type Logger } from '@pencraft/kit';
import type { FastifyRequest } from 'fastify';
import type { GatewayConfig } from '../config.js';
import { clientAddress, clientAddressKey } from '../http/client-address.js';
import { CSRF_COOKIE, csrfCookie, SESSION_COOKIE } from '../http/cookies.js';
import { issueCsrfToken, isValidCsrfToken } from '../http/csrf.js';
import { CAPTCHA_HEADER } from '../http/protections.js';
import type { CookieAnswer, RouteInput, SessionAnswer } from '../http/route.js';
import type { loginRoute, registerRoute } from './accounts.routes.js';
import { publicationDomain, toUserInfo, type UserInfo } from './accounts.dto.js';
import { PUBLICATIONS, type PublicationsClient } from '../upstreams/publications.upstream.js';
import { IDENTITY, type IdentityClient } from './identity.upstream.js';
import { SessionService } from './session.service.js';
import { SignInThrottle } from './sign-in-throttle.js';
import { accountKey, addressField } from './sign-in-throttle.rules.js';

export function clientInfo(request: FastifyRequest, config: GatewayConfig): ClientInfo {
  return {
    ip: clientAddress(request.raw.socket.remoteAddress, request.headers['x-forwarded-for'], config.TRUST_PROXY_HOPS),
    userAgent: String(request.headers['user-agent'] ?? ''),
    lang: languages.toProto(pickLang(request.headers['accept-language'])),
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
    @Inject(PUBLICATIONS) private readonly publications: PublicationsClient,
    @Inject(LOGGER) private readonly log: Logger,
  ) {}

  /** The valid token the browser has, or a new one it is given as pc_csrf. */
  csrfToken(request: FastifyRequest): CookieAnswer<{ token: string }> {
    const current = request.cookies[CSRF_COOKIE];
    if (isValidCsrfToken(this.config.CSRF_SECRET, current)) return { cookies: [], answer: { token: current! } };
    const token = issueCsrfToken(this.config.CSRF_SECRET);
    return { cookies: [csrfCookie(token)], answer: { token } };
  }

  async register(
    { body }: RouteInput<typeof registerRoute>,
    request: FastifyRequest,
  ): Promise<SessionAnswer<UserInfo>> {
    const result = await this.identity.register({ ...body, client: clientInfo(request, this.config) });
    return {
      session: { token: result.sessionToken, expiresAtMs: result.expiresAtMs },
      answer: toUserInfo(result.user!),
    };
  }

  /**
   * Each attempt is reserved with the throttle before identity compares anything; a wrong password or second factor
   * keeps it counted, other outcomes give it back. A right password without the second factor the account needs
   * answers { mfa: true } without a session.
   */
  async login({ body }: RouteInput<typeof loginRoute>, request: FastifyRequest) {
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
      return { answer: { mfa: true as const } };
    }
    await this.throttle.succeeded(attempt);
    return {
      session: { token: result.sessionToken, expiresAtMs: result.expiresAtMs },
      answer: {
        ...toUserInfo(result.user!),
        del: result.deletionScheduledAtMs ? new Date(result.deletionScheduledAtMs).toISOString() : null,
      },
    };
  }

  /** Ends the session at identity; the route clears pc_su. */
  async logout(request: FastifyRequest) {
    const token = request.cookies[SESSION_COOKIE];
    if (token) await this.sessions.end(token);
  }

  /**
   * The summary with the user's publication (owned, else joined first): dom its host (the slug under the site's),
   * pub its id. The page still loads when the publications service does not answer: both are then null.
   */
  async info(user: UserSummary, ban?: SessionBan): Promise<UserInfo> {
    const info = toUserInfo(user, ban);
    try {
      const { publication } = await this.publications.getMyPublication({ actorUid: user.uid });
      if (!publication) return info;
      return { ...info, dom: publicationDomain(publication.slug, this.config.PUBLIC_ORIGIN), pub: publication.id };
    } catch (error) {
      this.log.warn({ err: error }, 'the user summary goes without its publication: publications did not answer');
      return info;
    }
  }
}
