// Plays the moderator for comments where moderation is not what a suite tests: its decision reaches the comments
// service over gRPC (CommentsService.DecideComment), exactly as the moderation service sends it.
import { CommentsServiceClient, CommentsServiceService } from '@pencraft/contracts/comments/v1/comments';
import type { Comment } from '@pencraft/contracts/comments/v1/comments';
import { createGrpcClient, type PromiseClient } from '@pencraft/kit';
import { grpcAddress } from './stack.ts';

let client: PromiseClient<CommentsServiceClient> | undefined;

function commentsClient() {
  client ??= createGrpcClient(CommentsServiceClient, CommentsServiceService, grpcAddress('comments'), {
    defaultTimeoutMs: 10_000,
  });
  return client;
}

/** Moderation's decision on a comment (idempotent); answers the comment as it is afterwards. */
export async function decideComment(commentId: string, decision: 'approve' | 'reject', note = ''): Promise<Comment> {
  const { comment } = await commentsClient().decideComment({ commentId, decision, note, moderator: 'tests' });
  return comment!;
}

/** Publishes a comment under review. */
export function approveComment(commentId: string): Promise<Comment> {
  return decideComment(commentId, 'approve');
}

export function closeCommentReviewClient() {
  client?.close();
  client = undefined;
}
