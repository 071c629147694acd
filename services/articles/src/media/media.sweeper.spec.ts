import { describe, expect, it } from '@jest/globals';
import type { Clock, Logger, ObjectStore } from '@pencraft/kit';
import { fakeTransactions, strictMock, TX } from '@pencraft/testing';
import type { MediaRepository, SweptImage } from './media.repository.js';
import { MediaSweeper, SWEEP_BATCH } from './media.sweeper.js';

const NOW = new Date('2026-11-27T10:00:00Z');
const image = (n: number): SweptImage => ({ id: `id-${n}`, folder: `articles/u/${n}/` });

function setUp() {
  const media = strictMock<MediaRepository>('MediaRepository');
  const store = strictMock<ObjectStore>('ObjectStore');
  const log = strictMock<Logger>('Logger');
  const clock = strictMock<Clock>('Clock');
  clock.now.mockReturnValue(NOW);
  const transactions = fakeTransactions();
  const sweeper = new MediaSweeper(
    { MEDIA_SWEEP_INTERVAL_SECONDS: 60, MEDIA_SWEEP_GRACE_SECONDS: 86_400 },
    log,
    media,
    transactions as never,
    clock,
    store,
  );
  return { sweeper, media, store, log, transactions };
}

describe('MediaSweeper', () => {
  it('collects what is unreferenced and older than the grace period, batch by batch, then their folders', async () => {
    const { sweeper, media, store, log, transactions } = setUp();
    const full = Array.from({ length: SWEEP_BATCH }, (_, n) => image(n));
    media.lockUnreferenced.mockResolvedValueOnce(full).mockResolvedValueOnce([image(99)]);
    media.removeMany.mockResolvedValue(undefined);
    store.removePrefix.mockResolvedValue(9);
    log.info.mockReturnValue(undefined);

    expect(await sweeper.runOnce()).toBe(SWEEP_BATCH + 1);

    // The grace period counts back from now: only uploads before it are candidates.
    expect(media.lockUnreferenced).toHaveBeenCalledWith(TX, new Date('2026-11-26T10:00:00Z'), SWEEP_BATCH);
    expect(media.lockUnreferenced).toHaveBeenCalledTimes(2);
    expect(media.removeMany).toHaveBeenNthCalledWith(
      1,
      TX,
      full.map((row) => row.id),
    );
    expect(media.removeMany).toHaveBeenNthCalledWith(2, TX, ['id-99']);
    expect(transactions.committed).toBe(2);
    expect(store.removePrefix).toHaveBeenCalledTimes(SWEEP_BATCH + 1);
    expect(store.removePrefix).toHaveBeenLastCalledWith('articles/u/99/');
  });

  it('does nothing and says nothing when nothing is due', async () => {
    const { sweeper, media, store } = setUp();
    media.lockUnreferenced.mockResolvedValue([]);
    media.removeMany.mockResolvedValue(undefined);
    expect(await sweeper.runOnce()).toBe(0);
    expect(store.removePrefix).not.toHaveBeenCalled();
  });

  it('keeps the rows collected when the store fails, and logs only error codes (no key, no owner)', async () => {
    const { sweeper, media, store, log } = setUp();
    media.lockUnreferenced.mockResolvedValue([image(1), image(2)]);
    media.removeMany.mockResolvedValue(undefined);
    store.removePrefix.mockRejectedValueOnce(Object.assign(new Error('down'), { code: 'ECONNREFUSED' }));
    store.removePrefix.mockResolvedValueOnce(3);
    log.warn.mockReturnValue(undefined);
    log.info.mockReturnValue(undefined);
    expect(await sweeper.runOnce()).toBe(2);
    expect(log.warn).toHaveBeenCalledWith(
      { images: 1, codes: ['ECONNREFUSED'] },
      'objects of collected editor images left in the object store',
    );
  });
});
