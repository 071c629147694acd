import { CommentsServiceClient, CommentsServiceService } from '@pencraft/contracts/comments/v1/comments';
import type { PromiseClient } from '@pencraft/kit';
import { defineUpstream } from '../upstreams/upstream.js';

/** comments.v1.CommentsService: served by the comments service (COMMENTS_GRPC_ADDR). */
export const commentsUpstream = defineUpstream('comments', CommentsServiceClient, CommentsServiceService);
export const COMMENTS = commentsUpstream.token;
export type CommentsClient = PromiseClient<CommentsServiceClient>;
