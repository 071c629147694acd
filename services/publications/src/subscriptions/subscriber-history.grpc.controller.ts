import { Controller } from '@nestjs/common';
import { GrpcMethod } from '@nestjs/microservices';
import type * as pb from '@pencraft/contracts/publications/v1/publications';
import { IncomeHistoryService } from '../payments/income-history.service.js';
import { SubscriberHistoryService } from './subscriber-history.service.js';

/** publications.v1.PublicationsService's analytics methods: subscribers and revenue over time. */
@Controller()
export class SubscriberHistoryGrpcController {
  constructor(
    private readonly subscribers: SubscriberHistoryService,
    private readonly income: IncomeHistoryService,
  ) {}

  @GrpcMethod('PublicationsService', 'getSubscriberHistory')
  getSubscriberHistory(request: pb.GetSubscriberHistoryRequest): Promise<pb.GetSubscriberHistoryResponse> {
    return this.subscribers.history(request);
  }

  @GrpcMethod('PublicationsService', 'getIncomeHistory')
  getIncomeHistory(request: pb.GetIncomeHistoryRequest): Promise<pb.GetIncomeHistoryResponse> {
    return this.income.history(request);
  }
}
