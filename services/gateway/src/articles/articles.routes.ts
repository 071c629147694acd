import { defineRoute } from '../http/route.js';
import { ArticleJson, ArticleParams, CategoryList, CreateArticleBody } from './article.dto.js';

export const categoriesRoute = defineRoute({
  operationId: 'listCategories',
  method: 'GET',
  path: '/api/articles/categories',
  tag: 'articles',
  summary: 'The categories an article can be filed under, named in the request language',
  response: CategoryList,
});

export const createArticleRoute = defineRoute({
  operationId: 'createArticle',
  method: 'POST',
  path: '/api/articles',
  tag: 'articles',
  summary:
    "Write a new article (a draft until published). On a publication's subdomain ({slug}.<host>) an article of its " +
    "owner or a member starts in that publication (submitting it asks again); anyone else's starts personal, " +
    'without an error',
  body: CreateArticleBody,
  response: ArticleJson,
  status: 201,
  auth: 'confirmed',
  fieldCodes: {
    title: 'InvalidArticleTitle',
    description: 'InvalidArticleDescription',
    category: 'InvalidCategory',
    subCategories: 'InvalidCategory',
    content: 'InvalidArticleContent',
  },
  errors: ['MaxDraftsCountReached', 'InvalidContentMin', 'InvalidContentMax', 'InvalidLinkUrl'],
});

export const publishArticleRoute = defineRoute({
  operationId: 'publishArticle',
  method: 'POST',
  path: '/api/articles/publishing/:id',
  tag: 'articles',
  summary:
    'Submit my draft (or an article created by POST /api/articles) for review: it becomes an article in the state ' +
    'accepted and waits for moderation; a draft that edits a published article updates it',
  params: ArticleParams,
  response: ArticleJson,
  auth: 'confirmed',
  fieldCodes: { id: 'InvalidIdentifier' },
  errors: [
    'DraftNotFound',
    'ArticleNotFound',
    'Forbidden',
    'InvalidArticleTitle',
    'InvalidArticleDescription',
    'InvalidArticleContent',
    'InvalidCategory',
    'InvalidContentMin',
    'InvalidContentMax',
    'InvalidLinkUrl',
    'MaxArticlePublishCount',
    'PaidAudienceNeedsPublication',
    'PublicationNotFound',
    'ActorNotPublicationMember',
    'EditArticleCount',
    'OperationFailed',
  ],
});

export const readArticleRoute = defineRoute({
  operationId: 'getArticle',
  method: 'GET',
  path: '/api/articles/:id',
  tag: 'articles',
  summary: 'Read an article (drafts only by their author)',
  params: ArticleParams,
  response: ArticleJson,
  auth: 'optional',
  fieldCodes: { id: 'InvalidIdentifier' },
  errors: ['ArticleNotFound'],
});
