import { Inject, Injectable } from '@nestjs/common';
import { DATABASE, type DatabaseHandle, type Queryable } from '@pencraft/kit';
import { and, count, desc, eq, inArray, max } from 'drizzle-orm';
import { reports, type ReportRow, type ReportState } from './report.table.js';

export type NewReport = typeof reports.$inferInsert;

@Injectable()
export class ReportRepository {
  constructor(@Inject(DATABASE) private readonly database: DatabaseHandle) {}

  /** A redelivered event finds its report there already. */
  async insert(tx: Queryable, report: NewReport): Promise<void> {
    await tx.insert(reports).values(report).onConflictDoNothing();
  }

  async find(id: string, tx: Queryable = this.database.db): Promise<ReportRow | undefined> {
    const [row] = await tx.select().from(reports).where(eq(reports.id, id));
    return row;
  }

  /** The reports of one comment in one state (the group), newest first, locked when in a transaction. */
  async group(tx: Queryable, commentId: string, state: ReportState, lock = false): Promise<ReportRow[]> {
    const query = tx
      .select()
      .from(reports)
      .where(and(eq(reports.commentId, commentId), eq(reports.state, state)))
      .orderBy(desc(reports.createdAt));
    return lock ? query.for('update') : query;
  }

  /** The comments with reports in a state, most recently reported first (one more than asked: a next page). */
  async groupKeys(state: ReportState, offset: number, limit: number): Promise<string[]> {
    const rows = await this.database.db
      .select({ commentId: reports.commentId, last: max(reports.createdAt) })
      .from(reports)
      .where(eq(reports.state, state))
      .groupBy(reports.commentId)
      .orderBy(desc(max(reports.createdAt)), desc(reports.commentId))
      .offset(offset)
      .limit(limit + 1);
    return rows.map((row) => row.commentId);
  }

  async ofComments(state: ReportState, commentIds: string[]): Promise<ReportRow[]> {
    if (commentIds.length === 0) return [];
    return this.database.db
      .select()
      .from(reports)
      .where(and(eq(reports.state, state), inArray(reports.commentId, commentIds)))
      .orderBy(desc(reports.createdAt));
  }

  async resolve(
    tx: Queryable,
    ids: string[],
    state: Exclude<ReportState, 'open'>,
    by: { sub: string; username: string },
    at: Date,
  ): Promise<void> {
    await tx
      .update(reports)
      .set({ state, resolvedBySub: by.sub, resolvedByUsername: by.username, resolvedAt: at })
      .where(inArray(reports.id, ids));
  }

  async countAgainst(authorUid: string): Promise<number> {
    const [row] = await this.database.db.select({ n: count() }).from(reports).where(eq(reports.authorUid, authorUid));
    return row?.n ?? 0;
  }
}
