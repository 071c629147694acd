import { z } from 'zod';

/** The altcha challenge exactly as the widget reads it (the parameters are signed: they travel back unchanged). */
const AltchaChallenge = z
  .object({
    provider: z.literal('altcha'),
    parameters: z
      .object({
        algorithm: z.string(),
        nonce: z.string(),
        salt: z.string(),
        cost: z.number().int(),
        keyLength: z.number().int(),
        keyPrefix: z.string(),
        keySignature: z.string().optional(),
        expiresAt: z.number().int(),
      })
      .meta({ description: 'Signed proof-of-work parameters (altcha v2); solved by the altcha widget' }),
    signature: z.string(),
  })
  .meta({ id: 'AltchaChallenge' });

const HostedCaptcha = z
  .object({
    provider: z.enum(['hcaptcha', 'turnstile']),
    siteKey: z.string().meta({ description: "The provider widget's public site key" }),
  })
  .meta({ id: 'HostedCaptcha' });

export const CaptchaChallenge = z
  .discriminatedUnion('provider', [AltchaChallenge, HostedCaptcha])
  .meta({ id: 'CaptchaChallenge' });
