import { defineRoute } from '../http/route.js';
import { ANALYTICS_SESSION_COOKIE, VISITOR_COOKIE } from './analytics.service.js';
import { ArticleStatisticsJson, PageViewBody, ReadBody, StatisticsParams, StatisticsQuery } from './analytics.dto.js';

export const pageViewRoute = defineRoute({
  operationId: 'reportPageView',
  method: 'POST',
  path: '/api/analytics/pv',
  tag: 'analytics',
  summary: 'Report a page view (the shell, on every route change)',
  body: PageViewBody,
  status: 204,
  rateLimit: 'analytics',
  fieldCodes: { articleId: 'InvalidIdentifier' },
  cookies: [VISITOR_COOKIE, ANALYTICS_SESSION_COOKIE],
});

export const readRoute = defineRoute({
  operationId: 'reportRead',
  method: 'POST',
  path: '/api/analytics/read',
  tag: 'analytics',
  summary: 'Report a read of an article (30 seconds on it, or scrolled to its end)',
  body: ReadBody,
  status: 204,
  rateLimit: 'analytics',
  fieldCodes: { articleId: 'InvalidIdentifier' },
  cookies: [VISITOR_COOKIE, ANALYTICS_SESSION_COOKIE],
});

export const withdrawConsentRoute = defineRoute({
  operationId: 'withdrawAnalyticsConsent',
  method: 'DELETE',
  path: '/api/analytics/consent',
  tag: 'analytics',
  summary: 'Decline analytics: expires the analytics cookies pc_aid and pc_as',
  status: 204,
  rateLimit: 'analytics',
  cookies: [VISITOR_COOKIE, ANALYTICS_SESSION_COOKIE],
});

export const articleStatisticsRoute = defineRoute({
  operationId: 'getArticleStatistics',
  method: 'GET',
  path: '/api/articles/:id/stats',
  tag: 'analytics',
  summary: "An article's statistics (its author and accepted co-authors only)",
  params: StatisticsParams,
  query: StatisticsQuery,
  response: ArticleStatisticsJson,
  auth: 'required',
  fieldCodes: { id: 'InvalidIdentifier', days: 'InvalidModel' },
  errors: ['ArticleNotFound'],
});
