import type { Metadata } from '@grpc/grpc-js';
import { type CallHandler, type ExecutionContext, Injectable, type NestInterceptor } from '@nestjs/common';
import { AppError, grpcStatusFor } from '@pencraft/errors';
import { randomUUID } from 'node:crypto';
import { Observable } from 'rxjs';
import { runWithRequestContext } from '../logging/request-context.js';
import type { Metrics } from '../metrics/metrics.js';
import { context, extractContext, SpanKind, trace, tracer } from '../tracing/tracing.js';

export const REQUEST_ID_KEY = 'x-request-id';

/**
 * For every gRPC call: continue the caller's trace from metadata, carry its request id into logs,
 * and count the call with its status.
 */
@Injectable()
export class GrpcObservabilityInterceptor implements NestInterceptor {
  constructor(private readonly metrics: Metrics) {}

  intercept(ctx: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (ctx.getType() !== 'rpc') return next.handle();
    const metadata = ctx.switchToRpc().getContext<Metadata>();
    const carrier = metadataToRecord(metadata);
    const method = `${ctx.getClass().name}.${ctx.getHandler().name}`;
    const requestId = typeof carrier[REQUEST_ID_KEY] === 'string' ? carrier[REQUEST_ID_KEY] : randomUUID();
    const parent = extractContext(carrier);
    const span = tracer().startSpan(
      method,
      { kind: SpanKind.SERVER, attributes: { 'rpc.system': 'grpc', 'rpc.method': method } },
      parent,
    );
    const active = trace.setSpan(parent, span);
    const started = process.hrtime.bigint();
    const finish = (code: number) => {
      const labels = { service: this.metrics.service, grpc_method: method, grpc_code: String(code) };
      this.metrics.grpcHandled.inc(labels);
      this.metrics.grpcDuration.observe(labels, Number(process.hrtime.bigint() - started) / 1e9);
      span.setAttribute('rpc.grpc.status_code', code);
      span.end();
    };
    return new Observable((subscriber) =>
      context.with(active, () =>
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

function metadataToRecord(metadata: Metadata | undefined): Record<string, string> {
  const record: Record<string, string> = {};
  if (!metadata || typeof metadata.getMap !== 'function') return record;
  for (const [key, value] of Object.entries(metadata.getMap())) {
    if (typeof value === 'string') record[key] = value;
  }
  return record;
}
