import { Injectable } from '@nestjs/common';
import { EVENTS, outboxEvent } from '@pencraft/contracts/events';
import { Outbox, type Queryable } from '@pencraft/kit';
import { publishedEvent } from './article.events.js';
import { ArticleRepository, type ArticleWithAuthor } from './article.repository.js';

/**
 * articles.article.published, written in the caller's transaction: for an article that became visible, and again
 * whenever what readers see of a published one changes (an approved edit, leaving a publication, its audience, or
 * for a translation its original's). Each announcement replaces what consumers hold of it: search's document (only a
 * teaser's text for a paid article) and the gateways' public copies (dropped when this service hears it back).
 */
@Injectable()
export class ArticleAnnouncements {
  constructor(
    private readonly articles: ArticleRepository,
    private readonly outbox: Outbox,
  ) {}

  /**
   * Announces the article as it is. Paid: its own audience, or a translation's original's (the entitlement's rule);
   * its publication: its own, or a translation's original's. `firstPublication` when it has just become visible.
   */
  async announce(tx: Queryable, found: ArticleWithAuthor, firstPublication = false): Promise<void> {
    const { article } = found;
    const original = article.translationOf
      ? (await this.articles.findWithAuthor(article.translationOf, tx))?.article
      : undefined;
    const paid = article.audience === 'paid' || original?.audience === 'paid';
    const publicationId = article.publicationId ?? original?.publicationId ?? null;
    await this.outbox.add(
      tx,
      outboxEvent(EVENTS.articlePublished, publishedEvent(found, paid, publicationId, firstPublication)),
    );
  }

  /** Announces the article again if it is published (nothing was announced of one that is not). */
  async announceAgain(tx: Queryable, articleId: string): Promise<void> {
    const found = await this.articles.findWithAuthor(articleId, tx);
    if (found?.article.status === 'published') await this.announce(tx, found);
  }

  /** Announces again the published translations of an original whose audience or publication changed. */
  async announceTranslations(tx: Queryable, originalId: string): Promise<void> {
    for (const id of await this.articles.listPublishedTranslationIds(tx, originalId)) {
      await this.announceAgain(tx, id);
    }
  }
}
