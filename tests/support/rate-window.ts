/**
 * The gateway counts its per-minute budgets in fixed windows (the UTC minute: `services/gateway/src/http/rate-limit.ts`),
 * so a test that spends a whole budget and expects the next request refused fails if its requests straddle the
 * minute's end: the count starts again. This waits, when needed, for a new minute, so at least `seconds` of the
 * window are left before the test starts spending (the gateway reads the same clock: one machine).
 */
export async function freshRateWindow(seconds: number, now: () => number = Date.now): Promise<void> {
  const left = 60_000 - (now() % 60_000);
  if (left >= seconds * 1000) return;
  await new Promise((resolve) => setTimeout(resolve, left + 50));
}
