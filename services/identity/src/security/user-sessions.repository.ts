import { Inject, Injectable } from '@nestjs/common';
import { DATABASE, type DatabaseHandle, type Queryable } from '@pencraft/kit';
import { and, desc, eq, gt, isNull, ne } from 'drizzle-orm';
import { sessions } from '../sessions/session.table.js';

export interface LiveSession {
  id: string;
  ip: string;
  userAgent: string;
  createdAt: Date;
  lastSeenAt: Date;
}

/** A user's own sessions as the security settings see them: listed and ended by id, always scoped to the user. */
@Injectable()
export class UserSessionsRepository {
  constructor(@Inject(DATABASE) private readonly database: DatabaseHandle) {}

  async listLive(userId: string, now: Date): Promise<LiveSession[]> {
    return this.database.db
      .select({
        id: sessions.id,
        ip: sessions.ip,
        userAgent: sessions.userAgent,
        createdAt: sessions.createdAt,
        lastSeenAt: sessions.lastSeenAt,
      })
      .from(sessions)
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)))
      .orderBy(desc(sessions.lastSeenAt));
  }

  /** Ends one session of this user; the token hash of what was ended, nothing for another user's id. */
  async revokeOwn(userId: string, sessionId: string, at: Date): Promise<Buffer[]> {
    const rows = await this.database.db
      .update(sessions)
      .set({ revokedAt: at })
      .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId), isNull(sessions.revokedAt)))
      .returning({ tokenHash: sessions.tokenHash });
    return rows.map((row) => Buffer.from(row.tokenHash));
  }

  /** Ends every live session of this user but one; their token hashes. */
  async revokeOthers(userId: string, keepId: string, at: Date, tx: Queryable = this.database.db): Promise<Buffer[]> {
    const rows = await tx
      .update(sessions)
      .set({ revokedAt: at })
      .where(and(eq(sessions.userId, userId), ne(sessions.id, keepId), isNull(sessions.revokedAt)))
      .returning({ tokenHash: sessions.tokenHash });
    return rows.map((row) => Buffer.from(row.tokenHash));
  }
}
