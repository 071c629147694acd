import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { ArticlesServiceClient, ArticlesServiceService, ArticleStatus } from '@pencraft/contracts/articles/v1/articles';
import { ProfileServiceClient, ProfileServiceService } from '@pencraft/contracts/identity/v1/profile';
import { CONFIG, createGrpcClient, type PromiseClient } from '@pencraft/kit';
import type { DonationsConfig } from '../config.js';

/** What eligibility is decided from (SPEC.md section 6), as identity and articles know it. */
export interface EligibilityFacts {
  /** ISO 3166-1 alpha-2 from the profile; '' when not given. */
  country: string;
  phoneVerified: boolean;
  /** The author's newest published article, ms; 0 when none. */
  lastPublishedAtMs: number;
}

/** The people and articles the donations service asks about. */
export abstract class Directory {
  /** A user's eligibility facts; throws when identity or articles cannot answer. */
  abstract eligibilityFacts(uid: string): Promise<EligibilityFacts>;
  /** Whether the article is published and the user is one of its authors. */
  abstract isPublishedArticleOf(articleId: string, uid: string): Promise<boolean>;
}

/**
 * identity.v1.ProfileService (GetProfile: the country; GetAccountSummary: whether the phone is verified) and
 * articles.v1.ArticlesService (ListAuthorArticles: the newest published article; GetArticleRef) over gRPC.
 */
@Injectable()
export class GrpcDirectory extends Directory implements OnApplicationShutdown {
  private readonly profiles: PromiseClient<ProfileServiceClient>;
  private readonly articles: PromiseClient<ArticlesServiceClient>;

  constructor(@Inject(CONFIG) config: Pick<DonationsConfig, 'IDENTITY_GRPC_ADDR' | 'ARTICLES_GRPC_ADDR'>) {
    super();
    this.profiles = createGrpcClient(ProfileServiceClient, ProfileServiceService, config.IDENTITY_GRPC_ADDR);
    this.articles = createGrpcClient(ArticlesServiceClient, ArticlesServiceService, config.ARTICLES_GRPC_ADDR);
  }

  async eligibilityFacts(uid: string): Promise<EligibilityFacts> {
    const [profile, summary, articles] = await Promise.all([
      this.profiles.getProfile({ uid }),
      this.profiles.getAccountSummary({ uid }),
      this.articles.listAuthorArticles({ authorUid: uid, page: 1, pageSize: 1 }),
    ]);
    return {
      country: profile.profile?.country ?? '',
      phoneVerified: summary.phoneVerified,
      lastPublishedAtMs: articles.items[0]?.publishedAtMs ?? 0,
    };
  }

  async isPublishedArticleOf(articleId: string, uid: string): Promise<boolean> {
    const ref = await this.articles.getArticleRef({ articleId });
    return ref.found && ref.status === ArticleStatus.ARTICLE_STATUS_PUBLISHED && ref.authorUids.includes(uid);
  }

  onApplicationShutdown() {
    this.profiles.close();
    this.articles.close();
  }
}
