import { Injectable } from '@nestjs/common';
import type { Queryable } from '@pencraft/kit';
import { ACTIVE_PAYOUT_STATES, MONTHLY_PAYOUT_STATES, type PayoutState } from '@pencraft/rules';
import { and, asc, desc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import { exactQepik } from '../ledger/ledger.repository.js';
import { payoutActions, payouts, type PayoutActionRow, type PayoutRow } from './payout.table.js';

/** Payout requests and their audit. */
@Injectable()
export class PayoutRepository {
  async insert(tx: Queryable, row: typeof payouts.$inferInsert): Promise<PayoutRow> {
    const [inserted] = await tx.insert(payouts).values(row).returning();
    return inserted!;
  }

  async find(tx: Queryable, id: string, lock = false): Promise<PayoutRow | undefined> {
    const query = tx.select().from(payouts).where(eq(payouts.id, id));
    const [row] = lock ? await query.for('update') : await query;
    return row;
  }

  /** The user's requested or processing payout. */
  async active(tx: Queryable, uid: string): Promise<PayoutRow | undefined> {
    const [row] = await tx
      .select()
      .from(payouts)
      .where(and(eq(payouts.uid, uid), inArray(payouts.state, [...ACTIVE_PAYOUT_STATES])));
    return row;
  }

  /** The user's requested, processing and paid payouts requested within [from, to). */
  async monthTotal(tx: Queryable, uid: string, from: Date, to: Date): Promise<number> {
    const [row] = await tx
      .select({ total: sql<string>`coalesce(sum(${payouts.amountQepik}), 0)::text` })
      .from(payouts)
      .where(
        and(
          eq(payouts.uid, uid),
          inArray(payouts.state, [...MONTHLY_PAYOUT_STATES]),
          gte(payouts.requestedAt, from),
          lt(payouts.requestedAt, to),
        ),
      );
    return exactQepik(row?.total);
  }

  list(tx: Queryable, uid: string, limit: number, offset: number): Promise<PayoutRow[]> {
    return tx
      .select()
      .from(payouts)
      .where(eq(payouts.uid, uid))
      .orderBy(desc(payouts.requestedAt), desc(payouts.id))
      .limit(limit)
      .offset(offset);
  }

  async count(tx: Queryable, uid: string): Promise<number> {
    const [row] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(payouts)
      .where(eq(payouts.uid, uid));
    return row?.count ?? 0;
  }

  /** Staff's queue: oldest first, of one state or all. */
  staffList(tx: Queryable, state: PayoutState | undefined, limit: number, offset: number): Promise<PayoutRow[]> {
    return tx
      .select()
      .from(payouts)
      .where(state ? eq(payouts.state, state) : undefined)
      .orderBy(asc(payouts.requestedAt), asc(payouts.id))
      .limit(limit)
      .offset(offset);
  }

  async staffCount(tx: Queryable, state: PayoutState | undefined): Promise<number> {
    const [row] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(payouts)
      .where(state ? eq(payouts.state, state) : undefined);
    return row?.count ?? 0;
  }

  async update(
    tx: Queryable,
    id: string,
    change: Partial<Pick<PayoutRow, 'state' | 'reference' | 'failureNote' | 'updatedAt'>>,
  ): Promise<PayoutRow> {
    const [row] = await tx.update(payouts).set(change).where(eq(payouts.id, id)).returning();
    return row!;
  }

  async addAction(tx: Queryable, row: PayoutActionRow): Promise<void> {
    await tx.insert(payoutActions).values(row);
  }

  actions(tx: Queryable, payoutId: string): Promise<PayoutActionRow[]> {
    return tx
      .select()
      .from(payoutActions)
      .where(eq(payoutActions.payoutId, payoutId))
      .orderBy(asc(payoutActions.at), asc(payoutActions.id));
  }
}
