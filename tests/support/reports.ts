// make test's reading of Jest's JSON reports (tests/run.sh).
//
//   node tests/support/reports.ts failed <report.json> <max>
//     prints a --testPathPatterns expression matching the suites that failed in the report, when 1 to <max> of them
//     failed (a second attempt of a few suites); prints nothing when none failed or when more did (a real break).
//   node tests/support/reports.ts summary <dir>
//     sums every report of <dir> into "<passed> <failed>". A suite that failed in X.json and ran again in
//     X.retry.json counts as its second attempt did, and is named in <dir>/flaky (one per line) when that passed.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';

interface SuiteResult {
  name: string;
  status: string;
  testExecError?: unknown;
  assertionResults: { status: string }[];
}

interface Report {
  testResults: SuiteResult[];
}

const read = (path: string): Report => JSON.parse(readFileSync(path, 'utf8')) as Report;

/** A suite's passed and failed tests; a suite that failed without a failed test (its setup or its file) counts one. */
export function counts(suite: SuiteResult): { passed: number; failed: number } {
  const passed = suite.assertionResults.filter((test) => test.status === 'passed').length;
  const failed = suite.assertionResults.filter((test) => test.status === 'failed').length;
  return { passed, failed: failed === 0 && suite.status === 'failed' ? 1 : failed };
}

/** The pattern of the failed suites' paths (relative to `root`, anchored at their end); undefined for none or too many. */
export function failedPattern(report: Report, root: string, max: number): string | undefined {
  const failed = report.testResults.filter((suite) => suite.status === 'failed');
  if (failed.length === 0 || failed.length > max) return undefined;
  return failed.map((suite) => `${relative(root, suite.name).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`).join('|');
}

/** Every report of `dir` (X.retry.json replacing X.json's results for the suites it ran again). */
export function summary(dir: string): { passed: number; failed: number; flaky: string[] } {
  let passed = 0;
  let failed = 0;
  const flaky: string[] = [];
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.json') && !f.endsWith('.retry.json'))) {
    const retryFile = join(dir, file.replace(/\.json$/, '.retry.json'));
    const second = new Map(
      existsSync(retryFile) ? read(retryFile).testResults.map((suite) => [suite.name, suite] as const) : [],
    );
    for (const suite of read(join(dir, file)).testResults) {
      const again = suite.status === 'failed' ? second.get(suite.name) : undefined;
      const counted = counts(again ?? suite);
      if (again && counted.failed === 0) flaky.push(suite.name);
      passed += counted.passed;
      failed += counted.failed;
    }
  }
  return { passed, failed, flaky };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [command, path, max] = process.argv.slice(2);
  if (command === 'failed' && path && existsSync(path)) {
    const pattern = failedPattern(read(path), process.cwd(), Number(max ?? 3));
    if (pattern) console.log(pattern);
  } else if (command === 'summary' && path) {
    const result = summary(path);
    writeFileSync(join(path, 'flaky'), result.flaky.map((name) => `${relative(process.cwd(), name)}\n`).join(''));
    console.log(`${result.passed} ${result.failed}`);
  } else if (command !== 'failed') {
    console.error('usage: reports.ts failed <report.json> <max> | summary <dir>');
    process.exit(2);
  }
}
