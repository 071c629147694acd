import { defineRoute } from '../http/route.js';
import {
  CategoryExplore,
  CategoryIdParams,
  CategoryPin,
  FollowSuggestions,
  HomePage,
  HomeQuery,
  TrendingList,
} from './home.dto.js';

const TAG = 'home';

export const homeArticlesRoute = defineRoute({
  operationId: 'listHomeArticles',
  method: 'GET',
  path: '/api/home/articles',
  tag: TAG,
  summary:
    'The home list by cursor, 20 a page: tab all (anyone), following (the articles of the users, categories and ' +
    'publications the signed-in user follows or subscribes to) or suggestions (from the categories they follow and ' +
    'read, without what they follow or wrote). Articles in the request language come first, then the others (a ' +
    'translation in the request language instead of its original), each newest first; a cursor is a position, so ' +
    'articles published meanwhile never repeat or skip a card. following and suggestions without a session: ' +
    'Unauthorized. page (deprecated) pages the all tab newest first by number',
  query: HomeQuery,
  response: HomePage,
  auth: 'optional',
  vary: 'Accept-Language',
  fieldCodes: { tab: 'InvalidModel', cursor: 'InvalidPage', page: 'InvalidPage' },
  errors: ['Unauthorized', 'InvalidPage'],
});

export const homeTrendsRoute = defineRoute({
  operationId: 'listHomeTrends',
  method: 'GET',
  path: '/api/home/trends',
  tag: TAG,
  summary:
    'Trending articles: upvotes, comments and reads of the last 7 days, each decaying by half a day, hottest first ' +
    '(at most 6)',
  response: TrendingList,
  cacheControl: 'public, max-age=10',
});

export const pinCategoryRoute = defineRoute({
  operationId: 'pinCategory',
  method: 'POST',
  path: '/api/categories/:id/pin',
  tag: TAG,
  summary:
    "Pin a category to the top of the signed-in user's home (follows it too; at most 5 pins, pinning a sixth unpins " +
    'the oldest)',
  params: CategoryIdParams,
  response: CategoryPin,
  auth: 'required',
  fieldCodes: { id: 'InvalidCategory' },
});

export const unpinCategoryRoute = defineRoute({
  operationId: 'unpinCategory',
  method: 'DELETE',
  path: '/api/categories/:id/pin',
  tag: TAG,
  summary: 'Unpin a category (it stays followed; not pinned: changes nothing)',
  params: CategoryIdParams,
  response: CategoryPin,
  auth: 'required',
  fieldCodes: { id: 'InvalidCategory' },
});

export const exploreCategoryRoute = defineRoute({
  operationId: 'exploreCategory',
  method: 'GET',
  path: '/api/categories/:id/explore',
  tag: TAG,
  summary:
    "A category's overview: its published articles (all and this week), followers, top five authors by score, " +
    'five newest articles and five best of the last 30 days',
  params: CategoryIdParams,
  response: CategoryExplore,
  cacheControl: 'public, max-age=30',
  vary: 'Accept-Language',
  fieldCodes: { id: 'InvalidCategory' },
});

export const followSuggestionsRoute = defineRoute({
  operationId: 'listFollowSuggestions',
  method: 'GET',
  path: '/api/follow/suggestions',
  tag: TAG,
  summary:
    'Whom and what the signed-in user might follow: authors with the best recent score in the categories they ' +
    'follow or read, categories they do not follow with the most recent articles, publications publishing there ' +
    'they do not subscribe to; never themself or what they follow (five of each)',
  response: FollowSuggestions,
  auth: 'required',
  vary: 'Accept-Language',
});
