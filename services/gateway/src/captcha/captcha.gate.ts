import { AppError } from '@pencraft/errors';
import type { CaptchaVerifier } from './captcha.verifier.js';

/** The header carrying the widget's answer (bodies stay as they are, so handlers know nothing of the captcha). */
export const CAPTCHA_HEADER = 'x-captcha';
/** Recent sign-in failures of one account from which signing in to it needs a captcha. */
export const CAPTCHA_AFTER_FAILURES = 3;

/** When a route asks for a captcha: on every request, or on sign-in once its account has failed repeatedly. */
export type CaptchaRule = 'always' | 'after-failures';

export interface SignInFailures {
  recentFailures(login: string): Promise<number>;
}

export interface CaptchaRequest {
  /** The X-Captcha header as Node parsed it (an array when sent twice). */
  header: string | string[] | undefined;
  body: unknown;
  remoteIp: string;
}

/** Decides, for a route's rule, whether a request passes: no answer → CaptchaRequired, a wrong one → ChallengeFailed. */
export class CaptchaGate {
  constructor(
    private readonly verifier: CaptchaVerifier,
    private readonly failures: SignInFailures,
  ) {}

  async check(rule: CaptchaRule, request: CaptchaRequest): Promise<void> {
    if (rule === 'after-failures' && !(await this.accountFailedRepeatedly(request.body))) return;
    const { header } = request;
    if (header === undefined || header === '') throw new AppError('CaptchaRequired');
    if (typeof header !== 'string' || !(await this.verifier.verify(header, request.remoteIp))) {
      throw new AppError('ChallengeFailed');
    }
  }

  /** The sign-in body names the account; a body without a login is refused by validation right after. */
  private async accountFailedRepeatedly(body: unknown): Promise<boolean> {
    const login = (body as { login?: unknown } | null | undefined)?.login;
    if (typeof login !== 'string') return false;
    return (await this.failures.recentFailures(login)) >= CAPTCHA_AFTER_FAILURES;
  }
}
