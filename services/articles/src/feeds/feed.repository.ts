import { Inject, Injectable } from '@nestjs/common';
import { DATABASE, type DatabaseHandle } from '@pencraft/kit';
import type { Audience } from '@pencraft/rules';
import { and, eq, gte, inArray, ne, notInArray, or, sql, type SQL } from 'drizzle-orm';
import { articles } from '../articles/article.table.js';
import { authors } from '../authors/author.table.js';
import { categoryFollows } from '../categories/category-follow.table.js';
import { articleDailyStats } from '../statistics/statistics.table.js';
import { CARD_COLUMNS, type CardRow } from './article-cards.js';
import { articleEngagement as e } from './article-engagement.table.js';
import { userFollows } from './user-follow.table.js';

// Exactly the orders of the article_engagement indexes (drizzle-kit writes DESC as DESC NULLS LAST; a bare DESC
// would mean NULLS FIRST, and PostgreSQL would sort instead of reading the index in order).
const NEWEST = [sql`${e.publishedAt} desc nulls last`, sql`${e.articleId} desc nulls last`];
const TOP = [sql`${e.score} desc nulls last`, ...NEWEST];
const OLDEST = [sql`${e.publishedAt} asc nulls first`, sql`${e.articleId} asc nulls first`];

/** The reading lists: published articles with their counts, each list one scan of an article_engagement index. */
@Injectable()
export class FeedRepository {
  constructor(@Inject(DATABASE) private readonly database: DatabaseHandle) {}

  private cards(where: SQL | undefined, order: SQL[], offset: number, limit: number): Promise<CardRow[]> {
    return this.database.db
      .select(CARD_COLUMNS)
      .from(e)
      .innerJoin(articles, and(eq(articles.id, e.articleId), sql`${articles.status} = 'published'`))
      .leftJoin(authors, eq(authors.uid, articles.authorId))
      .where(where)
      .orderBy(...order)
      .offset(offset)
      .limit(limit);
  }

  /** One extra row in each page tells whether more exist. */
  category(category: string, sort: 'new' | 'top', offset: number, limit: number) {
    return this.cards(eq(e.category, category), sort === 'top' ? TOP : NEWEST, offset, limit + 1);
  }

  newest(offset: number, limit: number) {
    return this.cards(undefined, NEWEST, offset, limit + 1);
  }

  top(since: Date, offset: number, limit: number) {
    return this.cards(gte(e.publishedAt, since), TOP, offset, limit + 1);
  }

  /** Articles by the people the user follows or in the categories they follow. */
  following(uid: string, offset: number, limit: number) {
    const people = this.database.db
      .select({ uid: userFollows.followeeUid })
      .from(userFollows)
      .where(and(eq(userFollows.followerUid, uid), eq(userFollows.following, true)));
    const topics = this.database.db
      .select({ category: categoryFollows.category })
      .from(categoryFollows)
      .where(eq(categoryFollows.uid, uid));
    return this.cards(or(inArray(e.authorId, people), inArray(e.category, topics)), NEWEST, offset, limit + 1);
  }

  authorTop(authorUid: string, limit: number) {
    return this.cards(eq(e.authorId, authorUid), TOP, 0, limit);
  }

  /** The published articles of a publication among these ids (the pinned ones), in no particular order. */
  publicationCards(publicationId: string, ids: readonly string[]): Promise<CardRow[]> {
    return this.cards(
      and(eq(articles.publicationId, publicationId), inArray(articles.id, [...ids])),
      NEWEST,
      0,
      ids.length,
    );
  }

  /**
   * A publication's published articles but the excluded (pinned) ones, newest first, after a card of the list (its
   * publication time and id): one range of articles_publication_published_idx, whatever the page. listedAt is what
   * the list sorts by (the article's own publication time), for the cursor.
   */
  publicationNewest(
    publicationId: string,
    exclude: readonly string[],
    after: { at: Date; id: string } | undefined,
    limit: number,
  ): Promise<Array<CardRow & { listedAt: Date | null }>> {
    return this.database.db
      .select({ ...CARD_COLUMNS, listedAt: articles.publishedAt })
      .from(articles)
      .innerJoin(e, eq(e.articleId, articles.id))
      .leftJoin(authors, eq(authors.uid, articles.authorId))
      .where(
        and(
          eq(articles.publicationId, publicationId),
          sql`${articles.status} = 'published'`,
          exclude.length ? notInArray(articles.id, [...exclude]) : undefined,
          after
            ? sql`(${articles.publishedAt}, ${articles.id}) < (${after.at.toISOString()}::timestamptz, ${after.id}::uuid)`
            : undefined,
        ),
      )
      .orderBy(sql`${articles.publishedAt} desc nulls last`, sql`${articles.id} desc nulls last`)
      .limit(limit);
  }

  /**
   * The audience of these articles and their views and reads summed over the daily statistics (the studio's list:
   * a page of ids, so one grouped read of article_daily_stats by its article key). Unknown ids are left out.
   */
  async statistics(
    ids: readonly string[],
  ): Promise<Array<{ id: string; audience: Audience; views: number; reads: number }>> {
    if (ids.length === 0) return [];
    const totals = this.database.db
      .select({
        articleId: articleDailyStats.articleId,
        views: sql<string>`sum(${articleDailyStats.views})`.as('views'),
        reads: sql<string>`sum(${articleDailyStats.reads})`.as('reads'),
      })
      .from(articleDailyStats)
      .where(inArray(articleDailyStats.articleId, [...ids]))
      .groupBy(articleDailyStats.articleId)
      .as('totals');
    const rows = await this.database.db
      .select({
        id: articles.id,
        audience: articles.audience,
        views: sql<string>`coalesce(${totals.views}, 0)`,
        reads: sql<string>`coalesce(${totals.reads}, 0)`,
      })
      .from(articles)
      .leftJoin(totals, eq(totals.articleId, articles.id))
      .where(inArray(articles.id, [...ids]));
    return rows.map((row) => ({
      id: row.id,
      audience: row.audience,
      views: Number(row.views),
      reads: Number(row.reads),
    }));
  }

  /** When an author's article was published, if it is a published article of theirs. */
  async publishedAt(authorUid: string, articleId: string): Promise<Date | undefined> {
    const [row] = await this.database.db
      .select({ at: e.publishedAt })
      .from(e)
      .innerJoin(articles, and(eq(articles.id, e.articleId), sql`${articles.status} = 'published'`))
      .where(and(eq(e.articleId, articleId), eq(e.authorId, authorUid)));
    return row?.at;
  }

  /** The author's first article published after (at, articleId), else their first other than articleId. */
  async next(authorUid: string, articleId: string, at: Date): Promise<CardRow | undefined> {
    const after = sql`(${e.publishedAt}, ${e.articleId}) > (${at.toISOString()}::timestamptz, ${articleId}::uuid)`;
    const [later] = await this.cards(and(eq(e.authorId, authorUid), after), OLDEST, 0, 1);
    if (later) return later;
    const [first] = await this.cards(and(eq(e.authorId, authorUid), ne(e.articleId, articleId)), OLDEST, 0, 1);
    return first;
  }
}
