import { appendFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startBindingRetried } from './infra.ts';
import { stackFor } from './registry.ts';

// A server whose port was held for a moment by an outgoing connection (the test stacks' ports lie in Linux's
// ephemeral range) is started again; any other failure is not.
describe('startBindingRetried', () => {
  const stack = stackFor('test');
  let dir: string;
  let log: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'pencraft-infra-start-'));
    log = join(dir, 'postgres.log');
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  /** A start that fails, writing `line` to its log, `failures` times, then answers pid 4242. */
  const flaky = (failures: number, line: string) => {
    let calls = 0;
    return {
      calls: () => calls,
      start: async (_stack: unknown, file: string) => {
        calls += 1;
        if (calls > failures) return 4242;
        appendFileSync(file, `${line}\npg_ctl: could not start server\n`);
        throw new Error('exit 1');
      },
    };
  };

  it('starts again when the port was in use, until it binds', async () => {
    const component = flaky(2, 'LOG:  could not bind IPv4 address "127.0.0.1": Address already in use');
    expect(await startBindingRetried(stack, component, log, 1)).toBe(4242);
    expect(component.calls()).toBe(3);
  });

  it('gives up after four tries', async () => {
    const component = flaky(10, 'LOG:  could not bind IPv4 address "127.0.0.1": Address already in use');
    await expect(startBindingRetried(stack, component, log, 1)).rejects.toThrow('exit 1');
    expect(component.calls()).toBe(4);
  });

  it('does not start again for any other failure', async () => {
    const component = flaky(1, 'FATAL:  data directory "/x" has invalid permissions');
    await expect(startBindingRetried(stack, component, log, 1)).rejects.toThrow('exit 1');
    expect(component.calls()).toBe(1);
  });
});
