import { AppError } from '@pencraft/errors';
import type { Logger, RedisClient } from '@pencraft/kit';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onRequestAsyncHookHandler,
  onSendHookHandler,
  preHandlerAsyncHookHandler,
} from 'fastify';
import type { CaptchaGate, CaptchaRule } from '../captcha/captcha.gate.js';
import type { GatewayConfig } from '../config.js';
import { methodNotAllowed, tooManyRequests } from './api-error.js';
import { clientAddress, clientAddressKey } from './client-address.js';
import { CSRF_COOKIE, setCsrfCookie } from './cookies.js';
import { checkUnsafeRequest, issueCsrfToken, isValidCsrfToken } from './csrf.js';
import { MethodTable } from './methods.js';
import { type PublicationHosts, setPublicationOf } from './publication-hosts.js';
import { RateLimiter } from './rate-limit.js';
import { POLICY, type RateLimitBucket, type RoutePolicy } from './route.js';

/**
 * Answers a CORS preflight (OPTIONS with Origin) that no route takes, when it is one it serves (the partner surface's):
 * true once it has sent the answer; false leaves the request to the 405 of an undeclared method.
 */
export type PreflightHandler = (request: FastifyRequest, reply: FastifyReply) => Promise<boolean>;

/** The header carrying the widget's answer (bodies stay as they are, so handlers know nothing of the captcha). */
export const CAPTCHA_HEADER = 'x-captcha';

/**
 * The protections of the public API, decided by the route a request matched, never by how its URL is spelled:
 * each declared route gets its own hooks when it is registered (its rate-limit budget, the publication context of
 * its host, the CSRF and Origin check
 * of unsafe methods, the CSRF cookie of the page-load call, Cache-Control, the captcha once the body is parsed and
 * before the handler), so every spelling Fastify routes to
 * it (percent-encoded, absolute-form) is protected alike, and nothing is looked up per request. Requests that
 * matched nothing spend the general budget and answer 405 (declared path, other method) or 404.
 */
export function installProtections(
  fastify: FastifyInstance,
  config: GatewayConfig,
  redis: RedisClient,
  log: Logger,
  captcha: CaptchaGate,
  hosts: PublicationHosts,
  preflight?: PreflightHandler,
) {
  const limiter = new RateLimiter(redis, log);
  limiter.start();
  fastify.addHook('onClose', async () => limiter.stop());
  const methods = new MethodTable();

  const addressOf = (request: FastifyRequest) =>
    clientAddress(request.raw.socket.remoteAddress, request.headers['x-forwarded-for'], config.TRUST_PROXY_HOPS);

  const budgets: Record<RateLimitBucket, number> = {
    api: config.RATE_LIMIT_PER_MINUTE,
    auth: config.AUTH_RATE_LIMIT_PER_MINUTE,
    analytics: config.ANALYTICS_RATE_LIMIT_PER_MINUTE,
  };
  const limit = (request: FastifyRequest, reply: FastifyReply, bucket: RateLimitBucket) => {
    const max = budgets[bucket];
    const result = limiter.hit(`${bucket}:${clientAddressKey(addressOf(request))}`, max);
    reply.header('ratelimit-limit', max);
    reply.header('ratelimit-remaining', result.remaining);
    if (!result.allowed) throw tooManyRequests(result.retryAfterSeconds);
  };

  const protect = (policy: RoutePolicy): onRequestAsyncHookHandler =>
    async function protectRoute(request, reply) {
      // Partner routes count per client once the guard has verified the credential, not per address.
      if (policy.rateLimit !== 'partner') limit(request, reply, policy.rateLimit);
      if (policy.deprecation) for (const [name, value] of Object.entries(policy.deprecation)) reply.header(name, value);
      // The publication context: the one the host names ({slug}.{main host}); an unknown slug answers
      // PublicationNotFound on every route, so nothing runs for a publication that does not exist.
      const site = await hosts.resolve(request.headers.host);
      if (site.kind === 'unknown') throw new AppError('PublicationNotFound');
      setPublicationOf(request, site.kind === 'publication' ? site.publication : null);
      if (policy.csrf) await checkUnsafeRequest(request, config, hosts);
      else if (policy.issuesCsrf && !isValidCsrfToken(config.CSRF_SECRET, request.cookies[CSRF_COOKIE])) {
        setCsrfCookie(reply, config, issueCsrfToken(config.CSRF_SECRET));
      }
    };

  // A preHandler: once the body is parsed, so a malformed body is refused before a challenge is spent on it.
  const checkCaptcha = (rule: CaptchaRule): preHandlerAsyncHookHandler =>
    async function checkCaptcha(request) {
      const header = request.headers[CAPTCHA_HEADER];
      await captcha.check(rule, { header, remoteIp: addressOf(request) });
    };

  fastify.addHook('onRoute', (route) => {
    const policy = (route.config as Record<string, RoutePolicy | undefined> | undefined)?.[POLICY];
    if (!policy) return;
    for (const method of [route.method].flat()) methods.add(route.url ?? route.path, method);
    const noStore: onSendHookHandler = (_request, reply, payload, done) => {
      if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
      done(null, payload);
    };
    route.onRequest = [...[route.onRequest ?? []].flat(), protect(policy)];
    route.onSend = [...[route.onSend ?? []].flat(), noStore];
    if (policy.captcha !== 'never')
      route.preHandler = [...[route.preHandler ?? []].flat(), checkCaptcha(policy.captcha)];
  });

  fastify.addHook('onRequest', async (request, reply) => {
    if (request.is404) {
      limit(request, reply, 'api');
      if (request.method === 'OPTIONS' && preflight && (await preflight(request, reply))) return reply;
      answerUnmatched(methods, request, reply);
      return;
    }
    // A route took it only because a more specific declared path does not answer this method: 405 as well.
    const allow = methods.shadowed(request.url, request.method, request.routeOptions.url);
    if (allow) {
      limit(request, reply, 'api');
      reply.header('allow', allow);
      throw methodNotAllowed();
    }
  });
  return methods;
}

/** For a request no route took: 405 with Allow when its path is declared under other methods (else Nest's 404). */
export function answerUnmatched(methods: MethodTable, request: FastifyRequest, reply: FastifyReply) {
  const allow = methods.allowed(request.url);
  if (allow) {
    reply.header('allow', allow);
    throw methodNotAllowed();
  }
}
