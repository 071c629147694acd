import { AppError } from '@pencraft/errors';
import type { CaptchaVerifier } from './captcha.verifier.js';

/**
 * When a route asks for a captcha: on every request, or on sign-in once its account has failed repeatedly (the
 * sign-in throttle decides that as it reserves the attempt, atomically, and answers CaptchaRequired itself).
 */
export type CaptchaRule = 'always' | 'after-failures';

export interface CaptchaRequest {
  /** The X-Captcha header as Node parsed it (an array when sent twice). */
  header: string | string[] | undefined;
  remoteIp: string;
}

/**
 * Decides, for a route's rule, whether a request passes: no answer → CaptchaRequired ('always'; 'after-failures'
 * leaves that to the sign-in throttle), a wrong one → ChallengeFailed, so an answer a handler sees was verified.
 */
export class CaptchaGate {
  constructor(private readonly verifier: CaptchaVerifier) {}

  async check(rule: CaptchaRule, request: CaptchaRequest): Promise<void> {
    const { header } = request;
    if (header === undefined || header === '') {
      if (rule === 'always') throw new AppError('CaptchaRequired');
      return;
    }
    if (typeof header !== 'string' || !(await this.verifier.verify(header, request.remoteIp))) {
      throw new AppError('ChallengeFailed');
    }
  }
}
