import { Writable } from 'node:stream';
import { initTracing, SpanKind, withSpan } from '../tracing/tracing.js';
import { createLogger } from './logger.js';
import { runWithRequestContext } from './request-context.js';

function capture() {
  const lines: Record<string, unknown>[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString('utf8')) as Record<string, unknown>);
      done();
    },
  });
  return { lines, destination };
}

describe('logs', () => {
  beforeAll(async () => {
    await initTracing({ serviceName: 'kit-test', exporter: 'none' });
  });

  it('are JSON lines with the service, the trace and span ids, and the request id', async () => {
    const { lines, destination } = capture();
    const log = createLogger({ service: 'articles', level: 'info', destination });
    await withSpan('work', { kind: SpanKind.SERVER }, async (span) => {
      runWithRequestContext({ requestId: 'req-12345678' }, () => log.info({ articleId: 'a1' }, 'published'));
      expect(lines[0]).toMatchObject({
        level: 'info',
        service: 'articles',
        msg: 'published',
        articleId: 'a1',
        request_id: 'req-12345678',
        trace_id: span.spanContext().traceId,
        span_id: span.spanContext().spanId,
      });
    });
    expect(lines[0]!.trace_id).toMatch(/^[0-9a-f]{32}$/);
  });

  it('never write passwords or session tokens', () => {
    const { lines, destination } = capture();
    const log = createLogger({ service: 'identity', level: 'info', destination });
    log.info({ password: 'secret-1', body: { password: 'secret-2' }, sessionToken: 'tok' }, 'login');
    expect(JSON.stringify(lines[0])).not.toMatch(/secret-1|secret-2|tok"/);
  });
});
