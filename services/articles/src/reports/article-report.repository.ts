import { Injectable } from '@nestjs/common';
import type { Queryable } from '@pencraft/kit';
import { and, count, eq, gte, sql } from 'drizzle-orm';
import { articleReports } from './article-report.table.js';

@Injectable()
export class ArticleReportRepository {
  /** Serializes one reader's reports, so two at once cannot both pass the daily count. */
  async lockReporter(tx: Queryable, uid: string): Promise<void> {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`article-reports:${uid}`}))`);
  }

  /** False when the reader already reported that article. */
  async insert(tx: Queryable, report: typeof articleReports.$inferInsert): Promise<boolean> {
    const rows = await tx
      .insert(articleReports)
      .values(report)
      .onConflictDoNothing({ target: [articleReports.reporterUid, articleReports.articleId] })
      .returning({ id: articleReports.id });
    return rows.length === 1;
  }

  async countSince(tx: Queryable, uid: string, since: Date): Promise<number> {
    const [row] = await tx
      .select({ n: count() })
      .from(articleReports)
      .where(and(eq(articleReports.reporterUid, uid), gte(articleReports.createdAt, since)));
    return row?.n ?? 0;
  }
}
