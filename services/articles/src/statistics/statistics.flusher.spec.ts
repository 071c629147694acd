import { describe, expect, it, jest } from '@jest/globals';
import type { Logger } from '@pencraft/kit';
import { strictMock } from '@pencraft/testing';
import { StatisticsFlusher } from './statistics.flusher.js';
import type { StatisticsService } from './statistics.service.js';

const log = { warn: jest.fn() } as unknown as Logger;

describe('StatisticsFlusher', () => {
  it('runs one flush at a time and flushes once more at shutdown, after the running one', async () => {
    const statistics = strictMock<StatisticsService>('StatisticsService');
    let release!: () => void;
    statistics.flush
      .mockImplementationOnce(() => new Promise((resolve) => (release = () => resolve({ applied: 1, skipped: 0 }))))
      .mockResolvedValue({ applied: 0, skipped: 0 });
    const flusher = new StatisticsFlusher(statistics, { STATISTICS_FLUSH_INTERVAL_MS: 60_000 }, log);
    flusher.onApplicationBootstrap();

    const first = flusher.flush();
    const overlapping = flusher.flush();
    expect(overlapping).toBe(first);
    const stopping = flusher.beforeApplicationShutdown();
    release();
    await stopping;
    expect(statistics.flush).toHaveBeenCalledTimes(2);
  });

  it('keeps going when a flush fails (the batch stays claimed in Redis for the next one)', async () => {
    const statistics = strictMock<StatisticsService>('StatisticsService');
    statistics.flush.mockRejectedValue(new Error('database down'));
    const flusher = new StatisticsFlusher(statistics, { STATISTICS_FLUSH_INTERVAL_MS: 60_000 }, log);
    await expect(flusher.flush()).resolves.toBeUndefined();
    expect(log.warn).toHaveBeenCalledTimes(1);
    await flusher.beforeApplicationShutdown();
  });
});
