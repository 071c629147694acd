import { Controller } from '@nestjs/common';
import { GrpcMethod } from '@nestjs/microservices';
import type {
  CreateArticleRequest,
  CreateArticleResponse,
  DecideReviewRequest,
  DecideReviewResponse,
  GetArticleRequest,
  GetArticleResponse,
  ListAuthorArticlesRequest,
  ListAuthorArticlesResponse,
  ListCategoriesResponse,
  ListHomeArticlesRequest,
  ListHomeArticlesResponse,
  PublishArticleRequest,
  PublishArticleResponse,
} from '@pencraft/contracts/articles/v1/articles';
import { ReviewDecision } from '@pencraft/contracts/articles/v1/articles';
import { AppError } from '@pencraft/errors';
import { CATEGORIES } from '../categories/categories.js';
import { ReviewService } from '../review/review.service.js';
import type { Decision } from '../review/review.rules.js';
import { ArticleService } from './article.service.js';
import { languages } from '@pencraft/contracts/enums';

const DECISIONS: Partial<Record<ReviewDecision, Decision>> = {
  [ReviewDecision.REVIEW_DECISION_START_INITIAL_REVIEW]: 'startInitialReview',
  [ReviewDecision.REVIEW_DECISION_PASS_INITIAL_REVIEW]: 'passInitialReview',
  [ReviewDecision.REVIEW_DECISION_APPROVE]: 'approve',
  [ReviewDecision.REVIEW_DECISION_REJECT]: 'reject',
  [ReviewDecision.REVIEW_DECISION_REQUEST_REVISION]: 'requestRevision',
};

/** articles.v1.ArticlesService: each method hands its request to ArticleService (publishing and review: ReviewService). */
@Controller()
export class ArticlesGrpcController {
  constructor(
    private readonly articles: ArticleService,
    private readonly review: ReviewService,
  ) {}

  @GrpcMethod('ArticlesService', 'createArticle')
  async createArticle(request: CreateArticleRequest): Promise<CreateArticleResponse> {
    const language = languages.fromProto(request.language) ?? '';
    return { article: await this.articles.create(request.author, { ...request, language }, request.publicationId) };
  }

  @GrpcMethod('ArticlesService', 'publishArticle')
  async publishArticle(request: PublishArticleRequest): Promise<PublishArticleResponse> {
    return { article: await this.review.submit(request.articleId, request.actorUid) };
  }

  /** The moderation service's decision (not reachable through the gateway). */
  @GrpcMethod('ArticlesService', 'decideReview')
  async decideReview(request: DecideReviewRequest): Promise<DecideReviewResponse> {
    const decision = DECISIONS[request.decision];
    if (!decision) throw new AppError('InvalidModel', { details: [{ field: 'decision', code: 'InvalidModel' }] });
    return { article: await this.review.decide(request.articleId, decision, request.note) };
  }

  @GrpcMethod('ArticlesService', 'getArticle')
  async getArticle(request: GetArticleRequest): Promise<GetArticleResponse> {
    return { article: await this.articles.get(request.articleId, request.viewerUid) };
  }

  @GrpcMethod('ArticlesService', 'listHomeArticles')
  listHomeArticles(request: ListHomeArticlesRequest): Promise<ListHomeArticlesResponse> {
    return this.articles.listHome(request.page, request.pageSize);
  }

  @GrpcMethod('ArticlesService', 'listAuthorArticles')
  listAuthorArticles(request: ListAuthorArticlesRequest): Promise<ListAuthorArticlesResponse> {
    return this.articles.listByAuthor(request.authorUid, request.page, request.pageSize);
  }

  @GrpcMethod('ArticlesService', 'listCategories')
  listCategories(): ListCategoriesResponse {
    return { categories: [...CATEGORIES] };
  }
}
