import { commentStatuses } from '@pencraft/contracts/enums/comments';
import type { Comment } from '@pencraft/contracts/comments/v1/comments';
import type { CommentView } from './comment.repository.js';

/**
 * A comment as the API answers it. A deleted comment keeps its place but not its text or author, unless moderation
 * asks (`full`).
 */
export function presentComment(view: CommentView, full = false, replies: Comment[] = []): Comment {
  const hidden = view.deleted && !full;
  return {
    id: view.id,
    articleId: view.articleId,
    parentId: view.parentId ?? '',
    depth: view.depth,
    status: commentStatuses.toProto(view.status),
    deleted: view.deleted,
    content: hidden ? '' : view.content,
    author: hidden
      ? undefined
      : {
          uid: view.authorUid,
          username: view.authorUsername ?? '',
          fullname: view.authorFullname ?? '',
          imageUrl: view.authorImageUrl ?? '',
        },
    replyToUid: view.replyToUid ?? '',
    replyToUsername: view.replyToUsername ?? '',
    up: view.upVotes,
    down: view.downVotes,
    createdAtMs: view.createdAt.getTime(),
    editedAtMs: view.editedAt?.getTime() ?? 0,
    replyCount: view.replyCount,
    replies,
    articleTitle: view.articleTitle ?? '',
  };
}
