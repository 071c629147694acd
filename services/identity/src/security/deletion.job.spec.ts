import { beforeEach, describe, expect, it } from '@jest/globals';
import { EVENTS } from '@pencraft/contracts/events';
import type { Clock, Logger, ObjectStore, Outbox } from '@pencraft/kit';
import { fakeTransactions, strictMock, TX, type StrictMock } from '@pencraft/testing';
import { DELETION_BATCH, DeletionJob } from './deletion.job.js';
import type { DeletionRepository } from './deletion.repository.js';

const NOW = new Date('2026-12-26T10:00:00Z');
const ids = (n: number, from = 0) =>
  Array.from({ length: n }, (_, i) => `00000000-0000-4000-8000-${String(from + i).padStart(12, '0')}`);

describe('DeletionJob', () => {
  let deletions: StrictMock<DeletionRepository>;
  let outbox: StrictMock<Outbox>;
  let transactions: ReturnType<typeof fakeTransactions>;
  let store: StrictMock<ObjectStore>;
  let log: StrictMock<Logger>;
  let job: DeletionJob;

  beforeEach(() => {
    deletions = strictMock<DeletionRepository>('DeletionRepository');
    outbox = strictMock<Outbox>('Outbox');
    transactions = fakeTransactions();
    const clock = strictMock<Clock>('Clock');
    clock.now.mockReturnValue(NOW);
    log = strictMock<Logger>('Logger');
    log.info.mockReturnValue(undefined);
    store = strictMock<ObjectStore>('ObjectStore');
    store.removePrefix.mockResolvedValue(1);
    job = new DeletionJob(
      { DELETION_JOB_INTERVAL_SECONDS: 60 },
      log,
      deletions,
      transactions as never,
      outbox,
      clock,
      store,
    );
    deletions.deleteUsers.mockResolvedValue(undefined);
    outbox.add.mockResolvedValue('event-id');
  });

  it('deletes the due accounts it locked and writes identity.user.deleted for each in the same transaction', async () => {
    const due = ids(2);
    deletions.lockDue.mockResolvedValueOnce(due);

    expect(await job.runOnce()).toBe(2);

    expect(deletions.lockDue).toHaveBeenCalledWith(TX, NOW, DELETION_BATCH);
    expect(deletions.deleteUsers).toHaveBeenCalledWith(TX, due);
    expect(outbox.add).toHaveBeenCalledTimes(2);
    const [tx, event] = outbox.add.mock.calls[0]!;
    expect(tx).toBe(TX);
    expect(event.subject).toBe(EVENTS.userDeleted.subject);
    expect(EVENTS.userDeleted.message.decode(event.payload)).toEqual({ uid: due[0], deletedAtMs: NOW.getTime() });
    expect(transactions.committed).toBe(1);
  });

  it('goes on batch after batch while batches come back full, then stops', async () => {
    deletions.lockDue.mockResolvedValueOnce(ids(DELETION_BATCH)).mockResolvedValueOnce(ids(3, DELETION_BATCH));
    expect(await job.runOnce()).toBe(DELETION_BATCH + 3);
    expect(deletions.lockDue).toHaveBeenCalledTimes(2);
    expect(transactions.committed).toBe(2);
  });

  it('does nothing when nothing is due (rows held by another replica are not handed out)', async () => {
    deletions.lockDue.mockResolvedValueOnce([]);
    expect(await job.runOnce()).toBe(0);
    expect(outbox.add).not.toHaveBeenCalled();
  });

  it('never writes the event when the deletion fails (both in one transaction)', async () => {
    deletions.lockDue.mockResolvedValueOnce(ids(1));
    deletions.deleteUsers.mockRejectedValueOnce(new Error('foreign key'));
    await expect(job.runOnce()).rejects.toThrow('foreign key');
    expect(outbox.add).not.toHaveBeenCalled();
    expect(transactions.rolledBack).toBe(1);
    expect(store.removePrefix).not.toHaveBeenCalled();
  });

  it("removes each deleted user's pictures (their whole folder) once the transaction has committed", async () => {
    const due = ids(2);
    deletions.lockDue.mockResolvedValueOnce(due);
    const committedAtRemoval: number[] = [];
    store.removePrefix.mockImplementation(async () => {
      committedAtRemoval.push(transactions.committed);
      return 2;
    });

    expect(await job.runOnce()).toBe(2);

    expect(store.removePrefix.mock.calls).toEqual([[`users/${due[0]}/`], [`users/${due[1]}/`]]);
    expect(committedAtRemoval).toEqual([1, 1]);
  });

  it('keeps the deletion when the store fails, goes on with the other users, and logs no uid', async () => {
    const due = ids(2);
    deletions.lockDue.mockResolvedValueOnce(due);
    store.removePrefix
      .mockRejectedValueOnce(Object.assign(new Error(`users/${due[0]}/avatar-a.jpg refused`), { code: 'AccessDenied' }))
      .mockResolvedValueOnce(1);
    log.warn.mockReturnValue(undefined);

    await expect(job.runOnce()).resolves.toBe(2);

    expect(transactions.committed).toBe(1);
    expect(transactions.rolledBack).toBe(0);
    expect(store.removePrefix).toHaveBeenCalledTimes(2);
    expect(log.warn).toHaveBeenCalledWith(
      { accounts: 1, codes: ['AccessDenied'] },
      'pictures of deleted accounts left in the object store',
    );
    expect(JSON.stringify(log.warn.mock.calls)).not.toContain(due[0]);
  });
});
