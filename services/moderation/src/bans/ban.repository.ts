import { Inject, Injectable } from '@nestjs/common';
import { DATABASE, type DatabaseHandle, type Queryable } from '@pencraft/kit';
import { and, count, desc, eq, gt, isNotNull, isNull, lte, or, type SQL } from 'drizzle-orm';
import { bans, type BanRow } from './ban.table.js';

@Injectable()
export class BanRepository {
  constructor(@Inject(DATABASE) private readonly database: DatabaseHandle) {}

  async insert(tx: Queryable, ban: typeof bans.$inferInsert): Promise<BanRow> {
    await tx.insert(bans).values(ban).onConflictDoNothing();
    return (await this.find(ban.id, tx))!;
  }

  async find(id: string, tx: Queryable = this.database.db): Promise<BanRow | undefined> {
    const [row] = await tx.select().from(bans).where(eq(bans.id, id));
    return row;
  }

  async lockForUpdate(tx: Queryable, id: string): Promise<BanRow | undefined> {
    const [row] = await tx.select().from(bans).where(eq(bans.id, id)).for('update');
    return row;
  }

  async lifted(tx: Queryable, id: string, at: Date, by: { sub: string; username: string }): Promise<BanRow> {
    const [row] = await tx
      .update(bans)
      .set({ liftedAt: at, liftedBySub: by.sub, liftedByUsername: by.username })
      .where(eq(bans.id, id))
      .returning();
    return row!;
  }

  /** Newest first; active: in force at `now` (true), ended or lifted (false), or all (undefined). */
  list(active: boolean | undefined, now: Date, offset: number, limit: number): Promise<BanRow[]> {
    const inForce = and(isNull(bans.liftedAt), or(isNull(bans.endsAt), gt(bans.endsAt, now)));
    const over = or(isNotNull(bans.liftedAt), lte(bans.endsAt, now));
    const where: SQL | undefined = active === undefined ? undefined : active ? inForce : over;
    return this.database.db
      .select()
      .from(bans)
      .where(where)
      .orderBy(desc(bans.startsAt), desc(bans.id))
      .offset(offset)
      .limit(limit + 1);
  }

  async countFor(uid: string): Promise<number> {
    const [row] = await this.database.db.select({ n: count() }).from(bans).where(eq(bans.uid, uid));
    return row?.n ?? 0;
  }
}
