import { getRPCMetadata, RPCType } from '@opentelemetry/core';
import { type CallHandler, type ExecutionContext, Injectable, type NestInterceptor } from '@nestjs/common';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { randomUUID } from 'node:crypto';
import { Observable } from 'rxjs';
import { runWithRequestContext, type RequestContext } from '../logging/request-context.js';
import type { Metrics } from '../metrics/metrics.js';
import { context } from '../tracing/tracing.js';

/** What the platform attaches to every HTTP request. */
export interface PlatformRequestState {
  context: RequestContext;
  started: bigint;
}

declare module 'fastify' {
  interface FastifyRequest {
    platform: PlatformRequestState;
  }
}

const REQUEST_ID = /^[A-Za-z0-9._:-]{8,128}$/;

/**
 * Request ids, the route of the HTTP server span, and the HTTP metrics, as Fastify hooks. The span itself (continuing
 * the caller's traceparent) is the HTTP instrumentation's; Fastify has matched the route by onRequest, so the span is
 * named "GET /api/articles/:id" rather than after the raw URL.
 */
export function installHttpObservability(fastify: FastifyInstance, metrics: Metrics) {
  fastify.decorateRequest('platform', null as unknown as PlatformRequestState);
  fastify.addHook('onRequest', (request, reply, done) => {
    const incoming = request.headers['x-request-id'];
    const requestId = typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    reply.header('x-request-id', requestId);
    const rpc = getRPCMetadata(context.active());
    if (rpc?.type === RPCType.HTTP) rpc.route = request.routeOptions.url ?? 'unmatched';
    request.platform = { context: { requestId }, started: process.hrtime.bigint() };
    done();
  });
  fastify.addHook('onResponse', (request, reply, done) => {
    const state = request.platform;
    const route = request.routeOptions.url ?? 'unmatched';
    const labels = { service: metrics.service, method: request.method, route, status: String(reply.statusCode) };
    metrics.httpRequests.inc(labels);
    if (state) metrics.httpDuration.observe(labels, Number(process.hrtime.bigint() - state.started) / 1e9);
    done();
  });
}

/** Runs each Nest HTTP handler inside its request's log context (request id, user id). */
@Injectable()
export class HttpContextInterceptor implements NestInterceptor {
  intercept(ctx: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (ctx.getType() !== 'http') return next.handle();
    const state = ctx.switchToHttp().getRequest<FastifyRequest>().platform;
    if (!state) return next.handle();
    return new Observable((subscriber) =>
      runWithRequestContext(state.context, () => next.handle().subscribe(subscriber)),
    );
  }
}
