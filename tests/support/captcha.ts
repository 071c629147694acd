// The captcha for the suites: challenges of the gateway solved for real with altcha-lib (no bypass exists).
import { solveCaptcha } from '../../packages/devstack/src/captcha.ts';

export { solveCaptcha };

/** The X-Captcha header of one sign-up (or sign-in after failures) through the gateway at baseUrl. */
export async function captchaHeader(baseUrl: string): Promise<{ 'x-captcha': string }> {
  return { 'x-captcha': await solveCaptcha(baseUrl) };
}
