import { Controller } from '@nestjs/common';
import { GrpcMethod } from '@nestjs/microservices';
import type { ReportArticleRequest, ReportArticleResponse } from '@pencraft/contracts/articles/v1/engagement';
import { ArticleReportService } from './article-report.service.js';

/** articles.v1.EngagementService.ReportArticle (the rest of the service is the engagement module's). */
@Controller()
export class ArticleReportsGrpcController {
  constructor(private readonly reports: ArticleReportService) {}

  @GrpcMethod('EngagementService', 'reportArticle')
  reportArticle(request: ReportArticleRequest): Promise<ReportArticleResponse> {
    return this.reports.report(request);
  }
}
