import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { EVENTS, eventSubscription } from '@pencraft/contracts/events';
import type { UserRegistered } from '@pencraft/contracts/events/v1/identity';
import { EventConsumers, type Transaction } from '@pencraft/kit';
import { AuthorRepository } from './author.repository.js';

/** Keeps the authors read model in step with identity. */
@Injectable()
export class IdentityEventsConsumer implements OnApplicationBootstrap {
  constructor(
    private readonly consumers: EventConsumers,
    private readonly authors: AuthorRepository,
  ) {}

  async onApplicationBootstrap() {
    await this.consumers.subscribe(
      eventSubscription(EVENTS.userRegistered, 'articles', (user, tx: Transaction) => this.userRegistered(user, tx)),
    );
  }

  /** A new account is a possible author: its name as of registration (a newer name already known is kept). */
  async userRegistered(user: UserRegistered, tx: Transaction) {
    await this.authors.upsert(
      tx,
      { uid: user.uid, username: user.username, fullname: user.fullname },
      new Date(user.registeredAtMs),
    );
  }
}
