import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { EVENTS, eventSubscription } from '@pencraft/contracts/events';
import { EventConsumers, type Transaction } from '@pencraft/kit';
import { EngagementRepository } from '../feeds/engagement.repository.js';
import { isUuid } from '../feeds/ids.js';

/**
 * The comments count of an article's meta and statistics: one more for each comment moderation publishes, one less
 * for each published comment that leaves (deleted by its author or removed by moderation). The kit runs each event
 * once (processed-event record in the same transaction), so the count neither misses nor doubles one.
 */
@Injectable()
export class CommentCountConsumers implements OnApplicationBootstrap {
  constructor(
    private readonly consumers: EventConsumers,
    private readonly engagement: EngagementRepository,
  ) {}

  async onApplicationBootstrap() {
    await this.consumers.subscribe(
      eventSubscription(EVENTS.commentPublished, 'articles', async (comment, tx: Transaction) => {
        if (isUuid(comment.articleId)) await this.engagement.addComments(tx, comment.articleId, 1);
      }),
    );
    await this.consumers.subscribe(
      eventSubscription(EVENTS.commentDeleted, 'articles', async (comment, tx: Transaction) => {
        if (comment.wasPublished && isUuid(comment.articleId)) {
          await this.engagement.addComments(tx, comment.articleId, -1);
        }
      }),
    );
  }
}
