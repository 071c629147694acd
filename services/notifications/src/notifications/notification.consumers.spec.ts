import { beforeEach, describe, expect, it } from '@jest/globals';
import { PayoutState } from '@pencraft/contracts/common/v1/common';
import { EVENTS } from '@pencraft/contracts/events';
import type { EventConsumers, Subscription } from '@pencraft/kit';
import { strictMock, TX, type StrictMock } from '@pencraft/testing';
import { NotificationConsumers } from './notification.consumers.js';
import type { NotificationService } from './notification.service.js';

const AT = Date.parse('2026-11-26T10:00:00Z');
/** The notifications durables PeopleConsumers holds (the read model of people, not notifications). */
const PEOPLE = [EVENTS.userRegistered, EVENTS.userUpdated, EVENTS.userDeleted, EVENTS.preferencesUpdated];

describe('NotificationConsumers', () => {
  let consumers: StrictMock<EventConsumers>;
  let notifications: StrictMock<NotificationService>;
  let subscriptions: Subscription[];

  beforeEach(async () => {
    consumers = strictMock<EventConsumers>('EventConsumers');
    notifications = strictMock<NotificationService>('NotificationService');
    consumers.subscribe.mockResolvedValue(undefined);
    notifications.store.mockResolvedValue([1]);
    await new NotificationConsumers(consumers, notifications).onApplicationBootstrap();
    subscriptions = consumers.subscribe.mock.calls.map(([s]) => s as Subscription);
  });

  /** Hands the subscription of `subject` one encoded event in the kit's transaction. */
  const deliver = (subject: string, data: Uint8Array, id = 'e-1') =>
    subscriptions.find((s) => s.subjects[0] === subject)!.handler({ id, subject, type: '', data }, TX);

  it('subscribes every declared notifications durable that is not the people read model, each once', () => {
    const declared = Object.values(EVENTS)
      .filter((event) => !(PEOPLE as readonly unknown[]).includes(event))
      .map((event) => (event.consumers as Record<string, string | undefined>).notifications)
      .filter((durable): durable is string => durable !== undefined);
    expect(subscriptions.map((s) => s.durable).sort()).toEqual(declared.sort());
    expect(declared).toEqual(
      expect.arrayContaining([
        EVENTS.memberInvited.consumers.notifications,
        EVENTS.subscriptionCreated.consumers.notifications,
        EVENTS.subscriptionPaymentFailed.consumers.notifications,
        EVENTS.supportReceived.consumers.notifications,
        EVENTS.payoutUpdated.consumers.notifications,
      ]),
    );
  });

  it('publications.member.invited: stores a 400 for the invitee in the transaction that records the event', async () => {
    const data = EVENTS.memberInvited.message
      .encode({
        publicationId: 'p-1',
        publicationName: 'Bakı Qeydləri',
        inviteeUid: 'u-invitee',
        invitedByUid: 'u-owner',
        atMs: AT,
      })
      .finish();
    await deliver(EVENTS.memberInvited.subject, data);
    expect(notifications.store).toHaveBeenCalledTimes(1);
    expect(notifications.store).toHaveBeenCalledWith(TX, [
      expect.objectContaining({
        uid: 'u-invitee',
        type: 400,
        actorUid: 'u-owner',
        data: { publicationId: 'p-1', publication: 'Bakı Qeydləri' },
        dedupeKey: 'publication-invited:p-1',
      }),
    ]);
  });

  it('publications.subscription.created: stores a 300 for the owner, keyed by subscriber and tier', async () => {
    const event = {
      publicationId: 'p-1',
      uid: 'u-reader',
      paid: false,
      planId: '',
      periodEndMs: 0,
      atMs: AT,
      ownerUid: 'u-owner',
      publicationName: 'Bakı Qeydləri',
    };
    await deliver(EVENTS.subscriptionCreated.subject, EVENTS.subscriptionCreated.message.encode(event).finish(), 'e-1');
    await deliver(EVENTS.subscriptionCreated.subject, EVENTS.subscriptionCreated.message.encode(event).finish(), 'e-2');
    expect(notifications.store).toHaveBeenCalledTimes(2);
    const [[tx, first], [, again]] = notifications.store.mock.calls as unknown as [
      [unknown, { uid: string; type: number; actorUid: string; dedupeKey: string }[]],
      [unknown, { dedupeKey: string }[]],
    ];
    expect(tx).toBe(TX);
    expect(first).toEqual([
      expect.objectContaining({
        uid: 'u-owner',
        type: 300,
        actorUid: 'u-reader',
        data: { publicationId: 'p-1', publication: 'Bakı Qeydləri', tier: 'free' },
      }),
    ]);
    // A second subscription of the same reader (a new event id) carries the same key: the store keeps one.
    expect(again[0]!.dedupeKey).toBe(first[0]!.dedupeKey);
  });

  it('publications.subscription.payment_failed: stores a 301 for the subscriber', async () => {
    const data = EVENTS.subscriptionPaymentFailed.message
      .encode({
        publicationId: 'p-1',
        uid: 'u-reader',
        planId: 'pl-1',
        amountQepik: 500,
        periodEndMs: AT + 86_400_000,
        atMs: AT,
        publicationName: 'Bakı Qeydləri',
      })
      .finish();
    await deliver(EVENTS.subscriptionPaymentFailed.subject, data);
    expect(notifications.store).toHaveBeenCalledWith(TX, [
      expect.objectContaining({
        uid: 'u-reader',
        type: 301,
        data: expect.objectContaining({ publication: 'Bakı Qeydləri', amount: '5.00' }),
      }),
    ]);
  });

  it('an invitation of oneself stores nothing to anybody', async () => {
    const data = EVENTS.memberInvited.message
      .encode({ publicationId: 'p-1', publicationName: 'X', inviteeUid: 'u-1', invitedByUid: 'u-1', atMs: AT })
      .finish();
    await deliver(EVENTS.memberInvited.subject, data);
    expect(notifications.store).toHaveBeenCalledWith(TX, []);
  });

  it('donations.support.received: stores a 200 for the recipient, once per support', async () => {
    const event = {
      supportId: 's-1',
      recipientUid: 'u-author',
      supporterUid: '',
      amountQepik: 500,
      articleId: '',
      atMs: AT,
    };
    const data = EVENTS.supportReceived.message.encode(event).finish();
    await deliver(EVENTS.supportReceived.subject, data, 'e-1');
    await deliver(EVENTS.supportReceived.subject, data, 'e-2');
    expect(notifications.store).toHaveBeenNthCalledWith(1, TX, [
      expect.objectContaining({
        uid: 'u-author',
        type: 200,
        actorUid: null,
        data: { supportId: 's-1', amountQepik: '500', amount: '5.00' },
        dedupeKey: 'support-received:s-1',
      }),
    ]);
    expect(notifications.store).toHaveBeenNthCalledWith(2, TX, [
      expect.objectContaining({ dedupeKey: 'support-received:s-1' }),
    ]);
  });

  it('donations.payout.updated: stores a 201 for the author per state', async () => {
    const data = EVENTS.payoutUpdated.message
      .encode({
        payoutId: 'p-1',
        uid: 'u-author',
        state: PayoutState.PAYOUT_STATE_PAID,
        amountQepik: 2500,
        cardLast4: '5556',
        expectedDate: '2026-12-03',
        reference: 'TRX-1',
        failureNote: '',
        atMs: AT,
        actionId: 'a-1',
        staffSub: 'kc-finance-1',
        staffUsername: 'finance',
        note: '',
      })
      .finish();
    await deliver(EVENTS.payoutUpdated.subject, data);
    expect(notifications.store).toHaveBeenCalledWith(TX, [
      expect.objectContaining({
        uid: 'u-author',
        type: 201,
        data: expect.objectContaining({ state: 'paid', amount: '25.00', reference: 'TRX-1' }),
        dedupeKey: 'payout:p-1:paid',
      }),
    ]);
  });
});
