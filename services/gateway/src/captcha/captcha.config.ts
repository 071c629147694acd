import { z } from 'zod';

export const CAPTCHA_PROVIDERS = ['altcha', 'hcaptcha', 'turnstile'] as const;
export type CaptchaProvider = (typeof CAPTCHA_PROVIDERS)[number];

/** The gateway's captcha variables; which of them are required depends on the provider (checkCaptchaConfig). */
export const captchaConfigShape = {
  /** altcha: self-hosted proof of work; hcaptcha and turnstile: the provider's widget, verified over HTTPS. */
  CAPTCHA_PROVIDER: z.enum(CAPTCHA_PROVIDERS).default('altcha'),
  /** altcha: the key that signs challenges, so a solution cannot be forged or its difficulty lowered. */
  CAPTCHA_HMAC_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
  /**
   * altcha: the largest counter a challenge hides (the solver tries counters from 0 up to it, at random between a
   * tenth of it and it). 50,000 SHA-256 hashes take a browser well under a second.
   */
  CAPTCHA_MAX_NUMBER: z.coerce.number().int().min(1_000).max(10_000_000).default(50_000),
  /** hcaptcha, turnstile: the secret of the server-side verification call. */
  CAPTCHA_SECRET: z.string().min(1).optional(),
  /** hcaptcha, turnstile: the public site key the browser widget renders with. */
  CAPTCHA_SITE_KEY: z.string().min(1).optional(),
};

type CaptchaVariables = z.output<z.ZodObject<typeof captchaConfigShape>>;

/** A missing key of the chosen provider stops the process at boot, named like any missing variable. */
export function checkCaptchaConfig(config: CaptchaVariables, ctx: z.RefinementCtx) {
  const required: (keyof CaptchaVariables)[] =
    config.CAPTCHA_PROVIDER === 'altcha' ? ['CAPTCHA_HMAC_KEY'] : ['CAPTCHA_SECRET', 'CAPTCHA_SITE_KEY'];
  for (const name of required) {
    if (config[name] === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: [name],
        message: `is required with CAPTCHA_PROVIDER=${config.CAPTCHA_PROVIDER}`,
      });
    }
  }
}
