// The codecs of the comments service's contract (a comment's status). A module of their own, so that a service loads
// the generated code of the contracts it uses, not every one's (issue #19, memory).
import { COMMENT_STATUSES } from '@pencraft/rules';
import { protoEnum } from '../enums.js';
import { CommentStatus } from '../gen/comments/v1/comments.js';

export const commentStatuses = protoEnum<CommentStatus, (typeof COMMENT_STATUSES)[number]>(
  'CommentStatus',
  CommentStatus,
  COMMENT_STATUSES,
);
