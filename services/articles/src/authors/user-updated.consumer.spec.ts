import { describe, expect, it } from '@jest/globals';
import { EVENTS } from '@pencraft/contracts/events';
import type { EventConsumers, Subscription } from '@pencraft/kit';
import { strictMock, TX } from '@pencraft/testing';
import type { AuthorRepository } from './author.repository.js';
import { UserUpdatedConsumer } from './user-updated.consumer.js';

describe('UserUpdatedConsumer', () => {
  async function subscribed() {
    const consumers = strictMock<EventConsumers>('EventConsumers');
    const authors = strictMock<AuthorRepository>('AuthorRepository');
    consumers.subscribe.mockResolvedValue(undefined);
    authors.upsert.mockResolvedValue(undefined);
    await new UserUpdatedConsumer(consumers, authors).onApplicationBootstrap();
    return { authors, subscription: consumers.subscribe.mock.calls[0]![0] as Subscription };
  }

  it('subscribes its declared durable to identity.user.updated', async () => {
    const { subscription } = await subscribed();
    expect(subscription.durable).toBe(EVENTS.userUpdated.consumers.articles);
    expect(subscription.subjects).toEqual([EVENTS.userUpdated.subject]);
  });

  it('records the new name, username and picture as of the change', async () => {
    const { authors, subscription } = await subscribed();
    const updatedAtMs = Date.parse('2026-11-26T07:00:00Z');
    const data = EVENTS.userUpdated.message
      .encode({
        uid: 'u-1',
        username: 'leyla_h',
        fullname: 'Leyla Həsənli',
        imageUrl: '/media/users/u-1/avatar-ab.jpg',
        updatedAtMs,
      })
      .finish();
    await subscription.handler({ id: 'e-1', subject: EVENTS.userUpdated.subject, type: '', data }, TX);
    expect(authors.upsert).toHaveBeenCalledWith(
      TX,
      { uid: 'u-1', username: 'leyla_h', fullname: 'Leyla Həsənli', imageUrl: '/media/users/u-1/avatar-ab.jpg' },
      new Date(updatedAtMs),
    );
  });

  it('clears the picture when the user removed it', async () => {
    const { authors, subscription } = await subscribed();
    const data = EVENTS.userUpdated.message
      .encode({ uid: 'u-1', username: 'leyla', fullname: 'Leyla', imageUrl: '', updatedAtMs: 1 })
      .finish();
    await subscription.handler({ id: 'e-2', subject: EVENTS.userUpdated.subject, type: '', data }, TX);
    expect(authors.upsert).toHaveBeenCalledWith(
      TX,
      { uid: 'u-1', username: 'leyla', fullname: 'Leyla', imageUrl: null },
      new Date(1),
    );
  });
});
