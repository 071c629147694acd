import { defineRoute } from '../http/route.js';
import {
  V1Article,
  V1ArticleListQuery,
  V1ArticlePage,
  V1ArticleParams,
  V1Author,
  V1AuthorParams,
  V1CategoryList,
  V1CommentPage,
  V1Draft,
  V1DraftBody,
  V1DraftList,
  V1DraftParams,
  V1PageQuery,
  V1Publication,
  V1PublicationParams,
  V1SearchPage,
  V1SearchQuery,
  V1Submission,
  V1UpdateDraftBody,
} from './v1.dto.js';

/*
 * The partner surface, version 1 (issue #18): every route under /api/v1, `auth: 'partner'` (a partner client's
 * Keycloak token or a writer's personal access token in Authorization: Bearer; no cookie, no CSRF) with the scopes
 * it needs. Routes acting for a writer (drafts, publishing) need scope act and a credential that acts for a user.
 */

export const V1 = '/api/v1';
const TAG = 'partner';
const ACTING =
  ' Acts for the writer the credential stands for: a personal access token with scope act, or a client with scope ' +
  "act sending the writer's token in Pencraft-Acting-Token (Forbidden otherwise).";

const articleFields = {
  category: 'InvalidCategory',
  subCategories: 'InvalidCategory',
  title: 'InvalidArticleTitle',
  description: 'InvalidArticleDescription',
  content: 'InvalidArticleContent',
} as const;

export const v1ListArticlesRoute = defineRoute({
  operationId: 'v1ListArticles',
  method: 'GET',
  path: `${V1}/articles`,
  tag: TAG,
  summary:
    'Published articles, newest first, by cursor; filters category, language and author (a username). A page may ' +
    'hold fewer than limit items while nextCursor is set',
  query: V1ArticleListQuery,
  response: V1ArticlePage,
  auth: 'partner',
  scopes: ['read'],
  fieldCodes: { cursor: 'InvalidPage', category: 'InvalidCategory' },
  errors: ['InvalidPage', 'UserNotFound'],
});

export const v1GetArticleRoute = defineRoute({
  operationId: 'v1GetArticle',
  method: 'GET',
  path: `${V1}/articles/:id`,
  tag: TAG,
  summary:
    'A published article. A paid one is answered in full only to a credential acting for a user who may read it ' +
    '(a subscriber of its publication, its author); to anyone else its teaser, locked',
  params: V1ArticleParams,
  response: V1Article,
  auth: 'partner',
  scopes: ['read'],
  fieldCodes: { id: 'ArticleNotFound' },
  errors: ['ArticleNotFound'],
});

export const v1ArticleCommentsRoute = defineRoute({
  operationId: 'v1ListArticleComments',
  method: 'GET',
  path: `${V1}/articles/:id/comments`,
  tag: TAG,
  summary: "A published article's published comments: top-level ones newest first, each with its replies",
  params: V1ArticleParams,
  query: V1PageQuery,
  response: V1CommentPage,
  auth: 'partner',
  scopes: ['read'],
  fieldCodes: { id: 'ArticleNotFound', cursor: 'InvalidPage' },
  errors: ['ArticleNotFound', 'InvalidPage'],
});

export const v1GetAuthorRoute = defineRoute({
  operationId: 'v1GetAuthor',
  method: 'GET',
  path: `${V1}/authors/:username`,
  tag: TAG,
  summary: "An author's public profile",
  params: V1AuthorParams,
  response: V1Author,
  auth: 'partner',
  scopes: ['read'],
  fieldCodes: { username: 'UserNotFound' },
  errors: ['UserNotFound'],
});

export const v1AuthorArticlesRoute = defineRoute({
  operationId: 'v1ListAuthorArticles',
  method: 'GET',
  path: `${V1}/authors/:username/articles`,
  tag: TAG,
  summary: "An author's published articles, newest first, by cursor",
  params: V1AuthorParams,
  query: V1PageQuery,
  response: V1ArticlePage,
  auth: 'partner',
  scopes: ['read'],
  fieldCodes: { username: 'UserNotFound', cursor: 'InvalidPage' },
  errors: ['UserNotFound', 'InvalidPage'],
});

export const v1GetPublicationRoute = defineRoute({
  operationId: 'v1GetPublication',
  method: 'GET',
  path: `${V1}/publications/:slug`,
  tag: TAG,
  summary: 'A publication by its slug (its subdomain)',
  params: V1PublicationParams,
  response: V1Publication,
  auth: 'partner',
  scopes: ['read'],
  fieldCodes: { slug: 'PublicationNotFound' },
  errors: ['PublicationNotFound'],
});

export const v1CategoriesRoute = defineRoute({
  operationId: 'v1ListCategories',
  method: 'GET',
  path: `${V1}/categories`,
  tag: TAG,
  summary: 'The categories, named in the language of Accept-Language',
  response: V1CategoryList,
  auth: 'partner',
  scopes: ['read'],
});

export const v1SearchRoute = defineRoute({
  operationId: 'v1Search',
  method: 'GET',
  path: `${V1}/search`,
  tag: TAG,
  summary:
    'Search articles (or users, or publications) by words, with filters category, language and author, by ' +
    'relevance or newest first, by cursor. A paid article shows only its teaser in the snippet',
  query: V1SearchQuery,
  response: V1SearchPage,
  auth: 'partner',
  scopes: ['search'],
  fieldCodes: { cursor: 'InvalidPage', category: 'InvalidCategory' },
  errors: ['InvalidPage'],
});

export const v1ListDraftsRoute = defineRoute({
  operationId: 'v1ListDrafts',
  method: 'GET',
  path: `${V1}/drafts`,
  tag: TAG,
  summary: `The writer's drafts, newest first (content left out).${ACTING}`,
  response: V1DraftList,
  auth: 'partner',
  scopes: ['act'],
  errors: ['Forbidden'],
});

export const v1CreateDraftRoute = defineRoute({
  operationId: 'v1CreateDraft',
  method: 'POST',
  path: `${V1}/drafts`,
  tag: TAG,
  summary: `Write a new draft as the writer (the same limits as the editor's).${ACTING}`,
  body: V1DraftBody,
  response: V1Draft,
  status: 201,
  auth: 'partner',
  scopes: ['act'],
  fieldCodes: articleFields,
  errors: ['Forbidden', 'AccountNotConfirmed', 'MaxDraftsCountReached', 'InvalidContentMax', 'InvalidLinkUrl'],
});

export const v1GetDraftRoute = defineRoute({
  operationId: 'v1GetDraft',
  method: 'GET',
  path: `${V1}/drafts/:id`,
  tag: TAG,
  summary: `One of the writer's drafts.${ACTING}`,
  params: V1DraftParams,
  response: V1Draft,
  auth: 'partner',
  scopes: ['act'],
  fieldCodes: { id: 'DraftNotFound' },
  errors: ['Forbidden', 'DraftNotFound'],
});

export const v1UpdateDraftRoute = defineRoute({
  operationId: 'v1UpdateDraft',
  method: 'PUT',
  path: `${V1}/drafts/:id`,
  tag: TAG,
  summary: `Replace a draft's fields (send the version last read: DraftConflict when it changed since).${ACTING}`,
  params: V1DraftParams,
  body: V1UpdateDraftBody,
  response: V1Draft,
  auth: 'partner',
  scopes: ['act'],
  fieldCodes: { id: 'DraftNotFound', ...articleFields },
  errors: ['Forbidden', 'DraftNotFound', 'DraftConflict', 'InvalidContentMax', 'InvalidLinkUrl'],
});

export const v1PublishDraftRoute = defineRoute({
  operationId: 'v1PublishDraft',
  method: 'POST',
  path: `${V1}/drafts/:id/publish`,
  tag: TAG,
  summary:
    'Submit a draft for publication as the writer: it goes through review like every submission and is answered ' +
    'pendingReview; once moderation approves it, it is published (webhook article.published).' +
    ACTING,
  params: V1DraftParams,
  response: V1Submission,
  auth: 'partner',
  scopes: ['act'],
  fieldCodes: { id: 'DraftNotFound' },
  errors: [
    'Forbidden',
    'AccountNotConfirmed',
    'DraftNotFound',
    'InvalidArticleTitle',
    'InvalidArticleDescription',
    'InvalidArticleContent',
    'InvalidCategory',
    'InvalidContentMin',
    'InvalidContentMax',
    'InvalidLinkUrl',
    'MaxArticlePublishCount',
    'PaidAudienceNeedsPublication',
    'EditArticleCount',
    'OperationFailed',
  ],
});
