import type { BanReason } from '@pencraft/rules';
import { Inject, Injectable } from '@nestjs/common';
import { DATABASE, type DatabaseHandle, type Queryable } from '@pencraft/kit';
import { and, desc, eq, gt, isNull, lte, or, sql } from 'drizzle-orm';
import { bans, type BanRow } from './ban.table.js';

export interface NewBan {
  userId: string;
  reason: BanReason;
  startsAt: Date;
  endsAt: Date | null;
  moderator?: string;
  note?: string;
  requestId?: string | null;
}

@Injectable()
export class BanRepository {
  constructor(@Inject(DATABASE) private readonly database: DatabaseHandle) {}

  /** The ban in force now (started, not ended, not lifted); of several, the one that lasts longest. */
  async activeFor(userId: string, now: Date = new Date()): Promise<BanRow | undefined> {
    const [row] = await this.database.db
      .select()
      .from(bans)
      .where(
        and(
          eq(bans.userId, userId),
          isNull(bans.liftedAt),
          lte(bans.startsAt, now),
          or(isNull(bans.endsAt), gt(bans.endsAt, now)),
        ),
      )
      .orderBy(sql`${bans.endsAt} desc nulls first`)
      .limit(1);
    return row;
  }

  /** Every ban of the user, newest first (the settings page lists them). */
  async listFor(userId: string): Promise<BanRow[]> {
    return this.database.db.select().from(bans).where(eq(bans.userId, userId)).orderBy(desc(bans.startsAt));
  }

  async insert(ban: NewBan, tx: Queryable = this.database.db): Promise<BanRow> {
    const [row] = await tx.insert(bans).values(ban).returning();
    return row!;
  }

  /**
   * Inserts unless a ban with the same request id exists (a retried IssueBan); answers the new ban, or undefined when
   * the request id was already used (then `findByRequestId` has it).
   */
  async insertOnce(ban: NewBan, tx: Queryable): Promise<BanRow | undefined> {
    const [row] = await tx.insert(bans).values(ban).onConflictDoNothing().returning();
    return row;
  }

  async findByRequestId(requestId: string, tx: Queryable = this.database.db): Promise<BanRow | undefined> {
    const [row] = await tx.select().from(bans).where(eq(bans.requestId, requestId)).limit(1);
    return row;
  }

  async lockById(id: string, tx: Queryable): Promise<BanRow | undefined> {
    const [row] = await tx.select().from(bans).where(eq(bans.id, id)).for('update').limit(1);
    return row;
  }

  /** Ends a ban early; answers the updated row, or undefined when it was already lifted. */
  async lift(id: string, at: Date, by: string, tx: Queryable): Promise<BanRow | undefined> {
    const [row] = await tx
      .update(bans)
      .set({ liftedAt: at, liftedBy: by })
      .where(and(eq(bans.id, id), isNull(bans.liftedAt)))
      .returning();
    return row;
  }

  async countFor(userId: string): Promise<number> {
    const [row] = await this.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(bans)
      .where(eq(bans.userId, userId));
    return row?.n ?? 0;
  }
}
