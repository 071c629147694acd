import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { EVENTS, eventSubscription } from '@pencraft/contracts/events';
import type { ArticleDetached, PublicationDeleted } from '@pencraft/contracts/events/v1/publications';
import { EventConsumers, type Transaction } from '@pencraft/kit';
import { isUuid } from '@pencraft/rules';
import { PublicationLinkRepository } from './publication-link.repository.js';

/**
 * What a publication decides about its articles, applied to them: a detached article and every article of a deleted
 * publication stay under their authors, on their personal blogs (with their open drafts and edits). The kit runs
 * each event once (its id recorded in the same transaction), and both changes are idempotent anyway.
 */
@Injectable()
export class PublicationEventsConsumer implements OnApplicationBootstrap {
  constructor(
    private readonly consumers: EventConsumers,
    private readonly links: PublicationLinkRepository,
  ) {}

  async onApplicationBootstrap() {
    await this.consumers.subscribe(
      eventSubscription(EVENTS.publicationArticleDetached, 'articles', (event, tx: Transaction) =>
        this.articleDetached(event, tx),
      ),
    );
    await this.consumers.subscribe(
      eventSubscription(EVENTS.publicationDeleted, 'articles', (event, tx: Transaction) =>
        this.publicationDeleted(event, tx),
      ),
    );
  }

  async articleDetached(event: ArticleDetached, tx: Transaction) {
    if (!isUuid(event.articleId) || !isUuid(event.publicationId)) return;
    await this.links.detachArticle(tx, event.articleId, event.publicationId);
  }

  async publicationDeleted(event: PublicationDeleted, tx: Transaction) {
    if (!isUuid(event.publicationId)) return;
    await this.links.leavePublication(tx, event.publicationId);
  }
}
