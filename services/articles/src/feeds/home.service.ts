import { Injectable } from '@nestjs/common';
import type {
  ExploreCategoryResponse,
  ListHomeFeedRequest,
  ListHomeFeedResponse,
  ListTrendingResponse,
  SuggestFollowsResponse,
} from '@pencraft/contracts/articles/v1/engagement';
import { languages } from '@pencraft/contracts/enums';
import { AppError } from '@pencraft/errors';
import { Clock } from '@pencraft/kit';
import {
  CATEGORY_EXPLORE_COUNT,
  CATEGORY_IDS,
  DEFAULT_LANG,
  FOLLOW_SUGGESTIONS_COUNT,
  isHomeTab,
  nextHomeCursor,
  parseHomeCursor,
  PINNED_CATEGORIES_MAX,
  TOP_ARTICLES_DAYS,
  TREND_WINDOW_DAYS,
  TRENDING_COUNT,
  trendScore,
} from '@pencraft/rules';
import { CategoryFollowRepository } from '../categories/category-follow.repository.js';
import { isCategory } from '../categories/categories.js';
import { pagingOf, toCard } from './article-cards.js';
import { HomeRepository, type AuthorStanding, type HomeRow, type HomeSource } from './home.repository.js';
import { isUuid } from './ids.js';

const DAY_MS = 24 * 60 * 60 * 1000;
/** How many categories read count towards suggestions. */
const READ_CATEGORIES = 5;

const author = (row: AuthorStanding) => ({
  author: { uid: row.uid, username: row.username, fullname: row.fullname, imageUrl: row.imageUrl },
  articles: row.articles,
  score: row.score,
});

/** The home page: its lists by cursor, trending, category pins and overviews, follow suggestions (issue #17). */
@Injectable()
export class HomeService {
  constructor(
    private readonly home: HomeRepository,
    private readonly categoryFollows: CategoryFollowRepository,
    private readonly clock: Clock,
  ) {}

  /**
   * A page of a home list: the reader's language first, then the others, newest first; the cursor says where the
   * page starts. Following and suggestions need a reader (Unauthorized).
   */
  async feed(request: ListHomeFeedRequest): Promise<ListHomeFeedResponse> {
    if (!isHomeTab(request.tab))
      throw new AppError('InvalidModel', { details: [{ field: 'tab', code: 'InvalidModel' }] });
    const cursor = parseHomeCursor(request.cursor);
    if (cursor === null) throw new AppError('InvalidPage');
    const size = pagingOf(1, request.pageSize).pageSize;
    // A later page keeps the language its list started in (the cursor's), whatever this request's.
    const lang = cursor?.lang ?? languages.fromProto(request.language) ?? DEFAULT_LANG;
    if (request.tab !== 'all' && !isUuid(request.uid)) throw new AppError('Unauthorized');
    const source = await this.sourceOf(request.tab, request.uid, request.publicationIds.filter(isUuid));
    if (!source) return { items: [], nextCursor: '' };

    let phase = cursor?.phase ?? 'l';
    const after = cursor?.after ? { at: new Date(cursor.after.atMs), id: cursor.after.id } : undefined;
    const rows: Array<HomeRow & { phase: 'l' | 'o' }> = [];
    const first = await this.home.ids({ lang, phase, after, limit: size + 1, source });
    rows.push(...first.slice(0, size).map((row) => ({ ...row, phase })));
    let more = first.length > size;
    if (!more && phase === 'l' && rows.length < size) {
      // The reader's language ran out within this page: the other languages follow at once.
      phase = 'o';
      const wanted = size - rows.length;
      const others = await this.home.ids({ lang, phase, limit: wanted + 1, source });
      rows.push(...others.slice(0, wanted).map((row) => ({ ...row, phase })));
      more = others.length > wanted;
    }
    const last = rows.at(-1);
    const cards = await this.home.cards(rows.map((row) => row.id));
    return {
      items: cards.map(toCard),
      nextCursor: nextHomeCursor(
        last && { phase: last.phase, atMs: last.at.getTime(), id: last.id },
        more,
        phase,
        lang,
      ),
    };
  }

  /** Where a tab's articles come from; undefined when it has none (a following tab that follows nothing). */
  private async sourceOf(tab: string, uid: string, publications: string[]): Promise<HomeSource | undefined> {
    if (tab === 'all') return { kind: 'all', excludeAuthors: [], excludePublications: [] };
    const [people, categories] = await Promise.all([this.home.followedUsers(uid), this.home.followedCategories(uid)]);
    if (tab === 'following') {
      if (!people.length && !categories.length && !publications.length) return undefined;
      return {
        kind: 'sources',
        authors: people,
        categories,
        publications,
        excludeAuthors: [],
        excludePublications: [],
      };
    }
    // Suggestions: the categories followed and read, without the people and publications followed or one's own.
    const read = await this.home.readCategories(uid, READ_CATEGORIES);
    const interests = CATEGORY_IDS.filter((id) => categories.includes(id) || read.includes(id));
    const excludeAuthors = [uid, ...people];
    if (!interests.length) return { kind: 'all', excludeAuthors, excludePublications: publications };
    return {
      kind: 'sources',
      authors: [],
      categories: interests,
      publications: [],
      excludeAuthors,
      excludePublications: publications,
    };
  }

  /** The hottest articles of the window (TREND_WINDOW_DAYS), with their decayed scores now. */
  async trending(limit: number): Promise<ListTrendingResponse> {
    const now = this.clock.now();
    const count = limit > 0 ? Math.min(limit, 20) : TRENDING_COUNT;
    const hot = await this.home.trending(new Date(now.getTime() - TREND_WINDOW_DAYS * DAY_MS), count);
    const cards = new Map((await this.home.cards(hot.map((row) => row.id))).map((row) => [row.id, row]));
    return {
      items: hot.flatMap((row) => {
        const card = cards.get(row.id);
        return card ? [{ card: toCard(card), score: Math.round(trendScore(row.heat, now.getTime()) * 100) / 100 }] : [];
      }),
    };
  }

  async setPin(uid: string, category: string, on: boolean) {
    if (!isUuid(uid)) throw new AppError('Unauthorized');
    if (!isCategory(category)) throw new AppError('InvalidCategory');
    if (on) await this.categoryFollows.pin(uid, category, this.clock.now(), PINNED_CATEGORIES_MAX);
    else await this.categoryFollows.unpin(uid, category);
    const following = (await this.categoryFollows.list(uid)).includes(category);
    return { pinned: on, following };
  }

  async pinned(uid: string): Promise<string[]> {
    if (!isUuid(uid)) throw new AppError('Unauthorized');
    return this.categoryFollows.pinned(uid);
  }

  async explore(category: string): Promise<ExploreCategoryResponse> {
    if (!isCategory(category)) throw new AppError('InvalidCategory');
    const now = this.clock.now().getTime();
    const [counts, top, newest, best] = await Promise.all([
      this.home.categoryCounts(category, new Date(now - 7 * DAY_MS)),
      this.home.topAuthors([category], undefined, [], CATEGORY_EXPLORE_COUNT),
      this.home.categoryCards(category, 'new', new Date(0), CATEGORY_EXPLORE_COUNT),
      this.home.categoryCards(category, 'top', new Date(now - TOP_ARTICLES_DAYS * DAY_MS), CATEGORY_EXPLORE_COUNT),
    ]);
    return {
      articles: counts.articles,
      followers: counts.followers,
      articlesThisWeek: counts.week,
      topAuthors: top.map(author),
      newest: newest.map(toCard),
      top: best.map(toCard),
    };
  }

  /**
   * Authors of the categories the user follows or read (all when none) with the best recent score, categories they
   * do not follow with the most recent articles, publications publishing there; never themself or what they follow.
   */
  async suggestFollows(uid: string, subscribed: readonly string[]): Promise<SuggestFollowsResponse> {
    if (!isUuid(uid)) throw new AppError('Unauthorized');
    const since = new Date(this.clock.now().getTime() - TOP_ARTICLES_DAYS * DAY_MS);
    const [people, categories, read] = await Promise.all([
      this.home.followedUsers(uid),
      this.home.followedCategories(uid),
      this.home.readCategories(uid, READ_CATEGORIES),
    ]);
    const interests = [...new Set([...categories, ...read])];
    const [users, active, publications] = await Promise.all([
      this.home.topAuthors(interests, since, [uid, ...people], FOLLOW_SUGGESTIONS_COUNT),
      this.home.activeCategories(since, categories, FOLLOW_SUGGESTIONS_COUNT),
      this.home.activePublications(interests, since, subscribed.filter(isUuid), FOLLOW_SUGGESTIONS_COUNT),
    ]);
    return { users: users.map(author), categories: active, publications };
  }
}
