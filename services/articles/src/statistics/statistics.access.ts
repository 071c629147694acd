import { Inject, Injectable } from '@nestjs/common';
import { DATABASE, type DatabaseHandle } from '@pencraft/kit';
import { and, eq, sql } from 'drizzle-orm';
import { coAuthorInvitations } from '../coauthors/coauthor.table.js';

export interface EngagementCounts {
  votesUp: number;
  votesDown: number;
  comments: number;
  bookmarks: number;
}

/**
 * What the statistics need from the rest of the articles service: whether someone co-writes an article (co-author
 * invitations) and the article's engagement counts (votes, bookmarks; comments belong to the comments service).
 */
@Injectable()
export class StatisticsAccess {
  constructor(@Inject(DATABASE) private readonly database: DatabaseHandle) {}

  async isAcceptedCoAuthor(articleId: string, uid: string): Promise<boolean> {
    const [row] = await this.database.db
      .select({ one: sql<number>`1` })
      .from(coAuthorInvitations)
      .where(
        and(
          eq(coAuthorInvitations.articleId, articleId),
          eq(coAuthorInvitations.inviteeUid, uid),
          eq(coAuthorInvitations.status, 'accepted'),
        ),
      )
      .limit(1);
    return row !== undefined;
  }

  async engagement(_articleId: string): Promise<EngagementCounts> {
    return { votesUp: 0, votesDown: 0, comments: 0, bookmarks: 0 };
  }
}
