import { Inject, Injectable } from '@nestjs/common';
import { REDIS, type RedisClient } from '@pencraft/kit';
import { articleField, siteField } from './statistics.batch.js';

/** Counts not yet flushed to PostgreSQL. */
const PENDING = 'st:pending';
/** Ids of batches claimed from PENDING and not yet forgotten (applied or not). */
const BATCHES = 'st:batches';
const batchKey = (id: string) => `st:batch:${id}`;
/** Distinct visitors of an article (HyperLogLog) while it keeps being viewed. */
const articleVisitors = (articleId: string) => `st:uv:${articleId}`;
/** Distinct visitors of the site on one day (HyperLogLog). */
const siteVisitors = (day: string) => `st:suv:${day}`;
const readMark = (articleId: string, day: string, visitorKey: string) => `st:rd:${articleId}:${day}:${visitorKey}`;

const SITE_VISITORS_TTL_SECONDS = 3 * 86_400;
/**
 * An article's visitors are forgotten 90 days after its last view (deleted and forgotten articles hold no Redis memory,
 * and no visitor's trace is kept for ever). The unique count stored in PostgreSQL never goes down; after such a pause
 * the new estimate starts from zero and raises it again only once it passes it.
 */
const ARTICLE_VISITORS_TTL_SECONDS = 90 * 86_400;
/** A read mark outlives its day a little, so a read late in the day is not counted again just after midnight. */
const READ_MARK_TTL_SECONDS = 26 * 3_600;

/** Moves the pending counts under a batch id, atomically with remembering the id; 0 when nothing is pending. */
const CLAIM = `
if redis.call('exists', KEYS[1]) == 0 then return 0 end
redis.call('rename', KEYS[1], KEYS[2])
redis.call('sadd', KEYS[3], ARGV[1])
return 1`;

/** Counts a read once per visitor, article and day: the mark and the counts change together or not at all. */
const READ = `
if not redis.call('set', KEYS[1], '1', 'NX', 'EX', ARGV[1]) then return 0 end
redis.call('hincrby', KEYS[2], ARGV[2], 1)
redis.call('hincrby', KEYS[2], ARGV[3], ARGV[4])
return 1`;

export interface ViewToCount {
  articleId?: string;
  visitorKey: string;
  signedIn: boolean;
  day: string;
}

export interface ReadToCount {
  articleId: string;
  visitorKey: string;
  day: string;
  seconds: number;
}

/** The statistics' Redis: counting on the request path (one round trip each), and the batches the flush moves. */
@Injectable()
export class StatisticsCounters {
  constructor(@Inject(REDIS) private readonly redis: RedisClient) {}

  async recordView({ articleId, visitorKey, signedIn, day }: ViewToCount): Promise<void> {
    const pipeline = this.redis.multi();
    pipeline.hIncrBy(PENDING, siteField(day, 'v'), 1);
    if (signedIn) pipeline.hIncrBy(PENDING, siteField(day, 'u'), 1);
    pipeline.pfAdd(siteVisitors(day), visitorKey).expire(siteVisitors(day), SITE_VISITORS_TTL_SECONDS);
    if (articleId) {
      pipeline.hIncrBy(PENDING, articleField(articleId, day, 'v'), 1);
      if (signedIn) pipeline.hIncrBy(PENDING, articleField(articleId, day, 'u'), 1);
      pipeline
        .pfAdd(articleVisitors(articleId), visitorKey)
        .expire(articleVisitors(articleId), ARTICLE_VISITORS_TTL_SECONDS);
    }
    await pipeline.execAsPipeline();
  }

  /** Whether the read counted (false: this visitor already read the article today). */
  async recordRead({ articleId, visitorKey, day, seconds }: ReadToCount): Promise<boolean> {
    const counted = await this.redis.eval(READ, {
      keys: [readMark(articleId, day, visitorKey), PENDING],
      arguments: [
        String(READ_MARK_TTL_SECONDS),
        articleField(articleId, day, 'r'),
        articleField(articleId, day, 's'),
        String(seconds),
      ],
    });
    return Number(counted) === 1;
  }

  /** Claims what is pending as batch `id`; false when nothing was. */
  async claim(id: string): Promise<boolean> {
    const claimed = await this.redis.eval(CLAIM, { keys: [PENDING, batchKey(id), BATCHES], arguments: [id] });
    return Number(claimed) === 1;
  }

  /** Every claimed batch not yet forgotten: new ones, and any a crash or a failed flush left behind. */
  async batches(): Promise<string[]> {
    return (await this.redis.sMembers(BATCHES)).sort();
  }

  async readBatch(id: string): Promise<Record<string, string>> {
    return (await this.redis.hGetAll(batchKey(id))) as Record<string, string>;
  }

  async forgetBatch(id: string): Promise<void> {
    await this.redis.multi().del(batchKey(id)).sRem(BATCHES, id).exec();
  }

  /** The distinct-visitor estimates of these articles, in their order. */
  async articleUniques(articleIds: readonly string[]): Promise<number[]> {
    if (articleIds.length === 0) return [];
    const pipeline = this.redis.multi();
    for (const id of articleIds) pipeline.pfCount(articleVisitors(id));
    return ((await pipeline.execAsPipeline()) as unknown[]).map(Number);
  }

  /** The site's distinct visitors of these days, in their order. */
  async siteUniques(days: readonly string[]): Promise<number[]> {
    if (days.length === 0) return [];
    const pipeline = this.redis.multi();
    for (const day of days) pipeline.pfCount(siteVisitors(day));
    return ((await pipeline.execAsPipeline()) as unknown[]).map(Number);
  }

  /** Forgets the visitors counted for ids that are no articles (made-up ids must not hold Redis memory). */
  async dropUniques(articleIds: readonly string[]): Promise<void> {
    if (articleIds.length === 0) return;
    await this.redis.del(articleIds.map(articleVisitors));
  }
}
