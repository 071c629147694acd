import { Inject, Injectable } from '@nestjs/common';
import { DATABASE, type DatabaseHandle } from '@pencraft/kit';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { accountLog } from '../account-log/account-log.table.js';
import { users } from '../users/user.table.js';

export interface SecurityAccount {
  id: string;
  email: string;
  username: string;
  lang: string;
  passwordHash: string;
}

/** What the security area reads of an account (read-only: the users table belongs to the accounts area). */
@Injectable()
export class SecurityAccountRepository {
  constructor(@Inject(DATABASE) private readonly database: DatabaseHandle) {}

  async find(userId: string): Promise<SecurityAccount | undefined> {
    const [row] = await this.database.db
      .select({
        id: users.id,
        email: users.email,
        username: users.username,
        lang: users.lang,
        passwordHash: users.passwordHash,
      })
      .from(users)
      .where(eq(users.id, userId))
      .limit(1);
    return row;
  }

  /** The last password change or reset the account log knows of. */
  async passwordChangedAt(userId: string): Promise<Date | undefined> {
    const [row] = await this.database.db
      .select({ at: accountLog.createdAt })
      .from(accountLog)
      .where(and(eq(accountLog.userId, userId), inArray(accountLog.type, ['passwordChanged', 'passwordReset'])))
      .orderBy(desc(accountLog.createdAt))
      .limit(1);
    return row?.at;
  }
}
