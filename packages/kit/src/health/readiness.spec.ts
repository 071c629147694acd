import { Readiness } from './readiness.js';

describe('Readiness', () => {
  it('is ready when every check answers', async () => {
    const readiness = new Readiness();
    readiness.add({ name: 'database', check: async () => undefined });
    readiness.add({ name: 'redis', check: async () => undefined });
    expect(await readiness.report()).toEqual({ ready: true, checks: { database: 'ok', redis: 'ok' } });
  });

  it('is not ready when a dependency fails or hangs, and says which', async () => {
    const readiness = new Readiness();
    readiness.add({ name: 'database', check: async () => undefined });
    readiness.add({ name: 'nats', check: () => Promise.reject(new Error('connection refused')) });
    readiness.add({ name: 'redis', check: () => new Promise(() => undefined) });
    const report = await readiness.report(50);
    expect(report.ready).toBe(false);
    expect(report.checks).toEqual({
      database: 'ok',
      nats: 'connection refused',
      redis: 'redis did not answer within 50 ms',
    });
  });

  it('is not ready from the moment shutdown starts', async () => {
    const readiness = new Readiness();
    readiness.add({ name: 'database', check: async () => undefined });
    readiness.markShuttingDown();
    expect((await readiness.report()).ready).toBe(false);
  });

  it('is not ready while starting, whatever the dependencies say', async () => {
    const readiness = new Readiness();
    readiness.add({ name: 'database', check: async () => undefined });
    readiness.markStarting();
    expect(await readiness.report()).toEqual({ ready: false, checks: { startup: 'starting' } });
    readiness.markStarted();
    expect((await readiness.report()).ready).toBe(true);
  });
});
