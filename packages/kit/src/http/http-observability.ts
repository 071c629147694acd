import type { Span, Context } from '@opentelemetry/api';
import { type CallHandler, type ExecutionContext, Injectable, type NestInterceptor } from '@nestjs/common';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { randomUUID } from 'node:crypto';
import { Observable } from 'rxjs';
import { runWithRequestContext, type RequestContext } from '../logging/request-context.js';
import type { Metrics } from '../metrics/metrics.js';
import { context, extractContext, SpanKind, trace, tracer } from '../tracing/tracing.js';

/** What the platform attaches to every HTTP request. */
export interface PlatformRequestState {
  context: RequestContext;
  span: Span;
  traceContext: Context;
  started: bigint;
}

declare module 'fastify' {
  interface FastifyRequest {
    platform: PlatformRequestState;
  }
}

const REQUEST_ID = /^[A-Za-z0-9._:-]{8,128}$/;

/** Request ids, server spans continuing the caller's trace, and the HTTP metrics, as Fastify hooks. */
export function installHttpObservability(fastify: FastifyInstance, metrics: Metrics) {
  fastify.decorateRequest('platform', null as unknown as PlatformRequestState);
  fastify.addHook('onRequest', (request, reply, done) => {
    const incoming = request.headers['x-request-id'];
    const requestId = typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    reply.header('x-request-id', requestId);
    const parent = extractContext(request.headers);
    const span = tracer().startSpan(
      request.method,
      { kind: SpanKind.SERVER, attributes: { 'http.request.method': request.method } },
      parent,
    );
    request.platform = {
      context: { requestId },
      span,
      traceContext: trace.setSpan(parent, span),
      started: process.hrtime.bigint(),
    };
    done();
  });
  fastify.addHook('onResponse', (request, reply, done) => {
    const state = request.platform;
    const route = request.routeOptions.url ?? 'unmatched';
    const labels = { service: metrics.service, method: request.method, route, status: String(reply.statusCode) };
    metrics.httpRequests.inc(labels);
    if (state) {
      metrics.httpDuration.observe(labels, Number(process.hrtime.bigint() - state.started) / 1e9);
      state.span.updateName(`${request.method} ${route}`);
      state.span.setAttribute('http.route', route);
      state.span.setAttribute('http.response.status_code', reply.statusCode);
      state.span.end();
    }
    done();
  });
}

/** Runs each Nest HTTP handler inside its request's trace and log context. */
@Injectable()
export class HttpContextInterceptor implements NestInterceptor {
  intercept(ctx: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (ctx.getType() !== 'http') return next.handle();
    const state = ctx.switchToHttp().getRequest<FastifyRequest>().platform;
    if (!state) return next.handle();
    return new Observable((subscriber) =>
      context.with(state.traceContext, () =>
        runWithRequestContext(state.context, () => next.handle().subscribe(subscriber)),
      ),
    );
  }
}
