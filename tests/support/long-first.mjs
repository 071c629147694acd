// Jest's order of the test files (failed last time first, then the longest by the timings of the last run, then the
// largest) with one hint for a run without timings (a clean clone): the suites known to take a minute or more start
// first, so neither of the two integration workers is left with one of them at the end while the other idles.
import TestSequencer from '@jest/test-sequencer';

/** The CommonJS module's default export, as Node's ESM sees it. */
const Sequencer = TestSequencer.default ?? TestSequencer;

const LONG = [
  '/tests/integration/gateway-fuzz.int-spec.ts',
  '/tests/chaos/',
  '/tests/security/',
  '/tests/integration/donations.int-spec.ts',
  '/tests/integration/security.int-spec.ts',
  '/tests/integration/editor-media.int-spec.ts',
];

class LongFirst extends Sequencer {
  sort(tests) {
    const sorted = super.sort(tests);
    const hinted = (test) => this.time(test) === undefined && LONG.some((part) => test.path.includes(part));
    return [...sorted.filter(hinted), ...sorted.filter((test) => !hinted(test))];
  }
}

export default LongFirst;
