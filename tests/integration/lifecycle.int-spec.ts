// Every service and the gateway: /healthz, /readyz (with the truth about their dependencies) and /metrics on the
// internal port and nowhere on the public one, grpc.health.v1 for the services, and a clean exit on SIGTERM.
import {
  HealthCheckResponse_ServingStatus,
  HealthClient,
  HealthService,
} from '@pencraft/contracts/grpc/health/v1/health';
import { createGrpcClient } from '@pencraft/kit';
import { logFile, logTail, startApp, type AppHandle } from '../../packages/devstack/src/index.ts';
import {
  eventually,
  freshDatabase,
  grpcAddress,
  httpBase,
  internalBase,
  resetMessaging,
  stack,
  startService,
  type TestDatabase,
} from '../support/stack.ts';

let db: TestDatabase;

beforeAll(async () => {
  await resetMessaging();
  db = await freshDatabase('lifecycle');
});

afterAll(async () => {
  await db?.drop();
});

const services = stack.services.map((s) => s.name);

describe.each(services)('%s', (name) => {
  let app: AppHandle;

  beforeAll(async () => {
    app = await startService(name, db.name);
  });

  afterAll(async () => {
    await app?.kill().catch(() => undefined);
  });

  it('answers /healthz, /readyz and /metrics on its internal port', async () => {
    const base = internalBase(name);
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
    const ready = await fetch(`${base}/readyz`);
    expect(ready.status).toBe(200);
    // A service that stores objects (system.json `uses`) is ready only when the object store answers too.
    const usesObjects = stack.services.find((s) => s.name === name)!.uses.includes('objectStore');
    expect(await ready.json()).toEqual({
      status: 'ready',
      checks: { database: 'ok', redis: 'ok', nats: 'ok', ...(usesObjects ? { objectStore: 'ok' } : {}) },
    });
    const metrics = await (await fetch(`${base}/metrics`)).text();
    expect(metrics).toContain(`nodejs_heap_size_used_bytes{service="${name}"}`);
    expect(metrics).toContain(`db_pool_total{service="${name}"}`);
  });

  it('serves none of them on its public HTTP port', async () => {
    for (const path of ['/healthz', '/readyz', '/metrics']) {
      expect({ path, status: (await fetch(`${httpBase(name)}${path}`)).status }).toEqual({ path, status: 404 });
    }
  });

  it('serves grpc.health.v1 as SERVING', async () => {
    const health = createGrpcClient(HealthClient, HealthService, grpcAddress(name));
    try {
      expect((await health.check({ service: '' })).status).toBe(HealthCheckResponse_ServingStatus.SERVING);
    } finally {
      health.close();
    }
  });

  it('stops cleanly on SIGTERM', async () => {
    const exit = await app.stop('SIGTERM', 15_000);
    expect(exit).toEqual({ code: 0, signal: null });
  });
});

describe('shutdown', () => {
  it('turns unready at the first SIGTERM while still answering, then exits 0', async () => {
    const app = await startService('search', db.name, { SHUTDOWN_DRAIN_DELAY_MS: '1500' });
    process.kill(app.pid, 'SIGTERM');
    await new Promise((r) => setTimeout(r, 300));
    const ready = await fetch(`${internalBase('search')}/readyz`);
    expect(ready.status).toBe(503);
    expect((await fetch(`${internalBase('search')}/healthz`)).status).toBe(200);
    expect(await app.exited).toEqual({ code: 0, signal: null });
  });

  it('refuses to start with a bad configuration, naming every bad variable', async () => {
    const app = await startApp(
      'identity',
      'test',
      { HTTP_PORT: 'eighty', DATABASE_URL: 'not-a-url' },
      { database: db.name },
    );
    expect((await app.exited).code).toBe(78);
    const log = logTail(logFile(stack, 'identity'), 20);
    expect(log).toMatch(/HTTP_PORT is invalid/);
    expect(log).toMatch(/DATABASE_URL is invalid/);
  });

  it('is not ready while a dependency is missing, and says which', async () => {
    // Pointed at a database that does not exist, the service still boots; /readyz tells why it is not ready.
    const app = await startApp('moderation', 'test', {}, { database: 'no_such_database' });
    try {
      // Until its start has finished, readiness says only that it is starting; then it names each dependency.
      const answer = await eventually(async () => {
        const response = await fetch(`${internalBase('moderation')}/readyz`);
        const body = (await response.json()) as { checks?: Record<string, string> };
        return body.checks?.startup === undefined ? { status: response.status, body } : undefined;
      });
      expect(answer).toMatchObject({
        status: 503,
        body: { status: 'not ready', checks: { database: expect.stringMatching(/.+/), redis: 'ok', nats: 'ok' } },
      });
    } finally {
      await app.stop();
    }
  });
});

describe('gateway', () => {
  it('answers its probes on the internal port, is ready with Redis, and stops cleanly on SIGTERM', async () => {
    const gateway = await startService('gateway', db.name);
    const base = internalBase('gateway');
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
    expect(await (await fetch(`${base}/readyz`)).json()).toEqual({ status: 'ready', checks: { redis: 'ok' } });
    await fetch(`${httpBase('gateway')}/api/no-such-route`);
    expect(await (await fetch(`${base}/metrics`)).text()).toContain('http_requests_total{service="gateway"');
    expect(await gateway.stop('SIGTERM', 15_000)).toEqual({ code: 0, signal: null });
  });

  it('keeps /metrics and the readiness details off the public origin (issue 6: /metrics answered on :8080)', async () => {
    const gateway = await startService('gateway', db.name);
    try {
      for (const path of ['/metrics', '/readyz', '/healthz', '/metrics?format=text']) {
        const response = await fetch(`${httpBase('gateway')}${path}`);
        const body = await response.text();
        expect({ path, status: response.status }).toEqual({ path, status: 404 });
        expect(body).not.toMatch(/nodejs_|http_requests_total|"checks"/);
      }
    } finally {
      await gateway.stop();
    }
  });
});
