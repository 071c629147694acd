// Once per Jest run of the suites with real servers: no log line of the run holds a password, an e-mail address,
// a password hash or a session token (see log-hygiene.ts).
import { assertCleanLogs } from './log-hygiene.ts';

export default function globalTeardown() {
  assertCleanLogs();
}
