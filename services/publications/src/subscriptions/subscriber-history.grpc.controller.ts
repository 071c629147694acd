import { Controller } from '@nestjs/common';
import { GrpcMethod } from '@nestjs/microservices';
import type * as pb from '@pencraft/contracts/publications/v1/publications';
import { SubscriberHistoryService } from './subscriber-history.service.js';

/** publications.v1.PublicationsService's analytics method: hands its request to SubscriberHistoryService. */
@Controller()
export class SubscriberHistoryGrpcController {
  constructor(private readonly subscribers: SubscriberHistoryService) {}

  @GrpcMethod('PublicationsService', 'getSubscriberHistory')
  getSubscriberHistory(request: pb.GetSubscriberHistoryRequest): Promise<pb.GetSubscriberHistoryResponse> {
    return this.subscribers.history(request);
  }
}
