import { Injectable } from '@nestjs/common';
import type { ArticleCardPage, ArticleMeta } from '@pencraft/contracts/articles/v1/engagement';
import { EVENTS, outboxEvent } from '@pencraft/contracts/events';
import { AppError } from '@pencraft/errors';
import { Clock, Outbox, TransactionManager } from '@pencraft/kit';
import { cardPage, pagingOf } from '../feeds/article-cards.js';
import { EngagementRepository } from '../feeds/engagement.repository.js';
import { isUuid } from '../feeds/ids.js';
import { BookmarkRepository } from './bookmark.repository.js';

@Injectable()
export class BookmarkService {
  constructor(
    private readonly transactions: TransactionManager,
    private readonly engagement: EngagementRepository,
    private readonly bookmarks: BookmarkRepository,
    private readonly outbox: Outbox,
    private readonly clock: Clock,
  ) {}

  /**
   * Bookmarks a published article or removes the bookmark; the count moves in the same transaction and
   * articles.article.bookmarked goes out only when something changed.
   */
  async set(articleId: string, uid: string, on: boolean): Promise<ArticleMeta> {
    if (!isUuid(uid)) throw new AppError('Unauthorized');
    if (!isUuid(articleId)) throw new AppError('ArticleNotFound');
    return this.transactions.run(async (tx) => {
      const target = await this.engagement.lockPublished(tx, articleId);
      if (!target) throw new AppError('ArticleNotFound');
      const at = this.clock.now();
      const changed = on
        ? await this.bookmarks.add(tx, uid, articleId, at)
        : await this.bookmarks.remove(tx, uid, articleId);
      if (changed) {
        await this.engagement.addCounts(tx, articleId, { bookmarks: on ? 1 : -1 });
        await this.outbox.add(
          tx,
          outboxEvent(EVENTS.articleBookmarked, {
            articleId,
            authorUid: target.authorId,
            uid,
            bookmarked: on,
            atMs: at.getTime(),
          }),
        );
      }
      return (await this.engagement.meta(articleId, uid, tx))!;
    });
  }

  /** The user's own bookmarks (nobody else's: the uid is the session's). */
  async list(uid: string, page: number, pageSize: number): Promise<ArticleCardPage> {
    if (!isUuid(uid)) throw new AppError('Unauthorized');
    const paging = pagingOf(page, pageSize);
    return cardPage(await this.bookmarks.page(uid, paging.offset, paging.pageSize), paging);
  }
}
