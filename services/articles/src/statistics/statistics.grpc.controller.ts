import { Controller } from '@nestjs/common';
import { GrpcMethod } from '@nestjs/microservices';
import type {
  GetArticleStatisticsRequest,
  GetArticleStatisticsResponse,
  GetPublicationStatisticsRequest,
  GetPublicationStatisticsResponse,
  ListPublicationArticleIdsRequest,
  ListPublicationArticleIdsResponse,
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

  @GrpcMethod('StatisticsService', 'getPublicationStatistics')
  getPublicationStatistics(request: GetPublicationStatisticsRequest): Promise<GetPublicationStatisticsResponse> {
    return this.statistics.publication(request.publicationId, request.days, request.topCount);
  }

  @GrpcMethod('StatisticsService', 'listPublicationArticleIds')
  async listPublicationArticleIds(
    request: ListPublicationArticleIdsRequest,
  ): Promise<ListPublicationArticleIdsResponse> {
    return { articleIds: await this.statistics.publicationArticleIds(request.publicationId) };
  }
}
