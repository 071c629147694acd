import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { EVENTS, eventSubscription } from '@pencraft/contracts/events';
import { EventConsumers, type Transaction } from '@pencraft/kit';
import { StandingService } from './standing.service.js';

/** identity's durable consumers for standing: each applies its event in the transaction that records it. */
@Injectable()
export class StandingConsumers implements OnApplicationBootstrap {
  constructor(
    private readonly consumers: EventConsumers,
    private readonly standing: StandingService,
  ) {}

  async onApplicationBootstrap() {
    const s = this.standing;
    await Promise.all([
      this.consumers.subscribe(
        eventSubscription(EVENTS.articleVoted, 'identity', (e, tx: Transaction, ev) => s.articleVoted(tx, e, ev.id)),
      ),
      this.consumers.subscribe(
        eventSubscription(EVENTS.articleCounted, 'identity', (e, tx: Transaction) => s.articleCounted(tx, e)),
      ),
      this.consumers.subscribe(
        eventSubscription(EVENTS.articleReviewed, 'identity', (e, tx: Transaction, ev) =>
          s.articleReviewed(tx, e, ev.id),
        ),
      ),
      this.consumers.subscribe(
        eventSubscription(EVENTS.commentVoted, 'identity', (e, tx: Transaction, ev) => s.commentVoted(tx, e, ev.id)),
      ),
      this.consumers.subscribe(
        eventSubscription(EVENTS.commentPublished, 'identity', (e, tx: Transaction) => s.commentPublished(tx, e)),
      ),
      this.consumers.subscribe(
        eventSubscription(EVENTS.commentDeleted, 'identity', (e, tx: Transaction) => s.commentDeleted(tx, e)),
      ),
      this.consumers.subscribe(
        eventSubscription(EVENTS.userBanned, 'identity', (e, tx: Transaction, ev) => s.userBanned(tx, e, ev.id)),
      ),
      this.consumers.subscribe(
        eventSubscription(EVENTS.userFollowed, 'identity', (e, tx: Transaction) => s.userFollowed(tx, e)),
      ),
      this.consumers.subscribe(
        eventSubscription(EVENTS.supportReceived, 'identity', (e, tx: Transaction) => s.supportReceived(tx, e)),
      ),
      this.consumers.subscribe(
        eventSubscription(EVENTS.supporterTotal, 'identity', (e, tx: Transaction) => s.supporterTotal(tx, e)),
      ),
    ]);
  }
}
