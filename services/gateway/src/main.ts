import fastifyCookie from '@fastify/cookie';
import { bootService, LOGGER, REDIS, type Logger, type RedisClient } from '@pencraft/kit';
import { gatewayConfigSchema } from './config.js';
import { GatewayModule } from './gateway.module.js';
import { ApiExceptionFilter, installErrorHandler } from './http/api-error.js';
import { installCsrf } from './http/csrf.js';
import { installEdgeProxy } from './http/edge-proxy.js';
import { installRateLimit } from './http/rate-limit.js';
import { installSecurityHeaders } from './http/security-headers.js';

await bootService({
  name: 'gateway',
  configSchema: gatewayConfigSchema,
  module: GatewayModule,
  httpFilters: [ApiExceptionFilter],
  trustProxyHops: (config) => config.TRUST_PROXY_HOPS,
  configureHttp: async (fastify, app, config) => {
    const log = app.get<Logger>(LOGGER);
    await fastify.register(fastifyCookie);
    installErrorHandler(fastify, log);
    installSecurityHeaders(fastify, config);
    installRateLimit(fastify, config, app.get<RedisClient>(REDIS), log);
    installCsrf(fastify, config);
    installEdgeProxy(fastify, config.EDGE_ROUTES);
  },
});
