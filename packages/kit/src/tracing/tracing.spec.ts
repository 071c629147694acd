import { propagation, trace } from '@opentelemetry/api';
import { continueTrace, extractContext, initTracing, injectContext, context } from './tracing.js';

describe('trace context without an exporter', () => {
  beforeAll(async () => {
    await initTracing({ serviceName: 'kit-test', exporter: 'none' });
  });

  it("continues the caller's trace under a span id of its own, and passes it on", () => {
    const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
    const parent = extractContext({ traceparent: `00-${traceId}-00f067aa0ba902b7-01` });
    const continued = continueTrace(parent);
    const span = trace.getSpanContext(continued)!;
    expect(span.traceId).toBe(traceId);
    expect(span.spanId).toMatch(/^[0-9a-f]{16}$/);
    expect(span.spanId).not.toBe('00f067aa0ba902b7');
    expect(trace.getSpan(continued)!.isRecording()).toBe(false);
    const carrier = context.with(continued, () => injectContext());
    expect(carrier.traceparent).toBe(`00-${traceId}-${span.spanId}-00`);
  });

  it('starts a trace when the caller sent none or a malformed one', () => {
    for (const carrier of [
      {},
      { traceparent: 'garbage' },
      { traceparent: `00-${'0'.repeat(32)}-${'1'.repeat(16)}-01` },
    ]) {
      const span = trace.getSpanContext(continueTrace(extractContext(carrier)))!;
      expect(span.traceId).toMatch(/^(?!0{32})[0-9a-f]{32}$/);
    }
    expect(propagation.fields()).toEqual(expect.arrayContaining(['traceparent', 'tracestate', 'baggage']));
  });
});
