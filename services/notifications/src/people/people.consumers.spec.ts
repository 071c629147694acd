import { Language } from '@pencraft/contracts/common/v1/common';
import { describe, expect, it } from '@jest/globals';
import { EVENTS } from '@pencraft/contracts/events';
import type { EventConsumers, Subscription } from '@pencraft/kit';
import { strictMock, TX } from '@pencraft/testing';
import { PeopleConsumers } from './people.consumers.js';
import type { PersonRepository } from './person.repository.js';

describe('PeopleConsumers', () => {
  it('keeps names, preferences and deletions from identity, each under its declared durable', async () => {
    const consumers = strictMock<EventConsumers>('EventConsumers');
    const people = strictMock<PersonRepository>('PersonRepository');
    consumers.subscribe.mockResolvedValue(undefined);
    people.preferencesChanged.mockResolvedValue(undefined);
    people.deleted.mockResolvedValue(undefined);
    await new PeopleConsumers(consumers, people).onApplicationBootstrap();
    const subscriptions = consumers.subscribe.mock.calls.map(([s]) => s as Subscription);
    expect(subscriptions.map((s) => s.durable).sort()).toEqual(
      [
        EVENTS.userRegistered.consumers.notifications,
        EVENTS.userUpdated.consumers.notifications,
        EVENTS.userDeleted.consumers.notifications,
        EVENTS.preferencesUpdated.consumers.notifications,
      ].sort(),
    );
    const of = (subject: string) => subscriptions.find((s) => s.subjects[0] === subject)!;

    const at = Date.parse('2026-11-26T10:00:00Z');
    const switches = { ar: false, ac: true, ara: true, at: true, atra: true, cr: true, cc: true, cra: true };
    const mail = { ar: false, ac: false, ara: true, at: false, atra: true, cr: false, cc: true, cra: true };
    const preferences = EVENTS.preferencesUpdated.message
      .encode({
        uid: 'u-1',
        notifications: switches,
        notificationMail: mail,
        lang: Language.LANGUAGE_RU,
        updatedAtMs: at,
      })
      .finish();
    await of(EVENTS.preferencesUpdated.subject).handler({ id: 'e-1', subject: '', type: '', data: preferences }, TX);
    expect(people.preferencesChanged).toHaveBeenCalledWith(
      TX,
      'u-1',
      { lang: 'ru', settings: switches, mail },
      new Date(at),
    );

    const deleted = EVENTS.userDeleted.message.encode({ uid: 'u-1', deletedAtMs: at }).finish();
    await of(EVENTS.userDeleted.subject).handler({ id: 'e-2', subject: '', type: '', data: deleted }, TX);
    expect(people.deleted).toHaveBeenCalledWith(TX, 'u-1');
  });
});
