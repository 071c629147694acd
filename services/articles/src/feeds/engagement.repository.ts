import { Inject, Injectable } from '@nestjs/common';
import type { ArticleMeta } from '@pencraft/contracts/articles/v1/engagement';
import { DATABASE, type DatabaseHandle, type Queryable } from '@pencraft/kit';
import { and, eq, or, sql } from 'drizzle-orm';
import { articles } from '../articles/article.table.js';
import { bookmarks } from '../bookmarks/bookmark.table.js';
import { collectionItems, collections } from '../collections/collection.table.js';
import { articleVotes } from '../votes/vote.table.js';
import { articleEngagement } from './article-engagement.table.js';
import { categoryFollows } from '../categories/category-follow.table.js';
import { savedCollections } from '../collections/collection.table.js';
import { isUuid, NOBODY } from './ids.js';
import { TrendRepository } from './trend.repository.js';
import { userFollows } from './user-follow.table.js';

export interface EngagementTarget {
  articleId: string;
  authorId: string;
  upVotes: number;
  downVotes: number;
  bookmarks: number;
}

/** A published article locked for a change of its counts, with its title for the events that tell of it. */
export interface LockedTarget extends EngagementTarget {
  title: string;
}

export interface CountChange {
  up?: number;
  down?: number;
  bookmarks?: number;
}

const PUBLISHED = sql`${articles.status} = 'published'`;

/**
 * The engagement row of a published article as its article has it (zero counts), to insert; with the languages of
 * its published translations (later changes of its translations are kept by triggers, migration 0019).
 */
const insertRow = (articleId: string) => sql`
      insert into ${articleEngagement}
             (article_id, author_id, category, language, publication_id, translation_of, published_at,
              translation_languages)
      select ${articles.id}, ${articles.authorId}, ${articles.category}, ${articles.language}, ${articles.publicationId},
             ${articles.translationOf}, coalesce(${articles.publishedAt}, ${articles.updatedAt}),
             articles.engagement_translation_languages(${articles.id})
        from ${articles}
       where ${articles.id} = ${articleId} and ${PUBLISHED}`;

/** The engagement row of each published article: created from the article, counted in the caller's transaction. */
@Injectable()
export class EngagementRepository {
  constructor(
    @Inject(DATABASE) private readonly database: DatabaseHandle,
    private readonly trends: TrendRepository,
  ) {}

  /**
   * Copies what the lists sort and filter by from a published article into its engagement row (created with zero
   * counts, or updated after an edit changed the category); nothing for an article that is not (or no longer)
   * published or does not exist.
   */
  async refresh(tx: Queryable, articleId: string): Promise<void> {
    await tx.execute(sql`${insertRow(articleId)}
      on conflict (article_id) do update
        set author_id = excluded.author_id, category = excluded.category, published_at = excluded.published_at,
            language = excluded.language, publication_id = excluded.publication_id,
            translation_of = excluded.translation_of, translation_languages = excluded.translation_languages`);
  }

  /** The engagement row of a published article, locked for a change of its counts (created first when missing). */
  async lockPublished(tx: Queryable, articleId: string): Promise<LockedTarget | undefined> {
    await tx.execute(sql`${insertRow(articleId)} on conflict (article_id) do nothing`);
    // Only the engagement row is locked (the article row stays free for its own edits); the status is read beside it.
    const [row] = await tx
      .select({
        articleId: articleEngagement.articleId,
        authorId: articleEngagement.authorId,
        upVotes: articleEngagement.upVotes,
        downVotes: articleEngagement.downVotes,
        bookmarks: articleEngagement.bookmarks,
        published: sql<boolean>`exists(select 1 from ${articles} a
            where a.id = ${articleEngagement.articleId} and a.status = 'published')`,
        title: sql<string>`coalesce((select a.title from ${articles} a where a.id = ${articleEngagement.articleId}), '')`,
      })
      .from(articleEngagement)
      .where(eq(articleEngagement.articleId, articleId))
      .for('update');
    if (!row?.published) return undefined;
    const { published: _published, ...target } = row;
    return target;
  }

  async addCounts(tx: Queryable, articleId: string, change: CountChange): Promise<EngagementTarget> {
    // An upvote cast (or switched to) warms the article on the trending list.
    if ((change.up ?? 0) > 0) await this.trends.add(tx, [{ articleId, signal: 'vote', count: change.up! }]);
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

  /**
   * Moves an article's count of published comments (never below zero); the row is made first when the article is
   * published but has none yet. Nothing for an article that is not published.
   */
  async addComments(tx: Queryable, articleId: string, change: number): Promise<void> {
    await tx.execute(sql`${insertRow(articleId)} on conflict (article_id) do nothing`);
    await tx
      .update(articleEngagement)
      .set({ comments: sql`greatest(${articleEngagement.comments} + ${change}, 0)` })
      .where(eq(articleEngagement.articleId, articleId));
    if (change > 0) await this.trends.add(tx, [{ articleId, signal: 'comment', count: change }]);
  }

  /** The meta of a published article as one viewer sees it (a visitor: empty uid); undefined when not published. */
  async meta(articleId: string, viewerUid: string, tx: Queryable = this.database.db): Promise<ArticleMeta | undefined> {
    const viewer = viewerUid || NOBODY;
    const [row] = await tx
      .select({
        up: sql<number>`coalesce(${articleEngagement.upVotes}, 0)`.mapWith(Number),
        down: sql<number>`coalesce(${articleEngagement.downVotes}, 0)`.mapWith(Number),
        bookmarks: sql<number>`coalesce(${articleEngagement.bookmarks}, 0)`.mapWith(Number),
        comments: sql<number>`coalesce(${articleEngagement.comments}, 0)`.mapWith(Number),
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
      comments: row.comments,
      collectionIds: row.collectionIds,
    };
  }

  /**
   * Everything of a deleted account (identity.user.deleted): its votes and bookmarks leave the counts they were in,
   * its collections, saved collections, category follows and follows go. Run after its own articles were deleted.
   */
  async forgetUser(tx: Queryable, uid: string): Promise<void> {
    if (!isUuid(uid)) return;
    await tx.execute(sql`
      update ${articleEngagement} e
         set up_votes = e.up_votes - v.ups, down_votes = e.down_votes - v.downs
        from (select article_id, count(*) filter (where value = 1)::int as ups,
                     count(*) filter (where value = -1)::int as downs
                from ${articleVotes} where uid = ${uid} group by article_id) v
       where e.article_id = v.article_id`);
    await tx.delete(articleVotes).where(eq(articleVotes.uid, uid));
    await tx.execute(sql`
      update ${articleEngagement} e set bookmarks = e.bookmarks - 1
        from ${bookmarks} b where b.uid = ${uid} and b.article_id = e.article_id`);
    await tx.delete(bookmarks).where(eq(bookmarks.uid, uid));
    await tx.delete(collections).where(eq(collections.ownerUid, uid));
    await tx.delete(savedCollections).where(eq(savedCollections.uid, uid));
    await tx.delete(categoryFollows).where(eq(categoryFollows.uid, uid));
    await tx.delete(userFollows).where(or(eq(userFollows.followerUid, uid), eq(userFollows.followeeUid, uid)));
  }
}
