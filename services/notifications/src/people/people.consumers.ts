import { languages } from '@pencraft/contracts/enums';
import { DEFAULT_LANG } from '@pencraft/rules';
import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { EVENTS, eventSubscription } from '@pencraft/contracts/events';
import { EventConsumers, type Transaction } from '@pencraft/kit';
import { PersonRepository } from './person.repository.js';

/** Keeps the people read model in step with identity: names, language, switches, and deleted accounts gone. */
@Injectable()
export class PeopleConsumers implements OnApplicationBootstrap {
  constructor(
    private readonly consumers: EventConsumers,
    private readonly people: PersonRepository,
  ) {}

  async onApplicationBootstrap() {
    await Promise.all([
      this.consumers.subscribe(
        eventSubscription(EVENTS.userRegistered, 'notifications', (user, tx: Transaction) =>
          this.people.registered(
            tx,
            user.uid,
            { username: user.username, fullname: user.fullname },
            languages.fromProto(user.lang) ?? DEFAULT_LANG,
            new Date(user.registeredAtMs),
          ),
        ),
      ),
      this.consumers.subscribe(
        eventSubscription(EVENTS.userUpdated, 'notifications', (user, tx: Transaction) =>
          this.people.namesChanged(
            tx,
            user.uid,
            { username: user.username, fullname: user.fullname, imageUrl: user.imageUrl || null },
            new Date(user.updatedAtMs),
          ),
        ),
      ),
      this.consumers.subscribe(
        eventSubscription(EVENTS.userDeleted, 'notifications', (user, tx: Transaction) =>
          this.people.deleted(tx, user.uid),
        ),
      ),
      this.consumers.subscribe(
        eventSubscription(EVENTS.preferencesUpdated, 'notifications', (change, tx: Transaction) =>
          this.people.preferencesChanged(
            tx,
            change.uid,
            {
              lang: languages.fromProto(change.lang) ?? DEFAULT_LANG,
              settings: { ...(change.notifications ?? {}) },
              mail: { ...(change.notificationMail ?? {}) },
            },
            new Date(change.updatedAtMs),
          ),
        ),
      ),
    ]);
  }
}
