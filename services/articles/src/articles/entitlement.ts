import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import {
  PublicationsServiceClient,
  PublicationsServiceService,
} from '@pencraft/contracts/publications/v1/publications';
import { Clock, CONFIG, createGrpcClient, type PromiseClient } from '@pencraft/kit';
import { isUuid } from '@pencraft/rules';
import type { ArticlesConfig } from '../config.js';
import { ArticleCollaboration } from '../translations/article-collaboration.js';
import { ArticleRepository } from './article.repository.js';

/** What the entitlement asks the publications service (the one place paid access is decided). */
export abstract class PaidReading {
  /** publications.CanReadInFull: the author, the owner, the members and paid subscribers whose period runs. */
  abstract canReadInFull(publicationId: string, authorUid: string, viewerUid: string): Promise<boolean>;
}

/** publications.v1.PublicationsService.CanReadInFull over gRPC (PUBLICATIONS_GRPC_ADDR). */
@Injectable()
export class GrpcPaidReading extends PaidReading implements OnApplicationShutdown {
  private readonly client: PromiseClient<PublicationsServiceClient>;

  constructor(@Inject(CONFIG) config: ArticlesConfig) {
    super();
    this.client = createGrpcClient(
      PublicationsServiceClient,
      PublicationsServiceService,
      config.PUBLICATIONS_GRPC_ADDR,
    );
  }

  async canReadInFull(publicationId: string, articleAuthorUid: string, viewerUid: string): Promise<boolean> {
    return (await this.client.canReadInFull({ publicationId, articleAuthorUid, viewerUid })).allowed;
  }

  onApplicationShutdown() {
    this.client.close();
  }
}

/** What the entitlement needs of an article. */
export interface EntitledArticle {
  id: string;
  authorId: string;
  audience: string;
  publicationId: string | null;
  /** The original's id for a translation. */
  translationOf: string | null;
}

/** A paid article's terms: who sells it (null when its publication is gone: nobody can buy it then). */
export interface PaidTerms {
  publicationId: string | null;
  /** The original's author (a translation's own author is the translator). */
  originalAuthorId: string;
}

/** How long a yes is remembered per (article, viewer). A no is never remembered: a new subscriber reads at once. */
export const ENTITLEMENT_GRANT_MS = 5_000;
const GRANTS_MAX = 10_000;

/**
 * The one decision of paid reading in the articles service: may this viewer read this article in full. A free
 * article: everyone. A paid one (its own audience paid, or a translation of a paid original: a translation of a paid
 * article is paid too): its writers (the author, the original's author, accepted co-authors) without asking, a
 * visitor never (no call), anyone else as publications.CanReadInFull answers for the publication that sells it (the
 * owner, members, paid subscribers whose period has not ended). A yes is kept ENTITLEMENT_GRANT_MS per (article,
 * viewer): a subscription that just ended reads at most that much longer; a no is asked again every time.
 */
@Injectable()
export class Entitlement {
  private readonly grants = new Map<string, number>();

  constructor(
    private readonly paid: PaidReading,
    private readonly articles: ArticleRepository,
    private readonly collaboration: ArticleCollaboration,
    private readonly clock: Clock,
  ) {}

  /** The paid terms of an article, or null for a free one. */
  async paidTerms(article: EntitledArticle): Promise<PaidTerms | null> {
    if (article.audience === 'paid') {
      let publicationId = article.publicationId;
      let originalAuthorId = article.authorId;
      if (article.translationOf) {
        const original = (await this.articles.findWithAuthor(article.translationOf))?.article;
        publicationId ??= original?.publicationId ?? null;
        originalAuthorId = original?.authorId ?? article.authorId;
      }
      return { publicationId, originalAuthorId };
    }
    if (!article.translationOf) return null;
    const original = (await this.articles.findWithAuthor(article.translationOf))?.article;
    if (original?.audience !== 'paid') return null;
    return { publicationId: original.publicationId ?? article.publicationId, originalAuthorId: original.authorId };
  }

  /** Whether the viewer (empty: a visitor) may read the article in full. */
  async mayReadInFull(article: EntitledArticle, viewerUid: string): Promise<boolean> {
    const terms = await this.paidTerms(article);
    return terms ? this.mayReadPaid(article, terms, viewerUid) : true;
  }

  /** The decision for an article already known to be paid. */
  async mayReadPaid(article: EntitledArticle, terms: PaidTerms, viewerUid: string): Promise<boolean> {
    if (!viewerUid || !isUuid(viewerUid)) return false;
    if (viewerUid === article.authorId || viewerUid === terms.originalAuthorId) return true;
    const key = `${article.id}:${viewerUid}`;
    const now = this.clock.now().getTime();
    const until = this.grants.get(key);
    if (until !== undefined) {
      if (until > now) return true;
      this.grants.delete(key);
    }
    const allowed =
      (await this.collaboration.coWrites(article.id, viewerUid)) ||
      (terms.publicationId !== null &&
        (await this.paid.canReadInFull(terms.publicationId, terms.originalAuthorId, viewerUid)));
    if (allowed) {
      if (this.grants.size >= GRANTS_MAX) this.grants.delete(this.grants.keys().next().value!);
      this.grants.set(key, now + ENTITLEMENT_GRANT_MS);
    }
    return allowed;
  }
}
