import { describe, expect, it } from '@jest/globals';
import { EVENTS } from '@pencraft/contracts/events';
import type { EventConsumers, Subscription } from '@pencraft/kit';
import { strictMock, TX } from '@pencraft/testing';
import { AccountDeletionConsumer } from './account-deletion.consumer.js';
import type { DocumentRepository } from './document.repository.js';

describe('AccountDeletionConsumer (search)', () => {
  it("drops the deleted account's documents in the event's transaction", async () => {
    const consumers = strictMock<EventConsumers>('EventConsumers');
    const documents = strictMock<DocumentRepository>('DocumentRepository');
    consumers.subscribe.mockResolvedValue(undefined);
    documents.removeByAuthor.mockResolvedValue(undefined);

    await new AccountDeletionConsumer(consumers, documents).onApplicationBootstrap();
    const subscription = consumers.subscribe.mock.calls[0]![0] as Subscription;
    expect(subscription.durable).toBe(EVENTS.userDeleted.consumers.search);
    expect(subscription.subjects).toEqual([EVENTS.userDeleted.subject]);

    const data = EVENTS.userDeleted.message.encode({ uid: 'u-1', deletedAtMs: 1 }).finish();
    await subscription.handler({ id: 'e-1', subject: EVENTS.userDeleted.subject, type: '', data }, TX);

    expect(documents.removeByAuthor).toHaveBeenCalledWith(TX, 'u-1');
  });
});
