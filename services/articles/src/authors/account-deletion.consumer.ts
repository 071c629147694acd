import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { EVENTS, eventSubscription, outboxEvent } from '@pencraft/contracts/events';
import type { UserDeleted } from '@pencraft/contracts/events/v1/identity';
import { Clock, EventConsumers, Outbox, type Transaction } from '@pencraft/kit';
import { articleRemovalReasons } from '@pencraft/contracts/enums/article-events';
import { ArticleRepository } from '../articles/article.repository.js';
import { CoAuthorRepository } from '../coauthors/coauthor.repository.js';
import { EngagementRepository } from '../feeds/engagement.repository.js';
import { MediaService } from '../media/media.service.js';
import { AuthorRepository } from './author.repository.js';

/**
 * A deleted account's articles go with it (identity.user.deleted). Removed rather than anonymised: the person asked
 * for their account to be deleted for good, and what they wrote under their name is theirs; an article without its
 * author would also be one nobody can edit or answer for. Search drops them on the same event. Their editor images
 * (articles/<uid>/ in the object store) go too, and so do their votes (leaving the counts), bookmarks, collections and
 * follows. Each published article that goes is announced as articles.article.removed in the same transaction.
 */
@Injectable()
export class AccountDeletionConsumer implements OnApplicationBootstrap {
  constructor(
    private readonly consumers: EventConsumers,
    private readonly articles: ArticleRepository,
    private readonly authors: AuthorRepository,
    private readonly media: MediaService,
    private readonly engagement: EngagementRepository,
    private readonly coAuthors: CoAuthorRepository,
    private readonly outbox: Outbox,
    private readonly clock: Clock,
  ) {}

  async onApplicationBootstrap() {
    await this.consumers.subscribe(
      eventSubscription(EVENTS.userDeleted, 'articles', (user, tx: Transaction) => this.userDeleted(user, tx)),
    );
  }

  /** Deleting what is already gone does nothing, so a redelivered event is harmless even without the record. */
  async userDeleted(user: UserDeleted, tx: Transaction) {
    const published = await this.articles.listPublishedIdsByAuthor(tx, user.uid);
    await this.articles.deleteByAuthor(tx, user.uid);
    const atMs = this.clock.now().getTime();
    const reason = articleRemovalReasons.toProto('accountDeleted');
    for (const articleId of published) {
      await this.outbox.add(tx, outboxEvent(EVENTS.articleRemoved, { articleId, authorUid: user.uid, reason, atMs }));
    }
    await this.authors.remove(tx, user.uid);
    // The co-author invitations they sent or received (their own drafts' and articles' go with those rows).
    await this.coAuthors.forgetUser(tx, user.uid);
    await this.engagement.forgetUser(tx, user.uid);
    await this.media.forgetOwner(user.uid, tx);
  }
}
