import { Injectable } from '@nestjs/common';
import { Clock, type Queryable } from '@pencraft/kit';
import { trendHeat, type TrendSignal } from '@pencraft/rules';
import { sql } from 'drizzle-orm';
import { articles } from '../articles/article.table.js';
import { articleTrends } from './article-trend.table.js';

export interface TrendChange {
  articleId: string;
  signal: TrendSignal;
  count: number;
}

/**
 * Raises the trending heat of articles (rules: trendHeat, addHeat), in the caller's transaction: a vote's, a
 * comment count's, a statistics flush's. One upsert for all the changes; an article that does not exist (any more)
 * is skipped.
 */
@Injectable()
export class TrendRepository {
  constructor(private readonly clock: Clock) {}

  async add(tx: Queryable, changes: readonly TrendChange[]): Promise<void> {
    const now = this.clock.now();
    const rows = changes.flatMap((change) => {
      const heat = trendHeat(change.signal, change.count, now.getTime());
      return heat === undefined ? [] : [{ ...change, heat }];
    });
    if (rows.length === 0) return;
    // Several changes of one article in a batch are summed first (ln of the sum of their exponentials).
    const array = (values: readonly (string | number)[]) => `{${values.join(',')}}`;
    const count = (signal: TrendSignal) => array(rows.map((r) => (r.signal === signal ? r.count : 0)));
    await tx.execute(sql`
      insert into ${articleTrends} (article_id, heat, votes, comments, reads, last_at)
      select c.id, max(c.top) + ln(sum(exp(c.heat - c.top))),
             sum(c.votes)::int, sum(c.comments)::int, sum(c.reads)::int, ${now.toISOString()}::timestamptz
        from (select u.*, max(u.heat) over (partition by u.id) as top
                from unnest(${array(rows.map((r) => r.articleId))}::uuid[], ${array(rows.map((r) => r.heat))}::float8[],
                            ${count('vote')}::int[], ${count('comment')}::int[], ${count('read')}::int[])
                     as u(id, heat, votes, comments, reads)) c
       where exists (select 1 from ${articles} a where a.id = c.id)
       group by c.id
      on conflict (article_id) do update
        set heat = greatest(article_trends.heat, excluded.heat)
                   + ln(1 + exp(-abs(article_trends.heat - excluded.heat))),
            votes = article_trends.votes + excluded.votes,
            comments = article_trends.comments + excluded.comments,
            reads = article_trends.reads + excluded.reads,
            last_at = greatest(article_trends.last_at, excluded.last_at)`);
  }
}
