import { Injectable } from '@nestjs/common';
import type { Queryable } from '@pencraft/kit';
import { and, eq } from 'drizzle-orm';
import { articles } from '../articles/article.table.js';
import { drafts } from '../drafts/draft.table.js';
import { articleEdits } from '../review/review.table.js';

/**
 * Where articles, their open drafts and their edits waiting for review say they belong to a publication. Taking an
 * article out leaves it under its author (the personal blog); nothing else about it changes.
 */
@Injectable()
export class PublicationLinkRepository {
  /**
   * The publication detached one article: the article, a draft editing it and its edits become personal. Answers
   * whether the article itself left (false when it was not there, or had left already).
   */
  async detachArticle(tx: Queryable, articleId: string, publicationId: string): Promise<boolean> {
    const left = await tx
      .update(articles)
      .set({ publicationId: null })
      .where(and(eq(articles.id, articleId), eq(articles.publicationId, publicationId)))
      .returning({ id: articles.id });
    await tx
      .update(drafts)
      .set({ publicationId: null })
      .where(and(eq(drafts.articleId, articleId), eq(drafts.publicationId, publicationId)));
    await tx
      .update(articleEdits)
      .set({ publicationId: null })
      .where(and(eq(articleEdits.articleId, articleId), eq(articleEdits.publicationId, publicationId)));
    return left.length > 0;
  }

  /** The publication was deleted: every article, draft and edit of it becomes personal. Answers the articles' ids. */
  async leavePublication(tx: Queryable, publicationId: string): Promise<string[]> {
    const left = await tx
      .update(articles)
      .set({ publicationId: null })
      .where(eq(articles.publicationId, publicationId))
      .returning({ id: articles.id });
    await tx.update(drafts).set({ publicationId: null }).where(eq(drafts.publicationId, publicationId));
    await tx.update(articleEdits).set({ publicationId: null }).where(eq(articleEdits.publicationId, publicationId));
    return left.map((row) => row.id);
  }
}
