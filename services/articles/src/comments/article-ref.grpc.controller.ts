import { Controller } from '@nestjs/common';
import { GrpcMethod } from '@nestjs/microservices';
import type { GetArticleRefRequest, GetArticleRefResponse } from '@pencraft/contracts/articles/v1/articles';
import { isUuid } from '../feeds/ids.js';
import { ArticleRefRepository } from './article-ref.repository.js';

/** articles.v1.ArticlesService.GetArticleRef, for the comments service (not reachable through the gateway). */
@Controller()
export class ArticleRefGrpcController {
  constructor(private readonly refs: ArticleRefRepository) {}

  @GrpcMethod('ArticlesService', 'getArticleRef')
  async getArticleRef(request: GetArticleRefRequest): Promise<GetArticleRefResponse> {
    const ref = isUuid(request.articleId) ? await this.refs.find(request.articleId) : undefined;
    if (!ref) return { found: false, status: '', title: '', authorUids: [] };
    return { found: true, ...ref };
  }
}
