import { ApiError } from '@pencraft/ui';

/** The server's resend cooldown (identity's VerificationCodeService): the button waits as long. */
export const RESEND_COOLDOWN_SECONDS = 60;

/** Codes sent by mail or SMS have six digits (SPEC.md section 9). */
export function isCode(value: string): boolean {
  return /^\d{6}$/.test(value);
}

/** Seconds to wait before trying again, when the server said so (Flood, TooManyRequests with Retry-After). */
export function waitFrom(error: unknown): number | undefined {
  if (!(error instanceof ApiError)) return undefined;
  if (error.retryAfter !== undefined && error.retryAfter > 0) return error.retryAfter;
  return error.code === 'Flood' ? RESEND_COOLDOWN_SECONDS : undefined;
}
