import { Injectable } from '@nestjs/common';
import { CoAuthorAccess } from '../drafts/co-author-access.js';
import { EngagementRepository } from '../feeds/engagement.repository.js';

export interface EngagementCounts {
  votesUp: number;
  votesDown: number;
  comments: number;
  bookmarks: number;
}

/**
 * What the statistics ask of the rest of the articles service: who co-writes an article (the co-authors' repository)
 * and its engagement counts (the votes and bookmarks counted with each vote and bookmark; the published comments
 * counted from the comments service's events).
 */
@Injectable()
export class StatisticsAccess {
  constructor(
    private readonly coAuthors: CoAuthorAccess,
    private readonly engagement: EngagementRepository,
  ) {}

  isAcceptedCoAuthor(articleId: string, uid: string): Promise<boolean> {
    return this.coAuthors.isAcceptedOnArticle(articleId, uid);
  }

  /** Zeros for an article that is not published (nobody could vote or bookmark it). */
  async engagementOf(articleId: string): Promise<EngagementCounts> {
    const meta = await this.engagement.meta(articleId, '');
    return {
      votesUp: meta?.up ?? 0,
      votesDown: meta?.down ?? 0,
      comments: meta?.comments ?? 0,
      bookmarks: meta?.bookmarks ?? 0,
    };
  }
}
