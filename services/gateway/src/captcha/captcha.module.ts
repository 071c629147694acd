import { Module } from '@nestjs/common';
import { CONFIG, LOGGER, REDIS, type Logger, type RedisClient } from '@pencraft/kit';
import type { GatewayConfig } from '../config.js';
import { CaptchaController } from './captcha.controller.js';
import { captchaVerifier } from './captcha.providers.js';
import { CAPTCHA_VERIFIER } from './captcha.verifier.js';

/** Captcha: the challenge endpoint and the provider CAPTCHA_PROVIDER names (the protections check routes with it). */
@Module({
  controllers: [CaptchaController],
  providers: [
    {
      provide: CAPTCHA_VERIFIER,
      inject: [CONFIG, REDIS, LOGGER],
      useFactory: (config: GatewayConfig, redis: RedisClient, log: Logger) => captchaVerifier(config, redis, log),
    },
  ],
  exports: [CAPTCHA_VERIFIER],
})
export class CaptchaModule {}
