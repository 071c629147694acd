import { AppError } from '@pencraft/errors';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { request as httpRequest } from 'node:http';
import type { MethodTable } from './methods.js';
import { answerUnmatched } from './protections.js';

interface EdgeRoute {
  prefix: string;
  target: URL;
}

export function parseEdgeRoutes(value: string): EdgeRoute[] {
  if (!value) return [];
  return value
    .split(',')
    .map((pair) => {
      const index = pair.indexOf('=');
      return { prefix: pair.slice(0, index), target: new URL(pair.slice(index + 1)) };
    })
    .sort((a, b) => b.prefix.length - a.prefix.length);
}

/**
 * Local development only: serves the frontends at the gateway's origin by passing every non-/api GET
 * to the static server of the longest matching prefix (what the Ingress does on Kubernetes).
 */
export function installEdgeProxy(fastify: FastifyInstance, routesValue: string, methods: MethodTable) {
  const routes = parseEdgeRoutes(routesValue);
  if (routes.length === 0) return;
  const handler = (req: FastifyRequest, reply: FastifyReply) => {
    // A GET no API route took: a declared path under another method answers 405, the rest of /api 404.
    answerUnmatched(methods, req, reply);
    if (req.url.startsWith('/api/')) throw new AppError('NotFound');
    const route = routes.find((r) => req.url.startsWith(r.prefix));
    if (!route) return reply.code(404).send();
    const path = route.prefix === '/' ? req.url : `/${req.url.slice(route.prefix.length)}`;
    const headers = { ...req.headers, host: route.target.host };
    delete headers.cookie;
    reply.hijack();
    const upstream = httpRequest(
      { hostname: route.target.hostname, port: route.target.port, method: req.method, path, headers },
      (response) => {
        reply.raw.writeHead(response.statusCode ?? 502, response.headers);
        response.pipe(reply.raw);
      },
    );
    upstream.on('error', () => {
      if (!reply.raw.headersSent) reply.raw.writeHead(502, { 'content-type': 'text/plain' });
      reply.raw.end('frontend unavailable');
    });
    upstream.end();
  };
  // GET routes answer HEAD too.
  fastify.get('/*', handler);
}
