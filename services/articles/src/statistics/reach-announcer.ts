import { Injectable } from '@nestjs/common';
import { EVENTS, outboxEvent } from '@pencraft/contracts/events';
import { Clock, Outbox, type Queryable } from '@pencraft/kit';
import { inArray, sql } from 'drizzle-orm';
import { articles } from '../articles/article.table.js';
import { articleDailyStats } from './statistics.table.js';

export interface ArticleReach {
  articleId: string;
  authorUid: string;
  views: number;
  reads: number;
}

/**
 * After a flush added to some articles' counts: their totals so far, announced as articles.article.counted in the
 * flush's transaction (identity's standing turns reads into rating and views into the views badge; issue #17).
 */
@Injectable()
export class ReachAnnouncer {
  constructor(
    private readonly outbox: Outbox,
    private readonly clock: Clock,
  ) {}

  /** The totals of these articles with their principal authors (articles gone since are left out). */
  async totals(tx: Queryable, articleIds: readonly string[]): Promise<ArticleReach[]> {
    if (articleIds.length === 0) return [];
    const rows = await tx
      .select({
        articleId: articleDailyStats.articleId,
        authorUid: articles.authorId,
        views: sql<number>`sum(${articleDailyStats.views})::bigint`.mapWith(Number),
        reads: sql<number>`sum(${articleDailyStats.reads})::bigint`.mapWith(Number),
      })
      .from(articleDailyStats)
      .innerJoin(articles, sql`${articles.id} = ${articleDailyStats.articleId}`)
      .where(inArray(articleDailyStats.articleId, [...articleIds]))
      .groupBy(articleDailyStats.articleId, articles.authorId);
    return rows;
  }

  async announce(tx: Queryable, articleIds: readonly string[]): Promise<void> {
    const atMs = this.clock.now().getTime();
    for (const reach of await this.totals(tx, articleIds)) {
      await this.outbox.add(
        tx,
        outboxEvent(EVENTS.articleCounted, {
          articleId: reach.articleId,
          authorUid: reach.authorUid,
          viewsTotal: reach.views,
          readsTotal: reach.reads,
          atMs,
        }),
      );
    }
  }
}
