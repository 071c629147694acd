import { Inject, Injectable } from '@nestjs/common';
import { DATABASE, type DatabaseHandle } from '@pencraft/kit';
import { and, eq, sql } from 'drizzle-orm';
import { articles } from '../articles/article.table.js';
import { coAuthorInvitations } from '../coauthors/coauthor.table.js';
import type { ArticleStatus } from '@pencraft/rules';

export interface ArticleRefRow {
  status: ArticleStatus;
  title: string;
  /** The principal author first, then the accepted co-authors. */
  authorUids: string[];
}

/** What another service needs to know of an article: its state, title and the people who wrote it. */
@Injectable()
export class ArticleRefRepository {
  constructor(@Inject(DATABASE) private readonly database: DatabaseHandle) {}

  async find(articleId: string): Promise<ArticleRefRow | undefined> {
    const [row] = await this.database.db
      .select({
        status: articles.status,
        title: articles.title,
        authorId: articles.authorId,
        coAuthors: sql<string[]>`array(select ${coAuthorInvitations.inviteeUid}::text from ${coAuthorInvitations}
            where ${and(eq(coAuthorInvitations.articleId, articles.id), eq(coAuthorInvitations.status, 'accepted'))}
            order by ${coAuthorInvitations.decidedAt}, ${coAuthorInvitations.inviteeUid})`,
      })
      .from(articles)
      .where(eq(articles.id, articleId));
    if (!row) return undefined;
    return { status: row.status, title: row.title, authorUids: [row.authorId, ...row.coAuthors] };
  }
}
