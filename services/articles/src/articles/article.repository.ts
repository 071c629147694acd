import { Inject, Injectable } from '@nestjs/common';
import { DATABASE, type DatabaseHandle, type Queryable } from '@pencraft/kit';
import { and, desc, eq, sql } from 'drizzle-orm';
import { authors } from '../authors/author.table.js';
import { articles, type ArticleRow } from './article.table.js';

export type NewArticle = typeof articles.$inferInsert;

export interface ArticleWithAuthor {
  article: ArticleRow;
  author: { uid: string; username: string; fullname: string } | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

@Injectable()
export class ArticleRepository {
  constructor(@Inject(DATABASE) private readonly database: DatabaseHandle) {}

  async insert(tx: Queryable, article: NewArticle): Promise<ArticleRow> {
    const [row] = await tx.insert(articles).values(article).returning();
    return row!;
  }

  async findWithAuthor(id: string, tx: Queryable = this.database.db): Promise<ArticleWithAuthor | undefined> {
    if (!UUID.test(id)) return undefined;
    const [row] = await tx
      .select({
        article: articles,
        author: { uid: authors.uid, username: authors.username, fullname: authors.fullname },
      })
      .from(articles)
      .leftJoin(authors, eq(authors.uid, articles.authorId))
      .where(eq(articles.id, id))
      .limit(1);
    return row;
  }

  /** Locks the row for a state change. */
  async lockForUpdate(tx: Queryable, id: string): Promise<ArticleRow | undefined> {
    if (!UUID.test(id)) return undefined;
    const [row] = await tx.select().from(articles).where(eq(articles.id, id)).for('update').limit(1);
    return row;
  }

  async markPublished(tx: Queryable, id: string, status: 'published' | 'in_review', at: Date): Promise<ArticleRow> {
    const [row] = await tx
      .update(articles)
      .set({ status, updatedAt: at, publishedAt: status === 'published' ? at : null })
      .where(eq(articles.id, id))
      .returning();
    return row!;
  }

  /** Published articles, newest first; one extra row tells whether a next page exists. */
  async listPublished(offset: number, limit: number) {
    return this.database.db
      .select({
        id: articles.id,
        title: articles.title,
        description: articles.description,
        language: articles.language,
        category: articles.category,
        wordCount: articles.wordCount,
        publishedAt: articles.publishedAt,
        author: { uid: authors.uid, username: authors.username, fullname: authors.fullname },
      })
      .from(articles)
      .leftJoin(authors, eq(authors.uid, articles.authorId))
      .where(and(eq(articles.status, 'published'), sql`${articles.publishedAt} is not null`))
      .orderBy(desc(articles.publishedAt), desc(articles.id))
      .offset(offset)
      .limit(limit + 1);
  }
}
