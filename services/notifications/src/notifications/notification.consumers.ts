import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { EVENTS, eventSubscription } from '@pencraft/contracts/events';
import { EventConsumers, type Transaction } from '@pencraft/kit';
import {
  articleReviewDrafts,
  articleVoteDrafts,
  badgeEarnedDrafts,
  coAuthorInvitationDrafts,
  commentPublishedDrafts,
  commentReviewDrafts,
  commentVoteDrafts,
  followerDrafts,
  paymentFailedDrafts,
  payoutUpdatedDrafts,
  publicationInvitationDrafts,
  publicationSubscriptionDrafts,
  supportReceivedDrafts,
  translationDrafts,
  welcomeDrafts,
  type NotificationDraft,
} from './notification-drafts.js';
import { NotificationService } from './notification.service.js';

/** One durable consumer per source event; each stores its drafts in the transaction that records the event. */
@Injectable()
export class NotificationConsumers implements OnApplicationBootstrap {
  constructor(
    private readonly consumers: EventConsumers,
    private readonly notifications: NotificationService,
  ) {}

  async onApplicationBootstrap() {
    const store = (drafts: NotificationDraft[], tx: Transaction) =>
      this.notifications.store(tx, drafts).then(() => undefined);
    await Promise.all([
      this.consumers.subscribe(
        eventSubscription(EVENTS.articleVoted, 'notifications', (e, tx: Transaction) =>
          store(articleVoteDrafts(e), tx),
        ),
      ),
      this.consumers.subscribe(
        eventSubscription(EVENTS.articleReviewed, 'notifications', (e, tx: Transaction, ev) =>
          store(articleReviewDrafts(e, ev.id), tx),
        ),
      ),
      this.consumers.subscribe(
        eventSubscription(EVENTS.translationPublished, 'notifications', (e, tx: Transaction, ev) =>
          store(translationDrafts(e, ev.id), tx),
        ),
      ),
      this.consumers.subscribe(
        eventSubscription(EVENTS.coAuthorInvited, 'notifications', (e, tx: Transaction, ev) =>
          store(coAuthorInvitationDrafts(e, ev.id), tx),
        ),
      ),
      this.consumers.subscribe(
        eventSubscription(EVENTS.commentPublished, 'notifications', (e, tx: Transaction) =>
          store(commentPublishedDrafts(e), tx),
        ),
      ),
      this.consumers.subscribe(
        eventSubscription(EVENTS.commentReviewed, 'notifications', (e, tx: Transaction, ev) =>
          store(commentReviewDrafts(e, ev.id), tx),
        ),
      ),
      this.consumers.subscribe(
        eventSubscription(EVENTS.commentVoted, 'notifications', (e, tx: Transaction) =>
          store(commentVoteDrafts(e), tx),
        ),
      ),
      this.consumers.subscribe(
        eventSubscription(EVENTS.userConfirmed, 'notifications', (e, tx: Transaction) => store(welcomeDrafts(e), tx)),
      ),
      this.consumers.subscribe(
        eventSubscription(EVENTS.userFollowed, 'notifications', (e, tx: Transaction) => store(followerDrafts(e), tx)),
      ),
      this.consumers.subscribe(
        eventSubscription(EVENTS.badgeEarned, 'notifications', (e, tx: Transaction) => store(badgeEarnedDrafts(e), tx)),
      ),
      this.consumers.subscribe(
        eventSubscription(EVENTS.memberInvited, 'notifications', (e, tx: Transaction) =>
          store(publicationInvitationDrafts(e), tx),
        ),
      ),
      this.consumers.subscribe(
        eventSubscription(EVENTS.subscriptionCreated, 'notifications', (e, tx: Transaction) =>
          store(publicationSubscriptionDrafts(e), tx),
        ),
      ),
      this.consumers.subscribe(
        eventSubscription(EVENTS.subscriptionPaymentFailed, 'notifications', (e, tx: Transaction) =>
          store(paymentFailedDrafts(e), tx),
        ),
      ),
      this.consumers.subscribe(
        eventSubscription(EVENTS.supportReceived, 'notifications', (e, tx: Transaction) =>
          store(supportReceivedDrafts(e), tx),
        ),
      ),
      this.consumers.subscribe(
        eventSubscription(EVENTS.payoutUpdated, 'notifications', (e, tx: Transaction) =>
          store(payoutUpdatedDrafts(e), tx),
        ),
      ),
    ]);
  }
}
