// Chaos under load, the short form (make test): about 30 s of mixed load through the gateway while the controller
// kill -9s two random processes (a service or the gateway) and starts each again, pausing NATS and then PostgreSQL
// for 1.5 s after each restart; then the comments service is cut off (SIGSTOP) to show the gateway's deadline and
// circuit breaker. Every acknowledged write exists exactly once, every event was consumed exactly once by every
// consumer, the ledger balances, every process is ready again. The long form is tests/chaos/under-load.ts.
import type { AppHandle } from '../../packages/devstack/src/index.ts';
import { useClientAddress } from '../support/client-address.ts';
import { freshDatabase, resetMessaging, stack, startService, type TestDatabase } from '../support/stack.ts';
import { CHAOS_SERVICES, chaosEnv, runChaos, type ChaosReport } from './chaos-engine.ts';

const CLIENT_ADDRESS = '127.0.0.147';
const BREAKER_OPEN_MS = 3_000;
/** The gateway's default gRPC deadline (createGrpcClient). */
const DEADLINE_MS = 5_000;

let db: TestDatabase;
const apps = new Map<string, AppHandle>();
/** Set once the suite ends: a controller still running (its test timed out) must not start a process nobody stops. */
let ended = false;
const start = async (name: string) => {
  if (ended) throw new Error(`${name} not started again: the suite has ended`);
  const handle = await startService(name, db.name, chaosEnv(name, BREAKER_OPEN_MS));
  apps.set(name, handle);
  return handle;
};

beforeAll(async () => {
  useClientAddress(CLIENT_ADDRESS);
  await resetMessaging();
  db = await freshDatabase('chaos_load');
  await Promise.all(CHAOS_SERVICES.map(start));
  await start('gateway');
}, 120_000);

afterAll(async () => {
  ended = true;
  await Promise.all([...apps.values()].map((app) => app.stop().catch(() => undefined)));
  await db?.drop();
});

it('loses nothing and doubles nothing under load while processes crash and NATS and PostgreSQL stall', async () => {
  const report: ChaosReport = await runChaos(
    { stack, databaseUrl: db.url, start, apps },
    {
      loadMs: 30_000,
      // Gaps of 9-11 s and a quiet end of 7 s: always two kills.
      minGapMs: 9_000,
      maxGapMs: 11_000,
      quietMs: 7_000,
      pauseMs: 1_500,
      rate: 10,
      maxInFlight: 24,
      readers: 4,
      killable: [...CHAOS_SERVICES, 'gateway'],
      cutOff: { service: 'comments', breakerOpenMs: BREAKER_OPEN_MS },
      say: (line) => process.stdout.write(`${line}\n`),
    },
  );
  process.stdout.write(`${report.text}\n`);

  expect(report.failures).toEqual([]);
  expect(report.recoveries).toHaveLength(2);
  expect(report.pauses.map((p) => p.target)).toEqual(['nats', 'postgres', 'nats', 'postgres']);
  // The load did write: each kind of write was acknowledged at least once.
  const kinds = ['votes', 'comments', 'follows', 'subscriptions', 'supports', 'published', 'registrations'];
  expect(kinds.filter((kind) => !(report.counts[kind]! > 0))).toEqual([]);
  // Cut off: the first calls fail at the deadline (not hanging), the breaker opens, the next fail fast, then recover.
  const { first, fast, breakerState, recoveredAfterMs } = report.cutOff;
  expect(first.every((c) => c.status === 503 && c.ms < DEADLINE_MS + 2_000)).toBe(true);
  expect(breakerState).toBe(2);
  expect(fast.every((c) => c.status === 503 && c.ms < 500)).toBe(true);
  expect(recoveredAfterMs).toBeLessThan(BREAKER_OPEN_MS + 5_000);
});
