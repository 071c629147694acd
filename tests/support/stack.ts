// Servers and processes for the suites that need real ones (integration, chaos, e2e): the test profile of the
// local stack (every port shifted by testPortOffset, data under .data/test), never the dev stack. With two
// integration workers, the second one's suites see the second slot of it here (tests/support/test-slot.ts).
import { connect } from 'nats';
import { createClient } from 'redis';
import {
  createDatabase,
  databaseUrl,
  dropDatabase,
  natsAdmin,
  natsUrl,
  reclaimPorts,
  redisUrl,
  stackFor,
  startApp,
  stopApp,
  TEST_SLOTS,
  testSlotStack,
  type AppHandle,
  type Stack,
} from '../../packages/devstack/src/index.ts';

export const PROFILE = 'test' as const;
/** Migrated once per run by the global setup; each suite copies it into a database of its own. */
export const TEMPLATE_DB = 'pencraft_template';
export const stack = stackFor(PROFILE);

/** The stacks of a run with `workers` Jest workers: one slot per worker (at most TEST_SLOTS). */
export function runStacks(workers: number): Stack[] {
  if (workers > TEST_SLOTS) throw new Error(`at most ${TEST_SLOTS} workers: the test stack has ${TEST_SLOTS} slots`);
  return Array.from({ length: Math.max(1, workers) }, (_, i) => testSlotStack(i + 1));
}

export interface TestDatabase {
  name: string;
  url: string;
  drop(): Promise<void>;
}

export async function freshDatabase(label: string): Promise<TestDatabase> {
  const name = `it_${label}_${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  await createDatabase(PROFILE, name, TEMPLATE_DB);
  return { name, url: databaseUrl(stack, name), drop: () => dropDatabase(PROFILE, name) };
}

/** Suites run one at a time per slot; each starts with no JetStream streams and an empty Redis. */
export async function resetMessaging() {
  const nc = await connect(natsAdmin(stack));
  const jsm = await nc.jetstreamManager();
  for await (const info of jsm.streams.list()) await jsm.streams.delete(info.config.name);
  await nc.close();
  const redis = createClient({ url: redisUrl(stack) });
  await redis.connect();
  await redis.flushAll();
  await redis.close();
}

export async function startService(
  name: string,
  database: string,
  extraEnv: Record<string, string> = {},
): Promise<AppHandle> {
  // A suite whose beforeAll failed part-way (one service of a Promise.all not ready) may have left the others of this
  // slot running, with no handle to stop them in its afterAll: stop such a one here, so that one failure does not
  // fail every later suite of the slot with "already running".
  if (await stopApp(name, PROFILE)) console.warn(`${name} was left running by an earlier suite of this slot: stopped`);
  // One on the app's ports that no pid file names (a start racing another, such as a restart a timed-out chaos test
  // made after its suite ended) would fail every later suite of the slot with "port taken": stop it too.
  for (const pid of await reclaimPorts(name, PROFILE)) {
    console.warn(`${name}: pid ${pid} held its ports without a pid file (an earlier suite's leftover): stopped`);
  }
  const handle = await startApp(name, PROFILE, extraEnv, { database });
  try {
    await handle.waitReady();
  } catch (error) {
    await handle.kill().catch(() => undefined);
    throw error;
  }
  return handle;
}

export function grpcAddress(name: string) {
  const service = stack.services.find((s) => s.name === name);
  if (!service) throw new Error(`no service ${name}`);
  return `127.0.0.1:${service.grpcPort}`;
}

export function httpBase(name: string) {
  const app = name === 'gateway' ? stack.gateway : [...stack.services, ...stack.frontends].find((a) => a.name === name);
  if (!app) throw new Error(`no app ${name}`);
  return `http://127.0.0.1:${app.httpPort}`;
}

/** The internal port of a service or the gateway: /healthz, /readyz with details, /metrics. */
export function internalBase(name: string) {
  const app = name === 'gateway' ? stack.gateway : stack.services.find((a) => a.name === name);
  if (!app) throw new Error(`no service ${name}`);
  return `http://127.0.0.1:${app.internalPort}`;
}

/** Polls until check returns a value other than undefined. */
export async function eventually<T>(
  check: () => Promise<T | undefined>,
  { timeoutMs = 15_000, intervalMs = 100 } = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  while (Date.now() < deadline) {
    try {
      const value = await check();
      if (value !== undefined) return value;
    } catch (error) {
      last = error;
    }
    await new Promise((r) => setTimeout(r, intervalMs));
  }
  throw new Error(`condition not met within ${timeoutMs} ms${last ? `: ${(last as Error).message}` : ''}`);
}

export { natsAdmin, natsUrl, redisUrl, databaseUrl };
export type { Stack };
