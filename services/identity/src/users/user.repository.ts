import type { Lang } from '@pencraft/rules';
import { Inject, Injectable } from '@nestjs/common';
import { languages } from '@pencraft/contracts/enums';
import type { UserSummary } from '@pencraft/contracts/identity/v1/identity';
import { AppError } from '@pencraft/errors';
import { DATABASE, type DatabaseHandle, type Queryable } from '@pencraft/kit';
import { and, eq, isNull, or, sql } from 'drizzle-orm';
import { users, type UserRow } from './user.table.js';

export interface NewUser {
  email: string;
  username: string;
  fullname: string;
  passwordHash: string;
  lang: Lang;
}

/** A registration field another account already holds. */
export type TakenField = 'email' | 'username';

@Injectable()
export class UserRepository {
  constructor(@Inject(DATABASE) private readonly database: DatabaseHandle) {}

  /** Two registrations racing for one email or username: the unique index decides, the loser gets the catalogue code. */
  async insert(user: NewUser, tx: Queryable): Promise<UserRow> {
    try {
      const [row] = await tx
        .insert(users)
        .values({ ...user, termsAcceptedAt: new Date() })
        .returning();
      return row!;
    } catch (error) {
      throw uniqueViolationToAppError(error) ?? error;
    }
  }

  /** Which of an email and a username (both compared case-insensitively) belong to an account already. */
  async findTaken(email: string, username: string): Promise<TakenField[]> {
    const rows = await this.database.db
      .select({ email: users.email, username: users.username })
      .from(users)
      .where(
        or(
          sql`lower(${users.email}) = ${email.toLowerCase()}`,
          sql`lower(${users.username}) = ${username.toLowerCase()}`,
        ),
      )
      .limit(2);
    const taken: TakenField[] = [];
    if (rows.some((row) => row.email.toLowerCase() === email.toLowerCase())) taken.push('email');
    if (rows.some((row) => row.username.toLowerCase() === username.toLowerCase())) taken.push('username');
    return taken;
  }

  /** By email when the login holds an @, else by username; both case-insensitive. */
  async findByLogin(login: string): Promise<UserRow | undefined> {
    const value = login.trim().toLowerCase();
    const column = value.includes('@') ? users.email : users.username;
    const [row] = await this.database.db
      .select()
      .from(users)
      .where(sql`lower(${column}) = ${value}`)
      .limit(1);
    return row;
  }

  async updatePasswordHash(id: string, passwordHash: string, tx: Queryable = this.database.db) {
    await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, id));
  }

  async findById(id: string): Promise<UserRow | undefined> {
    const [row] = await this.database.db.select().from(users).where(eq(users.id, id)).limit(1);
    return row;
  }

  /** Case-insensitive, as the unique index compares. */
  async findByEmail(email: string): Promise<UserRow | undefined> {
    const [row] = await this.database.db
      .select()
      .from(users)
      .where(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`)
      .limit(1);
    return row;
  }

  /** Marks the address proved; false when it already was (a second confirmation changes nothing). */
  async markConfirmed(id: string, at: Date, tx: Queryable): Promise<boolean> {
    const rows = await tx
      .update(users)
      .set({ emailConfirmedAt: at, updatedAt: at })
      .where(and(eq(users.id, id), isNull(users.emailConfirmedAt)))
      .returning({ id: users.id });
    return rows.length === 1;
  }

  /** A proved new address: it is confirmed too. Another account taking it meanwhile answers EmailAlreadyExists. */
  async updateEmail(id: string, email: string, at: Date, tx: Queryable) {
    try {
      await tx
        .update(users)
        .set({ email, emailConfirmedAt: sql`coalesce(${users.emailConfirmedAt}, ${at})`, updatedAt: at })
        .where(eq(users.id, id));
    } catch (error) {
      throw uniqueViolationToAppError(error) ?? error;
    }
  }
}

export function toSummary(
  user: Pick<UserRow, 'id' | 'username' | 'fullname' | 'theme' | 'imageUrl' | 'lang' | 'rating' | 'emailConfirmedAt'>,
): UserSummary {
  return {
    uid: user.id,
    username: user.username,
    fullname: user.fullname,
    theme: user.theme,
    imageUrl: user.imageUrl ?? '',
    lang: languages.toProto(user.lang),
    rating: user.rating,
    domain: '',
    publication: '',
    confirmed: user.emailConfirmedAt !== null,
  };
}

function uniqueViolationToAppError(error: unknown): AppError | undefined {
  const pgError = findPgError(error);
  if (pgError?.code !== '23505') return undefined;
  if (pgError.constraint === 'users_email_key') {
    return new AppError('EmailAlreadyExists', { details: [{ field: 'email', code: 'EmailAlreadyExists' }] });
  }
  if (pgError.constraint === 'users_username_key') {
    return new AppError('UsernameAlreadyExists', { details: [{ field: 'username', code: 'UsernameAlreadyExists' }] });
  }
  return undefined;
}

/** Drizzle wraps the driver's error; the PostgreSQL code and constraint are on it or a cause of it. */
function findPgError(error: unknown): { code?: string; constraint?: string } | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth += 1) {
    if ('code' in current && typeof (current as { code: unknown }).code === 'string')
      return current as { code: string; constraint?: string };
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}
