import { Inject, Injectable } from '@nestjs/common';
import { DATABASE, type DatabaseHandle, type Queryable } from '@pencraft/kit';
import { and, eq, sql } from 'drizzle-orm';
import { articles } from '../articles/article.table.js';
import { authors } from '../authors/author.table.js';
import { CARD_COLUMNS, type CardRow } from '../feeds/article-cards.js';
import { articleEngagement } from '../feeds/article-engagement.table.js';
import { bookmarks } from './bookmark.table.js';

@Injectable()
export class BookmarkRepository {
  constructor(@Inject(DATABASE) private readonly database: DatabaseHandle) {}

  /** Whether the bookmark is new. */
  async add(tx: Queryable, uid: string, articleId: string, at: Date): Promise<boolean> {
    const rows = await tx
      .insert(bookmarks)
      .values({ uid, articleId, createdAt: at })
      .onConflictDoNothing()
      .returning({ uid: bookmarks.uid });
    return rows.length > 0;
  }

  /** Whether there was a bookmark to remove. */
  async remove(tx: Queryable, uid: string, articleId: string): Promise<boolean> {
    const rows = await tx
      .delete(bookmarks)
      .where(and(eq(bookmarks.uid, uid), eq(bookmarks.articleId, articleId)))
      .returning({ uid: bookmarks.uid });
    return rows.length > 0;
  }

  /** One user's bookmarked published articles, the newest bookmark first (bookmarks_uid_created_idx); one extra row. */
  async page(uid: string, offset: number, limit: number): Promise<CardRow[]> {
    return this.database.db
      .select(CARD_COLUMNS)
      .from(bookmarks)
      .innerJoin(articles, and(eq(articles.id, bookmarks.articleId), sql`${articles.status} = 'published'`))
      .innerJoin(articleEngagement, eq(articleEngagement.articleId, bookmarks.articleId))
      .leftJoin(authors, eq(authors.uid, articles.authorId))
      .where(eq(bookmarks.uid, uid))
      .orderBy(sql`${bookmarks.createdAt} desc nulls last`, sql`${bookmarks.articleId} desc nulls last`)
      .offset(offset)
      .limit(limit + 1);
  }
}
