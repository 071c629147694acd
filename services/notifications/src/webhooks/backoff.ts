/** No retry waits longer than an hour. */
export const WEBHOOK_RETRY_CAP_MS = 60 * 60 * 1000;

/**
 * Exponential backoff with full jitter: after the n-th failed attempt (n ≥ 1) the next one waits a random time in
 * [0, min(cap, base · 2^(n-1))). `random` is in [0, 1) (Math.random; tests pass their own).
 */
export function retryDelayMs(
  failedAttempts: number,
  baseMs: number,
  random: () => number = Math.random,
  capMs: number = WEBHOOK_RETRY_CAP_MS,
): number {
  const exponent = Math.min(Math.max(failedAttempts, 1) - 1, 30);
  const ceiling = Math.min(capMs, baseMs * 2 ** exponent);
  return Math.floor(random() * ceiling);
}
