// The benchmark's own stack: the test profile's layout with every port shifted once more and its own data and run
// dirs (.data/bench, .run/bench), so `make bench` runs beside `make dev` and the test suites without sharing a port.
// `make soak` runs another such stack (tests/soak: .data/soak, its own shift).
import { join } from 'node:path';
import { stackFor, type Stack } from '../../packages/devstack/src/index.ts';

/** How far above the test profile's ports the bench stack listens. */
const BENCH_PORT_SHIFT = 100;

/** Every number under a key that names a port, shifted; everything else copied (new port fields follow by name). */
function shiftPorts<T>(value: T, shift: number): T {
  if (Array.isArray(value)) return value.map((item: unknown) => shiftPorts(item, shift)) as T;
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [
      key,
      typeof item === 'number' && /port$/i.test(key) ? item + shift : shiftPorts(item, shift),
    ]),
  ) as T;
}

/** The test profile's layout, `shift` ports above it, with data in .data/<name> and pid files in .run/<name>. */
export function shiftedStack(name: string, shift: number): Stack {
  const test = stackFor('test');
  const runDir = join(test.root, '.run', name);
  return {
    ...shiftPorts(test, shift),
    dataDir: join(test.root, '.data', name),
    runDir,
    logDir: join(runDir, 'logs'),
  };
}

export function benchStack(): Stack {
  return shiftedStack('bench', BENCH_PORT_SHIFT);
}
