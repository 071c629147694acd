import type { Metadata } from '@grpc/grpc-js';
import { type CallHandler, type ExecutionContext, Injectable, type NestInterceptor } from '@nestjs/common';
import { AppError, grpcStatusFor } from '@pencraft/errors';
import { randomUUID } from 'node:crypto';
import { Observable } from 'rxjs';
import { runWithRequestContext } from '../logging/request-context.js';
import type { Metrics } from '../metrics/metrics.js';

export const REQUEST_ID_KEY = 'x-request-id';

/**
 * For every gRPC call: carry the caller's request id into logs and count the call with its status. The server span
 * (continuing the caller's trace from metadata) is the gRPC instrumentation's, active while the handler runs.
 */
@Injectable()
export class GrpcObservabilityInterceptor implements NestInterceptor {
  constructor(private readonly metrics: Metrics) {}

  intercept(ctx: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (ctx.getType() !== 'rpc') return next.handle();
    const metadata = ctx.switchToRpc().getContext<Metadata>();
    const method = `${ctx.getClass().name}.${ctx.getHandler().name}`;
    const incoming = metadata && typeof metadata.get === 'function' ? metadata.get(REQUEST_ID_KEY)[0] : undefined;
    const requestId = typeof incoming === 'string' ? incoming : randomUUID();
    const started = process.hrtime.bigint();
    const finish = (code: number) => {
      const labels = { service: this.metrics.service, grpc_method: method, grpc_code: String(code) };
      this.metrics.grpcHandled.inc(labels);
      this.metrics.grpcDuration.observe(labels, Number(process.hrtime.bigint() - started) / 1e9);
    };
    return new Observable((subscriber) =>
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
    );
  }
}
