import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { EVENTS, eventSubscription } from '@pencraft/contracts/events';
import type { ArticleDetached, PublicationDeleted } from '@pencraft/contracts/events/v1/publications';
import { EventConsumers, type Transaction } from '@pencraft/kit';
import { isUuid } from '@pencraft/rules';
import { ArticleAnnouncements } from '../articles/article-announcements.js';
import { PublicationLinkRepository } from './publication-link.repository.js';

/**
 * What a publication decides about its articles, applied to them: a detached article and every article of a deleted
 * publication stay under their authors, on their personal blogs (with their open drafts and edits). An article that
 * left, and its translations, are announced again in the same transaction (articles.article.published), so search's
 * documents and the gateways' public copies stop naming the publication. The kit runs each event once (its id
 * recorded in the same transaction), and both changes are idempotent anyway: an article that had left already is not
 * announced again.
 */
@Injectable()
export class PublicationEventsConsumer implements OnApplicationBootstrap {
  constructor(
    private readonly consumers: EventConsumers,
    private readonly links: PublicationLinkRepository,
    private readonly announcements: ArticleAnnouncements,
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
    if (await this.links.detachArticle(tx, event.articleId, event.publicationId)) {
      await this.announceLeft(tx, [event.articleId]);
    }
  }

  async publicationDeleted(event: PublicationDeleted, tx: Transaction) {
    if (!isUuid(event.publicationId)) return;
    await this.announceLeft(tx, await this.links.leavePublication(tx, event.publicationId));
  }

  private async announceLeft(tx: Transaction, articleIds: string[]) {
    for (const id of articleIds) {
      await this.announcements.announceAgain(tx, id);
      await this.announcements.announceTranslations(tx, id);
    }
  }
}
