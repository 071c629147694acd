import { AppError } from '@pencraft/errors';
import type { Logger } from '@pencraft/kit';
import type { CaptchaChallenge, CaptchaVerifier } from './captcha.verifier.js';

/** The server-side verification endpoints; both take the same form fields and answer { success }. */
export const SITEVERIFY_URLS = {
  hcaptcha: 'https://api.hcaptcha.com/siteverify',
  turnstile: 'https://challenges.cloudflare.com/turnstile/v0/siteverify',
} as const;

const TIMEOUT_MS = 5_000;
/** The providers' tokens are a few kilobytes at most. */
const MAX_PAYLOAD_LENGTH = 8_192;

export interface SiteVerifyOptions {
  provider: keyof typeof SITEVERIFY_URLS;
  secret: string;
  siteKey: string;
}

/**
 * hCaptcha or Cloudflare Turnstile: the provider's widget gives the browser a token, and the gateway asks the
 * provider whether it is valid (the provider refuses a token it has already seen, so a replay fails there).
 */
export class SiteVerifyVerifier implements CaptchaVerifier {
  readonly provider: SiteVerifyOptions['provider'];

  constructor(
    private readonly options: SiteVerifyOptions,
    private readonly log: Pick<Logger, 'warn'>,
    private readonly fetchImpl: typeof fetch = fetch,
  ) {
    this.provider = options.provider;
  }

  async challenge(): Promise<CaptchaChallenge> {
    return { provider: this.options.provider, siteKey: this.options.siteKey };
  }

  async verify(payload: string, remoteIp: string): Promise<boolean> {
    if (payload.length > MAX_PAYLOAD_LENGTH) return false;
    const form = new URLSearchParams({ secret: this.options.secret, response: payload, remoteip: remoteIp });
    // hCaptcha checks that the token was issued for this site when the site key is sent.
    if (this.options.provider === 'hcaptcha') form.set('sitekey', this.options.siteKey);
    let answer: unknown;
    try {
      const response = await this.fetchImpl(SITEVERIFY_URLS[this.options.provider], {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: form.toString(),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      if (!response.ok) throw new Error(`siteverify answered ${response.status}`);
      answer = await response.json();
    } catch (error) {
      // The provider being away is not the visitor's failure: try again later, rather than "you failed the check".
      this.log.warn({ err: error, provider: this.provider }, 'captcha verification unavailable');
      throw new AppError('NetworkError', { cause: error });
    }
    return (answer as { success?: unknown } | null)?.success === true;
  }
}
