// Once per Jest run of the suites with real servers: no log line of the run holds a password, an e-mail address,
// a password hash or a session token (see log-hygiene.ts), in any worker's logs. The second worker's own PostgreSQL,
// Redis and NATS stop (the test profile's stay up for the e2e stage).
import { stopInfra } from '../../packages/devstack/src/index.ts';
import { assertCleanLogs } from './log-hygiene.ts';
import { runStacks } from './stack.ts';

export default async function globalTeardown(globalConfig: { maxWorkers: number }) {
  const stacks = runStacks(globalConfig.maxWorkers);
  for (const slot of stacks.slice(1)) await stopInfra(slot);
  assertCleanLogs(stacks);
}
