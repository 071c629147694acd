import { createChallenge, randomInt, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { createHmac } from 'node:crypto';
import { z } from 'zod';
import type { CaptchaChallenge, CaptchaVerifier } from './captcha.verifier.js';

/** SHA-256 rounds, the algorithm every browser runs natively (the widget bundles its worker). */
const ALGORITHM = 'SHA-256';
/** Long enough to fill a form after the widget solved it, short enough that a stock of solutions goes stale. */
export const CHALLENGE_TTL_SECONDS = 5 * 60;
/** Far larger than any payload the widget sends; a bigger header is refused unread. */
const MAX_PAYLOAD_LENGTH = 4_096;

const Payload = z.object({
  challenge: z.object({
    // Loose: every signed parameter must come back as it was, or the signature check fails.
    parameters: z.looseObject({
      algorithm: z.string(),
      nonce: z.string(),
      salt: z.string(),
      cost: z.number(),
      keyLength: z.number(),
      keyPrefix: z.string(),
      keySignature: z.string().optional(),
      expiresAt: z.number(),
    }),
    signature: z.string(),
  }),
  solution: z.object({ counter: z.number(), derivedKey: z.string() }),
});

/** Remembers the challenges already answered until they expire (a shared store: every replica refuses a replay). */
export interface UsedChallenges {
  /** False when the id was already claimed. */
  claim(id: string, ttlSeconds: number): Promise<boolean>;
}

export interface AltchaOptions {
  hmacKey: string;
  maxNumber: number;
  now?: () => number;
}

/**
 * altcha, self-hosted: the gateway signs a challenge hiding a random counter, the browser finds the counter by
 * brute force, and the gateway checks the signed parameters and the key derived from the counter (the derived
 * key's own signature makes the check one HMAC). Each challenge is accepted once.
 */
export class AltchaVerifier implements CaptchaVerifier {
  readonly provider = 'altcha' as const;
  private readonly keySignatureSecret: string;
  private readonly now: () => number;

  constructor(
    private readonly options: AltchaOptions,
    private readonly used: UsedChallenges,
  ) {
    // A second secret for the derived keys, from the same key, so one variable configures both.
    this.keySignatureSecret = createHmac('sha256', options.hmacKey).update('altcha-key-signature').digest('hex');
    this.now = options.now ?? Date.now;
  }

  async challenge(): Promise<CaptchaChallenge> {
    const challenge = await createChallenge({
      algorithm: ALGORITHM,
      cost: 1,
      counter: randomInt(this.options.maxNumber, Math.ceil(this.options.maxNumber / 10)),
      deriveKey,
      expiresAt: Math.floor(this.now() / 1000) + CHALLENGE_TTL_SECONDS,
      hmacSignatureSecret: this.options.hmacKey,
      hmacKeySignatureSecret: this.keySignatureSecret,
    });
    return { provider: 'altcha', parameters: { ...challenge.parameters }, signature: challenge.signature! };
  }

  async verify(payload: string): Promise<boolean> {
    const parsed = payload.length <= MAX_PAYLOAD_LENGTH ? parse(payload) : undefined;
    if (!parsed) return false;
    const { challenge, solution } = parsed;
    const secondsLeft = challenge.parameters.expiresAt - Math.floor(this.now() / 1000);
    if (secondsLeft <= 0) return false;
    let verified: boolean;
    try {
      const result = await verifySolution({
        challenge,
        solution,
        deriveKey,
        hmacSignatureSecret: this.options.hmacKey,
        hmacKeySignatureSecret: this.keySignatureSecret,
      });
      verified = result.verified;
    } catch {
      // Parameters that are not ours (bad hex, unknown algorithm) make the library throw: simply not solved.
      verified = false;
    }
    // Claimed only once verified, so unsolved payloads cannot fill the store; the nonce is covered by the signature.
    return verified && this.used.claim(challenge.parameters.nonce, secondsLeft);
  }
}

function parse(payload: string): z.infer<typeof Payload> | undefined {
  try {
    const result = Payload.safeParse(JSON.parse(Buffer.from(payload, 'base64').toString('utf8')));
    return result.success ? result.data : undefined;
  } catch {
    return undefined;
  }
}
