// The account flows of issue #7 through the gateway, with identity behind it and mailpit catching the mails:
// registration confirmation (code and link), sign-in with bans, a second factor and a pending deletion, password
// reset and change, address change, the account log, and that no user reaches another's code or log.
import { createHash, randomBytes } from 'node:crypto';
import { generate } from 'otplib';
import pg from 'pg';
import type { AppHandle } from '../../packages/devstack/src/index.ts';
import { CONFIRMATION_SUBJECT, confirmAccount } from '../support/accounts.ts';
import { rememberSecret } from '../support/log-hygiene.ts';
import { codeIn, linkIn, mailsTo, waitForMail } from '../support/mailbox.ts';
import { freshDatabase, httpBase, resetMessaging, startService, type TestDatabase } from '../support/stack.ts';
import { captchaParam, typedApi, type TypedApi } from '../support/typed-api.ts';
import { DocumentedClient as ApiClient } from './gateway-openapi.ts';
import type { Schemas } from '@pencraft/api-client';

const run = randomBytes(3).toString('hex');
const PASSWORD = 'pass-word-42';
const RESET_SUBJECT = /Reset your Pencraft password|Pencraft şifrənizin bərpası|Восстановление пароля Pencraft/;
const EMAIL_SUBJECT = /Confirm your new e-mail address|Yeni e-poçt ünvanınızı təsdiqləyin|Подтвердите новый адрес/;

let db: TestDatabase;
const apps: AppHandle[] = [];
let base: string;
let sql: pg.Pool;
let n = 0;

interface Account {
  client: ApiClient;
  api: TypedApi;
  email: string;
  username: string;
  info: Schemas['UserInfo'];
  registeredAt: Date;
}

async function register(lang: 'az' | 'en' | 'ru' = 'en', fullname?: string): Promise<Account> {
  n += 1;
  const email = `acc${n}.${run}@example.az`;
  const username = `acc_${run}_${n}`;
  const client = new ApiClient(base, lang);
  const api = typedApi(client);
  const registeredAt = new Date();
  const response = await api.POST('/api/id/register', {
    body: {
      email,
      username,
      fullname: fullname ?? `Account User ${n}`,
      password: PASSWORD,
      acceptTerms: true,
      acceptPrivacy: true,
    },
    params: { header: await captchaParam(base) },
  });
  expect(response.status).toBe(201);
  return { client, api, email, username, info: response.data!, registeredAt };
}

async function confirmed(lang: 'az' | 'en' | 'ru' = 'en'): Promise<Account> {
  const account = await register(lang);
  await confirmAccount(account.client, account.email, account.registeredAt);
  return account;
}

/** A code of six digits other than the right one. */
const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

async function signIn(login: string, password: string, extra: Pick<Schemas['LoginBody'], 'secondFactor'> = {}) {
  const client = new ApiClient(base);
  const response = await typedApi(client).POST('/api/id/auth/login', { body: { login, password, ...extra } });
  return { client, response };
}

async function logTypes(api: TypedApi) {
  const page = await api.GET('/api/ttin/logs/ops', { params: { query: { page: 1 } } });
  expect(page.status).toBe(200);
  return page.data!.items.map((item) => item.type);
}

const codeOf = (response: { error?: Schemas['Error'] }) => response.error?.error.code;
/** The same of a raw answer: a call the document refuses (no captcha where it requires one, an unknown field). */
const rawCodeOf = (response: { status: number; body: unknown }) =>
  response.status >= 400 ? (response.body as Schemas['Error']).error?.code : undefined;
const visitor = () => typedApi(new ApiClient(base));
const verifyRegistration = (api: TypedApi, code: string) => api.POST('/api/id/register/verify', { body: { code } });
const resendConfirmation = async (api: TypedApi) =>
  api.POST('/api/id/register/resend', { params: { header: await captchaParam(base) } });
const askReset = async (email: string, path: '/api/id/account/password/reset' | '/api/id/account/reset/resend') =>
  visitor().POST(path, { body: { email }, params: { header: await captchaParam(base) } });

beforeAll(async () => {
  await resetMessaging();
  db = await freshDatabase('accounts');
  apps.push(...(await Promise.all(['identity', 'articles'].map((name) => startService(name, db.name)))));
  // The auth budget per address is not what these tests are about: every request here comes from one address.
  apps.push(
    await startService('gateway', db.name, {
      AUTH_RATE_LIMIT_PER_MINUTE: '1000',
      RATE_LIMIT_PER_MINUTE: '5000',
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

describe('registration confirmation', () => {
  it('mails a code and a link in the language of the sign-up, escaped in HTML', async () => {
    const { email, registeredAt, info } = await register('az', 'Ali & Vəli');
    expect(info.cnf).toBe(false);
    const mail = await waitForMail({ to: email, subject: CONFIRMATION_SUBJECT, after: registeredAt });
    expect(mail.subject).toBe('Pencraft hesabınızı təsdiqləyin');
    expect(mail.text).toContain('Salam, Ali & Vəli!');
    expect(mail.html).toContain('Ali &amp; Vəli');
    expect(codeIn(mail)).toMatch(/^\d{6}$/);
    expect(linkIn(mail, '/api/atrium/wrap')).toMatch(/\/api\/atrium\/wrap\?t=[A-Za-z0-9_-]{43}$/);
  });

  it('lets an unconfirmed account read but not write articles, and confirms it with the mailed code', async () => {
    const { api, email, registeredAt } = await register();
    const draft = {
      title: 'Unconfirmed',
      description: 'd',
      language: 'en',
      category: 'tech',
      content: { blocks: [] },
    } satisfies Schemas['CreateArticleBody'];
    const refused = await api.POST('/api/articles', { body: draft });
    expect(refused.status).toBe(403);
    expect(codeOf(refused)).toBe('AccountNotConfirmed');
    expect((await api.GET('/api/home/articles')).status).toBe(200);

    const code = codeIn(await waitForMail({ to: email, subject: CONFIRMATION_SUBJECT, after: registeredAt }));
    const bad = await verifyRegistration(api, wrong(code));
    expect([bad.status, codeOf(bad)]).toEqual([400, 'WrongCode']);
    const malformed = await verifyRegistration(api, '12');
    expect([malformed.status, codeOf(malformed)]).toEqual([400, 'WrongCode']);

    const ok = await verifyRegistration(api, code);
    expect(ok.status).toBe(200);
    expect(ok.data!.cnf).toBe(true);
    expect((await api.GET('/api/users/info')).data!.cnf).toBe(true);
    const created = await api.POST('/api/articles', {
      body: {
        ...draft,
        content: {
          blocks: [
            {
              type: 'paragraph',
              data: { text: 'A confirmed account may write this paragraph and send it to the articles service.' },
            },
          ],
        },
      },
    });
    expect(created.status).toBe(201);
    expect(await logTypes(api)).toEqual(['accountConfirmation']);

    const again = await resendConfirmation(api);
    expect([again.status, codeOf(again)]).toEqual([409, 'OperationFailed']);
  });

  it('resends only with a captcha and once a minute (Flood with Retry-After); the new code replaces the old', async () => {
    const { client, api, email, registeredAt } = await register();
    const first = codeIn(await waitForMail({ to: email, subject: CONFIRMATION_SUBJECT, after: registeredAt }));
    // Raw on purpose: the document requires the captcha header.
    const noCaptcha = await client.post('/api/id/register/resend');
    expect([noCaptcha.status, rawCodeOf(noCaptcha)]).toEqual([400, 'CaptchaRequired']);
    const soon = await resendConfirmation(api);
    expect([soon.status, codeOf(soon)]).toEqual([429, 'Flood']);
    const retryAfter = Number(soon.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(soon.error!.error.params?.retryAfter).toBe(retryAfter);

    // The cooldown is over once the previous code is a minute old.
    await sql.query(
      "update identity.verification_codes set created_at = created_at - interval '61 seconds' where target = $1",
      [email],
    );
    const resentAt = new Date();
    expect((await resendConfirmation(api)).status).toBe(204);
    const second = codeIn(await waitForMail({ to: email, subject: CONFIRMATION_SUBJECT, after: resentAt }));
    if (second !== first) {
      const old = await verifyRegistration(api, first);
      expect(codeOf(old)).toBe('WrongCode');
    }
    expect((await verifyRegistration(api, second)).status).toBe(200);
  });

  it('kills a code after five wrong tries, and refuses an expired one', async () => {
    const guessed = await register();
    const code = codeIn(
      await waitForMail({ to: guessed.email, subject: CONFIRMATION_SUBJECT, after: guessed.registeredAt }),
    );
    for (let i = 0; i < 5; i += 1) {
      expect(codeOf(await verifyRegistration(guessed.api, wrong(code)))).toBe('WrongCode');
    }
    const dead = await verifyRegistration(guessed.api, code);
    expect([dead.status, codeOf(dead)]).toEqual([400, 'ExpiredOrInvalid']);
    expect((await guessed.api.GET('/api/users/info')).data!.cnf).toBe(false);

    const late = await register();
    const lateCode = codeIn(
      await waitForMail({ to: late.email, subject: CONFIRMATION_SUBJECT, after: late.registeredAt }),
    );
    await sql.query(
      "update identity.verification_codes set expires_at = now() - interval '1 second' where target = $1",
      [late.email],
    );
    expect(codeOf(await verifyRegistration(late.api, lateCode))).toBe('ExpiredOrInvalid');
  });

  it('confirms from the mailed link once, then sends the link to the expired page', async () => {
    const { client, api, email, registeredAt } = await register();
    const link = new URL(
      linkIn(await waitForMail({ to: email, subject: CONFIRMATION_SUBJECT, after: registeredAt }), '/api/atrium/wrap'),
    );
    // The mailed link is followed as it is (raw: its address comes from the mail, not from the document).
    const opened = await client.get(`${link.pathname}${link.search}`);
    expect(opened.status).toBe(302);
    expect(opened.headers.get('location')).toBe('/confirm?result=ok');
    expect((await api.GET('/api/users/info')).data!.cnf).toBe(true);
    const reopened = await client.get(`${link.pathname}${link.search}`);
    expect(reopened.headers.get('location')).toBe('/confirm?result=expired');
    const bogus = await visitor().GET('/api/atrium/wrap', { params: { query: { t: 'nonsense' } } });
    expect([bogus.status, bogus.headers.get('location')]).toEqual([302, '/confirm?result=expired']);
  });

  it('needs a session to confirm or resend', async () => {
    const anonymous = visitor();
    expect(codeOf(await verifyRegistration(anonymous, '123456'))).toBe('Unauthorized');
    expect(codeOf(await anonymous.GET('/api/ttin/logs/ops'))).toBe('Unauthorized');
  });
});

describe('sign-in', () => {
  it('refuses a banned account with the reason and the end of the ban, and a permanent ban without an end', async () => {
    const { email, info } = await confirmed();
    const until = new Date(Date.now() + 5 * 24 * 3600_000);
    await sql.query('insert into identity.bans (user_id, reason, ends_at) values ($1, $2, $3)', [
      info.uid,
      'spam',
      until,
    ]);
    const { response } = await signIn(email, PASSWORD);
    expect(response.status).toBe(403);
    expect(response.error?.error).toMatchObject({
      code: 'UserBanned',
      params: { reason: 'spam', until: until.toISOString() },
    });

    await sql.query('update identity.bans set lifted_at = now() where user_id = $1', [info.uid]);
    expect((await signIn(email, PASSWORD)).response.status).toBe(200);

    await sql.query('insert into identity.bans (user_id, reason) values ($1, $2)', [info.uid, 'misuse']);
    const permanent = await signIn(email, PASSWORD);
    expect(permanent.response.error!.error.params).toEqual({ reason: 'misuse' });
    // A wrong password learns nothing about the ban.
    expect(codeOf((await signIn(email, 'wrong-pass-1')).response)).toBe('IncorrectEmailOrPassword');
  });

  it('asks for the second factor without a session, refuses a wrong one, accepts a recovery code', async () => {
    const { api, username } = await confirmed();
    const enrol = await api.POST('/api/ttin/sec/mfa', { body: { password: PASSWORD } });
    expect(enrol.status).toBe(200);
    const { secret } = enrol.data!;
    rememberSecret(secret);
    const totp = await generate({ secret });
    const confirmedMfa = await api.POST('/api/ttin/sec/mfa/confirm', { body: { code: totp } });
    expect(confirmedMfa.status).toBe(200);
    const recovery = confirmedMfa.data!.recoveryCodes[0]!;
    rememberSecret(...confirmedMfa.data!.recoveryCodes);

    const first = await signIn(username, PASSWORD);
    expect(first.response.status).toBe(200);
    expect(first.response.data).toEqual({ mfa: true });
    expect(first.response.headers.getSetCookie().some((c) => c.startsWith('pc_su='))).toBe(false);

    const bad = await signIn(username, PASSWORD, { secondFactor: '000000' });
    expect([bad.response.status, codeOf(bad.response)]).toEqual([400, 'WrongCode']);

    const good = await signIn(username, PASSWORD, { secondFactor: recovery });
    expect(good.response.status).toBe(200);
    expect(good.response.data).toMatchObject({ unm: username });
    expect((await typedApi(good.client).GET('/api/users/info')).status).toBe(200);
  });

  it('signs in during the deletion grace period and says when the deletion is due', async () => {
    const { email, info } = await confirmed();
    const due = new Date(Date.now() + 30 * 24 * 3600_000);
    due.setMilliseconds(0);
    await sql.query(
      'insert into identity.deletion_requests (user_id, scheduled_for, cancel_token_hash) values ($1, $2, $3)',
      [info.uid, due, createHash('sha256').update(randomBytes(32)).digest()],
    );
    const { response } = await signIn(email, PASSWORD);
    expect(response.status).toBe(200);
    expect(response.data).toMatchObject({ del: due.toISOString() });
  });
});

describe('password reset', () => {
  it('answers alike for any address, mails only an account, and holds one request a minute per address', async () => {
    const { email } = await confirmed();
    const unknown = `nobody.${run}@example.az`;
    const asked = new Date();
    for (const address of [email, unknown]) {
      const response = await askReset(address, '/api/id/account/password/reset');
      expect(response.status).toBe(204);
    }
    await waitForMail({ to: email, subject: RESET_SUBJECT, after: asked });
    expect(await mailsTo({ to: unknown, after: asked })).toEqual([]);
    for (const address of [email, unknown]) {
      const again = await askReset(address, '/api/id/account/reset/resend');
      expect([again.status, codeOf(again)]).toEqual([429, 'Flood']);
    }
    // Raw on purpose: the document requires the captcha header.
    const noCaptcha = await new ApiClient(base).post('/api/id/account/password/reset', { email });
    expect(rawCodeOf(noCaptcha)).toBe('CaptchaRequired');
    const invalid = await askReset('not-an-address', '/api/id/account/password/reset');
    expect([invalid.status, codeOf(invalid)]).toEqual([400, 'InvalidEmail']);
  });

  it('sets a new password with the code, ends every session and logs it', async () => {
    const { api, email, username } = await confirmed();
    const asked = new Date();
    await askReset(email, '/api/id/account/password/reset');
    const code = codeIn(await waitForMail({ to: email, subject: RESET_SUBJECT, after: asked }));
    const newPassword = 'brand-new-77';
    const anonymous = visitor();
    const verify = (body: Schemas['ResetVerifyBody']) => anonymous.POST('/api/id/account/reset/verify', { body });

    const weak = await verify({ email, code, newPassword: 'short' });
    expect([weak.status, codeOf(weak)]).toEqual([400, 'InvalidPassword']);
    const guess = await verify({ email, code: wrong(code), newPassword });
    expect([guess.status, codeOf(guess)]).toEqual([400, 'WrongCode']);
    const stranger = await verify({ email: `stranger.${run}@example.az`, code, newPassword });
    expect(codeOf(stranger)).toBe('ExpiredOrInvalid');

    expect((await verify({ email, code, newPassword })).status).toBe(204);
    expect((await api.GET('/api/users/info')).status).toBe(401);
    expect(codeOf((await signIn(username, PASSWORD)).response)).toBe('IncorrectEmailOrPassword');
    const again = await signIn(username, newPassword);
    expect(again.response.status).toBe(200);
    expect(await logTypes(typedApi(again.client))).toEqual(['passwordReset', 'accountConfirmation']);
    const reused = await verify({ email, code, newPassword: 'other-pass-88' });
    expect(codeOf(reused)).toBe('ExpiredOrInvalid');
  });

  it('opens the reset page from the mailed link, and the page sets the password with its token', async () => {
    const { email, username } = await confirmed();
    const asked = new Date();
    await askReset(email, '/api/id/account/password/reset');
    const link = new URL(
      linkIn(await waitForMail({ to: email, subject: RESET_SUBJECT, after: asked }), '/api/atrium/drop'),
    );
    const token = link.searchParams.get('t')!;
    // The mailed link is followed as it is (raw: its address comes from the mail, not from the document).
    const opened = await new ApiClient(base).get(`${link.pathname}${link.search}`);
    expect([opened.status, opened.headers.get('location')]).toEqual([302, `/reset?t=${token}`]);

    const anonymous = visitor();
    const verify = (newPassword: string) =>
      anonymous.POST('/api/id/account/reset/verify', { body: { token, newPassword } });
    expect((await verify('linked-pass-9')).status).toBe(204);
    expect((await signIn(username, 'linked-pass-9')).response.status).toBe(200);
    const reopened = await new ApiClient(base).get(`${link.pathname}${link.search}`);
    expect(reopened.headers.get('location')).toBe('/reset?result=expired');
    const used = await verify('linked-pass-10');
    expect(codeOf(used)).toBe('ExpiredOrInvalid');
  });
});

describe('change password', () => {
  it('checks the old password and the rules, ends the other sessions only, mails a notice and logs it', async () => {
    const { api, email, username } = await confirmed();
    const other = typedApi((await signIn(username, PASSWORD)).client);
    rememberSecret('changed-pass-5');
    const change = (oldPassword: string, newPassword: string) =>
      api.POST('/api/id/account/password', { body: { oldPassword, newPassword } });

    const wrongOld = await change('nope-nope-1', 'changed-pass-5');
    expect([wrongOld.status, codeOf(wrongOld)]).toEqual([400, 'IncorrectOldPassword']);
    const same = await change(PASSWORD, PASSWORD);
    expect([same.status, codeOf(same)]).toEqual([400, 'NewOldPasswordMatch']);
    const weak = await change(PASSWORD, 'lettersonly');
    expect([weak.status, codeOf(weak)]).toEqual([400, 'InvalidPassword']);

    const changedAt = new Date();
    const ok = await change(PASSWORD, 'changed-pass-5');
    expect(ok.status).toBe(204);
    expect((await api.GET('/api/users/info')).status).toBe(200);
    expect((await other.GET('/api/users/info')).status).toBe(401);
    await waitForMail({ to: email, subject: /Your Pencraft password was changed/, after: changedAt });
    expect(await logTypes(api)).toEqual(['passwordChanged', 'accountConfirmation']);
  });
});

describe('change e-mail', () => {
  it('refuses a bad, unchanged or taken address and a wrong password', async () => {
    const { api, email } = await confirmed();
    const taken = await confirmed();
    const cases: [Schemas['ChangeEmailBody'], string][] = [
      [{ email: 'not-an-address', password: PASSWORD }, 'InvalidEmail'],
      [{ email: email.toUpperCase(), password: PASSWORD }, 'NewOldEmailMatch'],
      [{ email: taken.email, password: PASSWORD }, 'EmailAlreadyExists'],
      [{ email: `fresh.${run}.${n}@example.az`, password: 'wrong-pass-1' }, 'IncorrectOldPassword'],
    ];
    for (const [body, code] of cases) expect(codeOf(await api.POST('/api/id/account/email', { body }))).toBe(code);
    const nothing = await api.POST('/api/id/account/email/resend');
    expect([nothing.status, codeOf(nothing)]).toEqual([400, 'ExpiredOrInvalid']);
  });

  it('mails the new address, moves the account with the code, tells the old address and logs it', async () => {
    const { api, email, username } = await confirmed('ru');
    const next = `moved${n}.${run}@example.az`;
    const asked = new Date();
    const verify = (code: string) => api.POST('/api/id/account/email/verify', { body: { code } });
    expect((await api.POST('/api/id/account/email', { body: { email: next, password: PASSWORD } })).status).toBe(204);
    const mail = await waitForMail({ to: next, subject: EMAIL_SUBJECT, after: asked });
    expect(mail.subject).toBe('Подтвердите новый адрес электронной почты');
    const code = codeIn(mail);
    const soon = await api.POST('/api/id/account/email/resend');
    expect([soon.status, codeOf(soon)]).toEqual([429, 'Flood']);
    const bad = await verify(wrong(code));
    expect([bad.status, codeOf(bad)]).toEqual([400, 'WrongCode']);

    const movedAt = new Date();
    expect((await verify(code)).status).toBe(204);
    await waitForMail({ to: email, subject: /Адрес почты Pencraft изменён/, after: movedAt });
    expect((await signIn(next, PASSWORD)).response.status).toBe(200);
    expect(codeOf((await signIn(email, PASSWORD)).response)).toBe('IncorrectEmailOrPassword');
    expect(await logTypes(api)).toEqual(['emailChanged', 'accountConfirmation']);
    const again = await verify(code);
    expect(codeOf(again)).toBe('ExpiredOrInvalid');
    expect(username).toBeTruthy();
  });

  it('moves the account from the mailed link', async () => {
    const { api } = await confirmed();
    const next = `linked${n}.${run}@example.az`;
    const asked = new Date();
    await api.POST('/api/id/account/email', { body: { email: next, password: PASSWORD } });
    // Another account naming the same address within the minute sends it nothing.
    const other = await confirmed();
    const crowded = await other.api.POST('/api/id/account/email', { body: { email: next, password: PASSWORD } });
    expect([crowded.status, codeOf(crowded)]).toEqual([429, 'Flood']);
    const link = new URL(
      linkIn(await waitForMail({ to: next, subject: EMAIL_SUBJECT, after: asked }), '/api/atrium/deduce'),
    );
    // The mailed link is followed as it is (raw: its address comes from the mail, not from the document).
    const opened = await new ApiClient(base).get(`${link.pathname}${link.search}`);
    expect([opened.status, opened.headers.get('location')]).toEqual([302, '/confirm-email?result=ok']);
    expect((await signIn(next, PASSWORD)).response.status).toBe(200);
    const reopened = await new ApiClient(base).get(`${link.pathname}${link.search}`);
    expect(reopened.headers.get('location')).toBe('/confirm-email?result=expired');
  });
});

describe('the account log and authorization', () => {
  it('shows each user only their own entries, pages them, and refuses a bad page', async () => {
    const alice = await confirmed();
    const bob = await register();
    expect(await logTypes(alice.api)).toEqual(['accountConfirmation']);
    expect(await logTypes(bob.api)).toEqual([]);
    const entry = (await alice.api.GET('/api/ttin/logs/ops')).data!;
    expect(entry).toMatchObject({ page: 1, pageSize: 20, total: 1 });
    expect(Date.parse(entry.items[0]!.at)).not.toBeNaN();
    const bad = await alice.api.GET('/api/ttin/logs/ops', { params: { query: { page: 0 } } });
    expect([bad.status, codeOf(bad)]).toEqual([400, 'InvalidPage']);
    // No id in the request can point elsewhere: the body is closed and the query knows no user.
    // Raw on purpose: the query field is not in the document.
    const foreign = await bob.client.get(`/api/ttin/logs/ops?page=1&uid=${alice.info.uid}`);
    expect(foreign.status === 400 || (foreign.body as Schemas['AccountLogPage']).total === 0).toBe(true);
  });

  it("never confirms or moves one account with another's code", async () => {
    const alice = await register();
    const bob = await register();
    const aliceCode = codeIn(
      await waitForMail({ to: alice.email, subject: CONFIRMATION_SUBJECT, after: alice.registeredAt }),
    );
    const stolen = await verifyRegistration(bob.api, aliceCode);
    expect(stolen.status).toBe(400);
    // Raw on purpose: the body field is not in the document.
    const withId = await bob.client.post('/api/id/register/verify', { code: aliceCode, uid: alice.info.uid });
    expect([withId.status, rawCodeOf(withId)]).toEqual([400, 'InvalidModel']);
    expect((await bob.api.GET('/api/users/info')).data!.cnf).toBe(false);
    expect((await alice.api.GET('/api/users/info')).data!.cnf).toBe(false);
    expect((await verifyRegistration(alice.api, aliceCode)).status).toBe(200);
  });
});
