import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { EVENTS, eventSubscription } from '@pencraft/contracts/events';
import type { UserUpdated } from '@pencraft/contracts/events/v1/identity';
import { EventConsumers, type Transaction } from '@pencraft/kit';
import { isUuid } from '../ids.js';
import { AuthorRepository } from './author.repository.js';

/** Keeps the names and picture shown beside comments current when their author changes them. */
@Injectable()
export class UserUpdatedConsumer implements OnApplicationBootstrap {
  constructor(
    private readonly consumers: EventConsumers,
    private readonly authors: AuthorRepository,
  ) {}

  async onApplicationBootstrap() {
    await this.consumers.subscribe(
      eventSubscription(EVENTS.userUpdated, 'comments', (user, tx: Transaction) => this.userUpdated(user, tx)),
    );
  }

  /** An update older than what is known (redelivered late) changes nothing. */
  async userUpdated(user: UserUpdated, tx: Transaction) {
    if (!isUuid(user.uid)) return;
    await this.authors.upsert(
      tx,
      { uid: user.uid, username: user.username, fullname: user.fullname, imageUrl: user.imageUrl || null },
      new Date(user.updatedAtMs),
    );
  }
}
