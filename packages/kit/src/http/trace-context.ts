import type { FastifyServerFactory } from 'fastify';
import { createServer } from 'node:http';
import { context, continueTrace, extractContext } from '../tracing/tracing.js';

/**
 * The HTTP server of a process that records no spans (no exporter, so the HTTP instrumentation is off: its
 * per-request work would be thrown away, and it costs the gateway a third of its cached throughput). Each request
 * still runs in a trace context, the caller's trace (W3C traceparent) or a new one, so log lines carry the ids and
 * the gRPC calls it makes pass the trace on.
 */
export function traceContextServerFactory(): FastifyServerFactory {
  return (handler) =>
    createServer((request, response) => {
      context.with(continueTrace(extractContext(request.headers)), () => handler(request, response));
    });
}
