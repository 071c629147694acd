// identity's SecurityService over gRPC against PostgreSQL and NATS: the place of a session from the offline GeoIP
// database, a recovery code used by two sign-ins at once (exactly one wins), and the deletion job skipping an account
// whose row another replica holds (FOR UPDATE SKIP LOCKED) while deleting the others, one event each.
import { Language } from '@pencraft/contracts/common/v1/common';
import { EVENTS } from '@pencraft/contracts/events';
import { IdentityServiceClient, IdentityServiceService } from '@pencraft/contracts/identity/v1/identity';
import { SecurityServiceClient, SecurityServiceService } from '@pencraft/contracts/identity/v1/security';
import { createGrpcClient, type PromiseClient } from '@pencraft/kit';
import { generate } from 'otplib';
import { createHash } from 'node:crypto';
import pg from 'pg';
import type { AppHandle } from '../../../packages/devstack/src/index.ts';
import { rememberSecret } from '../../../tests/support/log-hygiene.ts';
import {
  eventually,
  freshDatabase,
  grpcAddress,
  resetMessaging,
  startService,
  type TestDatabase,
} from '../../../tests/support/stack.ts';

const PASSWORD = 'secure-horse-9';
const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

let db: TestDatabase;
let identity: AppHandle;
let accounts: PromiseClient<IdentityServiceClient>;
let security: PromiseClient<SecurityServiceClient>;
let sql: pg.Pool;
let n = 0;

beforeAll(async () => {
  await resetMessaging();
  db = await freshDatabase('identity_security');
  identity = await startService('identity', db.name, { DELETION_JOB_INTERVAL_SECONDS: '0.3' });
  accounts = createGrpcClient(IdentityServiceClient, IdentityServiceService, grpcAddress('identity'));
  security = createGrpcClient(SecurityServiceClient, SecurityServiceService, grpcAddress('identity'));
  sql = new pg.Pool({ connectionString: db.url, max: 3 });
});

afterAll(async () => {
  accounts?.close();
  security?.close();
  await sql?.end();
  await identity?.stop();
  await db?.drop();
});

async function register() {
  n += 1;
  const registered = await accounts.register({
    email: `secure${n}.${Date.now().toString(36)}@example.az`,
    username: `secure_${n}`,
    fullname: `Secure ${n}`,
    password: PASSWORD,
    acceptTerms: true,
    acceptPrivacy: true,
    client: { ip: '127.0.0.1', userAgent: 'jest', lang: Language.LANGUAGE_EN },
  });
  const { sessionId } = await accounts.validateSession({ sessionToken: registered.sessionToken });
  return { uid: registered.user!.uid, username: registered.user!.username, sessionId };
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

const signIn = (username: string, ip: string, secondFactor = '') =>
  accounts.login({
    login: username,
    password: PASSWORD,
    client: { ip, userAgent: CHROME, lang: Language.LANGUAGE_EN },
    secondFactor,
  });

describe('SecurityService against PostgreSQL', () => {
  it('places sessions by country from the offline database, and private or loopback addresses nowhere', async () => {
    const user = await register();
    await signIn(user.username, '85.132.0.1');
    await signIn(user.username, '::ffff:85.132.0.1');
    await signIn(user.username, '10.1.2.3');
    const { sessions } = await security.listSessions({ uid: user.uid, sessionId: user.sessionId });
    const byIp = Object.fromEntries(sessions.map((s) => [s.ip, s]));
    expect(byIp['85.132.0.1']).toMatchObject({ place: 'AZ', browser: 'Chrome 131', os: 'Windows 10', current: false });
    expect(byIp['::ffff:85.132.0.1']!.place).toBe('AZ');
    expect(byIp['10.1.2.3']!.place).toBe('unknown');
    expect(byIp['127.0.0.1']).toMatchObject({ place: 'unknown', current: true });
  });

  it('lets one of two sign-ins racing with the same recovery code through, never both', async () => {
    const user = await register();
    const { secret } = await security.startMfa({ uid: user.uid, password: PASSWORD });
    rememberSecret(secret);
    const code = await generate({ secret });
    const { recoveryCodes } = await security.confirmMfa({ uid: user.uid, code });
    rememberSecret(code, ...recoveryCodes);

    const results = await Promise.allSettled([
      signIn(user.username, '127.0.0.1', recoveryCodes[0]),
      signIn(user.username, '127.0.0.1', recoveryCodes[0]),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect((await security.getSummary({ uid: user.uid })).recoveryCodesLeft).toBe(9);
  });

  it('stores recovery codes of 80 bits under the keyed hash only; a code of the earlier scheme still works once', async () => {
    const user = await register();
    const { secret } = await security.startMfa({ uid: user.uid, password: PASSWORD });
    rememberSecret(secret);
    const code = await generate({ secret });
    const { recoveryCodes } = await security.confirmMfa({ uid: user.uid, code });
    rememberSecret(code, ...recoveryCodes);
    for (const recovery of recoveryCodes) expect(recovery).toMatch(/^[a-z0-9]{4}(-[a-z0-9]{4}){3}$/);
    const { rows } = await sql.query<{ code_hash: Buffer }>(
      'select code_hash from identity.recovery_codes where user_id = $1',
      [user.uid],
    );
    const plain = new Set(recoveryCodes.map((c) => sha256(c.replace(/-/g, ''))));
    expect(rows).toHaveLength(10);
    expect(rows.some((row) => plain.has(row.code_hash.toString('hex')))).toBe(false);

    // A row of the earlier scheme: the plain SHA-256 of a ten-symbol code.
    await sql.query('insert into identity.recovery_codes (user_id, code_hash) values ($1, $2)', [
      user.uid,
      Buffer.from(sha256('abcdefghjk'), 'hex'),
    ]);
    expect((await signIn(user.username, '192.0.2.14', 'ABCDE-FGHJK')).sessionToken).toBeTruthy();
    await expect(signIn(user.username, '192.0.2.14', 'abcde-fghjk')).rejects.toThrow();
  });

  it("deletes due accounts but skips one whose row another replica holds, then deletes it once it's free", async () => {
    const [held, free] = [await register(), await register()];
    await sql.query(
      `insert into identity.deletion_requests (user_id, scheduled_for, cancel_token_hash)
       select id, now() + interval '1 hour', sha256(id::text::bytea) from identity.users where id = any($1)`,
      [[held.uid, free.uid]],
    );
    // Another replica's transaction holds the first account's request before both fall due: locked first, or the
    // job may delete it between the two statements (seen once in CI). A KEY SHARE lock lets the update that makes
    // both due through, and still makes the job's FOR UPDATE SKIP LOCKED pass the row by, as another replica's lock
    // would.
    const replica = await sql.connect();
    try {
      await replica.query('begin');
      await replica.query('select 1 from identity.deletion_requests where user_id = $1 for key share', [held.uid]);
      await sql.query(
        "update identity.deletion_requests set scheduled_for = now() - interval '1 second' where user_id = any($1)",
        [[held.uid, free.uid]],
      );

      await eventually(async () => {
        const { rows } = await sql.query('select 1 from identity.users where id = $1', [free.uid]);
        return rows.length === 0 ? true : undefined;
      });
      const { rows } = await sql.query('select 1 from identity.users where id = $1', [held.uid]);
      expect(rows).toHaveLength(1);
    } finally {
      await replica.query('rollback');
      replica.release();
    }

    await eventually(async () => {
      const { rows } = await sql.query('select 1 from identity.users where id = $1', [held.uid]);
      return rows.length === 0 ? true : undefined;
    });
    const { rows: events } = await sql.query('select payload from identity.outbox where subject = $1', [
      EVENTS.userDeleted.subject,
    ]);
    const uids = events.map((row) => EVENTS.userDeleted.message.decode(row.payload).uid).sort();
    expect(uids).toEqual([held.uid, free.uid].sort());
  });
});
