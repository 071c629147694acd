import { securityHeaders } from '@pencraft/static-server/security-headers';
import type { FastifyInstance } from 'fastify';
import type { GatewayConfig } from '../config.js';

/** The platform's security headers on every response (CSP without inline script, no framing, nosniff; HSTS on https).
 * Cache-Control is the matched route's (see protections.ts); error answers are never cached. */
export function installSecurityHeaders(fastify: FastifyInstance, config: GatewayConfig) {
  const headers = Object.entries(
    securityHeaders({ hsts: config.PUBLIC_ORIGIN.startsWith('https:') && config.COOKIE_SECURE }),
  );
  // A callback hook (an async one costs a promise per answer); the list is made once.
  fastify.addHook('onSend', (_request, reply, payload, done) => {
    for (const [name, value] of headers) {
      if (!reply.hasHeader(name)) reply.header(name, value);
    }
    done(null, payload);
  });
}
