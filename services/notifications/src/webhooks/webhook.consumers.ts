import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { EVENTS, eventSubscription } from '@pencraft/contracts/events';
import { Clock, CONFIG, EventConsumers, type Transaction } from '@pencraft/kit';
import type { NotificationsConfig } from '../config.js';
import {
  articlePublishedMessage,
  articleRemovedMessage,
  commentPublishedMessage,
  subscriptionEndedMessage,
  subscriptionStartedMessage,
  type WebhookMessage,
} from './webhook-payloads.js';
import { WebhookRepository } from './webhook.repository.js';

/**
 * Turns the platform's events into webhook deliveries: one durable consumer per event (notifications-webhooks-*),
 * each adding, in the transaction that records the event, one pending delivery per enabled endpoint subscribed to
 * its type (a redelivered event adds none). The dispatcher sends them.
 */
@Injectable()
export class WebhookConsumers implements OnApplicationBootstrap {
  constructor(
    private readonly consumers: EventConsumers,
    private readonly repository: WebhookRepository,
    private readonly clock: Clock,
    @Inject(CONFIG) private readonly config: NotificationsConfig,
  ) {}

  async onApplicationBootstrap() {
    const origin = this.config.PUBLIC_ORIGIN;
    const consumer = 'notifications-webhooks' as const;
    await Promise.all([
      this.consumers.subscribe(
        eventSubscription(EVENTS.articlePublished, consumer, (e, tx: Transaction, ev) =>
          this.fanOut(tx, ev.id, articlePublishedMessage(e, origin)),
        ),
      ),
      this.consumers.subscribe(
        eventSubscription(EVENTS.articleRemoved, consumer, (e, tx: Transaction, ev) =>
          this.fanOut(tx, ev.id, articleRemovedMessage(e)),
        ),
      ),
      this.consumers.subscribe(
        eventSubscription(EVENTS.commentPublished, consumer, (e, tx: Transaction, ev) =>
          this.fanOut(tx, ev.id, commentPublishedMessage(e, origin)),
        ),
      ),
      this.consumers.subscribe(
        eventSubscription(EVENTS.subscriptionCreated, consumer, (e, tx: Transaction, ev) =>
          this.fanOut(tx, ev.id, subscriptionStartedMessage(e)),
        ),
      ),
      this.consumers.subscribe(
        eventSubscription(EVENTS.subscriptionCancelled, consumer, (e, tx: Transaction, ev) =>
          this.fanOut(tx, ev.id, subscriptionEndedMessage(e)),
        ),
      ),
    ]);
  }

  async fanOut(tx: Transaction, eventId: string, message: WebhookMessage): Promise<void> {
    await this.repository.fanOut(tx, eventId, message.type, JSON.stringify(message), this.clock.now());
  }
}
