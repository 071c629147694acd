import { Controller } from '@nestjs/common';
import { GrpcMethod } from '@nestjs/microservices';
import type * as pb from '@pencraft/contracts/identity/v1/feedback';
import { FeedbackService } from './feedback.service.js';

const SERVICE = 'FeedbackService';

/** identity.v1.FeedbackService: feedback sent, a user's log, and staff's console (the gateway calls it). */
@Controller()
export class FeedbackGrpcController {
  constructor(private readonly feedback: FeedbackService) {}

  @GrpcMethod(SERVICE, 'sendFeedback')
  async sendFeedback(request: pb.SendFeedbackRequest): Promise<pb.SendFeedbackResponse> {
    return { feedback: await this.feedback.send(request) };
  }

  @GrpcMethod(SERVICE, 'listMyFeedback')
  listMyFeedback(request: pb.ListMyFeedbackRequest): Promise<pb.ListMyFeedbackResponse> {
    return this.feedback.listMine(request.uid, request.page);
  }

  @GrpcMethod(SERVICE, 'listFeedback')
  listFeedback(request: pb.ListFeedbackRequest): Promise<pb.ListFeedbackResponse> {
    return this.feedback.list(request);
  }

  @GrpcMethod(SERVICE, 'getFeedback')
  async getFeedback(request: pb.GetFeedbackRequest): Promise<pb.GetFeedbackResponse> {
    return { feedback: await this.feedback.get(request.id) };
  }

  @GrpcMethod(SERVICE, 'answerFeedback')
  async answerFeedback(request: pb.AnswerFeedbackRequest): Promise<pb.AnswerFeedbackResponse> {
    return { feedback: await this.feedback.answer(request.id, request.answer, request.staff) };
  }

  @GrpcMethod(SERVICE, 'closeFeedback')
  async closeFeedback(request: pb.CloseFeedbackRequest): Promise<pb.CloseFeedbackResponse> {
    return { feedback: await this.feedback.close(request.id, request.staff) };
  }
}
