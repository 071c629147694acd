// The captcha through the gateway on real servers (identity behind it, Redis for used challenges and sign-in
// failures): sign-up needs a solved altcha challenge, each is accepted once, expired or foreign ones are refused,
// and sign-in asks for one from the third failure of an account.
import { createChallenge, solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { createHmac } from 'node:crypto';
import type { AppHandle } from '../../packages/devstack/src/index.ts';
import { solveCaptcha } from '../support/captcha.ts';
import { DocumentedClient as ApiClient } from './gateway-openapi.ts';
import { freshDatabase, httpBase, resetMessaging, startService, type TestDatabase } from '../support/stack.ts';
import { errorCode, typedApi } from '../support/typed-api.ts';
import type { Schemas } from '@pencraft/api-client';

/** The gateway of this suite signs with a key the suite knows, so it can forge an expired but well-signed challenge. */
const HMAC_KEY = 'captcha-suite-hmac-key-0123456789abcdef';
const PASSWORD = 'pass-word-42';

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

function newUser(): Schemas['RegisterBody'] {
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

const register = (captcha: string, user = newUser()) =>
  typedApi(new ApiClient(base)).POST('/api/id/register', { body: user, params: { header: { 'X-Captcha': captcha } } });

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
    const answer = await typedApi(new ApiClient(base)).GET('/api/captcha/challenge');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect(answer.data).toMatchObject({ provider: 'altcha', parameters: { algorithm: 'SHA-256' } });
    const challenge = answer.data!;
    if (challenge.provider !== 'altcha') throw new Error(`a challenge of ${challenge.provider}`);
    const secondsLeft = challenge.parameters.expiresAt - Date.now() / 1000;
    expect(secondsLeft).toBeGreaterThan(60);
    expect(secondsLeft).toBeLessThanOrEqual(300);
  });

  it('refuses sign-up without an answer, with a wrong one, an expired one or one signed by another key', async () => {
    // Raw on purpose: the document requires X-Captcha, and this sign-up leaves it out.
    const missing = await new ApiClient(base).post<Schemas['Error']>('/api/id/register', newUser());
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
      const refused = await register(payload);
      expect(refused.status).toBe(403);
      expect(errorCode(refused)).toBe('ChallengeFailed');
    }
    // A well-signed, unexpired one made the same way passes: the refusals above were for the expiry and the key.
    expect((await register(await signedPayload(now + 300))).status).toBe(201);
  });

  it('signs up with a solved challenge once; the same answer again is refused', async () => {
    const payload = await solveCaptcha(base);
    const first = await register(payload);
    expect(first.status).toBe(201);
    const replay = await register(payload);
    expect(replay.status).toBe(403);
    expect(errorCode(replay)).toBe('ChallengeFailed');
  });

  it('asks for a captcha on sign-in from the third failure of an account, and only for that account', async () => {
    const user = newUser();
    expect((await register(await solveCaptcha(base), user)).status).toBe(201);
    const login = (password: string, captcha?: string, name = user.username) =>
      typedApi(new ApiClient(base)).POST('/api/id/auth/login', {
        body: { login: name, password },
        params: { header: captcha === undefined ? {} : { 'X-Captcha': captcha } },
      });

    for (let i = 0; i < 3; i += 1) expect((await login('wrong-pass-1')).status).toBe(401);
    const held = await login(PASSWORD);
    expect(held.status).toBe(400);
    expect(errorCode(held)).toBe('CaptchaRequired');
    // However the login is written, it is the same account.
    expect(errorCode(await login(PASSWORD, undefined, user.username.toUpperCase()))).toBe('CaptchaRequired');
    expect(errorCode(await login(PASSWORD, 'forged'))).toBe('ChallengeFailed');
    expect((await login('wrong-pass-1', undefined, 'someone_else')).status).toBe(401);

    const signedIn = await login(PASSWORD, await solveCaptcha(base));
    expect(signedIn.status).toBe(200);
    // A success forgets the failures: no captcha next time.
    expect((await login(PASSWORD)).status).toBe(200);
  });
});
