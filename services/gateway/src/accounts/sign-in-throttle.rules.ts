import { normalizeEmail } from '@pencraft/rules';
import { createHash } from 'node:crypto';

/** Sign-ins of one account from one client address allowed before that pair has to wait. */
export const FREE_FAILURES = 5;
const FIRST_DELAY_MS = 1_000;
/** The longest wait, so that someone failing on purpose cannot keep the owner out for long. */
export const MAX_DELAY_MS = 15 * 60_000;
/** Sign-ins of one account, from any address, after which signing in to it needs a captcha. */
export const CAPTCHA_AFTER_FAILURES = 3;
/** An account's failures are forgotten after a quiet hour. */
export const FAILURES_TTL_MS = 60 * 60_000;

/** How long one account and address wait after their nth failure in a row: 0, then 1 s doubling up to 15 minutes. */
export function backoffMs(failures: number): number {
  if (failures < FREE_FAILURES) return 0;
  return Math.min(MAX_DELAY_MS, FIRST_DELAY_MS * 2 ** Math.min(failures - FREE_FAILURES, 30));
}

/** backoffMs(1), backoffMs(2), … up to the first maximal wait, which also holds for every count after it. */
export function backoffTable(): number[] {
  const table: number[] = [];
  for (let n = 1; table.at(-1) !== MAX_DELAY_MS; n += 1) table.push(backoffMs(n));
  return table;
}

const digest = (text: string) => createHash('sha256').update(text).digest('base64url');

/**
 * The bucket of one account however its login was typed: the account's id when the login names one (its e-mail and
 * its username are one bucket), else the login as written, normalized (case, spaces), so an unknown login is
 * throttled just as a known one and tells nothing. Hashed, so no address or id sits in Redis.
 */
export function accountKey(uid: string, login: string): string {
  return `gw:signin:${digest(uid ? `u:${uid}` : `l:${normalizeEmail(login)}`)}`;
}

/** The field of one client address (as its rate limit groups it, IPv6 by /64) within an account's bucket. */
export function addressField(addressKey: string): string {
  return digest(addressKey).slice(0, 22);
}
