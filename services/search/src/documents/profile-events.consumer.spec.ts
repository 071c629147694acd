import { beforeEach, describe, expect, it } from '@jest/globals';
import { EVENTS } from '@pencraft/contracts/events';
import { Language } from '@pencraft/contracts/common/v1/common';
import type { EventConsumers, Subscription } from '@pencraft/kit';
import { strictMock, TX, type StrictMock } from '@pencraft/testing';
import type { DocumentRepository } from './document.repository.js';
import { ProfileEventsConsumer } from './profile-events.consumer.js';

const UID = '0b9f6a1e-2c3d-4e5f-8a7b-9c0d1e2f3a4b';
const PUBLICATION = '7e6d5c4b-3a2f-4e1d-9c8b-7a6f5e4d3c2b';

describe('ProfileEventsConsumer', () => {
  let consumers: StrictMock<EventConsumers>;
  let documents: StrictMock<DocumentRepository>;
  const subscriptions = new Map<string, Subscription>();

  beforeEach(async () => {
    consumers = strictMock<EventConsumers>('EventConsumers');
    documents = strictMock<DocumentRepository>('DocumentRepository');
    consumers.subscribe.mockImplementation(async (subscription: Subscription) => {
      subscriptions.set(subscription.subjects[0]!, subscription);
    });
    for (const method of ['upsert', 'updateUser', 'renameAuthor', 'updatePublication', 'remove'] as const)
      documents[method].mockResolvedValue(undefined);
    await new ProfileEventsConsumer(consumers, documents).onApplicationBootstrap();
  });

  const deliver = <M>(
    event: { subject: string; type: string; message: { encode(m: M): { finish(): Uint8Array } } },
    m: M,
  ) =>
    subscriptions
      .get(event.subject)!
      .handler({ id: 'e-1', subject: event.subject, type: event.type, data: event.message.encode(m).finish() }, TX);

  it('subscribes with its declared durable consumers', () => {
    for (const event of [
      EVENTS.userRegistered,
      EVENTS.userUpdated,
      EVENTS.publicationCreated,
      EVENTS.publicationUpdated,
      EVENTS.publicationDeleted,
    ]) {
      expect(subscriptions.get(event.subject)?.durable).toBe(event.consumers.search);
    }
  });

  it('indexes a registered user by full name and username, in their language', async () => {
    await deliver(EVENTS.userRegistered, {
      uid: UID,
      username: 'leyla',
      fullname: 'Leyla Həsənova',
      lang: Language.LANGUAGE_RU,
      registeredAtMs: 5000,
    });
    expect(documents.upsert).toHaveBeenCalledWith(
      TX,
      expect.objectContaining({
        id: UID,
        kind: 'user',
        title: 'Leyla Həsənova',
        description: 'leyla',
        handle: 'leyla',
        language: 'ru',
        publishedAt: new Date(5000),
      }),
    );
  });

  it("renames the user's document and their name on their articles", async () => {
    await deliver(EVENTS.userUpdated, {
      uid: UID,
      username: 'leyla2',
      fullname: 'Leyla H.',
      imageUrl: '',
      updatedAtMs: 1,
    });
    expect(documents.updateUser).toHaveBeenCalledWith(TX, UID, 'leyla2', 'Leyla H.');
    expect(documents.renameAuthor).toHaveBeenCalledWith(TX, UID, 'leyla2', 'Leyla H.');
  });

  it('indexes a publication as created and updated, and drops it when deleted', async () => {
    const publication = {
      publicationId: PUBLICATION,
      ownerUid: UID,
      name: 'Bakı Gündəliyi',
      slug: 'baki',
      description: 'Şəhər xəbərləri',
    };
    await deliver(EVENTS.publicationCreated, { ...publication, createdAtMs: 7000 });
    expect(documents.upsert).toHaveBeenCalledWith(
      TX,
      expect.objectContaining({
        id: PUBLICATION,
        kind: 'publication',
        title: 'Bakı Gündəliyi',
        handle: 'baki',
        authorUid: UID,
      }),
    );
    await deliver(EVENTS.publicationUpdated, {
      ...publication,
      name: 'Bakı',
      logoKey: '',
      coverKey: '',
      previousSlug: 'baki',
      updatedAtMs: 8000,
    });
    expect(documents.updatePublication).toHaveBeenCalledWith(TX, expect.objectContaining({ title: 'Bakı' }));
    await deliver(EVENTS.publicationDeleted, {
      publicationId: PUBLICATION,
      ownerUid: UID,
      slug: 'baki',
      memberUids: [],
      deletedAtMs: 9,
    });
    expect(documents.remove).toHaveBeenCalledWith(TX, PUBLICATION);
  });

  it('ignores an event without a valid id', async () => {
    await deliver(EVENTS.userRegistered, { uid: 'nope', username: 'x', fullname: 'x', lang: 0, registeredAtMs: 0 });
    expect(documents.upsert).not.toHaveBeenCalled();
  });
});
