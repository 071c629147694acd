import { Inject, Injectable } from '@nestjs/common';
import { DATABASE, type DatabaseHandle, type Queryable } from '@pencraft/kit';
import { and, asc, count, eq, gte, inArray, sql } from 'drizzle-orm';
import { PENDING_STATUSES } from '../articles/article.table.js';
import { REVIEW_ROAD } from './review.rules.js';
import {
  articleDeletions,
  articleEdits,
  articleReviews,
  type ArticleEditRow,
  type NewArticleEdit,
} from './review.table.js';
import type { ArticleStatus } from '@pencraft/rules';

/** The review timeline, the edits of published articles waiting for review and the pending-deletion counts. */
@Injectable()
export class ReviewRepository {
  constructor(@Inject(DATABASE) private readonly database: DatabaseHandle) {}

  /** Records states on the article's timeline, all at `at` (one transaction, one instant). */
  async record(
    tx: Queryable,
    articleId: string,
    states: readonly ArticleStatus[],
    note: string,
    at: Date,
  ): Promise<void> {
    if (states.length === 0) return;
    await tx.insert(articleReviews).values(
      states.map((status, index) => ({
        articleId,
        status,
        // The note belongs to the state the decision ends in (the reason, the revision notes).
        note: index === states.length - 1 ? note : '',
        at,
      })),
    );
  }

  /** The timeline, oldest first; the states of one instant in the order of the road. */
  async timeline(articleId: string) {
    const rank = sql`array_position(array[${sql.join(
      REVIEW_ROAD.map((s) => sql`${s}`),
      sql`, `,
    )}]::text[], ${articleReviews.status})`;
    return this.database.db
      .select({ status: articleReviews.status, note: articleReviews.note, at: articleReviews.at })
      .from(articleReviews)
      .where(eq(articleReviews.articleId, articleId))
      .orderBy(asc(articleReviews.at), sql`${rank} nulls last`);
  }

  /** The article's edit waiting for review, locked for the transaction; undefined when none is open. */
  async lockOpenEdit(tx: Queryable, articleId: string): Promise<ArticleEditRow | undefined> {
    const [row] = await tx
      .select()
      .from(articleEdits)
      .where(and(eq(articleEdits.articleId, articleId), inArray(articleEdits.status, [...PENDING_STATUSES])))
      .for('update');
    return row;
  }

  async lockEdit(tx: Queryable, id: string): Promise<ArticleEditRow | undefined> {
    const [row] = await tx.select().from(articleEdits).where(eq(articleEdits.id, id)).for('update');
    return row;
  }

  async insertEdit(tx: Queryable, edit: NewArticleEdit): Promise<ArticleEditRow> {
    const [row] = await tx.insert(articleEdits).values(edit).returning();
    return row!;
  }

  async setEditStatus(tx: Queryable, id: string, status: ArticleEditRow['status'], note: string, at: Date) {
    await tx
      .update(articleEdits)
      .set({ status, reviewNote: note, decidedAt: PENDING_STATUSES.includes(status) ? null : at })
      .where(eq(articleEdits.id, id));
  }

  async deleteTimeline(tx: Queryable, articleId: string): Promise<void> {
    await tx.delete(articleReviews).where(eq(articleReviews.articleId, articleId));
  }

  /** Serializes one author's deletions, so two at once cannot both pass the daily count. */
  async lockAuthor(tx: Queryable, authorId: string): Promise<void> {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`article-deletions:${authorId}`}))`);
  }

  async deletionsSince(tx: Queryable, authorId: string, since: Date): Promise<number> {
    const [row] = await tx
      .select({ n: count() })
      .from(articleDeletions)
      .where(and(eq(articleDeletions.authorId, authorId), gte(articleDeletions.at, since)));
    return row?.n ?? 0;
  }

  async recordDeletion(tx: Queryable, authorId: string, articleId: string, at: Date): Promise<void> {
    await tx.insert(articleDeletions).values({ authorId, articleId, at });
  }

  /** Account deletion: the author's timeline rows go with their articles, the deletion counts with them. */
  async deleteByAuthor(tx: Queryable, authorId: string): Promise<void> {
    await tx.delete(articleDeletions).where(eq(articleDeletions.authorId, authorId));
  }
}
