import Fastify from 'fastify';
import { Readiness } from '../health/readiness.js';
import { Metrics } from '../metrics/metrics.js';
import { reserveInternalPaths, startInternalServer, type InternalServer } from './probes.js';

describe('the internal port', () => {
  const readiness = new Readiness();
  let healthy = true;
  readiness.add({
    name: 'database',
    check: async () => {
      if (!healthy) throw new Error('connection refused');
    },
  });
  let server: InternalServer;
  let base: string;

  beforeAll(async () => {
    server = await startInternalServer({ port: 0, host: '127.0.0.1', readiness, metrics: new Metrics('probe-test') });
    base = `http://127.0.0.1:${server.port}`;
  });
  afterAll(() => server.close());

  it('answers /healthz, /readyz with the checks, and /metrics', async () => {
    expect(await (await fetch(`${base}/healthz`)).json()).toEqual({ status: 'ok' });
    const ready = await fetch(`${base}/readyz`);
    expect(ready.status).toBe(200);
    expect(ready.headers.get('cache-control')).toBe('no-store');
    expect(await ready.json()).toEqual({ status: 'ready', checks: { database: 'ok' } });
    const metrics = await fetch(`${base}/metrics`);
    expect(metrics.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(await metrics.text()).toContain('nodejs_heap_size_used_bytes{service="probe-test"}');
  });

  it('is unready with the reason while a dependency fails', async () => {
    healthy = false;
    try {
      const ready = await fetch(`${base}/readyz`);
      expect(ready.status).toBe(503);
      expect(await ready.json()).toEqual({ status: 'not ready', checks: { database: 'connection refused' } });
    } finally {
      healthy = true;
    }
  });

  it('answers 404 on anything else and 405 on other methods', async () => {
    expect((await fetch(`${base}/api/anything`)).status).toBe(404);
    expect((await fetch(`${base}/metrics`, { method: 'POST' })).status).toBe(405);
  });
});

describe('the public port', () => {
  it('answers 404 on the internal paths, even behind a catch-all route', async () => {
    const app = Fastify();
    reserveInternalPaths(app);
    app.get('/*', async () => 'a page');
    for (const path of ['/healthz', '/readyz', '/metrics', '/metrics?x=1']) {
      expect({ path, status: (await app.inject({ url: path })).statusCode }).toEqual({ path, status: 404 });
    }
    expect((await app.inject({ url: '/anything' })).statusCode).toBe(200);
    await app.close();
  });
});
