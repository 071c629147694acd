import { defineRoute } from '../http/route.js';
import {
  BadgeList,
  GrantBadgeBody,
  GrantBadgeParams,
  GrantBadgeResult,
  LeaderboardPage,
  LeaderboardQuery,
  PageQuery,
  RatingLogPage,
  UsernameParams,
} from './standing.dto.js';

const TAG = 'standing';

export const leaderboardRoute = defineRoute({
  operationId: 'getLeaderboard',
  method: 'GET',
  path: '/api/leaderboard',
  tag: TAG,
  summary:
    'Users ranked by rating (period all, the default) or by the points they gained this calendar week (week: from ' +
    'Monday 00:00) or this calendar month (month: from the 1st, 00:00), both in Asia/Baku time; a new week or month ' +
    'starts from zero. Only positive totals are ranked, highest first, ties by user id; 20 a page; each with the ' +
    'tier of their rating (SPEC.md section 4)',
  query: LeaderboardQuery,
  response: LeaderboardPage,
  fieldCodes: { period: 'InvalidModel', page: 'InvalidPage' },
});

export const ratingLogRoute = defineRoute({
  operationId: 'listRatingLog',
  method: 'GET',
  path: '/api/ttin/logs/rts',
  tag: TAG,
  summary: "The signed-in user's rating log (what moved the rating, by how much, when), newest first, 20 a page",
  query: PageQuery,
  response: RatingLogPage,
  auth: 'required',
  fieldCodes: { page: 'InvalidPage' },
});

export const profileBadgesRoute = defineRoute({
  operationId: 'listProfileBadges',
  method: 'GET',
  path: '/api/profile/:username/badges',
  tag: TAG,
  summary: "A user's badges (the profile's badges tab), earliest first",
  params: UsernameParams,
  response: BadgeList,
  fieldCodes: { username: 'UserNotFound' },
  errors: ['UserNotFound'],
});

export const grantBadgeRoute = defineRoute({
  operationId: 'grantBadge',
  method: 'POST',
  path: '/api/staff/users/:username/badges',
  tag: TAG,
  summary:
    'Grant a staff badge (beta-tester or bug-hunter) to a user, once: granting it again answers granted false. ' +
    'The user is told (notification 105)',
  params: GrantBadgeParams,
  body: GrantBadgeBody,
  response: GrantBadgeResult,
  auth: 'staff',
  fieldCodes: { username: 'UserNotFound', badge: 'InvalidModel' },
  errors: ['UserNotFound'],
});
