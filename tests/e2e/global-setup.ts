// The whole platform for the browser tests: the test profile's servers, a freshly migrated database,
// every service, the gateway (serving the frontends at its origin, as `make dev` does) and the frontends.
import {
  createDatabase,
  dropDatabase,
  runMigrations,
  startApps,
  startInfra,
  stopApps,
} from '../../packages/devstack/src/index.ts';
import { adoptTestClientIdentity } from '../../packages/devstack/src/certs.ts';
import { startLogWatch } from '../support/log-hygiene.ts';
import { PROFILE, resetMessaging, stack } from '../support/stack.ts';

export default async function globalSetup() {
  // E2E_STACK=reuse: the platform a previous run left up (E2E_STACK=keep) serves this run as it is.
  // Its suites still call services over gRPC (mutual TLS): they present the test client's certificate, as startApps
  // would have given them.
  if (process.env.E2E_STACK === 'reuse') {
    adoptTestClientIdentity(stack);
    return;
  }
  await startInfra(PROFILE);
  await stopApps(stack);
  await dropDatabase(PROFILE, stack.infra.postgres.database);
  await createDatabase(PROFILE, stack.infra.postgres.database);
  await runMigrations(PROFILE);
  await resetMessaging();
  startLogWatch();
  await startApps(stack);
}
