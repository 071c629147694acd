import { jest } from '@jest/globals';

/** The transaction a fake TransactionManager hands to the work: tests assert repositories received this very object. */
export const TX = Object.freeze({ fakeTransaction: true }) as never;

type Run = <T>(work: (tx: never) => Promise<T>) => Promise<T>;

/**
 * A TransactionManager double that runs the work at once with TX. `committed` and `rolledBack` count the units of
 * work that returned and that threw, so a test can tell that a failure undid everything.
 */
export function fakeTransactions() {
  const state = { committed: 0, rolledBack: 0 };
  const run = jest.fn(async (work: (tx: never) => Promise<unknown>) => {
    try {
      const result = await work(TX);
      state.committed += 1;
      return result;
    } catch (error) {
      state.rolledBack += 1;
      throw error;
    }
  }) as jest.Mock<(work: (tx: never) => Promise<unknown>) => Promise<unknown>> & Run;
  return Object.assign(state, { run });
}
