import { Injectable } from '@nestjs/common';
import type { ArticleCard } from '@pencraft/contracts/articles/v1/articles';
import type { ArticleCardPage } from '@pencraft/contracts/articles/v1/engagement';
import { AppError } from '@pencraft/errors';
import { AUTHOR_TOP_COUNT, CATEGORY_IDS, TOP_ARTICLES_DAYS } from '@pencraft/rules';
import { CategoryFollowRepository } from '../categories/category-follow.repository.js';
import { isCategory } from '../categories/categories.js';
import { Clock } from '@pencraft/kit';
import { cardPage, pagingOf, toCard } from './article-cards.js';
import { FeedRepository } from './feed.repository.js';
import { isUuid } from './ids.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The reading lists and category follows. */
@Injectable()
export class FeedService {
  constructor(
    private readonly feeds: FeedRepository,
    private readonly categoryFollows: CategoryFollowRepository,
    private readonly clock: Clock,
  ) {}

  async category(category: string, sort: string, page: number, pageSize: number): Promise<ArticleCardPage> {
    if (!isCategory(category)) throw new AppError('InvalidCategory');
    const order = sort || 'new';
    if (order !== 'new' && order !== 'top') throw new AppError('InvalidModel');
    const paging = pagingOf(page, pageSize);
    return cardPage(await this.feeds.category(category, order, paging.offset, paging.pageSize), paging);
  }

  async newest(page: number, pageSize: number): Promise<ArticleCardPage> {
    const paging = pagingOf(page, pageSize);
    return cardPage(await this.feeds.newest(paging.offset, paging.pageSize), paging);
  }

  /** Articles published in the last TOP_ARTICLES_DAYS days, by score, then newest. */
  async top(page: number, pageSize: number): Promise<ArticleCardPage> {
    const paging = pagingOf(page, pageSize);
    const since = new Date(this.clock.now().getTime() - TOP_ARTICLES_DAYS * DAY_MS);
    return cardPage(await this.feeds.top(since, paging.offset, paging.pageSize), paging);
  }

  async following(uid: string, page: number, pageSize: number): Promise<ArticleCardPage> {
    if (!isUuid(uid)) throw new AppError('Unauthorized');
    const paging = pagingOf(page, pageSize);
    return cardPage(await this.feeds.following(uid, paging.offset, paging.pageSize), paging);
  }

  async authorTop(authorUid: string): Promise<ArticleCard[]> {
    if (!isUuid(authorUid)) return [];
    return (await this.feeds.authorTop(authorUid, AUTHOR_TOP_COUNT)).map(toCard);
  }

  /** The author's next published article after this one (after their newest: their first); none when no other. */
  async next(authorUid: string, articleId: string): Promise<ArticleCard | undefined> {
    if (!isUuid(authorUid) || !isUuid(articleId)) throw new AppError('ArticleNotFound');
    const at = await this.feeds.publishedAt(authorUid, articleId);
    if (!at) throw new AppError('ArticleNotFound');
    const next = await this.feeds.next(authorUid, articleId, at);
    return next ? toCard(next) : undefined;
  }

  async setCategoryFollow(uid: string, category: string, on: boolean): Promise<boolean> {
    if (!isUuid(uid)) throw new AppError('Unauthorized');
    if (!isCategory(category)) throw new AppError('InvalidCategory');
    if (on) await this.categoryFollows.follow(uid, category, this.clock.now());
    else await this.categoryFollows.unfollow(uid, category);
    return on;
  }

  /** The categories the user follows, in the shared order. */
  async followedCategories(uid: string): Promise<string[]> {
    if (!isUuid(uid)) throw new AppError('Unauthorized');
    const followed = new Set(await this.categoryFollows.list(uid));
    return CATEGORY_IDS.filter((id) => followed.has(id));
  }
}
