import type { CaptchaProvider } from './captcha.config.js';

/** What the browser widget needs: an altcha challenge to solve, or the site key of a hosted provider's widget. */
export type CaptchaChallenge =
  | { provider: 'altcha'; parameters: Record<string, unknown>; signature: string }
  | { provider: Exclude<CaptchaProvider, 'altcha'>; siteKey: string };

/** One captcha provider: hands the widget its challenge and checks what the widget answered (the X-Captcha header). */
export interface CaptchaVerifier {
  readonly provider: CaptchaProvider;
  challenge(): Promise<CaptchaChallenge>;
  /** True only for a valid, unexpired answer seen for the first time. */
  verify(payload: string, remoteIp: string): Promise<boolean>;
}

export const CAPTCHA_VERIFIER = Symbol('CaptchaVerifier');
