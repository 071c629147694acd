import { Injectable } from '@nestjs/common';
import type { Queryable } from '@pencraft/kit';
import { eq } from 'drizzle-orm';
import { accounts, type AccountRow } from './account.table.js';

/** Support accounts. */
@Injectable()
export class AccountRepository {
  /** The account; with `lock`, locked for the transaction (what serializes every change of its balance). */
  async find(tx: Queryable, uid: string, lock = false): Promise<AccountRow | undefined> {
    const query = tx.select().from(accounts).where(eq(accounts.uid, uid));
    const [row] = lock ? await query.for('update') : await query;
    return row;
  }

  /** A new account; undefined when the user has one already (a concurrent create included). */
  async insert(tx: Queryable, row: AccountRow): Promise<AccountRow | undefined> {
    const [inserted] = await tx.insert(accounts).values(row).onConflictDoNothing().returning();
    return inserted;
  }

  async update(tx: Queryable, uid: string, change: Partial<Pick<AccountRow, 'active' | 'thanksMessage'>>, at: Date) {
    const [row] = await tx
      .update(accounts)
      .set({ ...change, updatedAt: at })
      .where(eq(accounts.uid, uid))
      .returning();
    return row!;
  }
}
