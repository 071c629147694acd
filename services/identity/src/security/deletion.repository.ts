import { Inject, Injectable } from '@nestjs/common';
import { DATABASE, type DatabaseHandle, type Queryable } from '@pencraft/kit';
import { eq, inArray, sql } from 'drizzle-orm';
import { users } from '../users/user.table.js';
import { deletionRequests, type DeletionRequestRow } from './security.tables.js';

@Injectable()
export class DeletionRepository {
  constructor(@Inject(DATABASE) private readonly database: DatabaseHandle) {}

  async find(userId: string): Promise<DeletionRequestRow | undefined> {
    const [row] = await this.database.db
      .select()
      .from(deletionRequests)
      .where(eq(deletionRequests.userId, userId))
      .limit(1);
    return row;
  }

  /** False when the user already has a pending request (the primary key decides a race). */
  async insert(tx: Queryable, request: DeletionRequestRow): Promise<boolean> {
    const rows = await tx
      .insert(deletionRequests)
      .values(request)
      .onConflictDoNothing()
      .returning({ userId: deletionRequests.userId });
    return rows.length === 1;
  }

  async remove(userId: string): Promise<boolean> {
    const rows = await this.database.db
      .delete(deletionRequests)
      .where(eq(deletionRequests.userId, userId))
      .returning({ userId: deletionRequests.userId });
    return rows.length === 1;
  }

  async removeByCancelToken(tokenHash: Buffer): Promise<boolean> {
    const rows = await this.database.db
      .delete(deletionRequests)
      .where(eq(deletionRequests.cancelTokenHash, tokenHash))
      .returning({ userId: deletionRequests.userId });
    return rows.length === 1;
  }

  /**
   * Due requests, locked for this transaction; rows another replica holds are skipped (FOR UPDATE SKIP LOCKED), so
   * several replicas running the job never delete the same account twice nor wait for each other.
   */
  async lockDue(tx: Queryable, now: Date, limit: number): Promise<string[]> {
    const result = await tx.execute<{ user_id: string }>(sql`
      select user_id from ${deletionRequests}
       where scheduled_for <= ${now.toISOString()}
       order by scheduled_for
       limit ${limit}
         for update skip locked`);
    return result.rows.map((row) => row.user_id);
  }

  /** Deletes the accounts; everything of them in identity goes with them (foreign keys ON DELETE CASCADE). */
  async deleteUsers(tx: Queryable, userIds: string[]) {
    if (userIds.length > 0) await tx.delete(users).where(inArray(users.id, userIds));
  }
}
