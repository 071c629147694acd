import { stopApps } from '../../packages/devstack/src/index.ts';
import { assertCleanLogs } from '../support/log-hygiene.ts';
import { stack } from '../support/stack.ts';

/** Stops the platform, then fails the run if any log line of it holds a password, e-mail, hash or session token. */
export default async function globalTeardown() {
  await stopApps(stack);
  assertCleanLogs();
}
