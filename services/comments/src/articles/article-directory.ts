import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import {
  ArticlesServiceClient,
  ArticlesServiceService,
  type GetArticleRefResponse,
} from '@pencraft/contracts/articles/v1/articles';
import { CONFIG, createGrpcClient, type PromiseClient } from '@pencraft/kit';
import type { CommentsConfig } from '../config.js';
import { articleStatuses } from '@pencraft/contracts/enums/articles';
import type { ArticleStatus } from '@pencraft/rules';

export interface ArticleSummary {
  found: boolean;
  /** Undefined when articles answered a status this build does not know (or none). */
  status: ArticleStatus | undefined;
  title: string;
  authorUids: string[];
}

/** What comments read of articles' answer (the contract with articles checks exactly this). */
export function articleSummaryOf(ref: GetArticleRefResponse): ArticleSummary {
  return {
    found: ref.found,
    status: articleStatuses.fromProto(ref.status),
    title: ref.title,
    authorUids: ref.authorUids,
  };
}

/** Only a published article takes comments (and lists them). */
export function takesComments(article: ArticleSummary): boolean {
  return article.found && article.status === 'published';
}

/** What comments ask the articles service: may this article be commented, and who wrote it. */
export abstract class ArticleDirectory {
  /** The article as it is now (writing a comment checks this). */
  abstract get(articleId: string): Promise<ArticleSummary>;
  /**
   * For listing its comments: a published article as it was at most a moment ago (READ_TTL_MS), so a burst of
   * readers of one article needs one answer from articles, not one each; any other answer is asked for every time.
   */
  abstract getForReading(articleId: string): Promise<ArticleSummary>;
}

/** How long a listing may rely on an article's state it asked for. */
export const READ_TTL_MS = 2_000;

/**
 * Answers kept for READ_TTL_MS, at most `max` articles (the oldest goes first); one question in flight per article
 * is shared by everyone waiting for it. A failed question is not kept, nor an answer `keep` refuses.
 */
export class RecentAnswers<T> {
  private readonly entries = new Map<string, { at: number; value: Promise<T> }>();

  constructor(
    private readonly now: () => number = Date.now,
    private readonly ttlMs = READ_TTL_MS,
    private readonly max = 1_000,
  ) {}

  get(key: string, ask: () => Promise<T>, keep: (value: T) => boolean = () => true): Promise<T> {
    const now = this.now();
    const entry = this.entries.get(key);
    if (entry && now - entry.at < this.ttlMs) return entry.value;
    if (entry) this.entries.delete(key);
    if (this.entries.size >= this.max) this.entries.delete(this.entries.keys().next().value!);
    const value = ask();
    this.entries.set(key, { at: now, value });
    const forget = () => {
      if (this.entries.get(key)?.value === value) this.entries.delete(key);
    };
    value.then((answer) => {
      if (!keep(answer)) forget();
    }, forget);
    return value;
  }
}

/** articles.v1.ArticlesService.GetArticleRef over gRPC (ARTICLES_GRPC_ADDR). */
@Injectable()
export class GrpcArticleDirectory extends ArticleDirectory implements OnApplicationShutdown {
  private readonly client: PromiseClient<ArticlesServiceClient>;

  constructor(@Inject(CONFIG) config: CommentsConfig) {
    super();
    this.client = createGrpcClient(ArticlesServiceClient, ArticlesServiceService, config.ARTICLES_GRPC_ADDR);
  }

  private readonly recent = new RecentAnswers<ArticleSummary>();

  async get(articleId: string): Promise<ArticleSummary> {
    return articleSummaryOf(await this.client.getArticleRef({ articleId }));
  }

  getForReading(articleId: string): Promise<ArticleSummary> {
    // Only a published article's answer is kept: one that is not yet published lists at once when it is.
    return this.recent.get(articleId, () => this.get(articleId), takesComments);
  }

  onApplicationShutdown() {
    this.client.close();
  }
}
