import { describe, expect, it } from '@jest/globals';
import { retryDelayMs, WEBHOOK_RETRY_CAP_MS } from './backoff.js';

describe('retryDelayMs (exponential backoff, full jitter)', () => {
  it('waits up to base · 2^(n-1) after the n-th failure: 0 with the lowest draw, just under the ceiling with the highest', () => {
    for (let attempt = 1; attempt <= 8; attempt += 1) {
      const ceiling = 5_000 * 2 ** (attempt - 1);
      expect(retryDelayMs(attempt, 5_000, () => 0)).toBe(0);
      expect(retryDelayMs(attempt, 5_000, () => 0.999999)).toBe(Math.floor(0.999999 * ceiling));
      expect(retryDelayMs(attempt, 5_000, () => 0.5)).toBe(ceiling / 2);
    }
  });

  it('never waits longer than an hour, however many attempts failed', () => {
    expect(retryDelayMs(30, 5_000, () => 0.999999)).toBeLessThan(WEBHOOK_RETRY_CAP_MS);
    expect(retryDelayMs(1_000, 5_000, () => 0.5)).toBe(WEBHOOK_RETRY_CAP_MS / 2);
  });

  it('stays within its bounds for random draws (full jitter: anywhere in [0, ceiling))', () => {
    for (let i = 0; i < 1_000; i += 1) {
      const attempt = 1 + (i % 10);
      const delay = retryDelayMs(attempt, 200);
      expect(delay).toBeGreaterThanOrEqual(0);
      expect(delay).toBeLessThan(Math.min(WEBHOOK_RETRY_CAP_MS, 200 * 2 ** (attempt - 1)));
      expect(Number.isInteger(delay)).toBe(true);
    }
  });

  it('treats a count below one as the first failure', () => {
    expect(retryDelayMs(0, 1_000, () => 0.5)).toBe(500);
  });
});
