import { Inject, Injectable } from '@nestjs/common';
import { DATABASE, type DatabaseHandle, type Queryable } from '@pencraft/kit';
import { and, count, eq, gte, inArray } from 'drizzle-orm';
import { commentReports } from './comment-report.table.js';

@Injectable()
export class CommentReportRepository {
  constructor(@Inject(DATABASE) private readonly database: DatabaseHandle) {}

  /** False when the user already reported that comment. */
  async insert(tx: Queryable, report: typeof commentReports.$inferInsert): Promise<boolean> {
    const rows = await tx
      .insert(commentReports)
      .values(report)
      .onConflictDoNothing({ target: [commentReports.reporterUid, commentReports.commentId] })
      .returning({ id: commentReports.id });
    return rows.length === 1;
  }

  async countSince(tx: Queryable, uid: string, since: Date): Promise<number> {
    const [row] = await tx
      .select({ n: count() })
      .from(commentReports)
      .where(and(eq(commentReports.reporterUid, uid), gte(commentReports.createdAt, since)));
    return row?.n ?? 0;
  }

  /** Which of the given comments the viewer reported. */
  async reportedBy(uid: string, commentIds: string[]): Promise<Set<string>> {
    if (commentIds.length === 0) return new Set();
    const rows = await this.database.db
      .select({ commentId: commentReports.commentId })
      .from(commentReports)
      .where(and(eq(commentReports.reporterUid, uid), inArray(commentReports.commentId, commentIds)));
    return new Set(rows.map((row) => row.commentId));
  }
}
