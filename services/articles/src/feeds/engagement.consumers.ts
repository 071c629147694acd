import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { EVENTS, eventSubscription } from '@pencraft/contracts/events';
import type { UserFollowed, UserUnfollowed } from '@pencraft/contracts/events/v1/identity';
import { EventConsumers, type Transaction } from '@pencraft/kit';
import { PublicCopies } from '../articles/public-copies.js';
import { EngagementRepository } from './engagement.repository.js';
import { isUuid } from './ids.js';
import { UserFollowRepository } from './user-follow.repository.js';

/**
 * What the reading lists learn from events: a published article gets its engagement row (this service's own
 * articles.article.published, so every way of publishing is covered), and who follows whom comes from identity.
 * Hearing an article announced (again) is also when the gateways' public copies of it are dropped: the change has
 * committed by then, so a copy made afterwards is of the article as it is now.
 */
@Injectable()
export class EngagementConsumers implements OnApplicationBootstrap {
  constructor(
    private readonly consumers: EventConsumers,
    private readonly engagement: EngagementRepository,
    private readonly follows: UserFollowRepository,
    private readonly publicCopies: PublicCopies,
  ) {}

  async onApplicationBootstrap() {
    await this.consumers.subscribe(
      eventSubscription(EVENTS.articlePublished, 'articles', async (article, tx: Transaction) => {
        if (!isUuid(article.articleId)) return;
        await this.engagement.refresh(tx, article.articleId);
        this.publicCopies.drop(article.articleId);
      }),
    );
    await this.consumers.subscribe(
      eventSubscription(EVENTS.userFollowed, 'articles', (follow, tx: Transaction) => this.follow(tx, follow, true)),
    );
    await this.consumers.subscribe(
      eventSubscription(EVENTS.userUnfollowed, 'articles', (follow, tx: Transaction) => this.follow(tx, follow, false)),
    );
  }

  /** An event naming no valid pair is acknowledged and ignored (retrying it could never succeed). */
  private async follow(tx: Transaction, event: UserFollowed | UserUnfollowed, following: boolean) {
    if (!isUuid(event.followerUid) || !isUuid(event.followeeUid)) return;
    await this.follows.set(tx, event.followerUid, event.followeeUid, following, new Date(event.atMs));
  }
}
