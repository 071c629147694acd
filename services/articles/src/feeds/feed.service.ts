import { Injectable } from '@nestjs/common';
import type { ArticleCard } from '@pencraft/contracts/articles/v1/articles';
import type {
  ArticleCardPage,
  ListPublicationArticlesResponse,
  PublicationArticle,
} from '@pencraft/contracts/articles/v1/engagement';
import { AppError } from '@pencraft/errors';
import { AUTHOR_TOP_COUNT, CATEGORY_IDS, TOP_ARTICLES_DAYS } from '@pencraft/rules';
import { audiences } from '@pencraft/contracts/enums';
import { Audience } from '@pencraft/contracts/common/v1/common';
import { CategoryFollowRepository } from '../categories/category-follow.repository.js';
import { isCategory } from '../categories/categories.js';
import { Clock } from '@pencraft/kit';
import { cardPage, pagingOf, toCard, type CardRow } from './article-cards.js';
import { FeedRepository } from './feed.repository.js';
import { isUuid } from './ids.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Where a page of a publication's list starts: after the pinned card `id`, the `shown`-th pinned card (so a card
 * unpinned since still finds its place), or after the unpinned card published at `at` with `id`. Written as
 * `p.<shown>.<id>` and `n.<ms>.<id>`; the first page has none.
 */
type PublicationCursor = { pinned: true; shown: number; id: string } | { pinned: false; at: Date; id: string };

/** At most 14 digits: a 15-digit time in ms is past the year 9999, which PostgreSQL cannot read (a 5xx before). */
const CURSOR = /^(p|n)\.(\d{1,14})\.([0-9a-f-]{36})$/;

function cursorOf(text: string): PublicationCursor | undefined {
  if (!text) return undefined;
  const match = CURSOR.exec(text);
  if (!match || !isUuid(match[3]!)) throw new AppError('InvalidPage');
  const [, kind, number, id] = match as unknown as [string, 'p' | 'n', string, string];
  return kind === 'p'
    ? { pinned: true, shown: Number(number), id }
    : { pinned: false, at: new Date(Number(number)), id };
}

/** An item of a publication's list; audience and counts only when asked for (FeedService.publication). */
const listed = (row: CardRow, pinned: boolean): PublicationArticle => ({
  card: toCard(row),
  pinned,
  audience: Audience.AUDIENCE_UNSPECIFIED,
  views: 0,
  reads: 0,
});

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

  /**
   * A publication's published articles: the pinned ones first (in the order given: last pinned first), then the
   * others newest first, each page continuing after the last card of the one before (see PublicationCursor). Ids
   * that are not a published article of the publication are skipped. InvalidPage for a cursor this did not write.
   * With `withStatistics` (the studio's list) each item also gets its audience, views and reads.
   */
  async publication(
    publicationId: string,
    pinnedIds: readonly string[],
    cursor: string,
    pageSize: number,
    withStatistics = false,
  ): Promise<ListPublicationArticlesResponse> {
    const page = await this.publicationPage(publicationId, pinnedIds, cursor, pageSize);
    if (!withStatistics || page.items.length === 0) return page;
    const found = new Map(
      (await this.feeds.statistics(page.items.map((item) => item.card!.id))).map((row) => [row.id, row]),
    );
    return {
      ...page,
      items: page.items.map((item) => {
        const row = found.get(item.card!.id);
        return row ? { ...item, audience: audiences.toProto(row.audience), views: row.views, reads: row.reads } : item;
      }),
    };
  }

  private async publicationPage(
    publicationId: string,
    pinnedIds: readonly string[],
    cursor: string,
    pageSize: number,
  ): Promise<ListPublicationArticlesResponse> {
    const size = pagingOf(1, pageSize).pageSize;
    const from = cursorOf(cursor);
    if (!isUuid(publicationId)) return { items: [], nextCursor: '' };
    const pins = [...new Set(pinnedIds.filter(isUuid))];
    const items: PublicationArticle[] = [];
    let shown = 0;
    if (!from || from.pinned) {
      const found = new Map(
        (pins.length ? await this.feeds.publicationCards(publicationId, pins) : []).map((row) => [row.id, row]),
      );
      const valid = pins.flatMap((id) => found.get(id) ?? []);
      let start = 0;
      if (from) {
        const at = valid.findIndex((row) => row.id === from.id);
        start = at >= 0 ? at + 1 : Math.min(from.shown, valid.length);
      }
      const rest = valid.slice(start);
      items.push(...rest.slice(0, size).map((row) => listed(row, true)));
      shown = start + items.length;
      if (rest.length > size) return { items, nextCursor: `p.${shown}.${items.at(-1)!.card!.id}` };
    }
    const wanted = size - items.length;
    const after = from && !from.pinned ? { at: from.at, id: from.id } : undefined;
    const rows = await this.feeds.publicationNewest(publicationId, pins, after, wanted + 1);
    items.push(...rows.slice(0, wanted).map((row) => listed(row, false)));
    if (rows.length <= wanted) return { items, nextCursor: '' };
    const last = rows[wanted - 1];
    if (!last) return { items, nextCursor: `p.${shown}.${items.at(-1)!.card!.id}` };
    return { items, nextCursor: `n.${(last.listedAt ?? new Date(0)).getTime()}.${last.id}` };
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
