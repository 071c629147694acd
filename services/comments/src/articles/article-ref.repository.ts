import { Injectable } from '@nestjs/common';
import type { Queryable } from '@pencraft/kit';
import { sql } from 'drizzle-orm';
import { articleRefs } from './article-ref.table.js';

export interface ArticleRef {
  articleId: string;
  title: string;
  authorUids: string[];
}

@Injectable()
export class ArticleRefRepository {
  async upsert(tx: Queryable, ref: ArticleRef, at: Date): Promise<void> {
    await tx
      .insert(articleRefs)
      .values({ ...ref, updatedAt: at })
      .onConflictDoUpdate({
        target: articleRefs.articleId,
        set: { title: sql`excluded.title`, authorUids: sql`excluded.author_uids`, updatedAt: sql`excluded.updated_at` },
      });
  }

  async find(tx: Queryable, articleId: string): Promise<ArticleRef | undefined> {
    const [row] = await tx
      .select({ articleId: articleRefs.articleId, title: articleRefs.title, authorUids: articleRefs.authorUids })
      .from(articleRefs)
      .where(sql`${articleRefs.articleId} = ${articleId}`);
    return row;
  }
}
