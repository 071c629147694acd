import { defineRoute } from '../http/route.js';
import {
  ArticleCommentsParams,
  CommentEffects,
  CommentJson,
  CommentParams,
  CommentReportJson,
  CommentThread,
  CommentVotes,
  CreateCommentBody,
  EditCommentBody,
  EffectsQuery,
  ReportCommentBody,
  ThreadQuery,
  UserCommentJson,
  UserCommentPage,
  UserCommentsQuery,
} from './comments.dto.js';

const TAG = 'comments';

export const articleCommentsRoute = defineRoute({
  operationId: 'listArticleComments',
  method: 'GET',
  path: '/api/articles/:id/comments',
  tag: TAG,
  summary:
    "A published article's comments: 20 top-level ones a page, each with every reply (at most three deep); a " +
    "deleted comment holding replies stays as a placeholder; the viewer's own comments under review are included " +
    '(state pending; their top-level ones first on page 1)',
  params: ArticleCommentsParams,
  query: ThreadQuery,
  response: CommentThread,
  auth: 'optional',
  fieldCodes: { id: 'ArticleNotFound', page: 'InvalidPage' },
  errors: ['ArticleNotFound'],
});

export const createCommentRoute = defineRoute({
  operationId: 'createComment',
  method: 'POST',
  path: '/api/articles/comment',
  tag: TAG,
  summary:
    'Comment on a published article or answer a published comment; it waits for moderation (state pending). At ' +
    'most 10 new comments in 10 minutes and 100 a day (CommentsCountExceed). An answer to a comment three deep sits ' +
    'beside it, naming whom it answers',
  body: CreateCommentBody,
  response: CommentJson,
  status: 201,
  auth: 'confirmed',
  fieldCodes: { content: 'InvalidContent', articleId: 'ArticleNotFound', parentId: 'CommentNotFound' },
  errors: ['ArticleNotFound', 'CommentNotFound', 'InvalidContent', 'CommentsCountExceed'],
});

export const editCommentRoute = defineRoute({
  operationId: 'editComment',
  method: 'PUT',
  path: '/api/articles/comment',
  tag: TAG,
  summary:
    "Change one's own comment (not a deleted or rejected one: EditCommentNotFound). A published comment stays " +
    'published and is checked by moderation again',
  body: EditCommentBody,
  response: CommentJson,
  auth: 'confirmed',
  fieldCodes: { content: 'InvalidContent', commentId: 'EditCommentNotFound' },
  errors: ['EditCommentNotFound', 'InvalidContent'],
});

export const deleteCommentRoute = defineRoute({
  operationId: 'deleteComment',
  method: 'DELETE',
  path: '/api/articles/comments/:cid',
  tag: TAG,
  summary: "Delete one's own comment (anyone else's: CommentNotFound); its replies stay under a placeholder",
  params: CommentParams,
  status: 204,
  auth: 'required',
  fieldCodes: { cid: 'CommentNotFound' },
  errors: ['CommentNotFound'],
});

export const upvoteCommentRoute = defineRoute({
  operationId: 'upvoteComment',
  method: 'POST',
  path: '/api/articles/comments/:cid/upvote',
  tag: TAG,
  summary: 'Upvote a published comment (again: removes the vote; after a downvote: switches it; ForbiddenSelfReaction)',
  params: CommentParams,
  response: CommentVotes,
  auth: 'confirmed',
  fieldCodes: { cid: 'CommentNotFound' },
  errors: ['CommentNotFound', 'ForbiddenSelfReaction'],
});

export const downvoteCommentRoute = defineRoute({
  operationId: 'downvoteComment',
  method: 'POST',
  path: '/api/articles/comments/:cid/downvote',
  tag: TAG,
  summary:
    'Downvote a published comment (needs the Pro rating, 100 or more: CannotDownvote; again: removes the vote; ' +
    'ForbiddenSelfReaction)',
  params: CommentParams,
  response: CommentVotes,
  auth: 'confirmed',
  fieldCodes: { cid: 'CommentNotFound' },
  errors: ['CommentNotFound', 'ForbiddenSelfReaction', 'CannotDownvote'],
});

export const reportCommentRoute = defineRoute({
  operationId: 'reportComment',
  method: 'POST',
  path: '/api/articles/comments/:cid/report',
  tag: TAG,
  summary:
    'Report a published comment with one of six reasons and an optional note (once per comment: ' +
    'AlreadyReportedComment; at most 10 a day: ReportsCountExceed; not one of one’s own: ForbiddenSelfReaction)',
  params: CommentParams,
  body: ReportCommentBody,
  response: CommentReportJson,
  status: 201,
  auth: 'confirmed',
  fieldCodes: { cid: 'CommentNotFound' },
  errors: ['CommentNotFound', 'ForbiddenSelfReaction', 'AlreadyReportedComment', 'ReportsCountExceed'],
});

export const userCommentsRoute = defineRoute({
  operationId: 'listUserComments',
  method: 'GET',
  path: '/api/articles/comments/all',
  tag: TAG,
  summary:
    "A user's published comments, newest first, 20 a page, with their articles (the profile's comments tab); the " +
    'user themself also sees their own under review',
  query: UserCommentsQuery,
  response: UserCommentPage,
  auth: 'optional',
  fieldCodes: { username: 'UserNotFound', page: 'InvalidPage' },
  errors: ['UserNotFound'],
});

export const commentEffectsRoute = defineRoute({
  operationId: 'getCommentEffects',
  method: 'GET',
  path: '/api/articles/effect/comments',
  tag: TAG,
  summary: "The viewer's own vote on each given comment and whether they reported it (per viewer: never cached)",
  query: EffectsQuery,
  response: CommentEffects,
  auth: 'optional',
  fieldCodes: { ids: 'InvalidIdentifier' },
});

export const getCommentRoute = defineRoute({
  operationId: 'getComment',
  method: 'GET',
  path: '/api/articles/comments/:cid',
  tag: TAG,
  summary:
    'One comment without its replies: a published one for anyone; one under review or rejected for its author only ' +
    '(RawCommentNotFound for others); a deleted one for nobody',
  params: CommentParams,
  response: UserCommentJson,
  auth: 'optional',
  fieldCodes: { cid: 'CommentNotFound' },
  errors: ['CommentNotFound', 'RawCommentNotFound'],
});
