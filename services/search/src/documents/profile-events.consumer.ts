import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { EVENTS, eventSubscription } from '@pencraft/contracts/events';
import type { UserRegistered, UserUpdated } from '@pencraft/contracts/events/v1/identity';
import type {
  PublicationCreated,
  PublicationDeleted,
  PublicationUpdated,
} from '@pencraft/contracts/events/v1/publications';
import { languages } from '@pencraft/contracts/enums';
import { EventConsumers, type Transaction } from '@pencraft/kit';
import { DEFAULT_LANG, isUuid } from '@pencraft/rules';
import { DocumentRepository, type DocumentInput } from './document.repository.js';

/** A user's search document: found by their full name (title) and username (description). */
export function documentFromUser(user: UserRegistered): DocumentInput {
  return {
    id: user.uid,
    kind: 'user',
    title: user.fullname,
    description: user.username,
    body: '',
    language: languages.fromProto(user.lang) ?? DEFAULT_LANG,
    category: '',
    authorUid: user.uid,
    authorUsername: user.username,
    authorFullname: user.fullname,
    publicationId: null,
    handle: user.username,
    publishedAt: new Date(Number(user.registeredAtMs) || Date.now()),
  };
}

/** A publication's search document: found by its name, description and slug; its owner is its author. */
export function documentFromPublication(
  publication: Pick<PublicationCreated, 'publicationId' | 'ownerUid' | 'name' | 'slug' | 'description'>,
  at: number,
): DocumentInput {
  return {
    id: publication.publicationId,
    kind: 'publication',
    title: publication.name,
    description: publication.description,
    body: publication.slug,
    language: DEFAULT_LANG,
    category: '',
    authorUid: publication.ownerUid,
    authorUsername: '',
    authorFullname: '',
    publicationId: publication.publicationId,
    handle: publication.slug,
    publishedAt: new Date(at || Date.now()),
  };
}

/**
 * Users and publications in the index, from their owners' events: identity.user.registered and .updated (a user's
 * document, and their new names on their articles), publications.publication.created, .updated and .deleted. Each
 * announcement replaces what the index holds (a redelivery writes the same row again).
 */
@Injectable()
export class ProfileEventsConsumer implements OnApplicationBootstrap {
  constructor(
    private readonly consumers: EventConsumers,
    private readonly documents: DocumentRepository,
  ) {}

  async onApplicationBootstrap() {
    await this.consumers.subscribe(
      eventSubscription(EVENTS.userRegistered, 'search', (user, tx: Transaction) => this.userRegistered(user, tx)),
    );
    await this.consumers.subscribe(
      eventSubscription(EVENTS.userUpdated, 'search', (user, tx: Transaction) => this.userUpdated(user, tx)),
    );
    await this.consumers.subscribe(
      eventSubscription(EVENTS.publicationCreated, 'search', (publication, tx: Transaction) =>
        this.publicationCreated(publication, tx),
      ),
    );
    await this.consumers.subscribe(
      eventSubscription(EVENTS.publicationUpdated, 'search', (publication, tx: Transaction) =>
        this.publicationUpdated(publication, tx),
      ),
    );
    await this.consumers.subscribe(
      eventSubscription(EVENTS.publicationDeleted, 'search', (publication, tx: Transaction) =>
        this.publicationDeleted(publication, tx),
      ),
    );
  }

  async userRegistered(user: UserRegistered, tx: Transaction) {
    if (!isUuid(user.uid)) return;
    await this.documents.upsert(tx, documentFromUser(user));
  }

  /** The user's document keeps its language and time; their names change everywhere they are shown. */
  async userUpdated(user: UserUpdated, tx: Transaction) {
    if (!isUuid(user.uid)) return;
    await this.documents.updateUser(tx, user.uid, user.username, user.fullname);
    await this.documents.renameAuthor(tx, user.uid, user.username, user.fullname);
  }

  async publicationCreated(publication: PublicationCreated, tx: Transaction) {
    if (!isUuid(publication.publicationId) || !isUuid(publication.ownerUid)) return;
    await this.documents.upsert(tx, documentFromPublication(publication, Number(publication.createdAtMs)));
  }

  /** Replaces what the index holds, keeping when the publication was created. */
  async publicationUpdated(publication: PublicationUpdated, tx: Transaction) {
    if (!isUuid(publication.publicationId) || !isUuid(publication.ownerUid)) return;
    await this.documents.updatePublication(tx, documentFromPublication(publication, Number(publication.updatedAtMs)));
  }

  async publicationDeleted(publication: PublicationDeleted, tx: Transaction) {
    if (!isUuid(publication.publicationId)) return;
    await this.documents.remove(tx, publication.publicationId);
  }
}
