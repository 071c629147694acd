// A database error carries the values of the query that failed (drizzle puts them in its message, PostgreSQL in
// its detail): the service logs the failure with its query and code, and none of the values. Every other log line
// of the run is checked by the global teardown (tests/support/log-hygiene.ts).
import { Language } from '@pencraft/contracts/common/v1/common';
import { IdentityServiceClient, IdentityServiceService } from '@pencraft/contracts/identity/v1/identity';
import { AppError } from '@pencraft/errors';
import { createGrpcClient, type PromiseClient } from '@pencraft/kit';
import pg from 'pg';
import { logFile, type AppHandle } from '../../packages/devstack/src/index.ts';
import { readFileSync, statSync } from 'node:fs';
import { findLogLeaks, holdsToken } from '../support/log-hygiene.ts';
import { eventually, freshDatabase, grpcAddress, resetMessaging, stack, startService } from '../support/stack.ts';
import type { TestDatabase } from '../support/stack.ts';

const user = {
  email: 'leila.hygiene@example.az',
  username: 'leila_hygiene',
  fullname: 'Leyla Hüseynova-Hygiene',
  password: 'never-in-a-log-77',
  acceptTerms: true,
  acceptPrivacy: true,
  client: { ip: '198.51.100.9', userAgent: 'jest', lang: Language.LANGUAGE_EN },
};

let db: TestDatabase;
let identity: AppHandle;
let client: PromiseClient<IdentityServiceClient>;

beforeAll(async () => {
  await resetMessaging();
  db = await freshDatabase('hygiene');
  identity = await startService('identity', db.name, { LOG_LEVEL: 'info' });
  client = createGrpcClient(IdentityServiceClient, IdentityServiceService, grpcAddress('identity'));
});

afterAll(async () => {
  client?.close();
  await identity?.stop();
  await db?.drop();
});

it('logs a failed insert with its query and code, without the e-mail, the name or the password hash', async () => {
  const log = logFile(stack, 'identity');
  const from = statSync(log).size;
  // Every insert into users now violates a constraint: the registration fails inside the database.
  const sql = new pg.Client({ connectionString: db.url });
  await sql.connect();
  await sql.query('alter table identity.users add constraint log_hygiene_probe check (false) not valid');
  await sql.end();

  const failure = await client.register(user).catch((error: unknown) => error);
  expect(AppError.is(failure) && failure.code).toBe('InternalServerError');

  const line = await eventually(async () => {
    const appended = readFileSync(log).subarray(from).toString('utf8');
    return appended.split('\n').find((l) => l.includes('log_hygiene_probe') || l.includes('"23514"'));
  });
  const entry = JSON.parse(line) as { level: string; err: { message: string; query: string; cause: { code: string } } };
  expect(entry.level).toBe('error');
  expect(entry.err.message).toMatch(/^Failed query: insert into "identity"\."users"/);
  expect(entry.err.cause.code).toBe('23514');
  for (const value of [user.email, 'leila.hygiene', user.fullname, 'Hüseynova', user.password, '$argon2']) {
    expect({ value, logged: line.includes(value) }).toEqual({ value, logged: false });
  }
  expect(findLogLeaks().filter((leak) => leak.file.endsWith('identity.log'))).toEqual([]);
});

it('finds a secret the run used as a token of its own, not inside a random id that happens to contain it', () => {
  const code = '247246';
  expect(holdsToken('{"trace_id":"e21affdb71ab00e2472467a9c01695ed"}', code)).toBe(false);
  expect(holdsToken('{"msg":"verify","code":"247246"}', code)).toBe(true);
  expect(holdsToken('code=247246&next=1', code)).toBe(true);
  expect(holdsToken('password never-in-a-log-77.', 'never-in-a-log-77')).toBe(true);
  expect(holdsToken('xnever-in-a-log-77', 'never-in-a-log-77')).toBe(false);
});
