import { Inject, Injectable } from '@nestjs/common';
import { DATABASE, type DatabaseHandle, type Queryable } from '@pencraft/kit';
import { and, count, desc, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import { accessTokens, type AccessTokenRow, type NewAccessToken } from './token.table.js';

@Injectable()
export class TokenRepository {
  constructor(@Inject(DATABASE) private readonly database: DatabaseHandle) {}

  /** Serializes one user's token creations (a transaction-scoped advisory lock), so the limit cannot be raced. */
  async lockUser(userId: string, tx: Queryable): Promise<void> {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`access-tokens:${userId}`}))`);
  }

  /** The user's live tokens: neither revoked nor expired at `now`. */
  async countLive(userId: string, now: Date, tx: Queryable): Promise<number> {
    const [row] = await tx
      .select({ n: count() })
      .from(accessTokens)
      .where(and(eq(accessTokens.userId, userId), isNull(accessTokens.revokedAt), gt(accessTokens.expiresAt, now)));
    return row?.n ?? 0;
  }

  async insert(row: NewAccessToken, tx: Queryable): Promise<AccessTokenRow> {
    const [inserted] = await tx.insert(accessTokens).values(row).returning();
    return inserted!;
  }

  /** Every token of the user, newest first (the list holds at most the live limit plus the dead ones). */
  async listOfUser(userId: string): Promise<AccessTokenRow[]> {
    return this.database.db
      .select()
      .from(accessTokens)
      .where(eq(accessTokens.userId, userId))
      .orderBy(desc(accessTokens.createdAt), desc(accessTokens.id));
  }

  /** The user's own token, locked; undefined for another user's token or an unknown id. */
  async lockOfUser(userId: string, id: string, tx: Queryable): Promise<AccessTokenRow | undefined> {
    const [row] = await tx
      .select()
      .from(accessTokens)
      .where(and(eq(accessTokens.id, id), eq(accessTokens.userId, userId)))
      .for('update')
      .limit(1);
    return row;
  }

  async revoke(id: string, at: Date, tx: Queryable): Promise<void> {
    await tx.update(accessTokens).set({ revokedAt: at }).where(eq(accessTokens.id, id));
  }

  async findByHash(hash: string): Promise<AccessTokenRow | undefined> {
    const [row] = await this.database.db.select().from(accessTokens).where(eq(accessTokens.hash, hash)).limit(1);
    return row;
  }

  /**
   * Records a use: sets last used to `now` unless it was set after `before` (another request of the same minute did
   * it). The condition is in the statement, so concurrent uses write the row once.
   */
  async touch(id: string, now: Date, before: Date): Promise<void> {
    await this.database.db
      .update(accessTokens)
      .set({ lastUsedAt: now })
      .where(and(eq(accessTokens.id, id), or(isNull(accessTokens.lastUsedAt), lt(accessTokens.lastUsedAt, before))));
  }
}
