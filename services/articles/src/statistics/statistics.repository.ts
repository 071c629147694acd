import { Inject, Injectable } from '@nestjs/common';
import { DATABASE, type DatabaseHandle, type Queryable } from '@pencraft/kit';
import { and, desc, eq, gte, lt, sql } from 'drizzle-orm';
import { articles } from '../articles/article.table.js';
import type { ArticleDayCounts, SiteDayCounts } from './statistics.batch.js';
import { articleDailyStats, articleUniqueViews, siteDailyStats, statisticsFlushes } from './statistics.table.js';
import { isUuid } from '@pencraft/rules';

export interface StatisticsTotals {
  views: number;
  userViews: number;
  reads: number;
  readSeconds: number;
  uniqueViews: number;
}

export interface DailyRow {
  day: string;
  views: number;
  reads: number;
}

export interface ArticleReadsRow {
  articleId: string;
  title: string;
  views: number;
  reads: number;
}

/** The statistics' tables in PostgreSQL: what the flush adds, and what the statistics screen reads. */
@Injectable()
export class StatisticsRepository {
  constructor(@Inject(DATABASE) private readonly database: DatabaseHandle) {}

  /** Records a batch as applied; false when it already was (then nothing of it may be added again). */
  async markFlushed(tx: Queryable, batchId: string): Promise<boolean> {
    const rows = await tx
      .insert(statisticsFlushes)
      .values({ batchId })
      .onConflictDoNothing()
      .returning({ batchId: statisticsFlushes.batchId });
    return rows.length === 1;
  }

  /** Adds the counts of existing articles (others are skipped); answers the ids that exist. */
  async addArticleCounts(tx: Queryable, rows: readonly ArticleDayCounts[]): Promise<string[]> {
    if (rows.length === 0) return [];
    const input = JSON.stringify(
      rows.map((r) => ({
        article_id: r.articleId,
        day: r.day,
        views: r.views,
        user_views: r.userViews,
        reads: r.reads,
        read_seconds: r.readSeconds,
      })),
    );
    const result = await tx.execute<{ article_id: string }>(sql`
      insert into ${articleDailyStats} (article_id, day, views, user_views, reads, read_seconds)
      select c.article_id, c.day, c.views, c.user_views, c.reads, c.read_seconds
      from jsonb_to_recordset(${input}::jsonb)
        as c(article_id uuid, day date, views int, user_views int, reads int, read_seconds bigint)
      join ${articles} a on a.id = c.article_id
      on conflict (article_id, day) do update set
        views = article_daily_stats.views + excluded.views,
        user_views = article_daily_stats.user_views + excluded.user_views,
        reads = article_daily_stats.reads + excluded.reads,
        read_seconds = article_daily_stats.read_seconds + excluded.read_seconds
      returning article_id`);
    return [...new Set(result.rows.map((row) => row.article_id))];
  }

  /** Raises the distinct-visitor snapshots of existing articles (a snapshot never goes down). */
  async raiseUniques(tx: Queryable, uniques: readonly { articleId: string; uniqueViews: number }[]): Promise<void> {
    if (uniques.length === 0) return;
    const input = JSON.stringify(uniques.map((u) => ({ article_id: u.articleId, unique_views: u.uniqueViews })));
    await tx.execute(sql`
      insert into ${articleUniqueViews} (article_id, unique_views)
      select c.article_id, c.unique_views
      from jsonb_to_recordset(${input}::jsonb) as c(article_id uuid, unique_views bigint)
      join ${articles} a on a.id = c.article_id
      on conflict (article_id) do update set
        unique_views = greatest(article_unique_views.unique_views, excluded.unique_views),
        updated_at = now()`);
  }

  async addSiteCounts(tx: Queryable, rows: readonly (SiteDayCounts & { uniqueVisitors: number })[]): Promise<void> {
    if (rows.length === 0) return;
    const input = JSON.stringify(
      rows.map((r) => ({ day: r.day, views: r.views, user_views: r.userViews, unique_visitors: r.uniqueVisitors })),
    );
    await tx.execute(sql`
      insert into ${siteDailyStats} (day, views, user_views, unique_visitors)
      select c.day, c.views, c.user_views, c.unique_visitors
      from jsonb_to_recordset(${input}::jsonb) as c(day date, views bigint, user_views bigint, unique_visitors bigint)
      on conflict (day) do update set
        views = site_daily_stats.views + excluded.views,
        user_views = site_daily_stats.user_views + excluded.user_views,
        unique_visitors = greatest(site_daily_stats.unique_visitors, excluded.unique_visitors)`);
  }

  /** Forgets applied batches older than `before` (their Redis copies are long gone). */
  async pruneFlushes(before: Date): Promise<void> {
    await this.database.db.delete(statisticsFlushes).where(lt(statisticsFlushes.flushedAt, before));
  }

  /** The article's author, or undefined when there is no such article. */
  async authorOf(articleId: string): Promise<string | undefined> {
    if (!isUuid(articleId)) return undefined;
    const [row] = await this.database.db
      .select({ authorId: articles.authorId })
      .from(articles)
      .where(eq(articles.id, articleId))
      .limit(1);
    return row?.authorId;
  }

  async totals(articleId: string): Promise<StatisticsTotals> {
    const [row] = await this.database.db
      .execute<{
        views: string;
        user_views: string;
        reads: string;
        read_seconds: string;
        unique_views: string;
      }>(
        sql`
      select coalesce(sum(d.views), 0) as views, coalesce(sum(d.user_views), 0) as user_views,
        coalesce(sum(d.reads), 0) as reads, coalesce(sum(d.read_seconds), 0) as read_seconds,
        coalesce((select unique_views from ${articleUniqueViews} where article_id = ${articleId}), 0) as unique_views
      from ${articleDailyStats} d where d.article_id = ${articleId}`,
      )
      .then((result) => result.rows);
    return {
      views: Number(row?.views ?? 0),
      userViews: Number(row?.user_views ?? 0),
      reads: Number(row?.reads ?? 0),
      readSeconds: Number(row?.read_seconds ?? 0),
      uniqueViews: Number(row?.unique_views ?? 0),
    };
  }

  /** The days from `from` on that have counts, oldest first. */
  async daily(articleId: string, from: string): Promise<DailyRow[]> {
    return this.database.db
      .select({ day: articleDailyStats.day, views: articleDailyStats.views, reads: articleDailyStats.reads })
      .from(articleDailyStats)
      .where(and(eq(articleDailyStats.articleId, articleId), gte(articleDailyStats.day, from)))
      .orderBy(articleDailyStats.day);
  }

  /** The days from `from` on that have counts, summed over the articles that belong to the publication now. */
  async publicationDaily(publicationId: string, from: string): Promise<DailyRow[]> {
    const result = await this.database.db.execute<{ day: string; views: string; reads: string }>(sql`
      select d.day::text as day, sum(d.views) as views, sum(d.reads) as reads
      from ${articleDailyStats} d join ${articles} a on a.id = d.article_id
      where a.publication_id = ${publicationId} and d.day >= ${from}::date
      group by d.day order by d.day`);
    return result.rows.map((row) => ({ day: row.day, views: Number(row.views), reads: Number(row.reads) }));
  }

  /** The publication's articles with the most reads from `from` on (then views, then id), at most `limit`. */
  async publicationTop(publicationId: string, from: string, limit: number): Promise<ArticleReadsRow[]> {
    const result = await this.database.db.execute<{ id: string; title: string; views: string; reads: string }>(sql`
      select a.id, a.title, sum(d.views) as views, sum(d.reads) as reads
      from ${articleDailyStats} d join ${articles} a on a.id = d.article_id
      where a.publication_id = ${publicationId} and d.day >= ${from}::date
      group by a.id, a.title
      order by sum(d.reads) desc, sum(d.views) desc, a.id desc
      limit ${limit}`);
    return result.rows.map((row) => ({
      articleId: row.id,
      title: row.title,
      views: Number(row.views),
      reads: Number(row.reads),
    }));
  }

  /** The publication's published articles, newest first, at most `limit`. */
  async publicationArticleIds(publicationId: string, limit: number): Promise<string[]> {
    const rows = await this.database.db
      .select({ id: articles.id })
      .from(articles)
      .where(and(eq(articles.publicationId, publicationId), eq(articles.status, 'published')))
      .orderBy(desc(articles.publishedAt), desc(articles.id))
      .limit(limit);
    return rows.map((row) => row.id);
  }
}
