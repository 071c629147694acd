import fastifyCookie from '@fastify/cookie';
import { bootService, LOGGER, objectStoreConfigSchema, REDIS, type Logger, type RedisClient } from '@pencraft/kit';
import { CaptchaGate } from './captcha/captcha.gate.js';
import { CAPTCHA_VERIFIER, type CaptchaVerifier } from './captcha/captcha.verifier.js';
import { gatewayConfigSchema } from './config.js';
import { GatewayModule } from './gateway.module.js';
import { ApiExceptionFilter } from './http/api-error.js';
import { installEdgeProxy } from './http/edge-proxy.js';
import { installJsonBody } from './http/json-body.js';
import { installImageBody } from './profile-settings/image-body.js';
import { installPlainRoutes } from './http/plain-route.js';
import { installProtections } from './http/protections.js';
import { PublicationHosts } from './http/publication-hosts.js';
import { PARTNER_CORS, type PartnerCors } from './partner/partner-cors.js';
import { installSecurityHeaders } from './http/security-headers.js';
import { PUBLICATIONS, type PublicationsClient } from './upstreams/publications.upstream.js';
import { upstreamAddressSchema } from './upstreams/upstream.js';

await bootService({
  name: 'gateway',
  // The upstream addresses are checked with the rest; the handlers read them through their upstream's provider.
  // The object store's settings (S3_*) are read by the media module (GET /media/*).
  configSchema: gatewayConfigSchema.extend({
    ...upstreamAddressSchema(),
    ...objectStoreConfigSchema.shape,
  }) as unknown as typeof gatewayConfigSchema,
  module: GatewayModule,
  httpFilters: [ApiExceptionFilter],
  trustProxyHops: (config) => config.TRUST_PROXY_HOPS,
  redis: true,
  configureHttp: async (fastify, app, config) => {
    const log = app.get<Logger>(LOGGER);
    await fastify.register(fastifyCookie);
    installJsonBody(fastify, app);
    installImageBody(fastify);
    installSecurityHeaders(fastify, config);
    const captcha = new CaptchaGate(app.get<CaptchaVerifier>(CAPTCHA_VERIFIER));
    // The publication of a request's host ({slug}.{main host}), for the routes' context and Origin check and the edge.
    const hosts = new PublicationHosts(
      app.get<PublicationsClient>(PUBLICATIONS, { strict: false }),
      config.PUBLIC_ORIGIN,
    );
    // The partner surface's CORS preflights (/api/v1), answered before an undeclared OPTIONS would be a 405.
    const partnerCors = app.get<PartnerCors>(PARTNER_CORS);
    const methods = installProtections(
      fastify,
      config,
      app.get<RedisClient>(REDIS),
      log,
      captcha,
      hosts,
      partnerCors.preflight,
    );
    installEdgeProxy(fastify, config.EDGE_ROUTES, methods, config.EDGE_PAGES, hosts);
    // The hot public reads declared with PlainRoute: Fastify handlers of their own, under the same protections.
    installPlainRoutes(fastify, (controller) => app.get(controller, { strict: false }), config);
    // Local development: the static frontends, each on its own port, closed with the gateway.
    if (config.STATIC_SITES) {
      const { parseStaticSites, startStaticSites } = await import('@pencraft/static-server/sites');
      const sites = await startStaticSites(parseStaticSites(config.STATIC_SITES));
      fastify.addHook('onClose', () => sites.close());
    }
  },
});
