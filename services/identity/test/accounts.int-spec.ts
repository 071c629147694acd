// identity's account operations over gRPC against PostgreSQL and mailpit: what is stored at rest, races for one
// code, which bans are in force, and that each operation acts only for the uid it is given.
import { BanReason, Language } from '@pencraft/contracts/common/v1/common';
import {
  AccountLogType,
  IdentityServiceClient,
  IdentityServiceService,
} from '@pencraft/contracts/identity/v1/identity';
import { AppError } from '@pencraft/errors';
import { createGrpcClient, type PromiseClient } from '@pencraft/kit';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { CONFIRMATION_SUBJECT } from '../../../tests/support/accounts.ts';
import { codeIn, linkIn, waitForMail } from '../../../tests/support/mailbox.ts';
import {
  freshDatabase,
  grpcAddress,
  resetMessaging,
  startService,
  type TestDatabase,
} from '../../../tests/support/stack.ts';
import type { AppHandle } from '../../../packages/devstack/src/index.ts';

let db: TestDatabase;
let identity: AppHandle;
let client: PromiseClient<IdentityServiceClient>;
let sql: pg.Pool;

const run = randomBytes(3).toString('hex');
const client1 = { ip: '198.51.100.9', userAgent: 'jest', lang: Language.LANGUAGE_EN };
let n = 0;

async function registered() {
  n += 1;
  const email = `idacc${n}.${run}@example.az`;
  const at = new Date();
  const answer = await client.register({
    email,
    username: `idacc_${run}_${n}`,
    fullname: `Identity Account ${n}`,
    password: 'correct-horse-1',
    acceptTerms: true,
    acceptPrivacy: true,
    client: client1,
  });
  const mail = await waitForMail({ to: email, subject: CONFIRMATION_SUBJECT, after: at });
  return {
    uid: answer.user!.uid,
    email,
    sessionToken: answer.sessionToken,
    code: codeIn(mail),
    link: new URL(linkIn(mail, '/api/atrium/wrap')),
  };
}

async function codeOf(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    if (AppError.is(error)) return error.code;
    throw error;
  }
  return 'ok';
}

beforeAll(async () => {
  await resetMessaging();
  db = await freshDatabase('identity_accounts');
  identity = await startService('identity', db.name);
  client = createGrpcClient(IdentityServiceClient, IdentityServiceService, grpcAddress('identity'));
  sql = new pg.Pool({ connectionString: db.url, max: 2 });
});

afterAll(async () => {
  client?.close();
  await sql?.end();
  await identity?.stop();
  await db?.drop();
});

describe('identity account operations', () => {
  it('keeps neither the code nor the link token at rest', async () => {
    const { uid, code, link } = await registered();
    const token = link.searchParams.get('t')!;
    const { rows } = await sql.query(
      "select target, encode(code_hash, 'hex') as c, encode(link_hash, 'hex') as l from identity.verification_codes where user_id = $1",
      [uid],
    );
    expect(rows).toHaveLength(1);
    const stored = JSON.stringify(rows);
    expect(stored).not.toContain(code);
    expect(stored).not.toContain(Buffer.from(token).toString('hex'));
  });

  it('confirms once when two requests race with the right code: one event, one log entry', async () => {
    const { uid, code } = await registered();
    const answers = await Promise.all(
      [0, 1].map(() => codeOf(client.confirmRegistration({ uid, code, client: client1 }))),
    );
    expect(answers).toContain('ok');
    const events = await sql.query(
      "select count(*)::int as c from identity.outbox where subject = 'identity.user.confirmed' and convert_from(payload, 'latin1') like $1",
      [`%${uid}%`],
    );
    expect(events.rows[0].c).toBe(1);
    const log = await client.listAccountLog({ uid, page: 1 });
    expect(log.entries.map((e) => e.type)).toEqual([AccountLogType.ACCOUNT_LOG_TYPE_ACCOUNT_CONFIRMATION]);
  });

  it('acts only for the uid it is given: a code of one account confirms no other', async () => {
    const alice = await registered();
    const bob = await registered();
    expect(await codeOf(client.confirmRegistration({ uid: bob.uid, code: alice.code, client: client1 }))).toBe(
      bob.code === alice.code ? 'ok' : 'WrongCode',
    );
    const { rows } = await sql.query('select email_confirmed_at from identity.users where id = $1', [alice.uid]);
    expect(rows[0].email_confirmed_at).toBeNull();
    expect((await client.listAccountLog({ uid: alice.uid, page: 1 })).entries).toEqual([]);
    expect(await codeOf(client.confirmRegistration({ uid: '', code: alice.code, client: client1 }))).toBe(
      'Unauthorized',
    );
  });

  it('counts only bans in force: started, not ended, not lifted; a permanent one first', async () => {
    const { uid, email, sessionToken } = await registered();
    const login = () => client.login({ login: email, password: 'correct-horse-1', client: client1, secondFactor: '' });
    await sql.query(
      `insert into identity.bans (user_id, reason, starts_at, ends_at, lifted_at) values
        ($1, 'spam', now() + interval '1 day', null, null),
        ($1, 'spam', now() - interval '3 days', now() - interval '1 day', null),
        ($1, 'misuse', now() - interval '1 day', null, now())`,
      [uid],
    );
    expect(await codeOf(login())).toBe('ok');
    await sql.query(
      `insert into identity.bans (user_id, reason, starts_at, ends_at) values
        ($1, 'conductViolation', now() - interval '1 hour', now() + interval '2 days'),
        ($1, 'articleRulesViolation', now() - interval '1 hour', null)`,
      [uid],
    );
    const error = await login().catch((e: unknown) => e);
    expect(AppError.is(error) && error.code).toBe('UserBanned');
    expect(AppError.is(error) && error.params).toEqual({ reason: 'articleRulesViolation' });
    // The session opened before the ban answers the ban in force, so the gateway refuses the user's requests with it.
    const validation = await client.validateSession({ sessionToken });
    expect(validation.user?.uid).toBe(uid);
    expect(validation.ban).toMatchObject({ reason: BanReason.BAN_REASON_ARTICLE_RULES_VIOLATION, endsAtMs: 0 });
  });
});
