import { defineRoute } from '../http/route.js';
import { CaptchaChallenge } from './captcha.dto.js';

export const captchaChallengeRoute = defineRoute({
  operationId: 'getCaptchaChallenge',
  method: 'GET',
  path: '/api/captcha/challenge',
  tag: 'captcha',
  summary:
    'A fresh captcha challenge for the widget: an altcha proof of work (valid 5 minutes, answered once) or the ' +
    "hosted provider's site key. The widget's answer goes in the X-Captcha header of the route that asks for it.",
  response: CaptchaChallenge,
});
