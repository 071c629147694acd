import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { EVENTS, eventSubscription, outboxEvent } from '@pencraft/contracts/events';
import type { UserDeleted } from '@pencraft/contracts/events/v1/identity';
import { EventConsumers, Outbox, type Transaction } from '@pencraft/kit';
import { CommentRepository } from '../comments/comment.repository.js';
import { isUuid } from '../ids.js';

/**
 * A deleted account (identity.user.deleted): its comments lose their text and author, its votes and reports go, and
 * each comment readers saw is announced as deleted (the articles' counts follow), all in the event's transaction.
 */
@Injectable()
export class AccountDeletionConsumer implements OnApplicationBootstrap {
  constructor(
    private readonly consumers: EventConsumers,
    private readonly comments: CommentRepository,
    private readonly outbox: Outbox,
  ) {}

  async onApplicationBootstrap() {
    await this.consumers.subscribe(
      eventSubscription(EVENTS.userDeleted, 'comments', (user, tx: Transaction) => this.userDeleted(user, tx)),
    );
  }

  async userDeleted(user: UserDeleted, tx: Transaction) {
    if (!isUuid(user.uid)) return;
    const at = new Date(user.deletedAtMs || Date.now());
    const visible = await this.comments.forgetUser(tx, user.uid, at);
    for (const comment of visible) {
      await this.outbox.add(
        tx,
        outboxEvent(EVENTS.commentDeleted, {
          commentId: comment.id,
          articleId: comment.articleId,
          authorUid: user.uid,
          wasPublished: true,
          by: 'author',
          atMs: at.getTime(),
        }),
      );
    }
  }
}
