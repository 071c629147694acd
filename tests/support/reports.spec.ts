import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { counts, failedPattern, summary } from './reports.ts';

const suite = (name: string, ...tests: string[]) => ({
  name: `/repo/tests/${name}`,
  status: tests.includes('failed') ? 'failed' : 'passed',
  assertionResults: tests.map((status) => ({ status })),
});

describe("make test's reading of Jest's reports", () => {
  it('counts a suite that failed without a failed test (its setup) as one failure', () => {
    expect(counts(suite('a.e2e.ts', 'passed', 'failed', 'failed'))).toEqual({ passed: 1, failed: 2 });
    expect(counts({ ...suite('b.e2e.ts', 'passed'), status: 'failed', testExecError: {} })).toEqual({
      passed: 1,
      failed: 1,
    });
  });

  it('names the failed suites for a second attempt, and none when nothing or too much failed', () => {
    const report = (n: number) => ({
      testResults: [
        suite('ok.int-spec.ts', 'passed'),
        ...Array.from({ length: n }, (_, i) => suite(`e2e/f${i}.e2e.ts`, 'failed')),
      ],
    });
    const pattern = failedPattern(report(2), '/repo', 3)!;
    expect(pattern).toBe('tests/e2e/f0\\.e2e\\.ts$|tests/e2e/f1\\.e2e\\.ts$');
    expect(new RegExp(pattern).test('/repo/tests/e2e/f1.e2e.ts')).toBe(true);
    expect(new RegExp(pattern).test('/repo/tests/ok.int-spec.ts')).toBe(false);
    expect(failedPattern(report(0), '/repo', 3)).toBeUndefined();
    expect(failedPattern(report(4), '/repo', 3)).toBeUndefined();
  });

  it('counts a suite run again as its second attempt did, and names it flaky only when that passed', () => {
    const dir = mkdtempSync(join(tmpdir(), 'reports-'));
    const write = (file: string, ...suites: ReturnType<typeof suite>[]) =>
      writeFileSync(join(dir, file), JSON.stringify({ testResults: suites }));
    write('e2e.json', suite('a.e2e.ts', 'passed', 'passed'), suite('b.e2e.ts', 'passed', 'failed', 'failed'));
    write('e2e.retry.json', suite('b.e2e.ts', 'passed', 'passed', 'passed'));
    write('integration.json', suite('c.int-spec.ts', 'failed'), suite('d.int-spec.ts', 'passed'));
    write('integration.retry.json', suite('c.int-spec.ts', 'failed'));
    write('unit.json', suite('e.spec.ts', 'passed'));
    expect(summary(dir)).toEqual({ passed: 2 + 3 + 1 + 1, failed: 1, flaky: ['/repo/tests/b.e2e.ts'] });
  });
});
