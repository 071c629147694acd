import { Injectable } from '@nestjs/common';
import type {
  ArticleStatistics,
  GetPublicationStatisticsResponse,
  RecordReadRequest,
  RecordViewRequest,
} from '@pencraft/contracts/articles/v1/statistics';
import { AppError } from '@pencraft/errors';
import { Clock, TransactionManager } from '@pencraft/kit';
import { randomUUID } from 'node:crypto';
import { ReachAnnouncer } from './reach-announcer.js';
import { StatisticsAccess } from './statistics.access.js';
import { dayOf, daysUpTo, parseBatch } from './statistics.batch.js';
import { StatisticsCounters } from './statistics.counters.js';
import { StatisticsRepository } from './statistics.repository.js';
import { TrendRepository } from '../feeds/trend.repository.js';
import { isUuid } from '@pencraft/rules';

/** "u:<uid>", "a:<visitor cookie>" or "h:<hash>": opaque, bounded, printable. */
const VISITOR_KEY = /^[uah]:[A-Za-z0-9_-]{1,96}$/;
/** A read needs this long on the article, unless the reader reached its end. */
export const READ_MIN_SECONDS = 30;
/** One read adds at most this much to the reading time (a tab left open is not an hour of reading). */
export const READ_MAX_SECONDS = 3_600;
export const STATISTICS_DAYS_DEFAULT = 30;
export const STATISTICS_DAYS_MAX = 365;
export const TOP_ARTICLES_DEFAULT = 10;
export const TOP_ARTICLES_MAX = 50;
/** The most article ids ListPublicationArticleIds answers (what comments reads at most). */
export const PUBLICATION_ARTICLE_IDS_MAX = 1000;
/** Applied batches are remembered this long, far longer than a batch can wait in Redis. */
const FLUSH_MEMORY_MS = 7 * 86_400_000;

export interface FlushResult {
  /** Batches whose counts were added now. */
  applied: number;
  /** Batches found already applied (a retry after a crash, or another replica): only forgotten. */
  skipped: number;
}

/**
 * Views and reads are counted in Redis on the request path (one round trip, never PostgreSQL); `flush` moves them
 * into PostgreSQL. Each flush claims what is pending under a new batch id (atomically, so counting goes on into a
 * fresh hash), then applies every claimed batch in one transaction that also records the batch id: a batch is added
 * at most once even if the flush runs twice, on two replicas at once, or the process dies between the commit and
 * forgetting the batch in Redis; a batch whose transaction failed stays claimed and is applied by the next flush.
 */
@Injectable()
export class StatisticsService {
  private lastPrune = 0;

  constructor(
    private readonly counters: StatisticsCounters,
    private readonly repository: StatisticsRepository,
    private readonly access: StatisticsAccess,
    private readonly transactions: TransactionManager,
    private readonly clock: Clock,
    private readonly trends: TrendRepository,
    private readonly reach: ReachAnnouncer,
  ) {}

  async recordView(request: RecordViewRequest): Promise<void> {
    const visitorKey = checkVisitor(request.visitorKey);
    const articleId = request.articleId ? checkArticleId(request.articleId) : undefined;
    await this.counters.recordView({
      ...(articleId ? { articleId } : {}),
      visitorKey,
      signedIn: request.signedIn,
      day: dayOf(this.clock.now()),
    });
  }

  /** Counts a read when it is one (long enough or finished); once per visitor, article and day. */
  async recordRead(request: RecordReadRequest): Promise<boolean> {
    const visitorKey = checkVisitor(request.visitorKey);
    const articleId = checkArticleId(request.articleId);
    const seconds = Math.max(0, Math.trunc(request.seconds));
    if (seconds < READ_MIN_SECONDS && !request.finished) return false;
    return this.counters.recordRead({
      articleId,
      visitorKey,
      day: dayOf(this.clock.now()),
      seconds: Math.min(seconds, READ_MAX_SECONDS),
    });
  }

  /** Only the author and accepted co-authors; anyone else learns nothing, not even that the article exists. */
  async get(articleId: string, viewerUid: string, days: number): Promise<ArticleStatistics> {
    if (!viewerUid || !isUuid(articleId)) throw new AppError('ArticleNotFound');
    const authorId = await this.repository.authorOf(articleId);
    if (!authorId) throw new AppError('ArticleNotFound');
    if (authorId !== viewerUid && !(await this.access.isAcceptedCoAuthor(articleId, viewerUid)))
      throw new AppError('ArticleNotFound');
    const series = daysUpTo(this.clock.now(), periodOf(days));
    const [totals, daily, engagement] = await Promise.all([
      this.repository.totals(articleId),
      this.repository.daily(articleId, series[0]!),
      this.access.engagementOf(articleId),
    ]);
    const byDay = new Map(daily.map((row) => [row.day, row]));
    return {
      viewsTotal: totals.views,
      viewsUsers: totals.userViews,
      // An estimate: never more than the views themselves.
      viewsUnique: Math.min(totals.uniqueViews, totals.views),
      reads: totals.reads,
      averageReadSeconds: totals.reads > 0 ? Math.round(totals.readSeconds / totals.reads) : 0,
      votesUp: engagement.votesUp,
      votesDown: engagement.votesDown,
      comments: engagement.comments,
      bookmarks: engagement.bookmarks,
      daily: series.map((date) => ({ date, views: byDay.get(date)?.views ?? 0, reads: byDay.get(date)?.reads ?? 0 })),
    };
  }

  /**
   * A publication's daily views and reads (over the articles that belong to it now) and its most read articles of the
   * period. The caller checked who may see them; an unknown or malformed publication id answers zeros.
   */
  async publication(publicationId: string, days: number, topCount: number): Promise<GetPublicationStatisticsResponse> {
    const series = daysUpTo(this.clock.now(), periodOf(days));
    if (!isUuid(publicationId)) return { daily: series.map((date) => ({ date, views: 0, reads: 0 })), top: [] };
    const id = publicationId.toLowerCase();
    const limit = topCount > 0 ? Math.min(Math.trunc(topCount), TOP_ARTICLES_MAX) : TOP_ARTICLES_DEFAULT;
    const [daily, top] = await Promise.all([
      this.repository.publicationDaily(id, series[0]!),
      this.repository.publicationTop(id, series[0]!, limit),
    ]);
    const byDay = new Map(daily.map((row) => [row.day, row]));
    return {
      daily: series.map((date) => ({ date, views: byDay.get(date)?.views ?? 0, reads: byDay.get(date)?.reads ?? 0 })),
      top,
    };
  }

  /** The publication's published articles, newest first (none for a malformed id). */
  async publicationArticleIds(publicationId: string): Promise<string[]> {
    if (!isUuid(publicationId)) return [];
    return this.repository.publicationArticleIds(publicationId.toLowerCase(), PUBLICATION_ARTICLE_IDS_MAX);
  }

  async flush(): Promise<FlushResult> {
    await this.counters.claim(`${this.clock.now().getTime()}-${randomUUID()}`);
    const result: FlushResult = { applied: 0, skipped: 0 };
    for (const batchId of await this.counters.batches()) {
      const batch = parseBatch(await this.counters.readBatch(batchId));
      const articleIds = [...new Set(batch.articles.map((row) => row.articleId))];
      const days = batch.site.map((row) => row.day);
      const [articleUniques, siteUniques] = await Promise.all([
        this.counters.articleUniques(articleIds),
        this.counters.siteUniques(days),
      ]);
      const known = await this.transactions.run(async (tx) => {
        if (!(await this.repository.markFlushed(tx, batchId))) return undefined;
        const existing = await this.repository.addArticleCounts(tx, batch.articles);
        const present = new Set(existing);
        // Their totals so far, for the authors' standing (reads move the rating, views count towards a badge).
        await this.reach.announce(tx, existing);
        // The reads warm their articles on the home's trending list (issue #17).
        await this.trends.add(
          tx,
          batch.articles.flatMap((row) =>
            present.has(row.articleId) && row.reads > 0
              ? [{ articleId: row.articleId, signal: 'read' as const, count: row.reads }]
              : [],
          ),
        );
        await this.repository.raiseUniques(
          tx,
          articleIds
            .map((articleId, index) => ({ articleId, uniqueViews: articleUniques[index] ?? 0 }))
            .filter((row) => present.has(row.articleId)),
        );
        await this.repository.addSiteCounts(
          tx,
          batch.site.map((row, index) => ({ ...row, uniqueVisitors: siteUniques[index] ?? 0 })),
        );
        return present;
      });
      await this.counters.forgetBatch(batchId);
      if (known) {
        result.applied += 1;
        await this.counters.dropUniques(articleIds.filter((id) => !known.has(id)));
      } else {
        result.skipped += 1;
      }
    }
    const now = this.clock.now().getTime();
    if (now - this.lastPrune > 3_600_000) {
      this.lastPrune = now;
      await this.repository.pruneFlushes(new Date(now - FLUSH_MEMORY_MS));
    }
    return result;
  }
}

function periodOf(days: number): number {
  return Number.isInteger(days) && days > 0 ? Math.min(days, STATISTICS_DAYS_MAX) : STATISTICS_DAYS_DEFAULT;
}

function checkVisitor(key: string): string {
  if (!VISITOR_KEY.test(key))
    throw new AppError('InvalidModel', { details: [{ field: 'visitorKey', code: 'InvalidModel' }] });
  return key;
}

function checkArticleId(id: string): string {
  if (!isUuid(id)) throw new AppError('InvalidIdentifier');
  return id.toLowerCase();
}
