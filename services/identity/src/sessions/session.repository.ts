import { Inject, Injectable } from '@nestjs/common';
import { DATABASE, type DatabaseHandle, type Queryable } from '@pencraft/kit';
import { and, eq, gt, isNull, lt, ne } from 'drizzle-orm';
import { deletionRequests } from '../security/security.tables.js';
import { users } from '../users/user.table.js';
import { sessions } from './session.table.js';

export interface NewSession {
  userId: string;
  tokenHash: Buffer;
  expiresAt: Date;
  ip: string;
  userAgent: string;
}

@Injectable()
export class SessionRepository {
  constructor(@Inject(DATABASE) private readonly database: DatabaseHandle) {}

  /** In the caller's transaction when it passes one. */
  async insert(session: NewSession, tx: Queryable = this.database.db): Promise<string> {
    const [row] = await tx.insert(sessions).values(session).returning({ id: sessions.id });
    return row!.id;
  }

  /** The live session behind a token hash, with its user and the date of a scheduled deletion of the account. */
  async findLive(tokenHash: Buffer, now: Date) {
    const [row] = await this.database.db
      .select({
        sessionId: sessions.id,
        expiresAt: sessions.expiresAt,
        lastSeenAt: sessions.lastSeenAt,
        deletionScheduledFor: deletionRequests.scheduledFor,
        user: users,
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .leftJoin(deletionRequests, eq(deletionRequests.userId, sessions.userId))
      .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)))
      .limit(1);
    return row;
  }

  /**
   * Records activity at most once a minute per session: identity sees a session only when the gateway's minute of
   * caching runs out, so this is one small update per active session per minute at most.
   */
  async touch(sessionId: string, at: Date) {
    await this.database.db
      .update(sessions)
      .set({ lastSeenAt: at })
      .where(and(eq(sessions.id, sessionId), lt(sessions.lastSeenAt, new Date(at.getTime() - 60_000))));
  }

  async revoke(tokenHash: Buffer, at: Date) {
    await this.database.db
      .update(sessions)
      .set({ revokedAt: at })
      .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt)));
  }

  /** The token hashes of a user's live sessions (a ban names them so the gateway drops its cached answers). */
  async liveTokenHashes(userId: string, now: Date, tx: Queryable = this.database.db): Promise<Buffer[]> {
    const rows = await tx
      .select({ tokenHash: sessions.tokenHash })
      .from(sessions)
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)));
    return rows.map((row) => Buffer.from(row.tokenHash));
  }

  /**
   * Ends every live session of a user, but the one kept (the one asking), in the caller's transaction; answers the
   * token hashes of the sessions it ended (the gateway drops them from its cache).
   */
  async revokeAllOfUser(
    userId: string,
    at: Date,
    tx: Queryable = this.database.db,
    keepSessionId?: string,
  ): Promise<Buffer[]> {
    const rows = await tx
      .update(sessions)
      .set({ revokedAt: at })
      .where(
        and(
          eq(sessions.userId, userId),
          isNull(sessions.revokedAt),
          keepSessionId ? ne(sessions.id, keepSessionId) : undefined,
        ),
      )
      .returning({ tokenHash: sessions.tokenHash });
    return rows.map((row) => Buffer.from(row.tokenHash));
  }
}
