import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { EVENTS, eventSubscription } from '@pencraft/contracts/events';
import type { UserDeleted } from '@pencraft/contracts/events/v1/identity';
import { EventConsumers, type Transaction } from '@pencraft/kit';
import { DocumentRepository } from './document.repository.js';

/** A deleted account's articles leave the index (identity.user.deleted; articles removes them too). */
@Injectable()
export class AccountDeletionConsumer implements OnApplicationBootstrap {
  constructor(
    private readonly consumers: EventConsumers,
    private readonly documents: DocumentRepository,
  ) {}

  async onApplicationBootstrap() {
    await this.consumers.subscribe(
      eventSubscription(EVENTS.userDeleted, 'search', (user, tx: Transaction) => this.userDeleted(user, tx)),
    );
  }

  async userDeleted(user: UserDeleted, tx: Transaction) {
    await this.documents.removeByAuthor(tx, user.uid);
  }
}
