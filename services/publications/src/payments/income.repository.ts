import { Inject, Injectable } from '@nestjs/common';
import { DATABASE, type DatabaseHandle, type Queryable } from '@pencraft/kit';
import { and, desc, eq, sql } from 'drizzle-orm';
import { incomeEntries, type IncomeEntryRow } from './income.table.js';

/** The time zone a month of income is counted in (Azerbaijan's, UTC+4 all year). */
export const INCOME_TIME_ZONE = 'Asia/Baku';

/** Where a page of entries continues: after this entry (newest first). */
export interface IncomeCursor {
  paidAt: Date;
  id: string;
}

/** A month's total as PostgreSQL summed it: text, so no digit is lost before it is checked. */
export interface IncomeMonthRow {
  month: string;
  amount: string;
  payments: number;
}

/** A day's total as PostgreSQL summed it (text, as a month's). */
export interface IncomeDayRow {
  amount: string;
  payments: number;
}

/** The ledger of subscription payments: entries are only ever inserted (the database refuses UPDATE and DELETE). */
@Injectable()
export class IncomeRepository {
  constructor(@Inject(DATABASE) private readonly database: DatabaseHandle) {}

  /** The entry, in the webhook's transaction; false when the payment is in the ledger already (a replay). */
  async insert(tx: Queryable, row: typeof incomeEntries.$inferInsert): Promise<boolean> {
    const inserted = await tx
      .insert(incomeEntries)
      .values(row)
      .onConflictDoNothing({ target: [incomeEntries.provider, incomeEntries.paymentRef] })
      .returning({ id: incomeEntries.id });
    return inserted.length > 0;
  }

  /** A page of the publication's entries, newest first, after the cursor. */
  page(publicationId: string, after: IncomeCursor | undefined, limit: number): Promise<IncomeEntryRow[]> {
    return this.database.db
      .select()
      .from(incomeEntries)
      .where(
        and(
          eq(incomeEntries.publicationId, publicationId),
          after ? sql`(${incomeEntries.paidAt}, ${incomeEntries.id}) < (${after.paidAt}, ${after.id})` : undefined,
        ),
      )
      .orderBy(desc(incomeEntries.paidAt), desc(incomeEntries.id))
      .limit(limit);
  }

  /** Every month's exact sum and count (months in INCOME_TIME_ZONE), newest first. */
  async months(publicationId: string): Promise<IncomeMonthRow[]> {
    const month = sql<string>`to_char(${incomeEntries.paidAt} at time zone ${sql.raw(`'${INCOME_TIME_ZONE}'`)}, 'YYYY-MM')`;
    return this.database.db
      .select({
        month,
        amount: sql<string>`sum(${incomeEntries.amountQepik})::text`,
        payments: sql<number>`count(*)::int`,
      })
      .from(incomeEntries)
      .where(eq(incomeEntries.publicationId, publicationId))
      .groupBy(month)
      .orderBy(desc(month));
  }

  /**
   * One entry per day from `from` (a UTC midnight), `days` of them, oldest first: the exact sum and count of the
   * entries paid within the day (zero on a day without any).
   */
  async daily(publicationId: string, from: Date, days: number): Promise<IncomeDayRow[]> {
    const start = from.toISOString();
    const result = await this.database.db.execute<{ i: number; amount: string; payments: number }>(sql`
      select floor(extract(epoch from (e.paid_at - ${start}::timestamptz)) / 86400)::int as i,
        sum(e.amount_qepik)::text as amount, count(*)::int as payments
      from ${incomeEntries} e
      where e.publication_id = ${publicationId}
        and e.paid_at >= ${start}::timestamptz
        and e.paid_at < ${start}::timestamptz + ${days}::int * interval '24 hours'
      group by 1`);
    const byIndex = new Map(result.rows.map((row) => [Number(row.i), row]));
    return Array.from({ length: days }, (_, index) => ({
      amount: byIndex.get(index)?.amount ?? '0',
      payments: Number(byIndex.get(index)?.payments ?? 0),
    }));
  }
}
