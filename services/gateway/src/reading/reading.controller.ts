import { Controller, Headers, Req } from '@nestjs/common';
import type { UserSummary } from '@pencraft/contracts/identity/v1/identity';
import type { FastifyRequest } from 'fastify';
import { CurrentUser } from '../accounts/current-user.js';
import { SESSION_COOKIE } from '../http/cookies.js';
import { Input } from '../http/input.js';
import { Route, type RouteInput } from '../http/route.js';
import * as routes from './reading.routes.js';
import { ReadingService } from './reading.service.js';

const token = (request: FastifyRequest) => request.cookies[SESSION_COOKIE];

@Controller()
export class ReadingController {
  constructor(private readonly reading: ReadingService) {}

  @Route(routes.articleMetaRoute)
  meta(@Input() { params }: RouteInput<typeof routes.articleMetaRoute>, @Req() request: FastifyRequest) {
    return this.reading.meta(params.id, token(request));
  }

  @Route(routes.upvoteRoute)
  upvote(@CurrentUser() user: UserSummary, @Input() { params }: RouteInput<typeof routes.upvoteRoute>) {
    return this.reading.vote(user, params.id, 'up');
  }

  @Route(routes.downvoteRoute)
  downvote(@CurrentUser() user: UserSummary, @Input() { params }: RouteInput<typeof routes.downvoteRoute>) {
    return this.reading.vote(user, params.id, 'down');
  }

  @Route(routes.reportArticleRoute)
  report(@CurrentUser() user: UserSummary, @Input() { params, body }: RouteInput<typeof routes.reportArticleRoute>) {
    return this.reading.report(user, params.id, body);
  }

  @Route(routes.bookmarkRoute)
  bookmark(@CurrentUser() user: UserSummary, @Input() { params }: RouteInput<typeof routes.bookmarkRoute>) {
    return this.reading.bookmark(user, params.id, true);
  }

  @Route(routes.unbookmarkRoute)
  unbookmark(@CurrentUser() user: UserSummary, @Input() { params }: RouteInput<typeof routes.unbookmarkRoute>) {
    return this.reading.bookmark(user, params.id, false);
  }

  @Route(routes.myBookmarksRoute)
  bookmarks(@CurrentUser() user: UserSummary, @Input() { query }: RouteInput<typeof routes.myBookmarksRoute>) {
    return this.reading.bookmarks(user, query.page);
  }

  @Route(routes.myCollectionsRoute)
  myCollections(@CurrentUser() user: UserSummary) {
    return this.reading.myCollections(user);
  }

  @Route(routes.createCollectionRoute)
  createCollection(
    @CurrentUser() user: UserSummary,
    @Input() { body }: RouteInput<typeof routes.createCollectionRoute>,
  ) {
    return this.reading.createCollection(user, body.name, body.private);
  }

  @Route(routes.getCollectionRoute)
  collection(@Input() { params, query }: RouteInput<typeof routes.getCollectionRoute>, @Req() request: FastifyRequest) {
    return this.reading.collection(params.id, query.page, token(request));
  }

  @Route(routes.updateCollectionRoute)
  updateCollection(
    @CurrentUser() user: UserSummary,
    @Input() { params, body }: RouteInput<typeof routes.updateCollectionRoute>,
  ) {
    return this.reading.updateCollection(user, params.id, body);
  }

  @Route(routes.deleteCollectionRoute)
  deleteCollection(
    @CurrentUser() user: UserSummary,
    @Input() { params }: RouteInput<typeof routes.deleteCollectionRoute>,
  ) {
    return this.reading.deleteCollection(user, params.id);
  }

  @Route(routes.addCollectionItemRoute)
  addItem(@CurrentUser() user: UserSummary, @Input() { params }: RouteInput<typeof routes.addCollectionItemRoute>) {
    return this.reading.setCollectionItem(user, params.id, params.articleId, true);
  }

  @Route(routes.removeCollectionItemRoute)
  removeItem(
    @CurrentUser() user: UserSummary,
    @Input() { params }: RouteInput<typeof routes.removeCollectionItemRoute>,
  ) {
    return this.reading.setCollectionItem(user, params.id, params.articleId, false);
  }

  @Route(routes.saveCollectionRoute)
  save(@CurrentUser() user: UserSummary, @Input() { body }: RouteInput<typeof routes.saveCollectionRoute>) {
    return this.reading.saveCollection(user, body.collectionId);
  }

  @Route(routes.unsaveCollectionRoute)
  unsave(@CurrentUser() user: UserSummary, @Input() { body }: RouteInput<typeof routes.unsaveCollectionRoute>) {
    return this.reading.unsaveCollection(user, body.collectionId);
  }

  @Route(routes.userCollectionsRoute)
  userCollections(@Input() { params }: RouteInput<typeof routes.userCollectionsRoute>, @Req() request: FastifyRequest) {
    return this.reading.userCollections(params.username, token(request));
  }

  @Route(routes.categoryArticlesRoute)
  categoryPage(@Input() { params, query }: RouteInput<typeof routes.categoryArticlesRoute>) {
    return this.reading.categoryPage(params.category, query.sKey, query.page);
  }

  @Route(routes.newestArticlesRoute)
  newest(@Input() { query }: RouteInput<typeof routes.newestArticlesRoute>) {
    return this.reading.newest(query.page);
  }

  @Route(routes.topArticlesRoute)
  top(@Input() { query }: RouteInput<typeof routes.topArticlesRoute>) {
    return this.reading.top(query.page);
  }

  @Route(routes.followingFeedRoute)
  feed(@CurrentUser() user: UserSummary, @Input() { query }: RouteInput<typeof routes.followingFeedRoute>) {
    return this.reading.followingFeed(user, query.page);
  }

  @Route(routes.followingFeedAliasRoute)
  feedAlias(@CurrentUser() user: UserSummary, @Input() { query }: RouteInput<typeof routes.followingFeedAliasRoute>) {
    return this.reading.followingFeed(user, query.page);
  }

  @Route(routes.authorTopRoute)
  authorTop(@Input() { params }: RouteInput<typeof routes.authorTopRoute>) {
    return this.reading.authorTop(params.id);
  }

  @Route(routes.nextArticleRoute)
  next(@Input() { params }: RouteInput<typeof routes.nextArticleRoute>) {
    return this.reading.nextArticle(params.id, params.aid);
  }

  @Route(routes.categoriesRoute)
  categories(@Headers('accept-language') acceptLanguage: string | undefined) {
    return this.reading.categories(acceptLanguage);
  }

  @Route(routes.catsRoute)
  cats(@Headers('accept-language') acceptLanguage: string | undefined) {
    return this.reading.categories(acceptLanguage);
  }

  @Route(routes.followCategoryRoute)
  followCategory(@CurrentUser() user: UserSummary, @Input() { params }: RouteInput<typeof routes.followCategoryRoute>) {
    return this.reading.followCategory(user, params.id, true);
  }

  @Route(routes.unfollowCategoryRoute)
  unfollowCategory(
    @CurrentUser() user: UserSummary,
    @Input() { params }: RouteInput<typeof routes.unfollowCategoryRoute>,
  ) {
    return this.reading.followCategory(user, params.id, false);
  }

  @Route(routes.myCategoriesRoute)
  myCategories(@CurrentUser() user: UserSummary, @Headers('accept-language') acceptLanguage: string | undefined) {
    return this.reading.followedCategories(user, acceptLanguage);
  }
}
