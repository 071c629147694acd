import { Inject, Injectable } from '@nestjs/common';
import { DATABASE, type DatabaseHandle, type Queryable } from '@pencraft/kit';
import type { UserSummary } from '@pencraft/contracts/identity/v1/identity';
import { eq, sql } from 'drizzle-orm';
import { users, type UserRow } from './user.table.js';

export interface NewUser {
  email: string;
  username: string;
  fullname: string;
  passwordHash: string;
  lang: string;
}

@Injectable()
export class UserRepository {
  constructor(@Inject(DATABASE) private readonly database: DatabaseHandle) {}

  async insert(tx: Queryable, user: NewUser): Promise<UserRow> {
    const [row] = await tx
      .insert(users)
      .values({ ...user, termsAcceptedAt: new Date() })
      .returning();
    return row!;
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

  async updatePasswordHash(id: string, passwordHash: string) {
    await this.database.db.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, id));
  }
}

export function toSummary(
  user: Pick<UserRow, 'id' | 'username' | 'fullname' | 'theme' | 'imageUrl' | 'lang' | 'rating'>,
): UserSummary {
  return {
    uid: user.id,
    username: user.username,
    fullname: user.fullname,
    theme: user.theme,
    imageUrl: user.imageUrl ?? '',
    lang: user.lang,
    rating: user.rating,
    domain: '',
    publication: '',
  };
}
