import { isUuid, type Lang } from '@pencraft/rules';
import { Inject, Injectable } from '@nestjs/common';
import { AppError } from '@pencraft/errors';
import { DATABASE, type DatabaseHandle, type Queryable } from '@pencraft/kit';
import { and, asc, eq, sql } from 'drizzle-orm';
import { users, type UserRow } from '../users/user.table.js';
import { userLinks, type UserLinkRow } from './link.table.js';

/** The profile columns a change may set (undefined: kept; null: cleared). */
export type ProfilePatch = Partial<
  Pick<
    UserRow,
    | 'fullname'
    | 'headline'
    | 'bio'
    | 'birthdate'
    | 'country'
    | 'gender'
    | 'imageUrl'
    | 'imageKey'
    | 'bannerUrl'
    | 'bannerKey'
    | 'theme'
    | 'lang'
    | 'phone'
    | 'phoneVerifiedAt'
  >
>;

/** The users table as the profile reads and changes it, and the profile's links. */
@Injectable()
export class ProfileRepository {
  constructor(@Inject(DATABASE) private readonly database: DatabaseHandle) {}

  async findById(uid: string, tx?: Queryable): Promise<UserRow | undefined> {
    if (!isUuid(uid)) return undefined;
    const [row] = await (tx ?? this.database.db).select().from(users).where(eq(users.id, uid)).limit(1);
    return row;
  }

  /** Case-insensitive, as usernames are unique. */
  async findByUsername(username: string): Promise<UserRow | undefined> {
    const [row] = await this.database.db
      .select()
      .from(users)
      .where(sql`lower(${users.username}) = ${username.toLowerCase()}`)
      .limit(1);
    return row;
  }

  /** Locks the user's row, so concurrent changes of one account (username, links) are decided one at a time. */
  async lock(tx: Queryable, uid: string): Promise<UserRow | undefined> {
    if (!isUuid(uid)) return undefined;
    const [row] = await tx.select().from(users).where(eq(users.id, uid)).for('update').limit(1);
    return row;
  }

  /** Without a transaction, on its own. */
  async update(tx: Queryable | undefined, uid: string, patch: ProfilePatch, at: Date): Promise<UserRow> {
    try {
      const [row] = await (tx ?? this.database.db)
        .update(users)
        .set({ ...patch, updatedAt: at })
        .where(eq(users.id, uid))
        .returning();
      if (!row) throw new AppError('UserNotFound');
      return row;
    } catch (error) {
      throw uniqueViolation(error, 'users_phone_key', 'PhoneNumberAlreadyExists') ?? error;
    }
  }

  /** Theme and language as given, and the notification and mail switches merged into the saved ones in one statement. */
  async updatePreferences(
    tx: Queryable,
    uid: string,
    patch: Pick<ProfilePatch, 'theme' | 'lang'>,
    { switches, mail }: { switches: Record<string, boolean>; mail: Record<string, boolean> },
    at: Date,
  ): Promise<UserRow> {
    const [row] = await tx
      .update(users)
      .set({
        ...patch,
        ...(Object.keys(switches).length > 0
          ? { notifications: sql`${users.notifications} || ${JSON.stringify(switches)}::jsonb` }
          : {}),
        ...(Object.keys(mail).length > 0
          ? { notificationMail: sql`${users.notificationMail} || ${JSON.stringify(mail)}::jsonb` }
          : {}),
        updatedAt: at,
      })
      .where(eq(users.id, uid))
      .returning();
    if (!row) throw new AppError('UserNotFound');
    return row;
  }

  /** Where to write to a user: the address, the language and whether the address is confirmed. */
  async contact(uid: string): Promise<{ email: string; lang: Lang; confirmed: boolean } | undefined> {
    if (!isUuid(uid)) return undefined;
    const [row] = await this.database.db
      .select({ email: users.email, lang: users.lang, confirmedAt: users.emailConfirmedAt })
      .from(users)
      .where(eq(users.id, uid));
    return row && { email: row.email, lang: row.lang, confirmed: row.confirmedAt !== null };
  }

  /** The unique index on lower(username) decides two accounts racing for one name. */
  async changeUsername(tx: Queryable, uid: string, username: string, at: Date): Promise<UserRow> {
    try {
      const [row] = await tx
        .update(users)
        .set({ username, usernameChangedAt: at, updatedAt: at })
        .where(eq(users.id, uid))
        .returning();
      return row!;
    } catch (error) {
      throw uniqueViolation(error, 'users_username_key', 'UsernameAlreadyExists') ?? error;
    }
  }

  /** Whether another account holds this (E.164) number. */
  async phoneTakenByOther(phone: string, uid: string): Promise<boolean> {
    const [row] = await this.database.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.phone, phone), sql`${users.id} <> ${uid}`))
      .limit(1);
    return Boolean(row);
  }

  async links(uid: string, tx?: Queryable): Promise<UserLinkRow[]> {
    return (tx ?? this.database.db)
      .select()
      .from(userLinks)
      .where(eq(userLinks.userId, uid))
      .orderBy(asc(userLinks.createdAt), asc(userLinks.id));
  }

  async addLink(tx: Queryable, link: { userId: string; provider: string; url: string }): Promise<UserLinkRow> {
    try {
      const [row] = await tx.insert(userLinks).values(link).returning();
      return row!;
    } catch (error) {
      throw uniqueViolation(error, 'user_links_user_provider_key', 'AlreadyHasLinkProvider') ?? error;
    }
  }

  /** Only the owner's link: another user's id removes nothing. */
  async removeLink(uid: string, linkId: string): Promise<boolean> {
    if (!isUuid(linkId)) return false;
    const removed = await this.database.db
      .delete(userLinks)
      .where(and(eq(userLinks.id, linkId), eq(userLinks.userId, uid)))
      .returning({ id: userLinks.id });
    return removed.length > 0;
  }
}

/** A unique index refusing a write, as the catalogue code of what was taken. */
function uniqueViolation(
  error: unknown,
  constraint: string,
  code: 'UsernameAlreadyExists' | 'PhoneNumberAlreadyExists' | 'AlreadyHasLinkProvider',
): AppError | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth += 1) {
    const candidate = current as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (candidate.code === '23505' && candidate.constraint === constraint) return new AppError(code);
    current = candidate.cause;
  }
  return undefined;
}
