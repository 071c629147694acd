import { Controller, Inject } from '@nestjs/common';
import { Route } from '../http/route.js';
import { captchaChallengeRoute } from './captcha.routes.js';
import { CAPTCHA_VERIFIER, type CaptchaVerifier } from './captcha.verifier.js';

@Controller()
export class CaptchaController {
  constructor(@Inject(CAPTCHA_VERIFIER) private readonly verifier: CaptchaVerifier) {}

  @Route(captchaChallengeRoute)
  challenge() {
    return this.verifier.challenge();
  }
}
