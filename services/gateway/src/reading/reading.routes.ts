import { defineRoute } from '../http/route.js';
import {
  ArticleCardList,
  ArticleMetaJson,
  ArticlePage,
  ArticleParams,
  ArticleReportJson,
  CategoryFollow,
  CategoryIdParams,
  CategoryList,
  CategoryPageQuery,
  FollowedCategoryList,
  CategoryParams,
  CollectionItemParams,
  CollectionList,
  CollectionPage,
  CollectionParams,
  CollectionRefBody,
  CollectionSummary,
  CreateCollectionBody,
  NextArticle,
  NextArticleParams,
  PageQuery,
  ReportArticleBody,
  UpdateCollectionBody,
  UserIdParams,
  UsernameParams,
} from './reading.dto.js';

const TAG = 'reading';
/** Lists that are the same for everyone: shared caches may keep them briefly. */
const LIST_CACHE = 'public, max-age=10';
/** The categories change with a release at most. */
const STATIC_LIST_CACHE = 'public, max-age=86400';

// Votes, bookmarks and the meta of one article

export const articleMetaRoute = defineRoute({
  operationId: 'getArticleMeta',
  method: 'GET',
  path: '/api/articles/:id/meta',
  tag: TAG,
  summary:
    "A published article's votes, bookmarks and comments, with the viewer's own vote, bookmark and collections " +
    'holding it (per viewer: never cached publicly)',
  params: ArticleParams,
  response: ArticleMetaJson,
  auth: 'optional',
  fieldCodes: { id: 'InvalidIdentifier' },
  errors: ['ArticleNotFound'],
});

export const upvoteRoute = defineRoute({
  operationId: 'upvoteArticle',
  method: 'POST',
  path: '/api/articles/:id/upvote',
  tag: TAG,
  summary: 'Upvote a published article (again: removes the vote; after a downvote: switches it)',
  params: ArticleParams,
  response: ArticleMetaJson,
  auth: 'confirmed',
  fieldCodes: { id: 'InvalidIdentifier' },
  errors: ['ArticleNotFound', 'Forbidden'],
});

export const downvoteRoute = defineRoute({
  operationId: 'downvoteArticle',
  method: 'POST',
  path: '/api/articles/:id/downvote',
  tag: TAG,
  summary:
    'Downvote a published article (needs the Pro rating, 100 or more: CannotDownvote; again: removes the vote, ' +
    'which needs no rating; after an upvote: switches it)',
  params: ArticleParams,
  response: ArticleMetaJson,
  auth: 'confirmed',
  fieldCodes: { id: 'InvalidIdentifier' },
  errors: ['ArticleNotFound', 'Forbidden', 'CannotDownvote'],
});

export const reportArticleRoute = defineRoute({
  operationId: 'reportArticle',
  method: 'POST',
  path: '/api/articles/:id/report',
  tag: TAG,
  summary:
    'Report a published article with one of the six comment report reasons and an optional note; moderation triages ' +
    'it (once per article: AlreadyReportedArticle; at most 10 reports a day: ReportsCountExceed; not one of one’s ' +
    'own: ForbiddenSelfReaction)',
  params: ArticleParams,
  body: ReportArticleBody,
  response: ArticleReportJson,
  status: 201,
  auth: 'confirmed',
  fieldCodes: { id: 'InvalidIdentifier' },
  errors: ['ArticleNotFound', 'ForbiddenSelfReaction', 'AlreadyReportedArticle', 'ReportsCountExceed'],
});

export const bookmarkRoute = defineRoute({
  operationId: 'bookmarkArticle',
  method: 'POST',
  path: '/api/articles/:id/bookmark',
  tag: TAG,
  summary: 'Bookmark a published article (again: changes nothing)',
  params: ArticleParams,
  response: ArticleMetaJson,
  auth: 'required',
  fieldCodes: { id: 'InvalidIdentifier' },
  errors: ['ArticleNotFound'],
});

export const unbookmarkRoute = defineRoute({
  operationId: 'unbookmarkArticle',
  method: 'DELETE',
  path: '/api/articles/:id/bookmark',
  tag: TAG,
  summary: 'Remove the bookmark of an article (none: changes nothing)',
  params: ArticleParams,
  response: ArticleMetaJson,
  auth: 'required',
  fieldCodes: { id: 'InvalidIdentifier' },
  errors: ['ArticleNotFound'],
});

export const myBookmarksRoute = defineRoute({
  operationId: 'listMyBookmarks',
  method: 'GET',
  path: '/api/profile/bookmarks',
  tag: TAG,
  summary: "The signed-in user's bookmarked articles, the newest bookmark first, 20 a page (nobody else's)",
  query: PageQuery,
  response: ArticlePage,
  auth: 'required',
  fieldCodes: { page: 'InvalidPage' },
});

// Collections

export const myCollectionsRoute = defineRoute({
  operationId: 'listMyCollections',
  method: 'GET',
  path: '/api/collections',
  tag: TAG,
  summary: "The signed-in user's collections (private ones included), then the public collections they saved",
  response: CollectionList,
  auth: 'required',
});

export const createCollectionRoute = defineRoute({
  operationId: 'createCollection',
  method: 'POST',
  path: '/api/collections',
  tag: TAG,
  summary: 'Make a collection, private or public (at most 20: MaximumCollectionsCount)',
  body: CreateCollectionBody,
  response: CollectionSummary,
  status: 201,
  auth: 'required',
  fieldCodes: { name: 'InvalidName' },
  errors: ['MaximumCollectionsCount'],
});

export const getCollectionRoute = defineRoute({
  operationId: 'getCollection',
  method: 'GET',
  path: '/api/collections/:id',
  tag: TAG,
  summary:
    "A collection with its published articles, the latest added first, 20 a page (someone else's private " +
    'collection: CollectionNotFound)',
  params: CollectionParams,
  query: PageQuery,
  response: CollectionPage,
  auth: 'optional',
  fieldCodes: { id: 'CollectionNotFound', page: 'InvalidPage' },
  errors: ['CollectionNotFound'],
});

export const updateCollectionRoute = defineRoute({
  operationId: 'updateCollection',
  method: 'PATCH',
  path: '/api/collections/:id',
  tag: TAG,
  summary: 'Rename a collection or make it private or public (its owner only)',
  params: CollectionParams,
  body: UpdateCollectionBody,
  response: CollectionSummary,
  auth: 'required',
  fieldCodes: { id: 'CollectionNotFound', name: 'InvalidName' },
  errors: ['CollectionNotFound', 'Forbidden'],
});

export const deleteCollectionRoute = defineRoute({
  operationId: 'deleteCollection',
  method: 'DELETE',
  path: '/api/collections/:id',
  tag: TAG,
  summary: 'Delete a collection (its owner only); those who saved it lose it too',
  params: CollectionParams,
  status: 204,
  auth: 'required',
  fieldCodes: { id: 'CollectionNotFound' },
  errors: ['CollectionNotFound', 'Forbidden'],
});

export const addCollectionItemRoute = defineRoute({
  operationId: 'addCollectionItem',
  method: 'PUT',
  path: '/api/collections/:id/:articleId',
  tag: TAG,
  summary:
    'Add a published article to a collection (its owner only; again: changes nothing; at most 500 articles: ' +
    'MaximumCollectionItemsCount)',
  params: CollectionItemParams,
  response: CollectionSummary,
  auth: 'required',
  fieldCodes: { id: 'CollectionNotFound', articleId: 'InvalidIdentifier' },
  errors: ['CollectionNotFound', 'Forbidden', 'ArticleNotFound', 'MaximumCollectionItemsCount'],
});

export const removeCollectionItemRoute = defineRoute({
  operationId: 'removeCollectionItem',
  method: 'DELETE',
  path: '/api/collections/:id/:articleId',
  tag: TAG,
  summary: 'Remove an article from a collection (its owner only; not in it: changes nothing)',
  params: CollectionItemParams,
  response: CollectionSummary,
  auth: 'required',
  fieldCodes: { id: 'CollectionNotFound', articleId: 'InvalidIdentifier' },
  errors: ['CollectionNotFound', 'Forbidden'],
});

export const saveCollectionRoute = defineRoute({
  operationId: 'saveCollection',
  method: 'POST',
  path: '/api/collections/save',
  tag: TAG,
  summary: "Save someone else's public collection to one's own list (one's own: CantSaveOwnCollection)",
  body: CollectionRefBody,
  response: CollectionSummary,
  auth: 'required',
  fieldCodes: { collectionId: 'CollectionNotFound' },
  errors: ['CollectionNotFound', 'CantSaveOwnCollection'],
});

export const unsaveCollectionRoute = defineRoute({
  operationId: 'unsaveCollection',
  method: 'POST',
  path: '/api/collections/remove',
  tag: TAG,
  summary: "Remove a saved collection from one's list (one's own: CantRemoveOwnCollection; not saved: no change)",
  body: CollectionRefBody,
  status: 204,
  auth: 'required',
  fieldCodes: { collectionId: 'CollectionNotFound' },
  errors: ['CollectionNotFound', 'CantRemoveOwnCollection'],
});

export const userCollectionsRoute = defineRoute({
  operationId: 'listUserCollections',
  method: 'GET',
  path: '/api/profile/collections/:username',
  tag: TAG,
  summary: "A user's public collections (all of them, private ones included, when it is the signed-in user)",
  params: UsernameParams,
  response: CollectionList,
  auth: 'optional',
  fieldCodes: { username: 'UserNotFound' },
  errors: ['UserNotFound'],
});

// Feeds

export const categoryArticlesRoute = defineRoute({
  operationId: 'listCategoryArticles',
  method: 'GET',
  path: '/api/articles/cs/cot/:category',
  tag: TAG,
  summary: 'A category page: its published articles, newest first (sKey=new) or by score (sKey=top), 20 a page',
  params: CategoryParams,
  query: CategoryPageQuery,
  response: ArticlePage,
  cacheControl: LIST_CACHE,
  fieldCodes: { category: 'InvalidCategory', page: 'InvalidPage', sKey: 'InvalidModel' },
});

export const newestArticlesRoute = defineRoute({
  operationId: 'listNewestArticles',
  method: 'GET',
  path: '/api/articles/nd/cot',
  tag: TAG,
  summary: 'Published articles, newest first, 20 a page',
  query: PageQuery,
  response: ArticlePage,
  cacheControl: LIST_CACHE,
  fieldCodes: { page: 'InvalidPage' },
});

export const topArticlesRoute = defineRoute({
  operationId: 'listTopArticles',
  method: 'GET',
  path: '/api/articles/top',
  tag: TAG,
  summary: 'Articles published in the last 30 days by score (upvotes minus downvotes), then newest, 20 a page',
  query: PageQuery,
  response: ArticlePage,
  cacheControl: LIST_CACHE,
  fieldCodes: { page: 'InvalidPage' },
});

export const followingFeedRoute = defineRoute({
  operationId: 'listFollowingFeed',
  method: 'GET',
  path: '/api/articles/flw',
  tag: TAG,
  summary: 'Articles of the people and categories the signed-in user follows, newest first, 20 a page',
  query: PageQuery,
  response: ArticlePage,
  auth: 'required',
  fieldCodes: { page: 'InvalidPage' },
});

export const followingFeedAliasRoute = defineRoute({
  ...followingFeedRoute,
  operationId: 'listFollowingArticles',
  path: '/api/articles/following',
  summary: `${followingFeedRoute.summary} (the same as GET /api/articles/flw)`,
});

export const authorTopRoute = defineRoute({
  operationId: 'listAuthorTopArticles',
  method: 'GET',
  path: '/api/users/:id/articles/top',
  tag: TAG,
  summary: "An author's five best published articles by score (an unknown author has none)",
  params: UserIdParams,
  response: ArticleCardList,
  cacheControl: LIST_CACHE,
  fieldCodes: { id: 'UserNotFound' },
});

export const nextArticleRoute = defineRoute({
  operationId: 'getNextArticle',
  method: 'GET',
  path: '/api/users/:id/articles/:aid/next',
  tag: TAG,
  summary:
    "The author's published article after this one (after their newest: their first); no next when they have no " +
    'other (aid not a published article of theirs: ArticleNotFound)',
  params: NextArticleParams,
  response: NextArticle,
  cacheControl: LIST_CACHE,
  fieldCodes: { id: 'UserNotFound', aid: 'InvalidIdentifier' },
  errors: ['ArticleNotFound'],
});

// Categories

export const categoriesRoute = defineRoute({
  operationId: 'listAllCategories',
  method: 'GET',
  path: '/api/categories',
  tag: TAG,
  summary: 'The categories, named in the request language (as GET /api/articles/categories)',
  response: CategoryList,
  cacheControl: STATIC_LIST_CACHE,
  vary: 'Accept-Language',
});

export const catsRoute = defineRoute({
  ...categoriesRoute,
  operationId: 'listCats',
  path: '/api/cats',
});

export const followCategoryRoute = defineRoute({
  operationId: 'followCategory',
  method: 'POST',
  path: '/api/categories/:id/follow',
  tag: TAG,
  summary: 'Follow a category: its articles join the following feed (again: changes nothing)',
  params: CategoryIdParams,
  response: CategoryFollow,
  auth: 'required',
  fieldCodes: { id: 'InvalidCategory' },
});

export const unfollowCategoryRoute = defineRoute({
  operationId: 'unfollowCategory',
  method: 'DELETE',
  path: '/api/categories/:id/follow',
  tag: TAG,
  summary: 'Stop following a category (not following: changes nothing)',
  params: CategoryIdParams,
  response: CategoryFollow,
  auth: 'required',
  fieldCodes: { id: 'InvalidCategory' },
});

export const myCategoriesRoute = defineRoute({
  operationId: 'listFollowedCategories',
  method: 'GET',
  path: '/api/follow/categories',
  tag: TAG,
  summary:
    'The categories the signed-in user follows, named in the request language: the pinned first (the latest pin ' +
    'first), then the others in the shared order',
  response: FollowedCategoryList,
  auth: 'required',
});
