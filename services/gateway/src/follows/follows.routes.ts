import { defineRoute } from '../http/route.js';
import { PageQuery } from '../profiles/profiles.dto.js';
import { PROFILES_TAG as TAG } from '../profiles/profiles.routes.js';
import { FollowPage, FollowState, UserIdParams } from './follows.dto.js';

export const followRoute = defineRoute({
  operationId: 'followUser',
  method: 'POST',
  path: '/api/users/:id/follow',
  tag: TAG,
  summary: 'Follow a user (following again changes nothing)',
  params: UserIdParams,
  response: FollowState,
  auth: 'required',
  fieldCodes: { id: 'UserNotFound' },
  errors: ['UserNotFound', 'CantFollowYourself'],
});

export const unfollowRoute = defineRoute({
  operationId: 'unfollowUser',
  method: 'DELETE',
  path: '/api/users/:id/follow',
  tag: TAG,
  summary: 'Stop following a user (when not following, changes nothing)',
  params: UserIdParams,
  response: FollowState,
  auth: 'required',
  fieldCodes: { id: 'UserNotFound' },
  errors: ['UserNotFound', 'CantFollowYourself'],
});

export const followersRoute = defineRoute({
  operationId: 'listFollowers',
  method: 'GET',
  path: '/api/users/:id/followers',
  tag: TAG,
  summary: "A user's followers, newest first, 20 a page",
  params: UserIdParams,
  query: PageQuery,
  response: FollowPage,
  fieldCodes: { id: 'UserNotFound', page: 'InvalidPage' },
  errors: ['UserNotFound'],
});

export const followingRoute = defineRoute({
  operationId: 'listFollowing',
  method: 'GET',
  path: '/api/users/:id/following',
  tag: TAG,
  summary: 'The users a user follows, newest first, 20 a page',
  params: UserIdParams,
  query: PageQuery,
  response: FollowPage,
  fieldCodes: { id: 'UserNotFound', page: 'InvalidPage' },
  errors: ['UserNotFound'],
});

export const myFollowingRoute = defineRoute({
  operationId: 'listMyFollowing',
  method: 'GET',
  path: '/api/follow/following',
  tag: TAG,
  summary: 'The users the signed-in user follows, newest first, 20 a page',
  query: PageQuery,
  response: FollowPage,
  auth: 'required',
  fieldCodes: { page: 'InvalidPage' },
});
