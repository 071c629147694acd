// Solves the gateway's altcha captcha as the browser widget does (the same proof of work, for real), for the seed
// and the test suites: there is no bypass, so scripted sign-ups pay the same cost as a person's browser.
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';

type Challenge = Parameters<typeof solveChallenge>[0]['challenge'];

/** The X-Captcha value for a challenge of GET /api/captcha/challenge: base64 JSON of the challenge and solution. */
export async function solveCaptchaChallenge(answer: unknown): Promise<string> {
  const { provider, parameters, signature } = answer as { provider?: string } & Partial<Challenge>;
  if (provider !== 'altcha' || !parameters || !signature) {
    throw new Error(`the gateway's captcha is ${provider ?? 'unknown'}: only altcha can be solved by a script`);
  }
  const challenge: Challenge = { parameters, signature };
  const solution = await solveChallenge({ challenge, deriveKey, timeout: 30_000 });
  if (!solution) throw new Error('the captcha challenge was not solved within 30 s');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

/** Fetches a fresh challenge from the gateway at baseUrl and solves it. */
export async function solveCaptcha(baseUrl: string, fetchImpl: typeof fetch = fetch): Promise<string> {
  const response = await fetchImpl(new URL('/api/captcha/challenge', baseUrl), {
    headers: { accept: 'application/json' },
  });
  if (!response.ok) throw new Error(`GET /api/captcha/challenge → ${response.status}`);
  return solveCaptchaChallenge(await response.json());
}
