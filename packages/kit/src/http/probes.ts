import type { FastifyInstance } from 'fastify';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Readiness } from '../health/readiness.js';
import type { Metrics } from '../metrics/metrics.js';

/** What the internal port serves; the public port answers 404 on the same paths. */
export const INTERNAL_PATHS = ['/healthz', '/readyz', '/metrics'] as const;

export interface InternalServer {
  port: number;
  close(): Promise<void>;
}

/**
 * The internal port: /healthz (the process answers), /readyz (its dependencies answer, with details) and /metrics.
 * Only the kubelet, Prometheus and the local tooling reach it; a plain node:http listener, outside Nest and Fastify,
 * so probes and scrapes cost nothing on the request path and never show up in request metrics or traces.
 */
export async function startInternalServer(options: {
  port: number;
  host?: string;
  readiness: Readiness;
  metrics: Metrics;
}): Promise<InternalServer> {
  const { readiness, metrics } = options;
  const send = (res: ServerResponse, status: number, contentType: string, body: string) => {
    res.writeHead(status, { 'content-type': contentType, 'cache-control': 'no-store' });
    res.end(body);
  };
  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const path = (req.url ?? '/').split('?', 1)[0];
    if (req.method !== 'GET' && req.method !== 'HEAD') return send(res, 405, 'text/plain', 'Method Not Allowed');
    switch (path) {
      case '/healthz':
        return send(res, 200, 'application/json', '{"status":"ok"}');
      case '/readyz': {
        const report = await readiness.report();
        const body = { status: report.ready ? 'ready' : 'not ready', checks: report.checks };
        return send(res, report.ready ? 200 : 503, 'application/json', JSON.stringify(body));
      }
      case '/metrics': {
        const { contentType, body } = await metrics.render();
        return send(res, 200, contentType, body);
      }
      default:
        return send(res, 404, 'text/plain', 'Not Found');
    }
  };
  const server: Server = createServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) send(res, 500, 'text/plain', 'Internal Server Error');
      else res.destroy();
    });
  });
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host ?? '0.0.0.0', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address();
  return {
    port: typeof address === 'object' && address ? address.port : options.port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/**
 * The public port keeps none of the internal paths: they answer the app's own 404, so neither readiness details
 * nor metrics reach the public origin, and no proxy behind the app (the gateway's edge routes) answers them either.
 */
export function reserveInternalPaths(fastify: FastifyInstance) {
  for (const path of INTERNAL_PATHS) {
    fastify.all(path, { logLevel: 'silent' }, (_request, reply) => reply.callNotFound());
  }
}
