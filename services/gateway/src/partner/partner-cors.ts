import { PartnerClientStatus } from '@pencraft/contracts/identity/v1/partners';
import { AppError } from '@pencraft/errors';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { isPartnerPath } from './partner.config.js';
import type { PartnersClient } from './partner.upstream.js';
import { TtlCache } from './ttl-cache.js';

/** What a partner's browser code may send and read across origins (never credentials: no cookies, no auth prompts). */
export const CORS_ALLOW_METHODS = 'GET, POST, PUT, PATCH, DELETE';
export const CORS_ALLOW_HEADERS = 'Authorization, Content-Type, Pencraft-Acting-Token';
export const CORS_EXPOSE_HEADERS = 'RateLimit, RateLimit-Policy, Retry-After, Deprecation, Sunset, Link';
const PREFLIGHT_MAX_AGE = 600;

export const PARTNER_CORS = Symbol('PARTNER_CORS');

/**
 * CORS of the partner surface (/api/v1) only; nothing else on the API answers cross-origin. A preflight is answered
 * for an Origin some active client registered (identity's registry, the set kept briefly), allowing the methods
 * above and the headers Authorization, Content-Type and Pencraft-Acting-Token, never credentials. An actual request
 * gets Access-Control-Allow-Origin only when its Origin is registered for the token's own client (see `allowOrigin`).
 */
export class PartnerCors {
  private readonly origins: TtlCache<ReadonlySet<string>>;

  constructor(
    private readonly partners: Pick<PartnersClient, 'listPartnerClients'>,
    cacheSeconds: number,
    now: () => number = Date.now,
  ) {
    this.origins = new TtlCache(cacheSeconds * 1000, 1, now);
  }

  /** The origins registered by every active client. */
  registered(): Promise<ReadonlySet<string>> {
    return this.origins.get('all', async () => {
      const { clients } = await this.partners.listPartnerClients({});
      return new Set(
        clients
          .filter((client) => client.status === PartnerClientStatus.PARTNER_CLIENT_STATUS_ACTIVE)
          .flatMap((client) => client.origins.map(normalOrigin)),
      );
    });
  }

  /**
   * Answers a preflight of the partner surface (true once answered): 204 with the CORS headers for a registered
   * Origin, 403 Forbidden for any other. Anything that is not a preflight of /api/v1 is left alone (false).
   */
  readonly preflight = async (request: FastifyRequest, reply: FastifyReply): Promise<boolean> => {
    const origin = request.headers.origin;
    const method = request.headers['access-control-request-method'];
    if (!isPartnerPath(request.url) || typeof origin !== 'string' || typeof method !== 'string') return false;
    reply.header('vary', 'Origin, Access-Control-Request-Method, Access-Control-Request-Headers');
    if (!(await this.registered()).has(normalOrigin(origin))) throw new AppError('Forbidden');
    await reply
      .code(204)
      .header('access-control-allow-origin', origin)
      .header('access-control-allow-methods', CORS_ALLOW_METHODS)
      .header('access-control-allow-headers', CORS_ALLOW_HEADERS)
      .header('access-control-max-age', PREFLIGHT_MAX_AGE)
      .header('cache-control', 'no-store')
      .send();
    return true;
  };
}

/**
 * An actual request's Origin against the credential's registered origins: none (not a browser, or the site itself)
 * passes untouched; a registered one is allowed (Access-Control-Allow-Origin, Vary: Origin, the limits' headers
 * readable); any other is refused with 403 Forbidden, so a page of another site cannot spend a client's token.
 */
export function allowOrigin(
  request: Pick<FastifyRequest, 'headers'>,
  reply: Pick<FastifyReply, 'header'>,
  registered: readonly string[],
  siteOrigin: string,
) {
  const origin = request.headers.origin;
  if (origin === undefined) return;
  reply.header('vary', 'Origin');
  if (typeof origin === 'string' && normalOrigin(origin) === normalOrigin(siteOrigin)) return;
  if (typeof origin !== 'string' || !registered.map(normalOrigin).includes(normalOrigin(origin))) {
    throw new AppError('Forbidden');
  }
  reply.header('access-control-allow-origin', origin);
  reply.header('access-control-expose-headers', CORS_EXPOSE_HEADERS);
}

/** Origins compare without case and without a trailing slash (browsers send scheme://host[:port], lower case). */
function normalOrigin(origin: string): string {
  return origin.trim().replace(/\/+$/, '').toLowerCase();
}
