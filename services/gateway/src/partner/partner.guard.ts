import { type CanActivate, type ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { AppError } from '@pencraft/errors';
import { CONFIG } from '@pencraft/kit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { GatewayConfig } from '../config.js';
import { tooManyRequests } from '../http/api-error.js';
import { clientAddress, clientAddressKey } from '../http/client-address.js';
import type { RateLimiter } from '../http/rate-limit.js';
import { ROUTE_SPEC, type RouteSpec } from '../http/route.js';
import { allowOrigin } from './partner-cors.js';
import { PARTNER_CREDENTIALS, type PartnerAccess, type PartnerCredentials } from './partner-credentials.js';
import { PARTNER_LIMITER, spendPartnerLimits } from './partner-limits.js';

const BEARER = /^Bearer ([^\s]+)$/i;
export const ACTING_TOKEN_HEADER = 'pencraft-acting-token';
const REALM = 'Bearer realm="pencraft"';
const USER_AGENT_MAX = 512;

/**
 * `auth: 'partner'` routes (the partner surface, /api/v1): `Authorization: Bearer <credential>` (a partner client's
 * Keycloak access token or a writer's personal access token, see PartnerCredentials), then the credential's limits
 * (RateLimit headers on every answer, 429 beyond), the browser Origin against the client's registered origins, and
 * every scope the route declares (403 with an insufficient_scope challenge naming them). Cookies play no part (no
 * CSRF). A request refused before a credential is known spends its address's general budget, so guessing tokens is
 * limited like any other traffic. A global guard: other routes pass untouched.
 */
@Injectable()
export class PartnerGuard implements CanActivate {
  constructor(
    @Inject(PARTNER_CREDENTIALS) private readonly credentials: Pick<PartnerCredentials, 'authenticate'>,
    @Inject(PARTNER_LIMITER) private readonly limiter: Pick<RateLimiter, 'hit' | 'peek'>,
    @Inject(CONFIG)
    private readonly config: Pick<GatewayConfig, 'PUBLIC_ORIGIN' | 'RATE_LIMIT_PER_MINUTE' | 'TRUST_PROXY_HOPS'>,
  ) {}

  async canActivate(ctx: ExecutionContext): Promise<boolean> {
    const spec = Reflect.getMetadata(ROUTE_SPEC, ctx.getHandler()) as RouteSpec | undefined;
    if (spec?.auth !== 'partner') return true;
    const http = ctx.switchToHttp();
    const request = http.getRequest<FastifyRequest>();
    const reply = http.getResponse<FastifyReply>();
    const header = request.headers.authorization;
    const match = typeof header === 'string' ? BEARER.exec(header.trim()) : null;
    if (!match?.[1]) {
      this.refused(request);
      void reply.header('www-authenticate', REALM);
      throw new AppError('Unauthorized');
    }
    const acting = request.headers[ACTING_TOKEN_HEADER];
    let access: PartnerAccess;
    try {
      if (acting !== undefined && typeof acting !== 'string') throw new AppError('TokenRejected');
      const userAgent = request.headers['user-agent'];
      access = await this.credentials.authenticate(match[1], acting, {
        operation: spec.operationId,
        method: spec.method,
        ip: this.addressOf(request),
        userAgent: typeof userAgent === 'string' ? userAgent.slice(0, USER_AGENT_MAX) : '',
      });
    } catch (error) {
      if (AppError.is(error) && error.code === 'TokenRejected') {
        this.refused(request);
        void reply.header('www-authenticate', `${REALM}, error="invalid_token"`);
      }
      throw error;
    }
    spendPartnerLimits(this.limiter, access.limits, reply);
    allowOrigin(request, reply, access.origins, this.config.PUBLIC_ORIGIN);
    const held = new Set(access.principal.scopes);
    const missing = (spec.scopes ?? []).filter((scope) => !held.has(scope));
    if (missing.length > 0) {
      const scope = (spec.scopes ?? []).join(' ');
      void reply.header('www-authenticate', `${REALM}, error="insufficient_scope", scope="${scope}"`);
      throw new AppError('Forbidden');
    }
    request.partner = access.principal;
    request.platform.context.userId = access.principal.userId ?? `partner:${access.principal.clientId}`;
    return true;
  }

  /** A refused credential counts against its address's general budget (429 once that is spent). */
  private refused(request: FastifyRequest) {
    const key = `api:${clientAddressKey(this.addressOf(request))}`;
    const result = this.limiter.hit(key, this.config.RATE_LIMIT_PER_MINUTE);
    if (!result.allowed) throw tooManyRequests(result.retryAfterSeconds);
  }

  private addressOf(request: FastifyRequest): string {
    return clientAddress(
      request.raw.socket.remoteAddress,
      request.headers['x-forwarded-for'],
      this.config.TRUST_PROXY_HOPS,
    );
  }
}
