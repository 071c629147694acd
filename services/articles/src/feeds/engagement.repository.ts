import { Inject, Injectable } from '@nestjs/common';
import type { ArticleMeta } from '@pencraft/contracts/articles/v1/engagement';
import { DATABASE, type DatabaseHandle, type Queryable } from '@pencraft/kit';
import { and, eq, sql } from 'drizzle-orm';
import { articles } from '../articles/article.table.js';
import { bookmarks } from '../bookmarks/bookmark.table.js';
import { collectionItems, collections } from '../collections/collection.table.js';
import { articleVotes } from '../votes/vote.table.js';
import { articleEngagement } from './article-engagement.table.js';
import { NOBODY } from './ids.js';

export interface EngagementTarget {
  articleId: string;
  authorId: string;
  upVotes: number;
  downVotes: number;
  bookmarks: number;
}

export interface CountChange {
  up?: number;
  down?: number;
  bookmarks?: number;
}

const PUBLISHED = sql`${articles.status} = 'published'`;

/** The engagement row of each published article: created from the article, counted in the caller's transaction. */
@Injectable()
export class EngagementRepository {
  constructor(@Inject(DATABASE) private readonly database: DatabaseHandle) {}

  /**
   * Copies what the lists sort and filter by from a published article into its engagement row (created with zero
   * counts, or updated after an edit changed the category); nothing for an article that is not (or no longer)
   * published or does not exist.
   */
  async refresh(tx: Queryable, articleId: string): Promise<void> {
    await tx.execute(sql`
      insert into ${articleEngagement} (article_id, author_id, category, published_at)
      select ${articles.id}, ${articles.authorId}, ${articles.category},
             coalesce(${articles.publishedAt}, ${articles.updatedAt})
        from ${articles}
       where ${articles.id} = ${articleId} and ${PUBLISHED}
      on conflict (article_id) do update
        set author_id = excluded.author_id, category = excluded.category, published_at = excluded.published_at`);
  }

  /** The engagement row of a published article, locked for a change of its counts (created first when missing). */
  async lockPublished(tx: Queryable, articleId: string): Promise<EngagementTarget | undefined> {
    await tx.execute(sql`
      insert into ${articleEngagement} (article_id, author_id, category, published_at)
      select ${articles.id}, ${articles.authorId}, ${articles.category},
             coalesce(${articles.publishedAt}, ${articles.updatedAt})
        from ${articles}
       where ${articles.id} = ${articleId} and ${PUBLISHED}
      on conflict (article_id) do nothing`);
    const [row] = await tx
      .select({
        articleId: articleEngagement.articleId,
        authorId: articleEngagement.authorId,
        upVotes: articleEngagement.upVotes,
        downVotes: articleEngagement.downVotes,
        bookmarks: articleEngagement.bookmarks,
      })
      .from(articleEngagement)
      .innerJoin(articles, and(eq(articles.id, articleEngagement.articleId), PUBLISHED))
      .where(eq(articleEngagement.articleId, articleId))
      .for('update', { of: articleEngagement });
    return row;
  }

  async addCounts(tx: Queryable, articleId: string, change: CountChange): Promise<EngagementTarget> {
    const [row] = await tx
      .update(articleEngagement)
      .set({
        upVotes: sql`${articleEngagement.upVotes} + ${change.up ?? 0}`,
        downVotes: sql`${articleEngagement.downVotes} + ${change.down ?? 0}`,
        bookmarks: sql`${articleEngagement.bookmarks} + ${change.bookmarks ?? 0}`,
      })
      .where(eq(articleEngagement.articleId, articleId))
      .returning({
        articleId: articleEngagement.articleId,
        authorId: articleEngagement.authorId,
        upVotes: articleEngagement.upVotes,
        downVotes: articleEngagement.downVotes,
        bookmarks: articleEngagement.bookmarks,
      });
    return row!;
  }

  /** The meta of a published article as one viewer sees it (a visitor: empty uid); undefined when not published. */
  async meta(articleId: string, viewerUid: string, tx: Queryable = this.database.db): Promise<ArticleMeta | undefined> {
    const viewer = viewerUid || NOBODY;
    const [row] = await tx
      .select({
        up: sql<number>`coalesce(${articleEngagement.upVotes}, 0)`.mapWith(Number),
        down: sql<number>`coalesce(${articleEngagement.downVotes}, 0)`.mapWith(Number),
        bookmarks: sql<number>`coalesce(${articleEngagement.bookmarks}, 0)`.mapWith(Number),
        myVote: sql<number | null>`(select v.value from ${articleVotes} v
            where v.article_id = ${articles.id} and v.uid = ${viewer})`,
        bookmarked: sql<boolean>`exists(select 1 from ${bookmarks} b
            where b.uid = ${viewer} and b.article_id = ${articles.id})`,
        collectionIds: sql<string[]>`array(select ci.collection_id::text from ${collectionItems} ci
            join ${collections} c on c.id = ci.collection_id
            where ci.article_id = ${articles.id} and c.owner_uid = ${viewer} order by ci.collection_id)`,
      })
      .from(articles)
      .leftJoin(articleEngagement, eq(articleEngagement.articleId, articles.id))
      .where(and(eq(articles.id, articleId), PUBLISHED));
    if (!row) return undefined;
    return {
      up: row.up,
      down: row.down,
      myVote: row.myVote === 1 ? 'up' : row.myVote === -1 ? 'down' : '',
      bookmarked: row.bookmarked,
      bookmarks: row.bookmarks,
      // The comments service owns comments; until it counts them here, none are known.
      comments: 0,
      collectionIds: row.collectionIds,
    };
  }
}
