// Once per Jest run of the suites with real servers: the test profile's PostgreSQL, Redis and NATS are up,
// and a template database holds every service's migrations. The global teardown checks this run's log lines.
import { createDatabase, dropDatabase, runMigrations, startInfra } from '../../packages/devstack/src/index.ts';
import { startLogWatch } from './log-hygiene.ts';
import { PROFILE, stack, TEMPLATE_DB, databaseUrl } from './stack.ts';

export default async function globalSetup() {
  await startInfra(PROFILE);
  await dropDatabase(PROFILE, TEMPLATE_DB);
  await createDatabase(PROFILE, TEMPLATE_DB);
  await runMigrations(PROFILE, databaseUrl(stack, TEMPLATE_DB));
  startLogWatch();
}
