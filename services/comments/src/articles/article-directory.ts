import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import {
  ArticlesServiceClient,
  ArticlesServiceService,
  type GetArticleRefResponse,
} from '@pencraft/contracts/articles/v1/articles';
import { CONFIG, createGrpcClient, type PromiseClient } from '@pencraft/kit';
import type { CommentsConfig } from '../config.js';

export interface ArticleSummary {
  found: boolean;
  status: string;
  title: string;
  authorUids: string[];
}

/** What comments read of articles' answer (the contract with articles checks exactly this). */
export function articleSummaryOf(ref: GetArticleRefResponse): ArticleSummary {
  return { found: ref.found, status: ref.status, title: ref.title, authorUids: ref.authorUids };
}

/** Only a published article takes comments (and lists them). */
export function takesComments(article: ArticleSummary): boolean {
  return article.found && article.status === 'published';
}

/** What comments ask the articles service: may this article be commented, and who wrote it. */
export abstract class ArticleDirectory {
  abstract get(articleId: string): Promise<ArticleSummary>;
}

/** articles.v1.ArticlesService.GetArticleRef over gRPC (ARTICLES_GRPC_ADDR). */
@Injectable()
export class GrpcArticleDirectory extends ArticleDirectory implements OnApplicationShutdown {
  private readonly client: PromiseClient<ArticlesServiceClient>;

  constructor(@Inject(CONFIG) config: CommentsConfig) {
    super();
    this.client = createGrpcClient(ArticlesServiceClient, ArticlesServiceService, config.ARTICLES_GRPC_ADDR);
  }

  async get(articleId: string): Promise<ArticleSummary> {
    return articleSummaryOf(await this.client.getArticleRef({ articleId }));
  }

  onApplicationShutdown() {
    this.client.close();
  }
}
