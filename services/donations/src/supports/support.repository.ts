import { Injectable } from '@nestjs/common';
import type { Queryable } from '@pencraft/kit';
import type { PaymentProvider } from '@pencraft/rules';
import { and, desc, eq, isNotNull, sql } from 'drizzle-orm';
import { exactQepik } from '../ledger/ledger.repository.js';
import { supports, unmatchedWebhooks, type SupportRow } from './support.table.js';

export interface PublicSupporterRow {
  uid: string;
  supports: number;
  lastAt: Date;
}

/** Supports and the webhooks that matched none. */
@Injectable()
export class SupportRepository {
  async insert(tx: Queryable, row: typeof supports.$inferInsert): Promise<SupportRow> {
    const [inserted] = await tx.insert(supports).values(row).returning();
    return inserted!;
  }

  /** The support; with `lock`, locked for the transaction (webhooks of one payment may arrive together). */
  async find(tx: Queryable, id: string, lock = false): Promise<SupportRow | undefined> {
    const query = tx.select().from(supports).where(eq(supports.id, id));
    const [row] = lock ? await query.for('update') : await query;
    return row;
  }

  async findByPayment(tx: Queryable, provider: PaymentProvider, paymentId: string): Promise<SupportRow | undefined> {
    const [row] = await tx
      .select()
      .from(supports)
      .where(and(eq(supports.provider, provider), eq(supports.paymentId, paymentId)));
    return row;
  }

  async findByCheckout(tx: Queryable, provider: PaymentProvider, checkoutId: string): Promise<SupportRow | undefined> {
    const [row] = await tx
      .select()
      .from(supports)
      .where(and(eq(supports.provider, provider), eq(supports.checkoutId, checkoutId)));
    return row;
  }

  async update(tx: Queryable, id: string, change: Partial<typeof supports.$inferInsert>): Promise<SupportRow> {
    const [row] = await tx.update(supports).set(change).where(eq(supports.id, id)).returning();
    return row!;
  }

  /** The recipient's credited supports (paid, and reversed since), newest first. */
  received(tx: Queryable, recipientUid: string, limit: number, offset: number): Promise<SupportRow[]> {
    return tx
      .select()
      .from(supports)
      .where(and(eq(supports.recipientUid, recipientUid), isNotNull(supports.paidAt)))
      .orderBy(sql`${supports.paidAt} desc nulls last`, sql`${supports.id} desc nulls last`)
      .limit(limit)
      .offset(offset);
  }

  async receivedCount(tx: Queryable, recipientUid: string): Promise<number> {
    const [row] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(supports)
      .where(and(eq(supports.recipientUid, recipientUid), isNotNull(supports.paidAt)));
    return row?.count ?? 0;
  }

  /** The supporter's supports in every state, newest first. */
  sent(tx: Queryable, supporterUid: string, limit: number, offset: number): Promise<SupportRow[]> {
    return tx
      .select()
      .from(supports)
      .where(eq(supports.supporterUid, supporterUid))
      .orderBy(desc(supports.createdAt), desc(supports.id))
      .limit(limit)
      .offset(offset);
  }

  async sentCount(tx: Queryable, supporterUid: string): Promise<number> {
    const [row] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(supports)
      .where(eq(supports.supporterUid, supporterUid));
    return row?.count ?? 0;
  }

  /** Who chose to be shown among the recipient's credited supporters, one row each, the most recent first. */
  async publicSupporters(tx: Queryable, uid: string, limit: number, offset: number): Promise<PublicSupporterRow[]> {
    const rows = await tx
      .select({
        uid: supports.supporterUid,
        supports: sql<number>`count(*)::int`,
        lastAt: sql<Date>`max(${supports.paidAt})`,
      })
      .from(supports)
      .where(and(eq(supports.recipientUid, uid), eq(supports.public, true), eq(supports.state, 'paid')))
      .groupBy(supports.supporterUid)
      .orderBy(sql`max(${supports.paidAt}) desc`, desc(supports.supporterUid))
      .limit(limit)
      .offset(offset);
    return rows.map((row) => ({ ...row, lastAt: new Date(row.lastAt) }));
  }

  async publicSupportersCount(tx: Queryable, uid: string): Promise<number> {
    const [row] = await tx
      .select({ count: sql<number>`count(distinct ${supports.supporterUid})::int` })
      .from(supports)
      .where(and(eq(supports.recipientUid, uid), eq(supports.public, true), eq(supports.state, 'paid')));
    return row?.count ?? 0;
  }

  /** What the supporter has sent ever: every credited support, less its reversals. */
  async supporterTotal(tx: Queryable, supporterUid: string): Promise<number> {
    const [row] = await tx
      .select({
        total: sql<string>`coalesce(sum(${supports.amountQepik} - ${supports.refundedQepik} - ${supports.disputedQepik}), 0)::text`,
      })
      .from(supports)
      .where(and(eq(supports.supporterUid, supporterUid), isNotNull(supports.paidAt)));
    return exactQepik(row?.total);
  }

  /** Keeps a webhook that matched no support (once per event). */
  async keepUnmatched(tx: Queryable, row: typeof unmatchedWebhooks.$inferInsert): Promise<void> {
    await tx.insert(unmatchedWebhooks).values(row).onConflictDoNothing();
  }
}
