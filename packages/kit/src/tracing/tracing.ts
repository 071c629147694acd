import {
  context,
  propagation,
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  trace,
  type Context,
  type Span,
  type TextMapGetter,
  type TextMapSetter,
} from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { CompositePropagator, W3CBaggagePropagator, W3CTraceContextPropagator } from '@opentelemetry/core';
import { resourceFromAttributes } from '@opentelemetry/resources';
import {
  BatchSpanProcessor,
  ConsoleSpanExporter,
  ParentBasedSampler,
  AlwaysOnSampler,
  AlwaysOffSampler,
  TracerProvider,
  type SpanProcessor,
} from '@opentelemetry/sdk-trace';

export type TracesExporter = 'none' | 'otlp' | 'console';

let provider: TracerProvider | undefined;
let serviceName = 'unknown';

/**
 * Sets up tracing once per process. Spans always get real ids (so logs can carry them);
 * they are exported only when an exporter is configured (OTEL_TRACES_EXPORTER).
 */
export async function initTracing(options: { serviceName: string; exporter: TracesExporter; otlpEndpoint?: string }) {
  if (provider) return provider;
  serviceName = options.serviceName;
  const spanProcessors: SpanProcessor[] = [];
  if (options.exporter === 'console')
    spanProcessors.push(new BatchSpanProcessor({ exporter: new ConsoleSpanExporter() }));
  if (options.exporter === 'otlp') {
    const { OTLPTraceExporter } = await import('@opentelemetry/exporter-trace-otlp-http');
    const url = options.otlpEndpoint ? `${options.otlpEndpoint.replace(/\/$/, '')}/v1/traces` : undefined;
    spanProcessors.push(new BatchSpanProcessor({ exporter: new OTLPTraceExporter(url ? { url } : {}) as never }));
  }
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  propagation.setGlobalPropagator(
    new CompositePropagator({ propagators: [new W3CTraceContextPropagator(), new W3CBaggagePropagator()] }),
  );
  provider = new TracerProvider({
    resource: resourceFromAttributes({ 'service.name': options.serviceName }),
    // Without an exporter, spans are not recorded: they still get ids (for logs and propagation) at little cost.
    sampler:
      options.exporter === 'none' ? new AlwaysOffSampler() : new ParentBasedSampler({ root: new AlwaysOnSampler() }),
    spanProcessors,
  });
  trace.setGlobalTracerProvider(provider);
  return provider;
}

export async function shutdownTracing() {
  await provider?.shutdown();
}

export function tracer() {
  return trace.getTracer(serviceName);
}

const recordGetter: TextMapGetter<Record<string, string | string[] | undefined>> = {
  keys: (carrier) => Object.keys(carrier),
  get: (carrier, key) => carrier[key],
};
const recordSetter: TextMapSetter<Record<string, string>> = {
  set: (carrier, key, value) => {
    carrier[key] = value;
  },
};

/** The trace context of a carrier (HTTP headers, gRPC metadata as a record, NATS headers as a record). */
export function extractContext(carrier: Record<string, string | string[] | undefined>): Context {
  return propagation.extract(ROOT_CONTEXT, carrier, recordGetter);
}

/** Writes the active trace context (traceparent, tracestate, baggage) into a carrier. */
export function injectContext(carrier: Record<string, string> = {}, ctx: Context = context.active()) {
  propagation.inject(ctx, carrier, recordSetter);
  return carrier;
}

/** Runs fn inside a new span (child of parent, or of the active context), recording errors. */
export async function withSpan<T>(
  name: string,
  options: { kind?: SpanKind; parent?: Context; attributes?: Record<string, string | number | boolean> },
  fn: (span: Span) => Promise<T> | T,
): Promise<T> {
  const parent = options.parent ?? context.active();
  const span = tracer().startSpan(
    name,
    { kind: options.kind ?? SpanKind.INTERNAL, attributes: options.attributes },
    parent,
  );
  try {
    return await context.with(trace.setSpan(parent, span), () => fn(span));
  } catch (error) {
    span.recordException(error as Error);
    span.setStatus({ code: SpanStatusCode.ERROR, message: (error as Error).message });
    throw error;
  } finally {
    span.end();
  }
}

/** Ids of the active span, for logs. */
export function activeTraceIds(): { trace_id: string; span_id: string } | undefined {
  const span = trace.getSpan(context.active());
  if (!span) return undefined;
  const { traceId, spanId } = span.spanContext();
  return { trace_id: traceId, span_id: spanId };
}

export { SpanKind, context, trace };
