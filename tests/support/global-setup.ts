// Once per Jest run of the suites with real servers: the test profile's PostgreSQL, Redis and NATS are up, and a
// template database holds every service's migrations. With two workers (make test: --maxWorkers=2) the second
// worker's stack (slot 2: its own PostgreSQL, Redis and NATS; Keycloak, mailpit, the object store and stripe-mock
// shared) starts and migrates alongside. The global teardown checks this run's log lines.
import { copyFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import {
  createDatabase,
  dropDatabase,
  loadSecrets,
  runMigrations,
  startInfra,
  type InfraName,
} from '../../packages/devstack/src/index.ts';
import { INFRA } from '../../packages/devstack/src/infra.ts';
import { startLogWatch } from './log-hygiene.ts';
import { PROFILE, TEMPLATE_DB, databaseUrl, runStacks, type Stack } from './stack.ts';

/** What the slots share: the test profile's, started by slot 1. */
const SHARED: readonly InfraName[] = ['mailpit', 'versitygw', 'stripe', 'keycloak'];

export default async function globalSetup(globalConfig: { maxWorkers: number }) {
  const stacks = runStacks(globalConfig.maxWorkers);
  // One set of secrets: the shared Keycloak's clients and the services of every slot agree on them.
  loadSecrets(stacks[0]!);
  for (const slot of stacks.slice(1)) {
    mkdirSync(slot.dataDir, { recursive: true });
    copyFileSync(join(stacks[0]!.dataDir, 'secrets.json'), join(slot.dataDir, 'secrets.json'));
  }
  // Keycloak takes 35-60 s to start and no migration needs it: the templates are migrated meanwhile.
  const keycloak = startInfra(
    stacks[0]!,
    undefined,
    INFRA.filter((name) => name !== 'keycloak'),
  );
  await Promise.all([
    keycloak,
    ...stacks.map((s, i) => startInfra(s, undefined, i === 0 ? ['keycloak'] : SHARED).then(() => template(s))),
  ]);
  startLogWatch(stacks);
}

async function template(stack: Stack) {
  await dropDatabase(stack, TEMPLATE_DB);
  await createDatabase(stack, TEMPLATE_DB);
  await runMigrations(PROFILE, databaseUrl(stack, TEMPLATE_DB), { stack });
}
