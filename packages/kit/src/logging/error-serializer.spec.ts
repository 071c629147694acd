import { DrizzleQueryError } from 'drizzle-orm';
import { Writable } from 'node:stream';
import pg from 'pg';
import { AppError } from '@pencraft/errors';
import { createLogger, PinoNestLogger } from './logger.js';
import { serializeError } from './error-serializer.js';

const EMAIL = 'ana.mammadova@example.az';
const NAME = 'Ana Məmmədova';
const HASH = '$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$aGFzaGhhc2hoYXNo';

function uniqueViolation() {
  const cause = new pg.DatabaseError('duplicate key value violates unique constraint "users_email_key"', 120, 'error');
  Object.assign(cause, {
    severity: 'ERROR',
    code: '23505',
    detail: `Key (lower(email))=(${EMAIL}) already exists.`,
    schema: 'identity',
    table: 'users',
    constraint: 'users_email_key',
    routine: '_bt_check_unique',
  });
  return new DrizzleQueryError(
    'insert into "users" ("email", "fullname", "password_hash") values ($1, $2, $3)',
    [EMAIL, NAME, HASH],
    cause,
  );
}

function capture() {
  const lines: string[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString('utf8'));
      done();
    },
  });
  return { lines, destination };
}

describe('errors in logs', () => {
  it('keep the query, the codes and the constraint of a database error, and none of its values', () => {
    const { lines, destination } = capture();
    const log = createLogger({ service: 'identity', level: 'info', destination });
    log.error({ err: uniqueViolation() }, 'unhandled error in gRPC handler');
    const line = lines.join('');
    for (const value of [EMAIL, NAME, HASH, 'argon2id', 'ana.mammadova']) expect(line).not.toContain(value);
    const { err } = JSON.parse(line) as { err: Record<string, unknown> & { cause: Record<string, unknown> } };
    expect(err).toMatchObject({
      type: 'DrizzleQueryError',
      message: 'Failed query: insert into "users" ("email", "fullname", "password_hash") values ($1, $2, $3)',
      query: expect.stringContaining('values ($1, $2, $3)'),
    });
    expect(err.stack).toMatch(/^DrizzleQueryError: Failed query: .*\n\s+at /);
    expect(err.cause).toMatchObject({
      type: 'DatabaseError',
      code: '23505',
      constraint: 'users_email_key',
      table: 'users',
      schema: 'identity',
    });
    expect(err.cause).not.toHaveProperty('detail');
  });

  it('cut the quoted value out of PostgreSQL data errors, and keep other messages whole', () => {
    const bad = Object.assign(new pg.DatabaseError(`invalid input syntax for type uuid: "${EMAIL}"`, 90, 'error'), {
      severity: 'ERROR',
      code: '22P02',
    });
    expect(serializeError(bad)).toMatchObject({ message: 'invalid input syntax for type uuid: "[redacted]"' });
    const missing = Object.assign(new pg.DatabaseError('relation "articles" does not exist', 90, 'error'), {
      severity: 'ERROR',
      code: '42P01',
    });
    expect(serializeError(missing)).toMatchObject({ message: 'relation "articles" does not exist' });
  });

  it('keep an AppError code and its field details', () => {
    const error = new AppError('InvalidModel', { details: [{ field: 'email', code: 'InvalidEmail' }] });
    expect(serializeError(error)).toMatchObject({ details: [{ field: 'email', code: 'InvalidEmail' }] });
  });

  it('are redacted when Nest logs them too', () => {
    const { lines, destination } = capture();
    const nest = new PinoNestLogger(createLogger({ service: 'identity', level: 'info', destination }));
    const error = uniqueViolation();
    nest.error(error.message, error.stack, 'ExceptionsHandler');
    nest.error(error);
    expect(lines).toHaveLength(2);
    for (const line of lines) for (const value of [EMAIL, NAME, HASH]) expect(line).not.toContain(value);
  });
});
