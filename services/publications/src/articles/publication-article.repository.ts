import { Inject, Injectable } from '@nestjs/common';
import { DATABASE, type DatabaseHandle, type Queryable } from '@pencraft/kit';
import { and, desc, eq } from 'drizzle-orm';
import { publicationArticles, type PublicationArticleRow } from './publication-article.table.js';

@Injectable()
export class PublicationArticleRepository {
  constructor(@Inject(DATABASE) private readonly database: DatabaseHandle) {}

  async lock(tx: Queryable, articleId: string): Promise<PublicationArticleRow | undefined> {
    const [row] = await tx
      .select()
      .from(publicationArticles)
      .where(eq(publicationArticles.articleId, articleId))
      .for('update');
    return row;
  }

  /** Writes the article's record whole (insert or replace). */
  async save(tx: Queryable, row: typeof publicationArticles.$inferInsert): Promise<void> {
    const { articleId: _, ...rest } = row;
    await tx
      .insert(publicationArticles)
      .values(row)
      .onConflictDoUpdate({ target: publicationArticles.articleId, set: rest });
  }

  async pinnedIds(publicationId: string): Promise<string[]> {
    const rows = await this.database.db
      .select({ articleId: publicationArticles.articleId })
      .from(publicationArticles)
      .where(and(eq(publicationArticles.publicationId, publicationId), eq(publicationArticles.pinned, true)))
      .orderBy(desc(publicationArticles.pinnedAt));
    return rows.map((row) => row.articleId);
  }
}
