import { Injectable } from '@nestjs/common';
import type { Queryable } from '@pencraft/kit';
import { and, desc, eq, sql } from 'drizzle-orm';
import { cards, type CardRow } from './card.table.js';

/** Payout cards (tokens and last four digits only). */
@Injectable()
export class CardRepository {
  list(tx: Queryable, uid: string): Promise<CardRow[]> {
    return tx.select().from(cards).where(eq(cards.uid, uid)).orderBy(desc(cards.createdAt), desc(cards.id));
  }

  async count(tx: Queryable, uid: string): Promise<number> {
    const [row] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(cards)
      .where(eq(cards.uid, uid));
    return row?.count ?? 0;
  }

  /** One of the user's cards; undefined for another's or an unknown id. */
  async find(tx: Queryable, uid: string, id: string): Promise<CardRow | undefined> {
    const [row] = await tx
      .select()
      .from(cards)
      .where(and(eq(cards.uid, uid), eq(cards.id, id)));
    return row;
  }

  async insert(tx: Queryable, row: CardRow): Promise<CardRow> {
    const [inserted] = await tx.insert(cards).values(row).returning();
    return inserted!;
  }

  async delete(tx: Queryable, uid: string, id: string): Promise<boolean> {
    const deleted = await tx
      .delete(cards)
      .where(and(eq(cards.uid, uid), eq(cards.id, id)))
      .returning({ id: cards.id });
    return deleted.length > 0;
  }
}
