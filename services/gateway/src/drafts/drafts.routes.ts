import { TranslateQuery } from '../collaboration/collaboration.dto.js';
import { defineRoute } from '../http/route.js';
import {
  ArticleIdParams,
  ArticleReviewJson,
  CoverBody,
  DraftBody,
  DraftDetails,
  DraftIdParams,
  DraftJson,
  DraftList,
  DraftPublicationBody,
  PreviewLink,
  PreviewParams,
  ReviewArticlePage,
  ReviewPageQuery,
  UpdateDraftBody,
} from './draft.dto.js';

const draftFieldCodes = {
  id: 'InvalidIdentifier',
  title: 'InvalidArticleTitle',
  description: 'InvalidArticleDescription',
  category: 'InvalidCategory',
  subCategories: 'InvalidCategory',
  content: 'InvalidArticleContent',
} as const;

export const listDraftsRoute = defineRoute({
  operationId: 'listDrafts',
  method: 'GET',
  path: '/api/drafts',
  tag: 'drafts',
  summary: 'My drafts and the drafts I co-author, most recently saved first (without their content)',
  response: DraftList,
  auth: 'required',
});

export const createDraftRoute = defineRoute({
  operationId: 'createDraft',
  method: 'POST',
  path: '/api/drafts',
  tag: 'drafts',
  summary:
    "Start a draft (at most 10: delete one to create a new one). On a publication's subdomain ({slug}.<host>) a " +
    'draft of its owner or a member starts with that publication as its target (as PUT /api/drafts/{id}/publication ' +
    "would set it, so paid readers are allowed at once); anyone else's starts personal, without an error",
  body: DraftBody,
  response: DraftJson,
  status: 201,
  auth: 'confirmed',
  fieldCodes: draftFieldCodes,
  errors: ['MaxDraftsCountReached', 'PaidAudienceNeedsPublication', 'InvalidContentMax', 'InvalidLinkUrl'],
});

/** SPEC.md section 7 lists /api/articles/draft in the Articles group: my drafts and a new one, as /api/drafts answers. */
export const listArticleDraftsRoute = defineRoute({
  ...listDraftsRoute,
  operationId: 'listArticleDrafts',
  path: '/api/articles/draft',
  summary: `${listDraftsRoute.summary} (the same as GET /api/drafts)`,
});

export const createArticleDraftRoute = defineRoute({
  ...createDraftRoute,
  operationId: 'createArticleDraft',
  path: '/api/articles/draft',
  summary: `${createDraftRoute.summary} (the same as POST /api/drafts)`,
});

export const draftPublicationRoute = defineRoute({
  operationId: 'setDraftPublication',
  method: 'PUT',
  path: '/api/drafts/:id/publication',
  tag: 'drafts',
  summary:
    'Where my draft will be published: null for the personal blog, or the id of a publication I own or am a member ' +
    'of (asked again when it is submitted). A paid draft needs a publication: one moved to the personal blog (null) ' +
    'is refused when submitted (PaidAudienceNeedsPublication)',
  params: DraftIdParams,
  body: DraftPublicationBody,
  response: DraftJson,
  auth: 'confirmed',
  fieldCodes: { id: 'InvalidIdentifier', publicationId: 'InvalidIdentifier' },
  errors: ['DraftNotFound', 'PublicationNotFound', 'ActorNotPublicationMember'],
});

export const readDraftRoute = defineRoute({
  operationId: 'getDraft',
  method: 'GET',
  path: '/api/drafts/:id',
  tag: 'drafts',
  summary: 'One of my drafts (or one I co-author)',
  params: DraftIdParams,
  response: DraftJson,
  auth: 'required',
  fieldCodes: { id: 'InvalidIdentifier' },
  errors: ['DraftNotFound'],
});

export const updateDraftRoute = defineRoute({
  operationId: 'updateDraft',
  method: 'PUT',
  path: '/api/drafts/:id',
  tag: 'drafts',
  summary: 'Save the whole draft (autosave); a stale version is refused with DraftConflict and the current version',
  params: DraftIdParams,
  body: UpdateDraftBody,
  response: DraftJson,
  auth: 'confirmed',
  fieldCodes: draftFieldCodes,
  errors: ['DraftNotFound', 'DraftConflict', 'PaidAudienceNeedsPublication', 'InvalidContentMax', 'InvalidLinkUrl'],
});

export const deleteDraftRoute = defineRoute({
  operationId: 'deleteDraft',
  method: 'DELETE',
  path: '/api/drafts/:id',
  tag: 'drafts',
  summary: 'Delete my draft',
  params: DraftIdParams,
  status: 204,
  auth: 'required',
  fieldCodes: { id: 'InvalidIdentifier' },
  errors: ['DraftNotFound'],
});

export const setDraftCoverRoute = defineRoute({
  operationId: 'setDraftCover',
  method: 'PUT',
  path: '/api/drafts/:id/cover',
  tag: 'drafts',
  summary: "Set the draft's cover to an editor image its owner uploaded",
  params: DraftIdParams,
  body: CoverBody,
  response: DraftJson,
  auth: 'confirmed',
  fieldCodes: { id: 'InvalidIdentifier', key: 'InvalidCoverFormat' },
  errors: ['DraftNotFound', 'InvalidCoverFormat'],
});

export const clearDraftCoverRoute = defineRoute({
  operationId: 'clearDraftCover',
  method: 'DELETE',
  path: '/api/drafts/:id/cover',
  tag: 'drafts',
  summary: "Remove the draft's cover",
  params: DraftIdParams,
  response: DraftJson,
  auth: 'confirmed',
  fieldCodes: { id: 'InvalidIdentifier' },
  errors: ['DraftNotFound'],
});

export const refreshPreviewRoute = defineRoute({
  operationId: 'refreshDraftPreview',
  method: 'POST',
  path: '/api/drafts/:id/preview',
  tag: 'drafts',
  summary: 'Create or refresh the preview link of my draft (the old link stops working; the new one works for 30 days)',
  params: DraftIdParams,
  response: PreviewLink,
  auth: 'confirmed',
  fieldCodes: { id: 'InvalidIdentifier' },
  errors: ['DraftNotFound'],
});

export const readPreviewRoute = defineRoute({
  operationId: 'getDraftPreview',
  method: 'GET',
  path: '/api/drafts/public/:token',
  tag: 'drafts',
  summary: 'The draft behind a preview link, read-only, for anyone holding the link',
  params: PreviewParams,
  response: DraftJson,
  errors: ['DraftNotFound'],
});

export const draftDetailsRoute = defineRoute({
  operationId: 'getDraftDetails',
  method: 'GET',
  path: '/api/drafts/:id/dtls',
  tag: 'drafts',
  summary: 'A draft with its details: translation source, co-authors, invitations',
  params: DraftIdParams,
  response: DraftDetails,
  auth: 'required',
  fieldCodes: { id: 'InvalidIdentifier' },
  errors: ['DraftNotFound'],
});

export const editArticleRoute = defineRoute({
  operationId: 'editPublishedArticle',
  method: 'POST',
  path: '/api/articles/publishing/:id/edit',
  tag: 'articles',
  summary: 'Open a draft to edit my published (or revision-requested) article; at most 5 edits of one article',
  params: ArticleIdParams,
  response: DraftJson,
  auth: 'confirmed',
  fieldCodes: { id: 'InvalidIdentifier' },
  errors: ['ArticleNotFound', 'Forbidden', 'EditArticleCount', 'MaxDraftsCountReached', 'OperationFailed'],
});

export const deletePendingArticleRoute = defineRoute({
  operationId: 'deletePendingArticle',
  method: 'DELETE',
  path: '/api/articles/:id',
  tag: 'articles',
  summary: 'Delete my pending article: within 6 hours of its creation, before review; at most 3 a day',
  params: ArticleIdParams,
  status: 204,
  auth: 'required',
  fieldCodes: { id: 'InvalidIdentifier' },
  errors: ['ArticleNotFound', 'Forbidden', 'ArticleDeletionExpired', 'MaxArticleDeletionCount'],
});

export const reviewArticlesRoute = defineRoute({
  operationId: 'listReviewArticles',
  method: 'GET',
  path: '/api/articles/review',
  tag: 'articles',
  summary: 'My submitted articles with their review state, newest first',
  query: ReviewPageQuery,
  response: ReviewArticlePage,
  auth: 'required',
  fieldCodes: { page: 'InvalidPage' },
});

export const articleReviewRoute = defineRoute({
  operationId: 'getArticleReview',
  method: 'GET',
  path: '/api/articles/:id/review',
  tag: 'articles',
  summary: 'The review timeline of my article (author and accepted co-authors only)',
  params: ArticleIdParams,
  response: ArticleReviewJson,
  auth: 'required',
  fieldCodes: { id: 'InvalidIdentifier' },
  errors: ['ArticleNotFound'],
});

/** A translation starts as a draft of the translator's (its answer is a draft), so it is declared with the drafts. */
export const translateRoute = defineRoute({
  operationId: 'translateArticle',
  method: 'POST',
  path: '/api/drafts/translate',
  tag: 'collaboration',
  summary:
    'Start a draft translation of a published article into another language, prefilled from the original ' +
    '(its author and accepted co-authors; one translation per language and article; 5 draft translations each)',
  query: TranslateQuery,
  response: DraftJson,
  status: 201,
  auth: 'confirmed',
  fieldCodes: { aid: 'InvalidIdentifier', lang: 'InvalidModel' },
  errors: ['ArticleNotFound', 'Forbidden', 'ArticleTranslationAvailable', 'MaxDraftTranslationsCountReached'],
});
