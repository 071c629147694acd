// The limits on guessing, on real servers (issue #14): every attempt is reserved before anything is compared, so
// bursts of parallel guesses of a mailed code or of a password meet the caps exactly; the sign-in wait holds one
// account from one address, so an attacker elsewhere never locks the owner out (the account only asks for a
// captcha), the account's e-mail and username are one bucket, and a password reset forgets the failures; a reset
// spends its code and link. Client addresses come from X-Forwarded-For (the gateway trusts one hop here).
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { AppHandle } from '../../packages/devstack/src/index.ts';
import { confirmAccount } from '../support/accounts.ts';
import { codeIn, linkIn, waitForMail } from '../support/mailbox.ts';
import { freshDatabase, httpBase, resetMessaging, startService, type TestDatabase } from '../support/stack.ts';
import { captchaParam, errorCode, typedApi, type BodyOf } from '../support/typed-api.ts';
import { DocumentedClient } from './gateway-openapi.ts';
import type { Schemas } from '@pencraft/api-client';

const run = randomBytes(3).toString('hex');
const PASSWORD = 'pass-word-42';
const RESET_SUBJECT = /Reset your Pencraft password/;
const BURST = 50;
/** Guesses one code takes (README "Accounts"). */
const CODE_CAP = 5;
/** Sign-ins of one account, from any address, before it asks for a captcha. */
const CAPTCHA_AFTER = 3;
/** Sign-ins of one account from one address before that address waits. */
const FREE_PER_ADDRESS = 5;

let db: TestDatabase;
const apps: AppHandle[] = [];
let base: string;
let sql: pg.Pool;

let addressSeq = 0;
/**
 * A client speaking from an address of its own (or the one given): every request of it, typed or raw, goes through
 * its request, which adds the address.
 */
function client(ip = `198.51.100.${(addressSeq += 1)}`) {
  const c = new DocumentedClient(base);
  const request = c.request.bind(c);
  c.request = (method, path, body, headers = {}) => request(method, path, body, { 'x-forwarded-for': ip, ...headers });
  return c;
}

let userSeq = 0;
async function confirmedUser() {
  userSeq += 1;
  const email = `limits${userSeq}.${run}@example.az`;
  const username = `limits_${run}_${userSeq}`;
  const c = client();
  const registeredAt = new Date();
  const response = await typedApi(c).POST('/api/id/register', {
    body: {
      email,
      username,
      fullname: `Limits User ${userSeq}`,
      password: PASSWORD,
      acceptTerms: true,
      acceptPrivacy: true,
    },
    params: { header: await captchaParam(base) },
  });
  expect(response.status).toBe(201);
  await confirmAccount(c, email, registeredAt);
  return { email, username };
}

/** A code of six digits other than the right one. */
const wrong = (code: string, n = 1) => String((Number(code) + n) % 1_000_000).padStart(6, '0');

/** A sign-in, with a solved captcha when given (the document's optional X-Captcha). */
async function signIn(from: DocumentedClient, login: string, password: string, captcha?: { 'X-Captcha': string }) {
  return typedApi(from).POST('/api/id/auth/login', { body: { login, password }, params: { header: captcha ?? {} } });
}

const csrf = (from: DocumentedClient) => typedApi(from).GET('/api/csrf');
const verifyReset = (from: DocumentedClient, body: BodyOf<'verifyPasswordReset'>) =>
  typedApi(from).POST('/api/id/account/reset/verify', { body });

async function askReset(email: string) {
  const asked = new Date();
  const answer = await typedApi(client()).POST('/api/id/account/password/reset', {
    body: { email },
    params: { header: await captchaParam(base) },
  });
  expect(answer.status).toBe(204);
  return waitForMail({ to: email, subject: RESET_SUBJECT, after: asked });
}

function tally(responses: { status: number; error?: Schemas['Error'] }[]) {
  const counts: Record<string, number> = {};
  for (const response of responses) {
    const key = response.status < 300 ? String(response.status) : `${response.status} ${errorCode(response)}`;
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return counts;
}

beforeAll(async () => {
  await resetMessaging();
  db = await freshDatabase('attempt_limits');
  apps.push(await startService('identity', db.name));
  // The per-address budgets are not what these tests are about: a burst must reach the limits under test.
  apps.push(
    await startService('gateway', db.name, {
      AUTH_RATE_LIMIT_PER_MINUTE: '1000',
      RATE_LIMIT_PER_MINUTE: '5000',
      TRUST_PROXY_HOPS: '1',
      EDGE_ROUTES: '',
    }),
  );
  base = httpBase('gateway');
  sql = new pg.Pool({ connectionString: db.url, max: 2 });
});

afterAll(async () => {
  await sql?.end();
  await Promise.all(apps.map((app) => app.stop()));
  await db?.drop();
});

describe('a burst of guesses of a mailed code', () => {
  it(`compares at most ${CODE_CAP} of ${BURST} parallel wrong guesses, and the code is dead after them`, async () => {
    const { email } = await confirmedUser();
    const code = codeIn(await askReset(email));
    const guesser = client();
    await csrf(guesser);
    const answers = await Promise.all(
      Array.from({ length: BURST }, (_, i) =>
        verifyReset(guesser, { email, code: wrong(code, i + 1), newPassword: 'guessed-9' }),
      ),
    );
    const counts = tally(answers);
    expect(counts['400 WrongCode']).toBe(CODE_CAP);
    expect(counts['400 ExpiredOrInvalid']).toBe(BURST - CODE_CAP);
    const { rows } = await sql.query<{ attempts: number }>(
      `SELECT attempts FROM identity.verification_codes WHERE purpose = 'reset' AND target = $1`,
      [email],
    );
    expect(rows.map((row) => row.attempts)).toEqual([CODE_CAP]);
    const right = await verifyReset(guesser, { email, code, newPassword: 'guessed-9' });
    expect(errorCode(right)).toBe('ExpiredOrInvalid');
    expect((await signIn(client(), email, PASSWORD)).status).toBe(200);
  });
});

describe('a burst of wrong sign-ins', () => {
  it(`lets ${CAPTCHA_AFTER} of ${BURST} parallel wrong passwords through, the rest need a captcha`, async () => {
    const { username } = await confirmedUser();
    const attacker = client();
    await csrf(attacker);
    const answers = await Promise.all(Array.from({ length: BURST }, () => signIn(attacker, username, 'wrong-pass-1')));
    expect(tally(answers)).toEqual({
      '401 IncorrectEmailOrPassword': CAPTCHA_AFTER,
      '400 CaptchaRequired': BURST - CAPTCHA_AFTER,
    });
  });

  it('with a solved captcha each, parallel wrong passwords from one address stop at its free attempts', async () => {
    const { username } = await confirmedUser();
    const attacker = client();
    await csrf(attacker);
    const solved = await Promise.all(Array.from({ length: 10 }, () => captchaParam(base)));
    const answers = await Promise.all(solved.map((captcha) => signIn(attacker, username, 'wrong-pass-1', captcha)));
    expect(tally(answers)).toEqual({
      '401 IncorrectEmailOrPassword': FREE_PER_ADDRESS,
      '429 TooManyRequests': 10 - FREE_PER_ADDRESS,
    });
  });
});

describe('nobody locks the owner out', () => {
  /**
   * Failures from one address past its free attempts (the first ones bare, then each with a solved captcha, waiting
   * out each wait), so that the address is held for a few seconds when it returns.
   */
  async function failFrom(from: DocumentedClient, login: string, failures = FREE_PER_ADDRESS + 2) {
    for (let i = 0; i < failures;) {
      const captcha = i >= CAPTCHA_AFTER ? await captchaParam(base) : undefined;
      const answer = await signIn(from, login, 'wrong-pass-1', captcha);
      if (answer.status === 429) {
        await new Promise((resolve) => setTimeout(resolve, Number(answer.headers.get('retry-after')) * 1000));
        continue;
      }
      expect(errorCode(answer)).toBe('IncorrectEmailOrPassword');
      i += 1;
    }
  }

  it("an attacker's failures from one address hold only that address; elsewhere the owner solves a captcha", async () => {
    const { username } = await confirmedUser();
    const attacker = client('203.0.113.10');
    await failFrom(attacker, username);
    const owner = client('192.0.2.20');
    const asked = await signIn(owner, username, PASSWORD);
    expect([asked.status, errorCode(asked)]).toEqual([400, 'CaptchaRequired']);
    const held = await signIn(attacker, username, PASSWORD);
    expect([held.status, errorCode(held)]).toEqual([429, 'TooManyRequests']);
    expect((await signIn(owner, username, PASSWORD, await captchaParam(base))).status).toBe(200);
  });

  it('counts the account typed as e-mail and as username in one bucket', async () => {
    const { username, email } = await confirmedUser();
    const from = client();
    expect(errorCode(await signIn(from, username.toUpperCase(), 'wrong-pass-1'))).toBe('IncorrectEmailOrPassword');
    expect(errorCode(await signIn(client(), ` ${email.toUpperCase()} `, 'wrong-pass-1'))).toBe(
      'IncorrectEmailOrPassword',
    );
    expect(errorCode(await signIn(client(), username, 'wrong-pass-1'))).toBe('IncorrectEmailOrPassword');
    expect(errorCode(await signIn(client(), email, PASSWORD))).toBe('CaptchaRequired');
    expect(errorCode(await signIn(client(), username, PASSWORD))).toBe('CaptchaRequired');
  });

  it("a password reset forgets the account's failures from every address", async () => {
    const { username, email } = await confirmedUser();
    const attackerAddress = '203.0.113.30';
    await failFrom(client(attackerAddress), username);
    const code = codeIn(await askReset(email));
    const reset = await verifyReset(client(), { email, code, newPassword: 'after-reset-5' });
    expect(reset.status).toBe(204);
    // No captcha and no wait any more, even from the address that failed.
    expect((await signIn(client(attackerAddress), username, 'after-reset-5')).status).toBe(200);
  });
});

describe('a reset spends its code and link', () => {
  it('reusing the link after the reset answers ExpiredOrInvalid, and the link page says expired', async () => {
    const { email } = await confirmedUser();
    const link = new URL(linkIn(await askReset(email), '/api/atrium/drop'));
    const token = link.searchParams.get('t')!;
    const visitor = client();
    expect((await verifyReset(visitor, { token, newPassword: 'linked-pass-1' })).status).toBe(204);
    const reused = await verifyReset(visitor, { token, newPassword: 'linked-pass-2' });
    expect([reused.status, errorCode(reused)]).toEqual([400, 'ExpiredOrInvalid']);
    // The mailed link is followed as it is (raw: its address comes from the mail, not from the document).
    expect((await visitor.get(`${link.pathname}${link.search}`)).headers.get('location')).toBe('/reset?result=expired');
    expect((await signIn(client(), email, 'linked-pass-1')).status).toBe(200);
  });

  it('a reset with the code spends the link of the same mail too', async () => {
    const { email } = await confirmedUser();
    const mail = await askReset(email);
    const token = new URL(linkIn(mail, '/api/atrium/drop')).searchParams.get('t')!;
    const visitor = client();
    const byCode = await verifyReset(visitor, { email, code: codeIn(mail), newPassword: 'coded-pass-1' });
    expect(byCode.status).toBe(204);
    const byLink = await verifyReset(visitor, { token, newPassword: 'linked-pass-3' });
    expect(errorCode(byLink)).toBe('ExpiredOrInvalid');
    expect((await signIn(client(), email, 'coded-pass-1')).status).toBe(200);
  });

  it('of parallel resets with one link exactly one happens', async () => {
    const { email } = await confirmedUser();
    const token = new URL(linkIn(await askReset(email), '/api/atrium/drop')).searchParams.get('t')!;
    const visitor = client();
    await csrf(visitor);
    const answers = await Promise.all(
      Array.from({ length: 5 }, (_, i) => verifyReset(visitor, { token, newPassword: `raced-pass-${i}` })),
    );
    expect(tally(answers)).toEqual({ '204': 1, '400 ExpiredOrInvalid': 4 });
    const winner = answers.findIndex((answer) => answer.status === 204);
    expect((await signIn(client(), email, `raced-pass-${winner}`)).status).toBe(200);
  });
});
