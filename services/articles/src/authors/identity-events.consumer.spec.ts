import { describe, expect, it } from '@jest/globals';
import { EVENTS } from '@pencraft/contracts/events';
import type { EventConsumers, Subscription } from '@pencraft/kit';
import { strictMock, TX } from '@pencraft/testing';
import type { AuthorRepository } from './author.repository.js';
import { IdentityEventsConsumer } from './identity-events.consumer.js';
import { Language } from '@pencraft/contracts/common/v1/common';

describe('IdentityEventsConsumer', () => {
  it('subscribes its declared durable to identity.user.registered and records the author', async () => {
    const consumers = strictMock<EventConsumers>('EventConsumers');
    const authors = strictMock<AuthorRepository>('AuthorRepository');
    consumers.subscribe.mockResolvedValue(undefined);
    authors.upsert.mockResolvedValue(undefined);

    await new IdentityEventsConsumer(consumers, authors).onApplicationBootstrap();

    const subscription = consumers.subscribe.mock.calls[0]![0] as Subscription;
    expect(subscription.durable).toBe(EVENTS.userRegistered.consumers.articles);
    expect(subscription.subjects).toEqual([EVENTS.userRegistered.subject]);

    const registeredAtMs = Date.parse('2026-11-25T10:00:00Z');
    const data = EVENTS.userRegistered.message
      .encode({ uid: 'u-1', username: 'leyla', fullname: 'Leyla Həsənova', lang: Language.LANGUAGE_AZ, registeredAtMs })
      .finish();
    await subscription.handler({ id: 'e-1', subject: EVENTS.userRegistered.subject, type: '', data }, TX);

    expect(authors.upsert).toHaveBeenCalledWith(
      TX,
      { uid: 'u-1', username: 'leyla', fullname: 'Leyla Həsənova' },
      new Date(registeredAtMs),
    );
  });
});
