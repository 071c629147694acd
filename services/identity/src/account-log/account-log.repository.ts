import { Inject, Injectable } from '@nestjs/common';
import type { AccountLogType } from '@pencraft/rules';
import { DATABASE, type DatabaseHandle, type Queryable } from '@pencraft/kit';
import { desc, eq, sql } from 'drizzle-orm';
import { accountLog } from './account-log.table.js';

/** Entries per page of the account operation log. */
export const ACCOUNT_LOG_PAGE_SIZE = 20;

export interface AccountLogEntry {
  userId: string;
  type: AccountLogType;
  ip: string;
  userAgent: string;
  /** What the entry concerns when its type needs it (a token's name, an operation done with one). */
  detail?: string;
}

@Injectable()
export class AccountLogRepository {
  constructor(@Inject(DATABASE) private readonly database: DatabaseHandle) {}

  /** In the transaction of the change it records, so the log never claims an operation that rolled back. */
  async add(tx: Queryable | undefined, entry: AccountLogEntry) {
    await (tx ?? this.database.db).insert(accountLog).values({
      userId: entry.userId,
      type: entry.type,
      ip: entry.ip.slice(0, 64),
      userAgent: entry.userAgent.slice(0, 512),
      detail: (entry.detail ?? '').slice(0, 200),
    });
  }

  /** One page (1-based) of the user's own entries, newest first, and how many there are in all. */
  async list(userId: string, page: number) {
    const [items, [count]] = await Promise.all([
      this.database.db
        .select({
          type: accountLog.type,
          ip: accountLog.ip,
          userAgent: accountLog.userAgent,
          detail: accountLog.detail,
          at: accountLog.createdAt,
        })
        .from(accountLog)
        .where(eq(accountLog.userId, userId))
        .orderBy(desc(accountLog.createdAt), desc(accountLog.id))
        .limit(ACCOUNT_LOG_PAGE_SIZE)
        .offset((page - 1) * ACCOUNT_LOG_PAGE_SIZE),
      this.database.db
        .select({ total: sql<number>`count(*)::int` })
        .from(accountLog)
        .where(eq(accountLog.userId, userId)),
    ]);
    return { items, total: count?.total ?? 0 };
  }
}
