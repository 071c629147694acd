// Integration suites only (jest.config.js setupFiles): each Jest worker runs its suites on a stack of its own, worker N
// on slot N (see testSlotStack in packages/devstack/src/registry.ts), so stackFor('test') and everything built on it
// (tests/support/stack.ts, startApp, envFor) answer with the worker's ports, data and logs. One worker (--runInBand,
// or a single suite) is slot 1: the test profile itself.
process.env.PENCRAFT_TEST_SLOT = process.env.JEST_WORKER_ID ?? '1';
