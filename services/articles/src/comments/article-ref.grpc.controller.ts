import { Controller } from '@nestjs/common';
import { GrpcMethod } from '@nestjs/microservices';
import {
  ArticleStatus,
  type GetArticleRefRequest,
  type GetArticleRefResponse,
} from '@pencraft/contracts/articles/v1/articles';
import { isUuid } from '../feeds/ids.js';
import { ArticleRefRepository, type ArticleRefRow } from './article-ref.repository.js';
import { articleStatuses } from '@pencraft/contracts/enums/articles';

/** The answer of GetArticleRef (the contract with comments checks exactly this). */
export function articleRefResponse(ref: ArticleRefRow | undefined): GetArticleRefResponse {
  if (!ref) return { found: false, status: ArticleStatus.ARTICLE_STATUS_UNSPECIFIED, title: '', authorUids: [] };
  return { found: true, status: articleStatuses.toProto(ref.status), title: ref.title, authorUids: ref.authorUids };
}

/** articles.v1.ArticlesService.GetArticleRef, for the comments service (not reachable through the gateway). */
@Controller()
export class ArticleRefGrpcController {
  constructor(private readonly refs: ArticleRefRepository) {}

  @GrpcMethod('ArticlesService', 'getArticleRef')
  async getArticleRef(request: GetArticleRefRequest): Promise<GetArticleRefResponse> {
    const ref = isUuid(request.articleId) ? await this.refs.find(request.articleId) : undefined;
    return articleRefResponse(ref);
  }
}
