import type { FastifyInstance } from 'fastify';
import type { Readiness } from '../health/readiness.js';
import type { Metrics } from '../metrics/metrics.js';

/** /healthz (the process answers), /readyz (its dependencies answer) and /metrics, outside Nest's pipeline. */
export function installProbes(fastify: FastifyInstance, readiness: Readiness, metrics: Metrics) {
  fastify.get('/healthz', { logLevel: 'silent' }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { status: 'ok' };
  });
  fastify.get('/readyz', { logLevel: 'silent' }, async (_request, reply) => {
    const report = await readiness.report();
    reply.header('cache-control', 'no-store');
    reply.code(report.ready ? 200 : 503);
    return { status: report.ready ? 'ready' : 'not ready', checks: report.checks };
  });
  fastify.get('/metrics', { logLevel: 'silent' }, async (_request, reply) => {
    const { contentType, body } = await metrics.render();
    reply.header('content-type', contentType);
    return body;
  });
}
