// The captcha for the suites: challenges of the gateway solved for real with altcha-lib (no bypass exists).
import { solveCaptcha as solveWith } from '../../packages/devstack/src/captcha.ts';
import { suiteFetch } from './client-address.ts';

/** A solved challenge of the gateway at baseUrl, fetched from the suite's own address (client-address.ts). */
export function solveCaptcha(baseUrl: string): Promise<string> {
  return solveWith(baseUrl, suiteFetch);
}

/** The X-Captcha header of one sign-up (or sign-in after failures) through the gateway at baseUrl. */
export async function captchaHeader(baseUrl: string): Promise<{ 'x-captcha': string }> {
  return { 'x-captcha': await solveCaptcha(baseUrl) };
}
