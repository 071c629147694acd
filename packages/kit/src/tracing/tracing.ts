import {
  context,
  isSpanContextValid,
  propagation,
  TraceFlags,
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
import { redactQueryParams } from '../logging/error-serializer.js';
import {
  AlwaysOffSampler,
  AlwaysOnSampler,
  BatchSpanProcessor,
  ConsoleSpanExporter,
  ParentBasedSampler,
  RandomIdGenerator,
  TracerProvider,
  type SpanProcessor,
} from '@opentelemetry/sdk-trace';

export type TracesExporter = 'none' | 'otlp' | 'console';
const EXPORTERS: readonly TracesExporter[] = ['none', 'otlp', 'console'];

export interface TracingOptions {
  serviceName: string;
  exporter: TracesExporter;
  otlpEndpoint?: string;
  /** How long finished spans wait to be exported in a batch (OTEL_BSP_SCHEDULE_DELAY, 5 s by default). */
  scheduleDelayMs?: number;
}

let provider: TracerProvider | undefined;
let serviceName = 'unknown';
let preloaded = false;
let instrumented = false;
const ids = new RandomIdGenerator();

/** Called by the preload (instrument.ts); `instrumentations` is whether it enabled them (only with an exporter). */
export function markPreloaded(options: { instrumentations: boolean }) {
  preloaded = true;
  instrumented = options.instrumentations;
}

/** Whether the process was started with the preload (node --import @pencraft/kit/instrument). */
export function isPreloaded() {
  return preloaded;
}

/**
 * Whether the OpenTelemetry instrumentations make the spans of HTTP, gRPC, PostgreSQL and Redis and carry the trace
 * context over HTTP and gRPC. When not (no exporter), the kit carries the context itself (continueTrace).
 */
export function isInstrumented() {
  return instrumented;
}

/**
 * The context of work that continues `parent`'s trace (or starts one) under a span id of its own, recording nothing:
 * how a process without an exporter keeps the trace going for its logs and for the next process, for about the
 * price of parsing a traceparent.
 */
export function continueTrace(parent: Context): Context {
  const incoming = trace.getSpanContext(parent);
  return trace.setSpanContext(parent, {
    traceId: incoming && isSpanContextValid(incoming) ? incoming.traceId : ids.generateTraceId(),
    spanId: ids.generateSpanId(),
    traceFlags: TraceFlags.NONE,
  });
}

/** The standard OTEL_* variables; an unknown exporter counts as none (the service's config check names it). */
export function tracingOptionsFromEnv(env: NodeJS.ProcessEnv = process.env): TracingOptions {
  const exporter = (env.OTEL_TRACES_EXPORTER ?? 'none') as TracesExporter;
  const delay = Number(env.OTEL_BSP_SCHEDULE_DELAY);
  return {
    serviceName: env.OTEL_SERVICE_NAME || 'unknown',
    exporter: EXPORTERS.includes(exporter) ? exporter : 'none',
    ...(env.OTEL_EXPORTER_OTLP_ENDPOINT ? { otlpEndpoint: env.OTEL_EXPORTER_OTLP_ENDPOINT } : {}),
    ...(Number.isInteger(delay) && delay > 0 ? { scheduleDelayMs: delay } : {}),
  };
}

/**
 * Sets up tracing once per process: W3C propagation, the context manager, and a tracer provider. Spans always get
 * real ids (so logs carry them and the context travels on); they are recorded and exported only when an exporter is
 * configured (OTEL_TRACES_EXPORTER). Without one there is no span processor and the sampler drops every span, so the
 * instrumentations cost little more than the propagation itself.
 */
export async function initTracing(options: TracingOptions): Promise<TracerProvider> {
  if (provider) return provider;
  serviceName = options.serviceName;
  const spanProcessors: SpanProcessor[] = [];
  const batch = options.scheduleDelayMs === undefined ? {} : { scheduledDelayMillis: options.scheduleDelayMs };
  if (options.exporter === 'console') {
    spanProcessors.push(new BatchSpanProcessor({ exporter: new ConsoleSpanExporter(), ...batch }));
  }
  if (options.exporter === 'otlp') {
    const { OTLPTraceExporter } = await import('@opentelemetry/exporter-trace-otlp-http');
    const url = options.otlpEndpoint ? `${options.otlpEndpoint.replace(/\/$/, '')}/v1/traces` : undefined;
    spanProcessors.push(
      new BatchSpanProcessor({ exporter: new OTLPTraceExporter(url ? { url } : {}) as never, ...batch }),
    );
  }
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  propagation.setGlobalPropagator(
    new CompositePropagator({ propagators: [new W3CTraceContextPropagator(), new W3CBaggagePropagator()] }),
  );
  provider = new TracerProvider({
    resource: resourceFromAttributes({ 'service.name': options.serviceName }),
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

/** The trace context of a carrier (HTTP headers, gRPC metadata or NATS headers as a record). */
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
    // Exported spans follow the rule of log lines: no bound values of a failed query.
    const message = redactQueryParams((error as Error).message ?? String(error));
    span.recordException({ name: (error as Error).name, message });
    span.setStatus({ code: SpanStatusCode.ERROR, message });
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
