// The captcha through the gateway on real servers (identity behind it, Redis for used challenges and sign-in
// failures): sign-up needs a solved altcha challenge, each is accepted once, expired or foreign ones are refused,
// and sign-in asks for one from the third failure of an account.
import { createChallenge, solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { createHmac } from 'node:crypto';
import type { AppHandle } from '../../packages/devstack/src/index.ts';
import { captchaHeader, solveCaptcha } from '../support/captcha.ts';
import { DocumentedClient as ApiClient } from './gateway-openapi.ts';
import { freshDatabase, httpBase, resetMessaging, startService, type TestDatabase } from '../support/stack.ts';

/** The gateway of this suite signs with a key the suite knows, so it can forge an expired but well-signed challenge. */
const HMAC_KEY = 'captcha-suite-hmac-key-0123456789abcdef';
const PASSWORD = 'pass-word-42';

interface ErrorBody {
  error: { code: string; message: string };
}

let db: TestDatabase;
const apps: AppHandle[] = [];
let base: string;
let seq = 0;

beforeAll(async () => {
  await resetMessaging();
  db = await freshDatabase('captcha');
  apps.push(await startService('identity', db.name));
  apps.push(await startService('gateway', db.name, { CAPTCHA_HMAC_KEY: HMAC_KEY, EDGE_ROUTES: '' }));
  base = httpBase('gateway');
});

afterAll(async () => {
  await Promise.all(apps.map((app) => app.stop()));
  await db?.drop();
});

function newUser() {
  seq += 1;
  return {
    email: `captcha${seq}@example.az`,
    username: `captcha_user_${seq}`,
    fullname: `Captcha User ${seq}`,
    password: PASSWORD,
    acceptTerms: true,
    acceptPrivacy: true,
  };
}

const register = (headers: Record<string, string> = {}, user = newUser()) =>
  new ApiClient(base).post<ErrorBody>('/api/id/register', user, headers);

/** A challenge signed with the gateway's key, as the gateway would make it, but with the expiry given. */
async function signedPayload(expiresAt: number, key = HMAC_KEY) {
  const challenge = await createChallenge({
    algorithm: 'SHA-256',
    cost: 1,
    counter: 1_000,
    deriveKey,
    expiresAt,
    hmacSignatureSecret: key,
    hmacKeySignatureSecret: createHmac('sha256', key).update('altcha-key-signature').digest('hex'),
  });
  const solution = await solveChallenge({ challenge, deriveKey });
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

describe('the captcha', () => {
  it('hands out a signed proof-of-work challenge that expires within minutes', async () => {
    const answer = await new ApiClient(base).get<{
      provider: string;
      parameters: { algorithm: string; expiresAt: number };
      signature: string;
    }>('/api/captcha/challenge');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect(answer.body).toMatchObject({ provider: 'altcha', parameters: { algorithm: 'SHA-256' } });
    const secondsLeft = answer.body.parameters.expiresAt - Date.now() / 1000;
    expect(secondsLeft).toBeGreaterThan(60);
    expect(secondsLeft).toBeLessThanOrEqual(300);
  });

  it('refuses sign-up without an answer, with a wrong one, an expired one or one signed by another key', async () => {
    const missing = await register();
    expect(missing.status).toBe(400);
    expect(missing.body.error.code).toBe('CaptchaRequired');
    const now = Math.floor(Date.now() / 1000);
    const wrong = [
      'not-a-payload',
      Buffer.from('{"challenge":{},"solution":{}}').toString('base64'),
      await signedPayload(now - 1),
      await signedPayload(now + 300, 'another-key-that-the-gateway-does-not-know'),
    ];
    for (const payload of wrong) {
      const refused = await register({ 'x-captcha': payload });
      expect(refused.status).toBe(403);
      expect(refused.body.error.code).toBe('ChallengeFailed');
    }
    // A well-signed, unexpired one made the same way passes: the refusals above were for the expiry and the key.
    expect((await register({ 'x-captcha': await signedPayload(now + 300) })).status).toBe(201);
  });

  it('signs up with a solved challenge once; the same answer again is refused', async () => {
    const payload = await solveCaptcha(base);
    const first = await register({ 'x-captcha': payload });
    expect(first.status).toBe(201);
    const replay = await register({ 'x-captcha': payload });
    expect(replay.status).toBe(403);
    expect(replay.body.error.code).toBe('ChallengeFailed');
  });

  it('asks for a captcha on sign-in from the third failure of an account, and only for that account', async () => {
    const user = newUser();
    expect((await register(await captchaHeader(base), user)).status).toBe(201);
    const login = (password: string, headers: Record<string, string> = {}, name = user.username) =>
      new ApiClient(base).post<ErrorBody>('/api/id/auth/login', { login: name, password }, headers);

    for (let i = 0; i < 3; i += 1) expect((await login('wrong-pass-1')).status).toBe(401);
    const held = await login(PASSWORD);
    expect(held.status).toBe(400);
    expect(held.body.error.code).toBe('CaptchaRequired');
    // However the login is written, it is the same account.
    expect((await login(PASSWORD, {}, user.username.toUpperCase())).body.error.code).toBe('CaptchaRequired');
    expect((await login(PASSWORD, { 'x-captcha': 'forged' })).body.error.code).toBe('ChallengeFailed');
    expect((await login('wrong-pass-1', {}, 'someone_else')).status).toBe(401);

    const signedIn = await login(PASSWORD, await captchaHeader(base));
    expect(signedIn.status).toBe(200);
    // A success forgets the failures: no captcha next time.
    expect((await login(PASSWORD)).status).toBe(200);
  });
});
