import { Controller } from '@nestjs/common';
import { GrpcMethod } from '@nestjs/microservices';
import type {
  GetArticleStatisticsRequest,
  GetArticleStatisticsResponse,
  RecordReadRequest,
  RecordReadResponse,
  RecordViewRequest,
  RecordViewResponse,
} from '@pencraft/contracts/articles/v1/statistics';
import { StatisticsService } from './statistics.service.js';

/** articles.v1.StatisticsService: each method hands its request to StatisticsService. */
@Controller()
export class StatisticsGrpcController {
  constructor(private readonly statistics: StatisticsService) {}

  @GrpcMethod('StatisticsService', 'recordView')
  async recordView(request: RecordViewRequest): Promise<RecordViewResponse> {
    await this.statistics.recordView(request);
    return {};
  }

  @GrpcMethod('StatisticsService', 'recordRead')
  async recordRead(request: RecordReadRequest): Promise<RecordReadResponse> {
    return { counted: await this.statistics.recordRead(request) };
  }

  @GrpcMethod('StatisticsService', 'getArticleStatistics')
  async getArticleStatistics(request: GetArticleStatisticsRequest): Promise<GetArticleStatisticsResponse> {
    return { statistics: await this.statistics.get(request.articleId, request.viewerUid, request.days) };
  }
}
