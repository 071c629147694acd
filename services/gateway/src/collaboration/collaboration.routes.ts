import { ArticleJson } from '../articles/article.dto.js';
import { defineRoute } from '../http/route.js';
import {
  DraftParams,
  InvitationJson,
  InvitationList,
  InvitationParams,
  InviteQuery,
  TranslationParams,
} from './collaboration.dto.js';

const TAG = 'collaboration';

export const inviteRoute = defineRoute({
  operationId: 'inviteCoAuthor',
  method: 'POST',
  path: '/api/drafts/:id/invite',
  tag: TAG,
  summary:
    'Invite a user to co-author a draft (its principal author only; once per person; at most 3 co-authors, ' +
    'pending invitations included)',
  params: DraftParams,
  query: InviteQuery,
  response: InvitationJson,
  status: 201,
  auth: 'confirmed',
  fieldCodes: { id: 'InvalidIdentifier' },
  errors: ['DraftNotFound', 'Forbidden', 'UserNotFound', 'AuthorAlreadyInvited', 'MaxAuthorsCountReached'],
});

export const invitationsRoute = defineRoute({
  operationId: 'listCoAuthorInvitations',
  method: 'GET',
  path: '/api/drafts/invitations',
  tag: TAG,
  summary: "The signed-in user's pending co-author invitations, newest first",
  response: InvitationList,
  auth: 'required',
});

export const acceptInvitationRoute = defineRoute({
  operationId: 'acceptCoAuthorInvitation',
  method: 'POST',
  path: '/api/drafts/invitations/:id/accept',
  tag: TAG,
  summary: 'Accept a co-author invitation sent to the signed-in user',
  params: InvitationParams,
  response: InvitationJson,
  auth: 'required',
  fieldCodes: { id: 'InvalidIdentifier' },
  errors: ['InvitationNotFound'],
});

export const rejectInvitationRoute = defineRoute({
  operationId: 'rejectCoAuthorInvitation',
  method: 'POST',
  path: '/api/drafts/invitations/:id/reject',
  tag: TAG,
  summary: 'Reject a co-author invitation sent to the signed-in user',
  params: InvitationParams,
  response: InvitationJson,
  auth: 'required',
  fieldCodes: { id: 'InvalidIdentifier' },
  errors: ['InvitationNotFound'],
});

export const articleTranslationRoute = defineRoute({
  operationId: 'getArticleTranslation',
  method: 'GET',
  path: '/api/articles/:id/translations/:lang',
  tag: TAG,
  summary: "The published version of an article's translation group in one language",
  params: TranslationParams,
  response: ArticleJson,
  auth: 'optional',
  fieldCodes: { id: 'InvalidIdentifier', lang: 'ArticleTranslationNotFound' },
  errors: ['ArticleNotFound', 'ArticleTranslationNotFound'],
});
