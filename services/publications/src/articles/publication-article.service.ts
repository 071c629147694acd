import { Injectable } from '@nestjs/common';
import { EVENTS, outboxEvent } from '@pencraft/contracts/events';
import type * as pb from '@pencraft/contracts/publications/v1/publications';
import { AppError } from '@pencraft/errors';
import { Clock, Outbox, TransactionManager } from '@pencraft/kit';
import { isUuid } from '@pencraft/rules';
import { MemberRepository } from '../members/member.repository.js';
import { actorOf, authorize, publicationFor, publicationOf } from '../publications/publication.access.js';
import { PublicationRepository } from '../publications/publication.repository.js';
import { PublicationArticleRepository } from './publication-article.repository.js';

function articleIdOf(id: string): string {
  if (!isUuid(id)) throw new AppError('ArticleNotFound');
  return id;
}

/**
 * What a publication decides about its articles (articles owns them and tells who wrote one): the owner pins and
 * unpins; the owner detaches any article and a member their own. A detached article stays under its author.
 */
@Injectable()
export class PublicationArticleService {
  constructor(
    private readonly transactions: TransactionManager,
    private readonly publications: PublicationRepository,
    private readonly members: MemberRepository,
    private readonly articles: PublicationArticleRepository,
    private readonly outbox: Outbox,
    private readonly clock: Clock,
  ) {}

  private get repositories() {
    return { publications: this.publications, members: this.members };
  }

  async pin(request: pb.PinArticleRequest): Promise<void> {
    const actor = actorOf(request.actorUid);
    const articleId = articleIdOf(request.articleId);
    if (!isUuid(request.articleAuthorUid)) throw new AppError('ArticleNotFound');
    const now = this.clock.now();
    await this.transactions.run(async (tx) => {
      const { publication } = await publicationFor(this.repositories, tx, request.publicationId, actor, 'pinArticles');
      const record = await this.articles.lock(tx, articleId);
      if (record && (record.publicationId !== publication.id || record.detachedAt)) {
        throw new AppError('ArticleNotFound');
      }
      if (record?.pinned) return;
      await this.articles.save(tx, {
        articleId,
        publicationId: publication.id,
        authorUid: record?.authorUid ?? request.articleAuthorUid,
        pinned: true,
        pinnedAt: now,
        detachedAt: null,
        detachedByUid: null,
      });
    });
  }

  async unpin(request: pb.UnpinArticleRequest): Promise<void> {
    const actor = actorOf(request.actorUid);
    const articleId = articleIdOf(request.articleId);
    await this.transactions.run(async (tx) => {
      const { publication } = await publicationFor(this.repositories, tx, request.publicationId, actor, 'pinArticles');
      const record = await this.articles.lock(tx, articleId);
      if (!record || record.publicationId !== publication.id || !record.pinned) return;
      await this.articles.save(tx, { ...record, pinned: false, pinnedAt: null });
    });
  }

  /** The owner detaches any article; a member only their own (the recorded author wins over the request's). */
  async detach(request: pb.DetachArticleRequest): Promise<void> {
    const actor = actorOf(request.actorUid);
    const articleId = articleIdOf(request.articleId);
    if (!isUuid(request.articleAuthorUid)) throw new AppError('ArticleNotFound');
    const now = this.clock.now();
    await this.transactions.run(async (tx) => {
      const publication = await publicationOf(this.publications, tx, request.publicationId);
      const role = await this.members.roleOf(tx, publication.id, actor);
      const record = await this.articles.lock(tx, articleId);
      if (record && record.publicationId !== publication.id) throw new AppError('ArticleNotFound');
      if (record?.detachedAt) throw new AppError('ArticleNotFound');
      const authorUid = record?.authorUid ?? request.articleAuthorUid;
      authorize(role, authorUid === actor ? 'detachOwnArticle' : 'detachAnyArticle');
      await this.articles.save(tx, {
        articleId,
        publicationId: publication.id,
        authorUid,
        pinned: false,
        pinnedAt: null,
        detachedAt: now,
        detachedByUid: actor,
      });
      await this.outbox.add(
        tx,
        outboxEvent(EVENTS.publicationArticleDetached, {
          publicationId: publication.id,
          articleId,
          authorUid,
          byUid: actor,
          atMs: now.getTime(),
        }),
      );
    });
  }

  async pinned(request: pb.ListPinnedArticlesRequest): Promise<pb.ListPinnedArticlesResponse> {
    const publication = await this.transactions.run((tx) =>
      publicationOf(this.publications, tx, request.publicationId),
    );
    return { articleIds: await this.articles.pinnedIds(publication.id) };
  }
}
