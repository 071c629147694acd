import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { UserRegistered } from '@pencraft/contracts/events/v1/identity';
import { EventConsumers } from '@pencraft/kit';
import { AuthorRepository } from './author.repository.js';

/** Keeps the authors read model in step with identity. */
@Injectable()
export class IdentityEventsConsumer implements OnApplicationBootstrap {
  constructor(
    private readonly consumers: EventConsumers,
    private readonly authors: AuthorRepository,
  ) {}

  async onApplicationBootstrap() {
    await this.consumers.subscribe({
      durable: 'articles-identity-users',
      subjects: ['identity.user.registered'],
      handler: async (event, tx) => {
        const user = UserRegistered.decode(event.data);
        await this.authors.upsert(
          tx,
          { uid: user.uid, username: user.username, fullname: user.fullname },
          new Date(user.registeredAtMs),
        );
      },
    });
  }
}
