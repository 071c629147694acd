import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { ArticlesServiceClient, ArticlesServiceService } from '@pencraft/contracts/articles/v1/articles';
import { CONFIG, createGrpcClient, type PromiseClient } from '@pencraft/kit';
import type { CommentsConfig } from '../config.js';

export interface ArticleSummary {
  found: boolean;
  status: string;
  title: string;
  authorUids: string[];
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
    const ref = await this.client.getArticleRef({ articleId });
    return { found: ref.found, status: ref.status, title: ref.title, authorUids: ref.authorUids };
  }

  onApplicationShutdown() {
    this.client.close();
  }
}
