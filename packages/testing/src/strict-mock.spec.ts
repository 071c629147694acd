import { describe, expect, it } from '@jest/globals';
import { fakeTransactions, strictMock, TX } from './index.js';

interface Repository {
  find(id: string): Promise<string | undefined>;
  save(value: string): Promise<void>;
}

describe('strictMock', () => {
  it('fails on a call that was not stubbed, naming it', () => {
    const repository = strictMock<Repository>('Repository');
    expect(() => repository.save('x')).toThrow('Repository.save was called but not stubbed (arguments: ["x"])');
  });

  it('answers what a test stubbed and records the calls', async () => {
    const repository = strictMock<Repository>('Repository');
    repository.find.mockResolvedValue('found');
    await expect(repository.find('1')).resolves.toBe('found');
    expect(repository.find).toHaveBeenCalledWith('1');
  });

  it('is not mistaken for a promise', async () => {
    const repository = strictMock<Repository>('Repository');
    await expect(Promise.resolve(repository)).resolves.toBe(repository);
  });
});

describe('fakeTransactions', () => {
  it('hands TX to the work and counts commits and rollbacks', async () => {
    const transactions = fakeTransactions();
    await expect(transactions.run(async (tx) => tx)).resolves.toBe(TX);
    await expect(
      transactions.run(async () => {
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(transactions).toMatchObject({ committed: 1, rolledBack: 1 });
  });
});
