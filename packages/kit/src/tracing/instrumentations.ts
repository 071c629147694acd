import type { IncomingMessage } from 'node:http';
import { registerInstrumentations, type Instrumentation } from '@opentelemetry/instrumentation';
import type { TracerProvider } from '@opentelemetry/sdk-trace';
import { INTERNAL_PATHS } from '../http/probes.js';

const INTERNAL = new Set<string>(INTERNAL_PATHS);

/**
 * The maintained OpenTelemetry instrumentations of what the platform uses: HTTP server and client (Fastify runs on
 * node:http; the kit names the span after the matched route), gRPC client and server (@grpc/grpc-js, under Nest
 * and the ts-proto clients), PostgreSQL (pg) and Redis (@redis/client, node-redis v4 and later).
 * Only with an exporter: without one, they would make spans on every request, call and query only to drop them
 * (measured: a third of the gateway's cached throughput for HTTP, 5-8% of an uncached read for gRPC), and the kit
 * carries the trace context itself (continueTrace). Loaded only then, so a process without one carries no code.
 */
export async function createInstrumentations(): Promise<Instrumentation[]> {
  const [{ HttpInstrumentation }, { GrpcInstrumentation }, { PgInstrumentation }, { RedisInstrumentation }] =
    await Promise.all([
      import('@opentelemetry/instrumentation-http'),
      import('@opentelemetry/instrumentation-grpc'),
      import('@opentelemetry/instrumentation-pg'),
      import('@opentelemetry/instrumentation-redis'),
    ]);
  return [
    new HttpInstrumentation({
      // Probes and scrapes (the internal port) are not requests worth a trace.
      ignoreIncomingRequestHook: (request: IncomingMessage) => INTERNAL.has((request.url ?? '').split('?', 1)[0]!),
    }),
    new GrpcInstrumentation(),
    // Only inside a request or an event: the pool's readiness checks and the outbox relay's polling stay quiet.
    // Statements are recorded with their placeholders, never their values (enhancedDatabaseReporting stays off).
    new PgInstrumentation({ requireParentSpan: true }),
    // The command name only: keys and values (session ids, counters) stay out of spans.
    new RedisInstrumentation({ requireParentSpan: true, dbStatementSerializer: (command) => command }),
  ];
}

/** Patches the instrumented modules from now on (they must not have been imported yet). */
export function enableInstrumentations(tracerProvider: TracerProvider, instrumentations: Instrumentation[]) {
  registerInstrumentations({ tracerProvider, instrumentations });
}

/** The module names the instrumentations hook, for the ESM loader hook's include list. */
export function instrumentedModules(instrumentations: Instrumentation[]): string[] {
  const names = instrumentations.flatMap(
    (instrumentation) =>
      (instrumentation as unknown as { getModuleDefinitions?: () => { name: string }[] })
        .getModuleDefinitions?.()
        .map((definition) => definition.name) ?? [],
  );
  return [...new Set(names)];
}
