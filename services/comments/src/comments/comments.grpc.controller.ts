import { Controller } from '@nestjs/common';
import { GrpcMethod } from '@nestjs/microservices';
import type * as pb from '@pencraft/contracts/comments/v1/comments';
import { CommentService } from './comment.service.js';

const SERVICE = 'CommentsService';

/** comments.v1.CommentsService: each method hands its request to the service that holds the rules. */
@Controller()
export class CommentsGrpcController {
  constructor(private readonly comments: CommentService) {}

  @GrpcMethod(SERVICE, 'listThread')
  listThread(request: pb.ListThreadRequest): Promise<pb.ListThreadResponse> {
    return this.comments.thread(request);
  }

  @GrpcMethod(SERVICE, 'createComment')
  async createComment(request: pb.CreateCommentRequest): Promise<pb.CreateCommentResponse> {
    return { comment: await this.comments.create(request) };
  }

  @GrpcMethod(SERVICE, 'editComment')
  async editComment(request: pb.EditCommentRequest): Promise<pb.EditCommentResponse> {
    return { comment: await this.comments.edit(request) };
  }

  @GrpcMethod(SERVICE, 'deleteComment')
  async deleteComment(request: pb.DeleteCommentRequest): Promise<pb.DeleteCommentResponse> {
    await this.comments.delete(request);
    return {};
  }

  @GrpcMethod(SERVICE, 'voteComment')
  voteComment(request: pb.VoteCommentRequest): Promise<pb.VoteCommentResponse> {
    return this.comments.vote(request);
  }

  @GrpcMethod(SERVICE, 'reportComment')
  reportComment(request: pb.ReportCommentRequest): Promise<pb.ReportCommentResponse> {
    return this.comments.report(request);
  }

  @GrpcMethod(SERVICE, 'listUserComments')
  listUserComments(request: pb.ListUserCommentsRequest): Promise<pb.ListUserCommentsResponse> {
    return this.comments.listByUser(request);
  }

  @GrpcMethod(SERVICE, 'listArticlesComments')
  listArticlesComments(request: pb.ListArticlesCommentsRequest): Promise<pb.ListArticlesCommentsResponse> {
    return this.comments.listOnArticles(request);
  }

  @GrpcMethod(SERVICE, 'getCommentEffects')
  getCommentEffects(request: pb.GetCommentEffectsRequest): Promise<pb.GetCommentEffectsResponse> {
    return this.comments.effects(request);
  }

  @GrpcMethod(SERVICE, 'getComment')
  async getComment(request: pb.GetCommentRequest): Promise<pb.GetCommentResponse> {
    return { comment: await this.comments.get(request) };
  }

  @GrpcMethod(SERVICE, 'decideComment')
  decideComment(request: pb.DecideCommentRequest): Promise<pb.DecideCommentResponse> {
    return this.comments.decide(request);
  }
}
