import { Inject, Injectable } from '@nestjs/common';
import type { ArticleCardPage } from '@pencraft/contracts/articles/v1/engagement';
import type { UserSummary } from '@pencraft/contracts/identity/v1/identity';
import { pickLang } from '@pencraft/errors';
import { PAGE_SIZE, type ReportReason } from '@pencraft/rules';
import { SessionService } from '../accounts/session.service.js';
import type { ArticleCard } from '@pencraft/contracts/articles/v1/articles';
import { articleCardJson } from '../articles/article.dto.js';
import { ARTICLES, type ArticlesClient } from '../articles/articles.upstream.js';
import { PublicCache } from '../http/public-cache.js';
import { PROFILES, type ProfileClient } from '../profiles/profile.upstream.js';
import { STANDING, currentRating, type StandingClient } from '../standing/standing.upstream.js';
import { ENGAGEMENT, type EngagementClient } from './engagement.upstream.js';
import { collectionJson, metaJson } from './reading.dto.js';
import { reportReasons } from '@pencraft/contracts/enums';

/** A card of the reading lists: with its score and comments count, which they read beside the article. */
function cardJson(card: ArticleCard) {
  return { ...articleCardJson(card), votes: card.votes, comments: card.comments };
}

function pageJson(page: ArticleCardPage | undefined) {
  return {
    items: (page?.items ?? []).map(cardJson),
    page: page?.page ?? 1,
    pageSize: page?.pageSize ?? PAGE_SIZE,
    hasMore: page?.hasMore ?? false,
  };
}

/**
 * Votes, bookmarks, collections, category follows and the reading lists over the articles service's
 * EngagementService. The uid is always the session's: ids in paths and bodies name articles and collections, never
 * whose they are. Lists that are the same for everyone sit briefly in the public cache; per-viewer answers never do.
 */
@Injectable()
export class ReadingService {
  constructor(
    @Inject(ENGAGEMENT) private readonly engagement: EngagementClient,
    @Inject(ARTICLES) private readonly articles: ArticlesClient,
    @Inject(PROFILES) private readonly profiles: ProfileClient,
    @Inject(STANDING) private readonly standing: StandingClient,
    @Inject(PublicCache) private readonly cache: PublicCache,
    private readonly sessions: SessionService,
  ) {}

  async meta(articleId: string, token: string | undefined) {
    const viewer = await this.sessions.resolve(token);
    const { meta } = await this.engagement.getArticleMeta({ articleId, viewerUid: viewer?.uid ?? '' });
    return metaJson(meta);
  }

  async vote(user: UserSummary, articleId: string, direction: 'up' | 'down') {
    const { meta } = await this.engagement.vote({
      articleId,
      voterUid: user.uid,
      direction,
      // A downvote needs Pro as of now, not as of the cached session (standing).
      voterRating: direction === 'down' ? await currentRating(this.standing, user) : user.rating,
    });
    return metaJson(meta);
  }

  async report(user: UserSummary, articleId: string, body: { reason: ReportReason; note?: string | undefined }) {
    const report = await this.engagement.reportArticle({
      articleId,
      reporterUid: user.uid,
      reason: reportReasons.toProto(body.reason),
      note: body.note ?? '',
    });
    return {
      id: report.reportId,
      articleId: report.articleId,
      reason: reportReasons.require(report.reason, 'reason'),
      createdAt: new Date(report.createdAtMs).toISOString(),
    };
  }

  async bookmark(user: UserSummary, articleId: string, on: boolean) {
    const { meta } = await this.engagement.setBookmark({ articleId, uid: user.uid, on });
    return metaJson(meta);
  }

  async bookmarks(user: UserSummary, page: number) {
    const result = await this.engagement.listBookmarks({ uid: user.uid, page, pageSize: PAGE_SIZE });
    return pageJson(result.page);
  }

  async myCollections(user: UserSummary) {
    const { collections } = await this.engagement.listMyCollections({ uid: user.uid });
    return { items: collections.map(collectionJson) };
  }

  async userCollections(username: string, token: string | undefined) {
    const [viewer, { profile }] = await Promise.all([
      this.sessions.resolve(token),
      this.profiles.getPublicProfile({ username, viewerUid: '' }),
    ]);
    const { collections } = await this.engagement.listUserCollections({
      ownerUid: profile!.uid,
      viewerUid: viewer?.uid ?? '',
    });
    return { items: collections.map(collectionJson) };
  }

  async createCollection(user: UserSummary, name: string, isPrivate: boolean) {
    const { collection } = await this.engagement.createCollection({ uid: user.uid, name, private: isPrivate });
    return collectionJson(collection!);
  }

  async collection(collectionId: string, page: number, token: string | undefined) {
    const viewer = await this.sessions.resolve(token);
    const result = await this.engagement.getCollection({
      collectionId,
      viewerUid: viewer?.uid ?? '',
      page,
      pageSize: PAGE_SIZE,
    });
    return { collection: collectionJson(result.collection!), ...pageJson(result.page) };
  }

  async updateCollection(user: UserSummary, collectionId: string, change: { name?: string; private?: boolean }) {
    const { collection } = await this.engagement.updateCollection({ collectionId, uid: user.uid, ...change });
    return collectionJson(collection!);
  }

  async deleteCollection(user: UserSummary, collectionId: string) {
    await this.engagement.deleteCollection({ collectionId, uid: user.uid });
  }

  async setCollectionItem(user: UserSummary, collectionId: string, articleId: string, on: boolean) {
    const { collection } = await this.engagement.setCollectionItem({ collectionId, uid: user.uid, articleId, on });
    return collectionJson(collection!);
  }

  async saveCollection(user: UserSummary, collectionId: string) {
    const { collection } = await this.engagement.saveCollection({ collectionId, uid: user.uid });
    return collectionJson(collection!);
  }

  async unsaveCollection(user: UserSummary, collectionId: string) {
    await this.engagement.unsaveCollection({ collectionId, uid: user.uid });
  }

  categoryPage(category: string, sort: 'new' | 'top', page: number) {
    return this.shared(`category:${category}:${sort}:${page}`, async () => {
      const result = await this.engagement.listCategoryArticles({ category, sort, page, pageSize: PAGE_SIZE });
      return pageJson(result.page);
    });
  }

  newest(page: number) {
    return this.shared(`newest:${page}`, async () => {
      const result = await this.engagement.listNewestArticles({ page, pageSize: PAGE_SIZE });
      return pageJson(result.page);
    });
  }

  top(page: number) {
    return this.shared(`top:${page}`, async () => {
      const result = await this.engagement.listTopArticles({ page, pageSize: PAGE_SIZE });
      return pageJson(result.page);
    });
  }

  async followingFeed(user: UserSummary, page: number) {
    const result = await this.engagement.listFollowingFeed({ uid: user.uid, page, pageSize: PAGE_SIZE });
    return pageJson(result.page);
  }

  authorTop(authorUid: string) {
    return this.shared(`author-top:${authorUid}`, async () => {
      const { items } = await this.engagement.listAuthorTopArticles({ authorUid });
      return { items: items.map(cardJson) };
    });
  }

  nextArticle(authorUid: string, articleId: string) {
    return this.shared(`next:${authorUid}:${articleId}`, async () => {
      const { next } = await this.engagement.getNextArticle({ authorUid, articleId });
      return next ? { next: cardJson(next) } : {};
    });
  }

  async categories(acceptLanguage: string | undefined) {
    return { items: await this.namedCategories(acceptLanguage) };
  }

  async followCategory(user: UserSummary, category: string, on: boolean) {
    const { following } = await this.engagement.setCategoryFollow({ uid: user.uid, category, on });
    return { category, following };
  }

  async followedCategories(user: UserSummary, acceptLanguage: string | undefined) {
    const [{ categories, pinned }, named] = await Promise.all([
      this.engagement.listFollowedCategories({ uid: user.uid }),
      this.namedCategories(acceptLanguage),
    ]);
    const followed = new Set(categories);
    // The pinned first (the latest pin first), then the others in the shared order.
    const names = new Map(named.map((c) => [c.id, c.name]));
    const pins = pinned.filter((id) => followed.has(id));
    return {
      items: [
        ...pins.map((id) => ({ id, name: names.get(id) ?? id, pinned: true })),
        ...named.filter((c) => followed.has(c.id) && !pins.includes(c.id)).map((c) => ({ ...c, pinned: false })),
      ],
    };
  }

  private async namedCategories(acceptLanguage: string | undefined) {
    const lang = pickLang(acceptLanguage);
    const { categories } = await this.articles.listCategories({});
    const key = lang === 'az' ? 'nameAz' : lang === 'ru' ? 'nameRu' : 'nameEn';
    return categories.map((c) => ({ id: c.id, name: c[key] }));
  }

  private async shared(key: string, produce: () => Promise<unknown>): Promise<Buffer> {
    const cached = this.cache.get(key);
    if (cached) return cached;
    const body = Buffer.from(JSON.stringify(await produce()));
    this.cache.set(key, body);
    return body;
  }
}
