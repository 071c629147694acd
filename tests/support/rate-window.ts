/**
 * The platform counts its rate budgets in fixed windows (the gateway's per-minute limits in UTC minutes,
 * `services/gateway/src/http/rate-limit.ts`; the editor's image uploads in windows of ten minutes), so a test that
 * spends a whole budget and expects the next request refused fails if its requests straddle a window's end: the
 * count starts again. This waits, when needed, for the next window, so at least `seconds` of it are left before the
 * test starts spending (the servers read the same clock: one machine).
 */
export async function freshRateWindow(seconds: number, windowMs = 60_000): Promise<void> {
  const left = windowMs - (Date.now() % windowMs);
  if (left >= seconds * 1000) return;
  await new Promise((resolve) => setTimeout(resolve, left + 50));
}
