// make chaos: the long form of chaos under load (tests/chaos/chaos-engine.ts): CHAOS_MINUTES (default 10) of mixed
// load at CHAOS_RATE (default 15) requests a second through the gateway while a random process (a service or the
// gateway) is killed with SIGKILL every 30-60 s and started again, NATS and then PostgreSQL paused for CHAOS_PAUSE_MS
// (default 3000) after each restart; then the comments service is cut off to show the gateway's deadline and circuit
// breaker; then the audits (every acknowledged write exactly once, every event consumed exactly once by every
// consumer, the ledger, readiness). Prints the figures (requests, errors by kind, recovery per kill) and writes them
// to .data/chaos/report.md; exits 1 when an audit fails. Its own stack: ports 240 above the test profile's (clear of
// dev, test, bench +100 and soak +150 above test), data in .data/chaos, pid files in .run/chaos; only 127.0.0.1 is
// loaded (and 127.0.0.148 when CHAOS_CLIENT_ADDRESS says so).
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  createDatabase,
  databaseUrl,
  dropDatabase,
  runMigrations,
  startApp,
  startInfra,
  stopInfra,
  type AppHandle,
} from '../../packages/devstack/src/index.ts';
import { shiftedStack } from '../load/bench-stack.ts';
import { useClientAddress } from '../support/client-address.ts';
import { CHAOS_SERVICES, chaosEnv, runChaos } from './chaos-engine.ts';

const PROFILE = 'test';
/** 240 above the test profile's ports: no port of any other stack (dev, test, bench, soak) is shifted onto one of its. */
const CHAOS_PORT_SHIFT = 240;
const MINUTES = Number(process.env.CHAOS_MINUTES || 10);
const RATE = Number(process.env.CHAOS_RATE || 15);
const PAUSE_MS = Number(process.env.CHAOS_PAUSE_MS || 3_000);
const BREAKER_OPEN_MS = 5_000;

const stack = shiftedStack('chaos', CHAOS_PORT_SHIFT);
const database = `chaos_${Date.now().toString(36)}`;
const say = (line: string) => process.stdout.write(`${line}\n`);

async function main() {
  if (process.env.CHAOS_CLIENT_ADDRESS) useClientAddress(process.env.CHAOS_CLIENT_ADDRESS);
  const apps = new Map<string, AppHandle>();
  let cleaning: Promise<void> | undefined;
  const cleanUp = () =>
    (cleaning ??= (async () => {
      await Promise.all([...apps.values()].map((handle) => handle.stop().catch(() => undefined)));
      if (process.env.CHAOS_KEEP_DATA === 'true') {
        say(`kept: database ${database} on port ${stack.infra.postgres.port}`);
      } else {
        await dropDatabase(stack, database).catch(() => undefined);
        if (process.env.CHAOS_KEEP_INFRA !== 'true') await stopInfra(stack).catch(() => undefined);
      }
    })());
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      say(`chaos: ${signal}, stopping its stack`);
      void cleanUp().finally(() => process.exit(130));
    });
  }
  const start = async (name: string) => {
    const handle = await startApp(name, PROFILE, chaosEnv(name, BREAKER_OPEN_MS), {
      stack,
      ...(name === 'gateway' ? {} : { database }),
    });
    apps.set(name, handle);
    await handle.waitReady();
    return handle;
  };
  say(
    `chaos: ${MINUTES} min of mixed load at ${RATE} req/s, a kill -9 every 30-60 s, NATS and PostgreSQL paused ` +
      `${PAUSE_MS} ms after each restart (ports +${CHAOS_PORT_SHIFT} above the test profile's)`,
  );
  // Keycloak is left out: nothing in the mix signs staff in.
  await startInfra(stack, () => undefined, ['keycloak']);
  await createDatabase(stack, database);
  let failed: boolean;
  try {
    await runMigrations(PROFILE, databaseUrl(stack, database), { stack });
    await Promise.all(CHAOS_SERVICES.map(start));
    await start('gateway');
    const report = await runChaos(
      { stack, databaseUrl: databaseUrl(stack, database), start, apps },
      {
        loadMs: MINUTES * 60_000,
        minGapMs: 30_000,
        maxGapMs: 60_000,
        quietMs: 20_000,
        pauseMs: PAUSE_MS,
        rate: RATE,
        maxInFlight: 48,
        readers: 8,
        killable: [...CHAOS_SERVICES, 'gateway'],
        cutOff: { service: 'comments', breakerOpenMs: BREAKER_OPEN_MS },
        say,
      },
    );
    const markdown = `# Chaos under load: ${MINUTES} min, ${new Date().toISOString()}\n\n${report.text}\n`;
    mkdirSync(stack.dataDir, { recursive: true });
    writeFileSync(join(stack.dataDir, 'report.md'), markdown);
    say('');
    say(markdown);
    say(`report: ${join(stack.dataDir, 'report.md')}`);
    failed = report.failures.length > 0;
  } finally {
    await cleanUp();
  }
  process.exit(failed ? 1 : 0);
}

main().catch((error: unknown) => {
  process.stderr.write(`chaos: ${(error as Error).stack ?? String(error)}\n`);
  process.exit(1);
});
