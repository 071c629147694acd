import { Controller } from '@nestjs/common';
import { GrpcMethod } from '@nestjs/microservices';
import type * as pb from '@pencraft/contracts/articles/v1/engagement';
import { AppError } from '@pencraft/errors';
import { BookmarkService } from '../bookmarks/bookmark.service.js';
import { CollectionService } from '../collections/collection.service.js';
import { VoteService } from '../votes/vote.service.js';
import { EngagementRepository } from './engagement.repository.js';
import { FeedService } from './feed.service.js';
import { HomeService } from './home.service.js';
import { isUuid } from './ids.js';

const SERVICE = 'EngagementService';

/** articles.v1.EngagementService: each method hands its request to the service that holds the rules. */
@Controller()
export class EngagementGrpcController {
  constructor(
    private readonly votes: VoteService,
    private readonly bookmarks: BookmarkService,
    private readonly collections: CollectionService,
    private readonly feeds: FeedService,
    private readonly engagement: EngagementRepository,
    private readonly home: HomeService,
  ) {}

  @GrpcMethod(SERVICE, 'getArticleMeta')
  async getArticleMeta(request: pb.GetArticleMetaRequest): Promise<pb.GetArticleMetaResponse> {
    const viewer = isUuid(request.viewerUid) ? request.viewerUid : '';
    const meta = isUuid(request.articleId) ? await this.engagement.meta(request.articleId, viewer) : undefined;
    if (!meta) throw new AppError('ArticleNotFound');
    return { meta };
  }

  @GrpcMethod(SERVICE, 'vote')
  async vote(request: pb.VoteRequest): Promise<pb.VoteResponse> {
    return { meta: await this.votes.vote(request) };
  }

  @GrpcMethod(SERVICE, 'setBookmark')
  async setBookmark(request: pb.SetBookmarkRequest): Promise<pb.SetBookmarkResponse> {
    return { meta: await this.bookmarks.set(request.articleId, request.uid, request.on) };
  }

  @GrpcMethod(SERVICE, 'listBookmarks')
  async listBookmarks(request: pb.ListBookmarksRequest): Promise<pb.ListBookmarksResponse> {
    return { page: await this.bookmarks.list(request.uid, request.page, request.pageSize) };
  }

  @GrpcMethod(SERVICE, 'listMyCollections')
  async listMyCollections(request: pb.ListMyCollectionsRequest): Promise<pb.ListMyCollectionsResponse> {
    return { collections: await this.collections.listMine(request.uid) };
  }

  @GrpcMethod(SERVICE, 'listUserCollections')
  async listUserCollections(request: pb.ListUserCollectionsRequest): Promise<pb.ListUserCollectionsResponse> {
    const viewer = isUuid(request.viewerUid) ? request.viewerUid : '';
    return { collections: await this.collections.listOf(request.ownerUid, viewer) };
  }

  @GrpcMethod(SERVICE, 'createCollection')
  async createCollection(request: pb.CreateCollectionRequest): Promise<pb.CreateCollectionResponse> {
    return { collection: await this.collections.create(request.uid, request.name, request.private) };
  }

  @GrpcMethod(SERVICE, 'getCollection')
  async getCollection(request: pb.GetCollectionRequest): Promise<pb.GetCollectionResponse> {
    const viewer = isUuid(request.viewerUid) ? request.viewerUid : '';
    return this.collections.get(request.collectionId, viewer, request.page, request.pageSize);
  }

  @GrpcMethod(SERVICE, 'updateCollection')
  async updateCollection(request: pb.UpdateCollectionRequest): Promise<pb.UpdateCollectionResponse> {
    const change = {
      ...(request.name === undefined ? {} : { name: request.name }),
      ...(request.private === undefined ? {} : { private: request.private }),
    };
    return { collection: await this.collections.update(request.collectionId, request.uid, change) };
  }

  @GrpcMethod(SERVICE, 'deleteCollection')
  async deleteCollection(request: pb.DeleteCollectionRequest): Promise<pb.DeleteCollectionResponse> {
    await this.collections.delete(request.collectionId, request.uid);
    return {};
  }

  @GrpcMethod(SERVICE, 'setCollectionItem')
  async setCollectionItem(request: pb.SetCollectionItemRequest): Promise<pb.SetCollectionItemResponse> {
    return {
      collection: await this.collections.setItem(request.collectionId, request.uid, request.articleId, request.on),
    };
  }

  @GrpcMethod(SERVICE, 'saveCollection')
  async saveCollection(request: pb.SaveCollectionRequest): Promise<pb.SaveCollectionResponse> {
    return { collection: await this.collections.save(request.collectionId, request.uid) };
  }

  @GrpcMethod(SERVICE, 'unsaveCollection')
  async unsaveCollection(request: pb.UnsaveCollectionRequest): Promise<pb.UnsaveCollectionResponse> {
    await this.collections.unsave(request.collectionId, request.uid);
    return {};
  }

  @GrpcMethod(SERVICE, 'listCategoryArticles')
  async listCategoryArticles(request: pb.ListCategoryArticlesRequest): Promise<pb.ListCategoryArticlesResponse> {
    return { page: await this.feeds.category(request.category, request.sort, request.page, request.pageSize) };
  }

  @GrpcMethod(SERVICE, 'listNewestArticles')
  async listNewestArticles(request: pb.ListNewestArticlesRequest): Promise<pb.ListNewestArticlesResponse> {
    return { page: await this.feeds.newest(request.page, request.pageSize) };
  }

  @GrpcMethod(SERVICE, 'listTopArticles')
  async listTopArticles(request: pb.ListTopArticlesRequest): Promise<pb.ListTopArticlesResponse> {
    return { page: await this.feeds.top(request.page, request.pageSize) };
  }

  @GrpcMethod(SERVICE, 'listFollowingFeed')
  async listFollowingFeed(request: pb.ListFollowingFeedRequest): Promise<pb.ListFollowingFeedResponse> {
    return { page: await this.feeds.following(request.uid, request.page, request.pageSize) };
  }

  @GrpcMethod(SERVICE, 'listAuthorTopArticles')
  async listAuthorTopArticles(request: pb.ListAuthorTopArticlesRequest): Promise<pb.ListAuthorTopArticlesResponse> {
    return { items: await this.feeds.authorTop(request.authorUid) };
  }

  @GrpcMethod(SERVICE, 'listPublicationArticles')
  async listPublicationArticles(
    request: pb.ListPublicationArticlesRequest,
  ): Promise<pb.ListPublicationArticlesResponse> {
    return this.feeds.publication(
      request.publicationId,
      request.pinnedArticleIds,
      request.cursor,
      request.pageSize,
      request.withStatistics,
    );
  }

  @GrpcMethod(SERVICE, 'getNextArticle')
  async getNextArticle(request: pb.GetNextArticleRequest): Promise<pb.GetNextArticleResponse> {
    return { next: await this.feeds.next(request.authorUid, request.articleId) };
  }

  @GrpcMethod(SERVICE, 'setCategoryFollow')
  async setCategoryFollow(request: pb.SetCategoryFollowRequest): Promise<pb.SetCategoryFollowResponse> {
    return { following: await this.feeds.setCategoryFollow(request.uid, request.category, request.on) };
  }

  @GrpcMethod(SERVICE, 'listFollowedCategories')
  async listFollowedCategories(request: pb.ListFollowedCategoriesRequest): Promise<pb.ListFollowedCategoriesResponse> {
    const [categories, pinned] = await Promise.all([
      this.feeds.followedCategories(request.uid),
      this.home.pinned(request.uid),
    ]);
    return { categories, pinned };
  }

  @GrpcMethod(SERVICE, 'listHomeFeed')
  listHomeFeed(request: pb.ListHomeFeedRequest): Promise<pb.ListHomeFeedResponse> {
    return this.home.feed(request);
  }

  @GrpcMethod(SERVICE, 'listTrending')
  listTrending(request: pb.ListTrendingRequest): Promise<pb.ListTrendingResponse> {
    return this.home.trending(request.limit);
  }

  @GrpcMethod(SERVICE, 'setCategoryPin')
  setCategoryPin(request: pb.SetCategoryPinRequest): Promise<pb.SetCategoryPinResponse> {
    return this.home.setPin(request.uid, request.category, request.on);
  }

  @GrpcMethod(SERVICE, 'exploreCategory')
  exploreCategory(request: pb.ExploreCategoryRequest): Promise<pb.ExploreCategoryResponse> {
    return this.home.explore(request.category);
  }

  @GrpcMethod(SERVICE, 'suggestFollows')
  suggestFollows(request: pb.SuggestFollowsRequest): Promise<pb.SuggestFollowsResponse> {
    return this.home.suggestFollows(request.uid, request.subscribedPublicationIds);
  }
}
