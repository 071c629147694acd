import { Controller } from '@nestjs/common';
import { GrpcMethod } from '@nestjs/microservices';
import type {
  CreateArticleRequest,
  CreateArticleResponse,
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
import { CATEGORIES } from '../categories/categories.js';
import { ArticleService } from './article.service.js';

/** articles.v1.ArticlesService: each method hands its request to ArticleService. */
@Controller()
export class ArticlesGrpcController {
  constructor(private readonly articles: ArticleService) {}

  @GrpcMethod('ArticlesService', 'createArticle')
  async createArticle(request: CreateArticleRequest): Promise<CreateArticleResponse> {
    return { article: await this.articles.create(request.author, request) };
  }

  @GrpcMethod('ArticlesService', 'publishArticle')
  async publishArticle(request: PublishArticleRequest): Promise<PublishArticleResponse> {
    return { article: await this.articles.publish(request.articleId, request.actorUid) };
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
