// The security settings through the gateway on real servers (identity, articles and search behind it; PostgreSQL,
// Redis, NATS, mailpit and the object store): two-factor authentication with TOTP codes computed here from the
// enrolment's secret, sign-in with a code and with a recovery code; the sessions list and ending sessions (the ended
// cookie is refused at once); bans; account deletion by password and mailed code, its cancel link, undo, and the job
// that deletes for good (pictures included) and tells articles and search. And that no user reaches another's
// sessions, bans or MFA by any id or path. Sign-up and the setup (the article, its publishing, the draft, waiting for
// search, another user's enrolment) go through the typed client; the calls under test stay raw requests (sign-ins
// from other browsers, MFA, sessions ended by others' ids, a uid in the query, deletion and its mailed link), their
// errors and sessions read as the document's Error and SessionItem.
import { generate } from 'otplib';
import pg from 'pg';
import sharp from 'sharp';
import type { AppHandle } from '../../packages/devstack/src/index.ts';
import { confirmAccount } from '../support/accounts.ts';
import { rememberSecret } from '../support/log-hygiene.ts';
import { codeIn, linkIn, waitForMail } from '../support/mailbox.ts';
import {
  eventually,
  freshDatabase,
  httpBase,
  resetMessaging,
  startService,
  type TestDatabase,
} from '../support/stack.ts';
import { DocumentedClient as ApiClient, expectDocumented } from './gateway-openapi.ts';
import { approveArticle, closeReviewClient } from '../support/review.ts';
import { captchaParam, typedApi, type TypedApi } from '../support/typed-api.ts';
import type { Schemas } from '@pencraft/api-client';

const CHROME_ON_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const FIREFOX_ON_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';
const DELETION_CODE_SUBJECT = /silinməsi üçün təsdiq kodu|account deletion code|удаления аккаунта/;
const DELETION_NOTICE_SUBJECT = /Hesabınız silinəcək|Your account will be deleted|Ваш аккаунт будет удалён/;

type ErrorBody = Schemas['Error'];
type Session = Schemas['SessionItem'];
interface Account {
  client: ApiClient;
  api: TypedApi;
  uid: string;
  email: string;
  username: string;
  password: string;
}

let db: TestDatabase;
let sql: pg.Pool;
const apps: AppHandle[] = [];
let base: string;
let seq = 0;

beforeAll(async () => {
  await resetMessaging();
  db = await freshDatabase('security');
  sql = new pg.Pool({ connectionString: db.url, max: 2 });
  apps.push(
    ...(await Promise.all([
      startService('identity', db.name, { DELETION_JOB_INTERVAL_SECONDS: '0.5' }),
      startService('articles', db.name),
      startService('search', db.name),
    ])),
  );
  // Every sign-in of the suite comes from one address: the per-address sign-in budget is not what is tested here.
  apps.push(await startService('gateway', db.name, { EDGE_ROUTES: '', AUTH_RATE_LIMIT_PER_MINUTE: '1000' }));
  base = httpBase('gateway');
});

afterAll(async () => {
  closeReviewClient();
  await Promise.all(apps.map((app) => app.stop()));
  await sql?.end();
  await db?.drop();
});

async function signUp(): Promise<Account> {
  seq += 1;
  const account = {
    email: `security${seq}.${Date.now().toString(36)}@example.az`,
    username: `security_user_${seq}`,
    password: 'security-pass-7',
  };
  const client = new ApiClient(base);
  const api = typedApi(client);
  const response = await api.POST('/api/id/register', {
    body: { ...account, fullname: `Security User ${seq}`, acceptTerms: true, acceptPrivacy: true },
    params: { header: await captchaParam(base) },
  });
  expect(response.status).toBe(201);
  return { ...account, client, api, uid: response.data!.uid };
}

/** A second sign-in of the account from another client (another browser), optionally with a second factor. */
async function signIn(account: Account, userAgent?: string, secondFactor?: string) {
  const client = new ApiClient(base);
  const response = await client.post<{ mfa?: true; uid?: string; del?: string | null } & ErrorBody>(
    '/api/id/auth/login',
    { login: account.username, password: account.password, ...(secondFactor ? { secondFactor } : {}) },
    userAgent ? { 'user-agent': userAgent } : {},
  );
  return { client, response };
}

const del = (client: ApiClient, path: string) => client.request<ErrorBody>('DELETE', path);
const info = async (client: ApiClient) => (await client.get('/api/users/info')).status;
const sessionsOf = async (client: ApiClient) =>
  (await client.get<{ sessions: Session[] }>('/api/ttin/logs/sns')).body.sessions;
/** A TOTP code of the secret for `steps` time steps from now (the server accepts one step either way). */
const totp = (secret: string, steps = 0) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 }).then((code) => {
    rememberSecret(code);
    return code;
  });

/** Uploads a PNG made here as the user's avatar or banner (raw body, as the settings page sends it); its /media URL. */
async function uploadPicture(client: ApiClient, kind: 'picture' | 'banner'): Promise<string> {
  const png = await sharp({ create: { width: 400, height: 300, channels: 3, background: { r: 200, g: 40, b: 90 } } })
    .png()
    .toBuffer();
  if (!client.cookies.has('pc_csrf')) await client.get('/api/csrf');
  const path = `/api/me/settings/profile/${kind}`;
  const response = await fetch(`${base}${path}`, {
    method: 'PUT',
    headers: {
      'content-type': 'image/png',
      cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      'x-csrf-token': client.cookies.get('pc_csrf') ?? '',
    },
    body: png,
  });
  const body = (await response.json()) as { url: string };
  expectDocumented('PUT', path, response.status, body);
  expect(response.status).toBe(200);
  return body.url;
}
const mediaStatus = async (url: string) => (await fetch(`${base}${url}`)).status;

describe('two-factor authentication', () => {
  let account: Account;
  let secret: string;
  let recoveryCodes: string[];
  /** The code that confirmed the enrolment (regenerating it later could land in the next 30 s step). */
  let confirmingCode: string;

  beforeAll(async () => {
    account = await signUp();
  });

  it('starts only with the right password, and stays off until a code confirms it', async () => {
    const wrong = await account.client.post<ErrorBody>('/api/ttin/sec/mfa', { password: 'not-the-pass-1' });
    expect([wrong.status, wrong.body.error.code]).toEqual([400, 'IncorrectOldPassword']);

    const enrolment = await account.client.post<{ secret: string; uri: string; qrCode: string }>('/api/ttin/sec/mfa', {
      password: account.password,
    });
    expect(enrolment.status).toBe(200);
    secret = enrolment.body.secret;
    rememberSecret(secret);
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(enrolment.body.uri).toMatch(/^otpauth:\/\/totp\/Pencraft:security_user_\d+\?/);
    const svg = Buffer.from(enrolment.body.qrCode.replace('data:image/svg+xml;base64,', ''), 'base64').toString();
    expect(svg).toMatch(/^<svg[^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);

    expect((await account.client.get('/api/ttin/sec')).body).toMatchObject({ mfa: false, recoveryCodesLeft: 0 });
    // Still off: signing in needs no code yet.
    expect((await signIn(account)).response.body.uid).toBe(account.uid);
  });

  it('turns on with a code of the authenticator and answers ten recovery codes once', async () => {
    const wrong = await account.client.post<ErrorBody>('/api/ttin/sec/mfa/confirm', { code: '000000' });
    expect([wrong.status, wrong.body.error.code]).toEqual([400, 'WrongCode']);

    confirmingCode = await totp(secret);
    const confirmed = await account.client.post<{ recoveryCodes: string[] }>('/api/ttin/sec/mfa/confirm', {
      code: confirmingCode,
    });
    expect(confirmed.status).toBe(200);
    recoveryCodes = confirmed.body.recoveryCodes;
    rememberSecret(...recoveryCodes);
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);

    expect((await account.client.get('/api/ttin/sec')).body).toMatchObject({ mfa: true, recoveryCodesLeft: 10 });
    const again = await account.client.post<ErrorBody>('/api/ttin/sec/mfa', { password: account.password });
    expect([again.status, again.body.error.code]).toEqual([409, 'MfaAlreadyEnabled']);
    // The secret is sealed at rest, the recovery codes hashed: the database holds neither as given.
    const { rows } = await sql.query('select secret from identity.mfa_secrets where user_id = $1', [account.uid]);
    expect(rows[0].secret).toMatch(/^v1\./);
    expect(rows[0].secret).not.toContain(secret);
    const stored = await sql.query(
      "select encode(code_hash, 'hex') as h from identity.recovery_codes where user_id = $1",
      [account.uid],
    );
    expect(stored.rows.map((r) => r.h).join()).not.toContain(recoveryCodes[0]!.replace('-', ''));
  });

  it('asks for the second factor at sign-in, refuses the code already used, and takes the next one', async () => {
    const first = await signIn(account);
    expect(first.response.status).toBe(200);
    expect(first.response.body).toEqual({ mfa: true });
    expect(first.client.cookies.has('pc_su')).toBe(false);

    // The confirming code's step is spent: the same code cannot open a session.
    const reused = await signIn(account, undefined, confirmingCode);
    expect(reused.response.body.error.code).toBe('WrongCode');

    const next = await signIn(account, undefined, await totp(secret, 1));
    expect(next.response.status).toBe(200);
    expect(next.response.body.uid).toBe(account.uid);
    expect(await info(next.client)).toBe(200);
  });

  it('signs in with a recovery code exactly once', async () => {
    const withCode = await signIn(account, undefined, recoveryCodes[0]!.toUpperCase());
    expect(withCode.response.body.uid).toBe(account.uid);
    const reused = await signIn(account, undefined, recoveryCodes[0]);
    expect(reused.response.body.error.code).toBe('WrongCode');
    expect((await account.client.get('/api/ttin/sec')).body).toMatchObject({ recoveryCodesLeft: 9 });
  });

  it('replaces the recovery codes with the password and a code; the old ones stop working', async () => {
    const wrongPassword = await account.client.post<ErrorBody>('/api/ttin/sec/mfa/recovery', {
      password: 'not-the-pass-1',
      code: recoveryCodes[1],
    });
    expect(wrongPassword.body.error.code).toBe('IncorrectOldPassword');
    const renewed = await account.client.post<{ recoveryCodes: string[] }>('/api/ttin/sec/mfa/recovery', {
      password: account.password,
      code: recoveryCodes[1],
    });
    expect(renewed.status).toBe(200);
    const old = recoveryCodes;
    recoveryCodes = renewed.body.recoveryCodes;
    rememberSecret(...recoveryCodes);
    const stale = await account.client.post<ErrorBody>('/api/ttin/sec/mfa/disable', {
      password: account.password,
      code: old[2],
    });
    expect([stale.status, stale.body.error.code]).toEqual([400, 'WrongCode']);
  });

  it('turns off with the password and a code; sign-in then needs the password alone', async () => {
    const off = await account.client.post('/api/ttin/sec/mfa/disable', {
      password: account.password,
      code: recoveryCodes[0],
    });
    expect(off.status).toBe(204);
    expect((await account.client.get('/api/ttin/sec')).body).toMatchObject({ mfa: false, recoveryCodesLeft: 0 });
    const again = await account.client.post<ErrorBody>('/api/ttin/sec/mfa/disable', {
      password: account.password,
      code: recoveryCodes[1],
    });
    expect(again.body.error.code).toBe('MfaNotEnabled');
    const { rows } = await sql.query('select count(*)::int as n from identity.recovery_codes where user_id = $1', [
      account.uid,
    ]);
    expect(rows[0].n).toBe(0);
    expect((await signIn(account)).response.body.uid).toBe(account.uid);
  });
});

describe('sessions', () => {
  let account: Account;

  beforeAll(async () => {
    account = await signUp();
  });

  it('lists the sessions with browser, OS, address and place, the current one marked', async () => {
    const chrome = await signIn(account, CHROME_ON_WINDOWS);
    expect(await info(chrome.client)).toBe(200);
    const sessions = await sessionsOf(account.client);
    expect(sessions).toHaveLength(2);
    const current = sessions.find((s) => s.current)!;
    const other = sessions.find((s) => !s.current)!;
    expect(other).toMatchObject({ browser: 'Chrome 131', os: 'Windows 10', ip: '127.0.0.1', place: 'unknown' });
    expect(current.id).not.toBe(other.id);
    expect(Date.parse(other.lastSeenAt)).toBeGreaterThan(Date.now() - 60_000);
    // From the other browser, its own session is the current one.
    expect((await sessionsOf(chrome.client)).find((s) => s.current)!.id).toBe(other.id);
  });

  it('records activity when the gateway validates a session, at most once a minute', async () => {
    const firefox = await signIn(account, FIREFOX_ON_LINUX);
    const id = (await sessionsOf(account.client)).find((s) => s.browser === 'Firefox 133')!.id;
    await sql.query("update identity.sessions set last_seen_at = now() - interval '10 minutes' where id = $1", [id]);
    // The first request of the new client is validated at identity (nothing cached for it yet).
    expect(await info(firefox.client)).toBe(200);
    const { rows } = await sql.query('select last_seen_at from identity.sessions where id = $1', [id]);
    expect(Date.now() - rows[0].last_seen_at.getTime()).toBeLessThan(30_000);
  });

  it('ends one session: its cookie is refused at once, and it cannot be ended twice', async () => {
    const victim = await signIn(account, FIREFOX_ON_LINUX);
    expect(await info(victim.client)).toBe(200); // now cached by the gateway
    const id = (await sessionsOf(victim.client)).find((s) => s.current)!.id;

    expect((await del(account.client, `/api/ttin/sessions/${id}`)).status).toBe(204);
    expect(await info(victim.client)).toBe(401);
    const twice = await del(account.client, `/api/ttin/sessions/${id}`);
    expect([twice.status, twice.body.error.code]).toEqual([404, 'NotFound']);
    expect((await sessionsOf(account.client)).map((s) => s.id)).not.toContain(id);
  });

  it('ends every other session and keeps the current one', async () => {
    const others = await Promise.all([signIn(account, CHROME_ON_WINDOWS), signIn(account, FIREFOX_ON_LINUX)]);
    for (const { client } of others) expect(await info(client)).toBe(200);

    expect((await del(account.client, '/api/ttin/sessions/all')).status).toBe(204);

    for (const { client } of others) expect(await info(client)).toBe(401);
    expect(await info(account.client)).toBe(200);
    const left = await sessionsOf(account.client);
    expect(left).toHaveLength(1);
    expect(left[0]!.current).toBe(true);
  });

  it('answers 401 to a visitor', async () => {
    const visitor = new ApiClient(base);
    expect((await visitor.get('/api/ttin/logs/sns')).status).toBe(401);
    expect((await del(visitor, '/api/ttin/sessions/all')).status).toBe(401);
  });
});

describe('bans', () => {
  it("lists the user's bans, permanent or not, lifted or not, newest first", async () => {
    const account = await signUp();
    await sql.query(
      `insert into identity.bans (user_id, reason, starts_at, ends_at, lifted_at) values
         ($1, 'spam', now() - interval '20 days', now() - interval '18 days', null),
         ($1, 'misuse', now() - interval '10 days', null, now() - interval '9 days')`,
      [account.uid],
    );
    const { status, body } = await account.client.get<{ bans: Record<string, unknown>[] }>('/api/ttin/logs/bns');
    expect(status).toBe(200);
    expect(body.bans).toHaveLength(2);
    expect(body.bans[0]).toMatchObject({ reason: 'misuse', permanent: true, endsAt: null });
    expect(body.bans[0]!.liftedAt).not.toBeNull();
    expect(body.bans[1]).toMatchObject({ reason: 'spam', permanent: false, liftedAt: null });
  });
});

describe('no user reaches another user’s security settings', () => {
  it("cannot list, end or see A's sessions, bans or MFA by any id or path", async () => {
    const a = await signUp();
    const b = await signUp();
    await a.api.POST('/api/ttin/sec/mfa', { body: { password: a.password } });
    await sql.query("insert into identity.bans (user_id, reason) values ($1, 'spam')", [a.uid]);
    const aSession = (await sessionsOf(a.client))[0]!.id;

    // B's lists hold only B's own, whatever the query says.
    for (const path of ['/api/ttin/logs/sns', `/api/ttin/logs/sns?uid=${a.uid}`]) {
      const sessions = (await b.client.get<{ sessions: Session[] }>(path)).body.sessions;
      expect(sessions?.map((s) => s.id) ?? []).not.toContain(aSession);
    }
    expect((await b.client.get<{ bans: unknown[] }>('/api/ttin/logs/bns')).body.bans).toEqual([]);
    expect((await b.client.get('/api/ttin/sec')).body).toMatchObject({ mfa: false });

    // A's session id in B's hands ends nothing.
    const ended = await del(b.client, `/api/ttin/sessions/${aSession}`);
    expect([ended.status, ended.body.error.code]).toEqual([404, 'NotFound']);
    expect((await del(b.client, `/api/ttin/sessions/${a.uid}`)).status).toBe(404);
    expect(await info(a.client)).toBe(200);
    // Ending all of B's others leaves A alone.
    expect((await del(b.client, '/api/ttin/sessions/all')).status).toBe(204);
    expect(await info(a.client)).toBe(200);

    // B cannot confirm, disable or renew A's MFA: B's own requests act on B only.
    const confirm = await b.client.post<ErrorBody>('/api/ttin/sec/mfa/confirm', { code: '123456' });
    expect(confirm.body.error.code).toBe('ExpiredOrInvalid');
    const disable = await b.client.post<ErrorBody>('/api/ttin/sec/mfa/disable', {
      password: b.password,
      code: '123456',
    });
    expect(disable.body.error.code).toBe('MfaNotEnabled');
    const { rows } = await sql.query('select count(*)::int as n from identity.mfa_secrets where user_id = $1', [a.uid]);
    expect(rows[0].n).toBe(1);
  });
});

describe('account deletion', () => {
  let account: Account;
  let articleId: string;
  const word = `zephyrine${Date.now().toString(36)}`;

  /** The code step: a code is mailed; the resend cooldown of the previous one is moved into the past first. */
  async function mailedCode() {
    await sql.query(
      "update identity.verification_codes set created_at = created_at - interval '2 minutes' where user_id = $1",
      [account.uid],
    );
    const after = new Date();
    const step = await account.client.post('/api/id/account/danger', { password: account.password });
    expect(step.body).toEqual({ stage: 'codeSent', scheduledAt: null });
    return codeIn(await waitForMail({ to: account.email, subject: DELETION_CODE_SUBJECT, after }));
  }

  beforeAll(async () => {
    const started = new Date(Date.now() - 1000);
    account = await signUp();
    await confirmAccount(account.client, account.email, started);
    const created = await account.api.POST('/api/articles', {
      body: {
        title: 'An article that leaves with its author',
        description: 'Deleted with the account',
        language: 'en',
        category: 'tech',
        content: {
          blocks: [{ type: 'paragraph', data: { text: `A paragraph long enough to publish, about ${word}.` } }],
        },
      },
    });
    expect(created.status).toBe(201);
    articleId = created.data!.id;
    const published = await account.api.POST('/api/articles/publishing/{id}', { params: { path: { id: articleId } } });
    expect(published.status).toBe(200);
    await approveArticle(articleId);
    // A draft and the article's review timeline leave with the account too.
    expect((await account.api.POST('/api/drafts', { body: { title: 'A draft that leaves too' } })).status).toBe(201);
    await eventually(async () => {
      const { data } = await account.api.GET('/api/strict/txt', { params: { query: { q: word } } });
      return data?.items.some((item) => item.id === articleId) ? true : undefined;
    });
  });

  it('needs the password, then the mailed code; schedules deletion in 30 days and ends the other sessions', async () => {
    const wrong = await account.client.post<ErrorBody>('/api/id/account/danger', { password: 'not-the-pass-1' });
    expect([wrong.status, wrong.body.error.code]).toEqual([400, 'IncorrectOldPassword']);
    const other = await signIn(account, CHROME_ON_WINDOWS);
    expect(await info(other.client)).toBe(200);

    const code = await mailedCode();
    const badCode = await account.client.post<ErrorBody>('/api/id/account/danger', {
      password: account.password,
      code: code === '000000' ? '111111' : '000000',
    });
    expect(badCode.body.error.code).toBe('WrongCode');

    const after = new Date();
    const scheduled = await account.client.post<{ stage: string; scheduledAt: string }>('/api/id/account/danger', {
      password: account.password,
      code,
    });
    expect(scheduled.body.stage).toBe('scheduled');
    expect(Math.abs(Date.parse(scheduled.body.scheduledAt) - Date.now() - 30 * 86_400_000)).toBeLessThan(60_000);
    expect(await info(other.client)).toBe(401);
    expect(await info(account.client)).toBe(200);
    expect((await account.client.get<{ deletionScheduledAt: string }>('/api/ttin/sec')).body.deletionScheduledAt).toBe(
      scheduled.body.scheduledAt,
    );

    const again = await account.client.post<ErrorBody>('/api/id/account/danger', { password: account.password });
    expect([again.status, again.body.error.code]).toEqual([409, 'AlreadyRequestedDeletion']);

    // Signing in meanwhile says when the deletion is due.
    expect((await signIn(account)).response.body.del).toBe(scheduled.body.scheduledAt);

    // The notice's link cancels it once, then says the link is spent.
    const notice = await waitForMail({ to: account.email, subject: DELETION_NOTICE_SUBJECT, after });
    const link = new URL(linkIn(notice, '/api/atrium/crawl'));
    const visitor = new ApiClient(base);
    const opened = await visitor.get(`${link.pathname}${link.search}`);
    expect([opened.status, opened.headers.get('location')]).toEqual([302, '/deletion-cancelled?status=cancelled']);
    const reopened = await visitor.get(`${link.pathname}${link.search}`);
    expect(reopened.headers.get('location')).toBe('/deletion-cancelled?status=invalid');
    expect((await visitor.get('/api/atrium/crawl?t=made-up')).headers.get('location')).toBe(
      '/deletion-cancelled?status=invalid',
    );
    expect((await account.client.get('/api/ttin/sec')).body).toMatchObject({ deletionScheduledAt: null });
  });

  it('is cancelled by the signed-in user (undo)', async () => {
    const code = await mailedCode();
    await account.client.post('/api/id/account/danger', { password: account.password, code });
    expect((await account.client.post('/api/id/account/danger/undo')).status).toBe(204);
    expect((await account.client.get('/api/ttin/sec')).body).toMatchObject({ deletionScheduledAt: null });
    expect((await signIn(account)).response.body.del).toBeNull();
  });

  it('is carried out by the job once due: the account, its pictures and its articles are gone everywhere', async () => {
    const pictures = [await uploadPicture(account.client, 'picture'), await uploadPicture(account.client, 'banner')];
    for (const url of pictures) {
      expect(url).toMatch(new RegExp(`^/media/users/${account.uid}/(avatar|banner)-[0-9a-f]{32}\\.jpg$`));
      expect(await mediaStatus(url)).toBe(200);
    }
    const code = await mailedCode();
    await account.client.post('/api/id/account/danger', { password: account.password, code });
    // Due in two seconds: a session validated now is cached by the gateway no longer than that.
    await sql.query(
      "update identity.deletion_requests set scheduled_for = now() + interval '2 seconds' where user_id = $1",
      [account.uid],
    );
    const lastMinute = await signIn(account);
    expect(await info(lastMinute.client)).toBe(200);

    await eventually(async () => {
      const { rows } = await sql.query('select 1 from identity.users where id = $1', [account.uid]);
      return rows.length === 0 ? true : undefined;
    });
    const { rows: sessions } = await sql.query('select 1 from identity.sessions where user_id = $1', [account.uid]);
    expect(sessions).toEqual([]);
    const login = (await signIn(account)).response;
    expect([login.status, login.body.error.code]).toEqual([401, 'IncorrectEmailOrPassword']);
    await eventually(async () => ((await info(lastMinute.client)) === 401 ? true : undefined), { timeoutMs: 3_000 });

    await eventually(async () => {
      const articles = await sql.query('select 1 from articles.articles where author_id = $1', [account.uid]);
      const documents = await sql.query('select 1 from search.documents where author_uid = $1', [account.uid]);
      return articles.rows.length === 0 && documents.rows.length === 0 ? true : undefined;
    });
    // The gateway keeps public answers for 2 s: ask until its copy has expired.
    await eventually(async () =>
      (await new ApiClient(base).get(`/api/articles/${articleId}`)).status === 404 ? true : undefined,
    );
    await eventually(async () => {
      const found = await new ApiClient(base).get<{ items: unknown[] }>(`/api/strict/txt?q=${word}`);
      return found.body.items?.length === 0 ? true : undefined;
    });
    const { rows: authors } = await sql.query('select 1 from articles.authors where uid = $1', [account.uid]);
    expect(authors).toEqual([]);
    const { rows: drafts } = await sql.query('select 1 from articles.drafts where owner_id = $1', [account.uid]);
    expect(drafts).toEqual([]);
    const { rows: timeline } = await sql.query('select 1 from articles.article_reviews where article_id = $1', [
      articleId,
    ]);
    expect(timeline).toEqual([]);
    // The job removes the pictures right after its commit, which the row check above has already seen.
    await eventually(async () =>
      (await Promise.all(pictures.map(mediaStatus))).every((status) => status === 404) ? true : undefined,
    );
  });
});
