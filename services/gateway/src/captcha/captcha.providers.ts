import type { Logger, RedisClient } from '@pencraft/kit';
import type { GatewayConfig } from '../config.js';
import { AltchaVerifier, type UsedChallenges } from './altcha.verifier.js';
import type { CaptchaVerifier } from './captcha.verifier.js';
import { SiteVerifyVerifier } from './siteverify.verifier.js';

/** Answered altcha challenges in Redis, under their nonce (covered by the signature), until the challenge expires. */
export class RedisUsedChallenges implements UsedChallenges {
  constructor(private readonly redis: Pick<RedisClient, 'set'>) {}

  async claim(id: string, ttlSeconds: number): Promise<boolean> {
    const set = await this.redis.set(`gw:captcha:used:${id}`, '1', {
      condition: 'NX',
      expiration: { type: 'EX', value: Math.max(1, Math.ceil(ttlSeconds)) },
    });
    return set === 'OK';
  }
}

/** The verifier CAPTCHA_PROVIDER names (the config schema has already required its keys). */
export function captchaVerifier(config: GatewayConfig, redis: RedisClient, log: Logger): CaptchaVerifier {
  if (config.CAPTCHA_PROVIDER === 'altcha') {
    return new AltchaVerifier(
      { hmacKey: config.CAPTCHA_HMAC_KEY!, maxNumber: config.CAPTCHA_MAX_NUMBER },
      new RedisUsedChallenges(redis),
    );
  }
  return new SiteVerifyVerifier(
    { provider: config.CAPTCHA_PROVIDER, secret: config.CAPTCHA_SECRET!, siteKey: config.CAPTCHA_SITE_KEY! },
    log,
  );
}
