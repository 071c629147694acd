import { Inject, Injectable } from '@nestjs/common';
import { DATABASE, type DatabaseHandle } from '@pencraft/kit';
import { sql } from 'drizzle-orm';
import { subscriptions } from './subscription.table.js';

export interface SubscriberCounts {
  /** Kept at the end of the day (for today: now). */
  subscribers: number;
  /** Created that day. */
  created: number;
}

export const DAY_MS = 86_400_000;

/** How many subscriptions a publication had, day by day, from what the subscriptions table keeps. */
@Injectable()
export class SubscriberHistoryRepository {
  constructor(@Inject(DATABASE) private readonly database: DatabaseHandle) {}

  /**
   * One entry per day from `from` (a UTC midnight), `days` of them, oldest first: the subscriptions created before the
   * day's end (never later than `now`) whose paid period had not ended by then, and those created within the day.
   */
  async daily(publicationId: string, from: Date, days: number, now: Date): Promise<SubscriberCounts[]> {
    const result = await this.database.db.execute<{ i: number; subscribers: number; created: number }>(sql`
      with span as (
        select i, ${from.toISOString()}::timestamptz + i * interval '24 hours' as starts,
          least(${from.toISOString()}::timestamptz + (i + 1) * interval '24 hours', ${now.toISOString()}::timestamptz)
            as ends
        from generate_series(0, ${days - 1}::int) as i
      )
      select span.i::int as i,
        (select count(*) from ${subscriptions} s where s.publication_id = ${publicationId}
          and s.created_at < span.ends and (s.period_end is null or s.period_end > span.ends))::int as subscribers,
        (select count(*) from ${subscriptions} s where s.publication_id = ${publicationId}
          and s.created_at >= span.starts and s.created_at < span.starts + interval '24 hours')::int as created
      from span order by span.i`);
    const byIndex = new Map(result.rows.map((row) => [Number(row.i), row]));
    return Array.from({ length: days }, (_, index) => ({
      subscribers: Number(byIndex.get(index)?.subscribers ?? 0),
      created: Number(byIndex.get(index)?.created ?? 0),
    }));
  }
}
