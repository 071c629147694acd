import { Language } from '@pencraft/contracts/common/v1/common';
import { EVENTS } from '@pencraft/contracts/events';
import { IdentityServiceClient, IdentityServiceService } from '@pencraft/contracts/identity/v1/identity';
import { UserRegistered } from '@pencraft/contracts/events/v1/identity';
import { AppError } from '@pencraft/errors';
import { createGrpcClient, type PromiseClient } from '@pencraft/kit';
import { AckPolicy, connect, type NatsConnection } from 'nats';
import pg from 'pg';
import {
  eventually,
  freshDatabase,
  grpcAddress,
  resetMessaging,
  startService,
  natsAdmin,
  stack,
  type TestDatabase,
} from '../../../tests/support/stack.ts';
import type { AppHandle } from '../../../packages/devstack/src/index.ts';

let db: TestDatabase;
let identity: AppHandle;
let client: PromiseClient<IdentityServiceClient>;
let sql: pg.Pool;
let nc: NatsConnection;

const client1 = { ip: '198.51.100.7', userAgent: 'jest', lang: Language.LANGUAGE_EN };
let n = 0;
function newUser(overrides: Partial<{ email: string; username: string; fullname: string; password: string }> = {}) {
  n += 1;
  return {
    email: `user${n}@example.az`,
    username: `user_${n}`,
    fullname: `User ${n}`,
    password: 'correct-horse-1',
    acceptTerms: true,
    acceptPrivacy: true,
    client: client1,
    ...overrides,
  };
}

async function codeOf(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    if (AppError.is(error)) return error.code;
    throw error;
  }
  throw new Error('expected a failure');
}

beforeAll(async () => {
  await resetMessaging();
  db = await freshDatabase('identity');
  identity = await startService('identity', db.name);
  client = createGrpcClient(IdentityServiceClient, IdentityServiceService, grpcAddress('identity'));
  sql = new pg.Pool({ connectionString: db.url, max: 2 });
  nc = await connect(natsAdmin(stack));
});

afterAll(async () => {
  client?.close();
  await sql?.end();
  await nc?.close();
  await identity?.stop();
  await db?.drop();
});

describe('identity against PostgreSQL, Redis and NATS', () => {
  it('registers a user, signs them in and resolves the session', async () => {
    const input = newUser();
    const registered = await client.register(input);
    expect(registered.user).toMatchObject({
      username: input.username,
      fullname: input.fullname,
      lang: Language.LANGUAGE_EN,
      theme: 'system',
    });
    expect(registered.sessionToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const thirtyDays = 30 * 24 * 3600 * 1000;
    expect(Math.abs(registered.expiresAtMs - Date.now() - thirtyDays)).toBeLessThan(60_000);
    const session = await client.validateSession({ sessionToken: registered.sessionToken });
    expect(session.user?.uid).toBe(registered.user?.uid);
  });

  it('stores an argon2id hash and only the hash of the session token', async () => {
    const input = newUser();
    const { user, sessionToken } = await client.register(input);
    const { rows } = await sql.query('select password_hash from identity.users where id = $1', [user!.uid]);
    expect(rows[0].password_hash).toMatch(/^\$argon2id\$/);
    expect(rows[0].password_hash).not.toContain(input.password);
    const sessions = await sql.query(
      "select encode(token_hash, 'hex') as h from identity.sessions where user_id = $1",
      [user!.uid],
    );
    expect(sessions.rows).toHaveLength(1);
    expect(sessions.rows[0].h).not.toContain(Buffer.from(sessionToken).toString('hex'));
  });

  it('signs in by email or username in any case, and refuses a wrong password alike for unknown users', async () => {
    const input = newUser();
    await client.register(input);
    expect(
      (
        await client.login({
          login: input.username.toUpperCase(),
          password: input.password,
          client: client1,
          secondFactor: '',
        })
      ).user?.username,
    ).toBe(input.username);
    expect(
      (
        await client.login({
          login: ` ${input.email.toUpperCase()} `,
          password: input.password,
          client: client1,
          secondFactor: '',
        })
      ).user?.username,
    ).toBe(input.username);
    expect(
      await codeOf(
        client.login({ login: input.username, password: 'wrong-pass-1', client: client1, secondFactor: '' }),
      ),
    ).toBe('IncorrectEmailOrPassword');
    expect(
      await codeOf(client.login({ login: 'nobody_here', password: 'wrong-pass-1', client: client1, secondFactor: '' })),
    ).toBe('IncorrectEmailOrPassword');
  });

  it('refuses a taken email or username whatever the case, keeping the first account intact', async () => {
    const first = newUser();
    await client.register(first);
    expect(await codeOf(client.register(newUser({ email: first.email.toUpperCase() })))).toBe('EmailAlreadyExists');
    expect(await codeOf(client.register(newUser({ username: first.username.toUpperCase() })))).toBe(
      'UsernameAlreadyExists',
    );
    expect(
      (await client.login({ login: first.email, password: first.password, client: client1, secondFactor: '' })).user
        ?.fullname,
    ).toBe(first.fullname);
  });

  it('lets exactly one of two simultaneous registrations of the same name win', async () => {
    const a = newUser();
    const b = newUser({ username: a.username });
    const results = await Promise.allSettled([client.register(a), client.register(b)]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const failure = results.find((r): r is PromiseRejectedResult => r.status === 'rejected')!;
    expect((failure.reason as AppError).code).toBe('UsernameAlreadyExists');
  });

  it('reports every invalid field of a registration', async () => {
    try {
      await client.register({ ...newUser(), email: 'x', username: '_x', password: 'nodigits', acceptPrivacy: false });
      throw new Error('expected a failure');
    } catch (error) {
      expect((error as AppError).details?.map((d) => d.code)).toEqual([
        'InvalidEmail',
        'InvalidUsername',
        'InvalidPassword',
        'AgreementsNotAccepted',
      ]);
    }
  });

  it('ends a session on logout and refuses expired sessions', async () => {
    const { sessionToken, user } = await client.register(newUser());
    await client.logout({ sessionToken });
    expect(await codeOf(client.validateSession({ sessionToken }))).toBe('Unauthorized');
    const login = await client.login({
      login: user!.username,
      password: 'correct-horse-1',
      client: client1,
      secondFactor: '',
    });
    await sql.query("update identity.sessions set expires_at = now() - interval '1 second' where user_id = $1", [
      user!.uid,
    ]);
    expect(await codeOf(client.validateSession({ sessionToken: login.sessionToken }))).toBe('Unauthorized');
    expect(await codeOf(client.validateSession({ sessionToken: 'not-a-token' }))).toBe('Unauthorized');
  });

  it('announces each registration on NATS exactly once, and nothing for a refused one', async () => {
    const input = newUser();
    const { user } = await client.register(input);
    await codeOf(client.register(newUser({ email: input.email })));
    const refused = `user_${n}`;
    await eventually(async () => {
      const { rows } = await sql.query('select count(*)::int as c from identity.outbox where published_at is null');
      return rows[0].c === 0 ? true : undefined;
    });
    const jsm = await nc.jetstreamManager();
    const durable = `probe_${Date.now()}`;
    await jsm.consumers.add('IDENTITY', {
      durable_name: durable,
      ack_policy: AckPolicy.Explicit,
      filter_subject: EVENTS.userRegistered.subject,
    });
    const consumer = await nc.jetstream().consumers.get('IDENTITY', durable);
    const seen: UserRegistered[] = [];
    const batch = await consumer.fetch({ max_messages: 500, expires: 1_500 });
    for await (const msg of batch) {
      seen.push(UserRegistered.decode(msg.data));
      msg.ack();
    }
    expect(seen.filter((e) => e.uid === user!.uid)).toEqual([
      expect.objectContaining({ username: input.username, fullname: input.fullname, lang: Language.LANGUAGE_EN }),
    ]);
    expect(seen.filter((e) => e.username === refused)).toHaveLength(0);
    expect(new Set(seen.map((e) => e.uid)).size).toBe(seen.length);
  });
});
