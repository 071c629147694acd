import { stopApps } from '../../packages/devstack/src/index.ts';
import { assertCleanLogs } from '../support/log-hygiene.ts';
import { stack } from '../support/stack.ts';

/**
 * Stops the platform (unless E2E_STACK=keep or E2E_KEEP=1: a later run reuses it), then fails the run if any log line of it holds a
 * password, e-mail, hash or session token.
 */
export default async function globalTeardown() {
  if (process.env.E2E_STACK !== 'keep' && process.env.E2E_KEEP !== '1') await stopApps(stack);
  assertCleanLogs();
}
