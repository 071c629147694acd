import { defineRoute } from '../http/route.js';
import { PageQuery, ProfileArticlePage, ProfileStats, PublicProfile, UsernameParams } from './profiles.dto.js';

/**
 * The document's tag of every profile area (profile settings, account settings, follows and public profiles share
 * it, as they did when they were one area).
 */
export const PROFILES_TAG = 'profiles';
const TAG = PROFILES_TAG;

export const publicProfileRoute = defineRoute({
  operationId: 'getPublicProfile',
  method: 'GET',
  path: '/api/profile/:username',
  tag: TAG,
  summary:
    "A user's public profile: no email, phone, birthdate or gender; followedByMe for the signed-in reader. The " +
    'articles tab is /api/profile/{username}/articles; comments, bookmarks, collections, badges and supporters ' +
    'come with their features.',
  params: UsernameParams,
  response: PublicProfile,
  auth: 'optional',
  fieldCodes: { username: 'UserNotFound' },
  errors: ['UserNotFound'],
});

export const profileArticlesRoute = defineRoute({
  operationId: 'listProfileArticles',
  method: 'GET',
  path: '/api/profile/:username/articles',
  tag: TAG,
  summary: "A user's published articles, newest first, 20 a page",
  params: UsernameParams,
  query: PageQuery,
  response: ProfileArticlePage,
  fieldCodes: { username: 'UserNotFound', page: 'InvalidPage' },
  errors: ['UserNotFound'],
});

/*
 * The Profile group of SPEC.md section 7 under /api/profile: the signed-in user's own public profile and articles, a
 * profile's counts, and short paths to the profile settings that answer exactly as the /api/me/settings/profile
 * routes do (those are in profile-settings.routes.ts). Their static segments win over /api/profile/{username} in the
 * router, which is why those names are reserved usernames (RESERVED_USERNAMES).
 */

export const myProfileRoute = defineRoute({
  operationId: 'getMyProfile',
  method: 'GET',
  path: '/api/profile',
  tag: TAG,
  summary: "The signed-in user's own profile as others see it (GET /api/profile/{username} for their username)",
  response: PublicProfile,
  auth: 'required',
});

export const myArticlesRoute = defineRoute({
  operationId: 'listMyProfileArticles',
  method: 'GET',
  path: '/api/profile/articles',
  tag: TAG,
  summary: "The signed-in user's published articles, newest first, 20 a page (as /api/profile/{username}/articles)",
  query: PageQuery,
  response: ProfileArticlePage,
  auth: 'required',
  fieldCodes: { page: 'InvalidPage' },
});

export const profileStatsRoute = defineRoute({
  operationId: 'getProfileStats',
  method: 'GET',
  path: '/api/profile/:username/stats',
  tag: TAG,
  summary:
    "A user's counts: followers, following, published articles, rating and when they joined. Views and reads " +
    'statistics arrive with the reading issue.',
  params: UsernameParams,
  response: ProfileStats,
  fieldCodes: { username: 'UserNotFound' },
  errors: ['UserNotFound'],
});
