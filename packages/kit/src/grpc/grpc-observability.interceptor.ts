import type { Metadata } from '@grpc/grpc-js';
import { type CallHandler, type ExecutionContext, Injectable, type NestInterceptor } from '@nestjs/common';
import { AppError, grpcStatusFor } from '@pencraft/errors';
import { randomUUID } from 'node:crypto';
import { Observable } from 'rxjs';
import { runWithRequestContext } from '../logging/request-context.js';
import type { Metrics } from '../metrics/metrics.js';
import { propagation } from '@opentelemetry/api';
import { context, continueTrace, extractContext, isInstrumented } from '../tracing/tracing.js';

export const REQUEST_ID_KEY = 'x-request-id';

/**
 * For every gRPC call: continue the caller's trace, carry its request id into logs, and count the call with its
 * status. When spans are exported the server span is the gRPC instrumentation's, already active here; otherwise the
 * kit continues the trace from the metadata itself.
 */
@Injectable()
export class GrpcObservabilityInterceptor implements NestInterceptor {
  constructor(private readonly metrics: Metrics) {}

  intercept(ctx: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (ctx.getType() !== 'rpc') return next.handle();
    const metadata = ctx.switchToRpc().getContext<Metadata>();
    const carrier = metadataToRecord(metadata);
    const method = methodName(ctx);
    const requestId = carrier[REQUEST_ID_KEY] ?? randomUUID();
    const traceContext = isInstrumented() ? context.active() : continueTrace(extractContext(carrier));
    const started = process.hrtime.bigint();
    const finish = (code: number) => {
      const labels = { service: this.metrics.service, grpc_method: method, grpc_code: String(code) };
      this.metrics.grpcHandled.inc(labels);
      this.metrics.grpcDuration.observe(labels, Number(process.hrtime.bigint() - started) / 1e9);
    };
    return new Observable((subscriber) =>
      context.with(traceContext, () =>
        runWithRequestContext({ requestId }, () =>
          next.handle().subscribe({
            next: (value) => subscriber.next(value),
            error: (error: unknown) => {
              finish(AppError.is(error) ? grpcStatusFor(error.code) : 13);
              subscriber.error(error);
            },
            complete: () => {
              finish(0);
              subscriber.complete();
            },
          }),
        ),
      ),
    );
  }
}

/** "ArticlesGrpcController.getArticle", named once per handler. */
const methodNames = new WeakMap<object, string>();
function methodName(ctx: ExecutionContext): string {
  const handler = ctx.getHandler();
  let name = methodNames.get(handler);
  if (name === undefined) {
    name = `${ctx.getClass().name}.${handler.name}`;
    methodNames.set(handler, name);
  }
  return name;
}

/**
 * The metadata the interceptor reads: the request id and the propagator's fields (traceparent, tracestate, baggage),
 * each looked up by its key rather than copying the whole metadata into a new map on every call.
 */
export function metadataToRecord(metadata: Metadata | undefined): Record<string, string> {
  const record: Record<string, string> = {};
  if (!metadata || typeof metadata.get !== 'function') return record;
  for (const key of [REQUEST_ID_KEY, ...propagation.fields()]) {
    const value = metadata.get(key)[0];
    if (typeof value === 'string') record[key] = value;
  }
  return record;
}
