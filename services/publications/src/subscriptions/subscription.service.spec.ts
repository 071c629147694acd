import { beforeEach, describe, expect, it } from '@jest/globals';
import { EVENTS } from '@pencraft/contracts/events';
import { SubscriptionCancelled, SubscriptionCreated } from '@pencraft/contracts/events/v1/publications';
import { PlanInterval, SubscriptionTier } from '@pencraft/contracts/publications/v1/publications';
import { AppError } from '@pencraft/errors';
import type { Clock, Outbox } from '@pencraft/kit';
import { PLAN_PRICE_MAX, PLAN_PRICE_MIN } from '@pencraft/rules';
import { fakeTransactions, strictMock, TX, type StrictMock } from '@pencraft/testing';
import type { MemberRepository } from '../members/member.repository.js';
import type { PublicationRepository } from '../publications/publication.repository.js';
import type { PublicationRow } from '../publications/publication.table.js';
import type { PlanRepository } from './plan.repository.js';
import type { PlanRow } from './plan.table.js';
import type { SubscriptionRepository } from './subscription.repository.js';
import { SubscriptionService } from './subscription.service.js';
import type { SubscriptionRow } from './subscription.table.js';

const NOW = new Date('2026-11-26T12:00:00Z');
const OWNER = '0b9f6a1e-2c3d-4e5f-8a7b-9c0d1e2f3a4b';
const MEMBER = '9a8b7c6d-5e4f-4a3b-9c2d-1e0f9a8b7c6d';
const READER = '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';
const AUTHOR = '2b3c4d5e-6f7a-4b8c-9d0e-1f2a3b4c5d6e';
const PUB = '6f1c2a4e-8d3b-4c5a-9e7f-0a1b2c3d4e5f';
const PLAN = '3c4d5e6f-7a8b-4c9d-8e0f-2a3b4c5d6e7f';

const publication: PublicationRow = {
  id: PUB,
  ownerUid: OWNER,
  name: 'Daily Baku',
  nameKey: 'daily baku',
  slug: 'daily-baku',
  description: '',
  logoKey: null,
  coverKey: null,
  nameChangedAt: null,
  slugChangedAt: null,
  createdAt: NOW,
  updatedAt: NOW,
};

function subscription(over: Partial<SubscriptionRow> = {}): SubscriptionRow {
  return {
    publicationId: PUB,
    uid: READER,
    tier: 'free',
    planId: null,
    periodEnd: null,
    cancelledAt: null,
    providerSubscriptionId: null,
    paymentState: null,
    providerCancelPending: false,
    stateAt: null,
    createdAt: NOW,
    ...over,
  };
}

const plan: PlanRow = {
  id: PLAN,
  publicationId: PUB,
  interval: 'month',
  priceQepik: 500,
  description: '',
  createdAt: NOW,
};

async function codeOf(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    if (AppError.is(error)) return error.code;
    throw error;
  }
  throw new Error('expected an AppError');
}

describe('SubscriptionService', () => {
  let publications: StrictMock<PublicationRepository>;
  let members: StrictMock<MemberRepository>;
  let subscriptions: StrictMock<SubscriptionRepository>;
  let plans: StrictMock<PlanRepository>;
  let outbox: StrictMock<Outbox>;
  let clock: StrictMock<Clock>;
  let transactions: ReturnType<typeof fakeTransactions>;
  let service: SubscriptionService;

  beforeEach(() => {
    publications = strictMock<PublicationRepository>('PublicationRepository');
    members = strictMock<MemberRepository>('MemberRepository');
    subscriptions = strictMock<SubscriptionRepository>('SubscriptionRepository');
    plans = strictMock<PlanRepository>('PlanRepository');
    outbox = strictMock<Outbox>('Outbox');
    clock = strictMock<Clock>('Clock');
    clock.now.mockReturnValue(NOW);
    transactions = fakeTransactions();
    service = new SubscriptionService(transactions, publications, members, subscriptions, plans, outbox, clock);
  });

  describe('subscribe', () => {
    beforeEach(() => {
      publications.find.mockResolvedValue(publication);
    });

    it('writes a free subscription and its event', async () => {
      members.roleOf.mockResolvedValue(undefined);
      subscriptions.find.mockResolvedValue(undefined);
      subscriptions.insert.mockResolvedValue(subscription());
      outbox.add.mockResolvedValue('event');

      const created = await service.subscribe({ actorUid: READER, publicationId: PUB });

      expect(created.tier).toBe(SubscriptionTier.SUBSCRIPTION_TIER_FREE);
      expect(subscriptions.insert).toHaveBeenCalledWith(TX, {
        publicationId: PUB,
        uid: READER,
        tier: 'free',
        createdAt: NOW,
      });
      const [, event] = outbox.add.mock.calls[0]!;
      expect(event.subject).toBe(EVENTS.subscriptionCreated.subject);
      // The owner and the name travel with it: the notifications service tells the owner (300) without asking.
      expect(SubscriptionCreated.decode(event.payload)).toMatchObject({
        publicationId: PUB,
        uid: READER,
        paid: false,
        ownerUid: OWNER,
        publicationName: 'Daily Baku',
      });
    });

    it('refuses the owner and members', async () => {
      members.roleOf.mockResolvedValue('owner');
      expect(await codeOf(service.subscribe({ actorUid: OWNER, publicationId: PUB }))).toBe(
        'CannotSubscribePublication',
      );
      members.roleOf.mockResolvedValue('member');
      expect(await codeOf(service.subscribe({ actorUid: MEMBER, publicationId: PUB }))).toBe(
        'CannotSubscribePublication',
      );
    });

    it('refuses a second subscription', async () => {
      members.roleOf.mockResolvedValue(undefined);
      subscriptions.find.mockResolvedValue(subscription());
      expect(await codeOf(service.subscribe({ actorUid: READER, publicationId: PUB }))).toBe('AlreadySubscribed');
    });

    it('refuses while a paid subscription still reads in full, cancelled or not', async () => {
      members.roleOf.mockResolvedValue(undefined);
      const later = new Date(NOW.getTime() + 86_400_000);
      for (const cancelledAt of [null, NOW]) {
        subscriptions.find.mockResolvedValue(subscription({ tier: 'paid', periodEnd: later, cancelledAt }));
        expect(await codeOf(service.subscribe({ actorUid: READER, publicationId: PUB }))).toBe('AlreadySubscribed');
      }
      expect(subscriptions.insert).not.toHaveBeenCalled();
    });

    it('replaces a paid subscription whose period is over with a free one', async () => {
      members.roleOf.mockResolvedValue(undefined);
      const over = subscription({ tier: 'paid', periodEnd: NOW, cancelledAt: NOW, paymentState: 'ended' });
      subscriptions.find.mockResolvedValue(over);
      subscriptions.delete.mockResolvedValue(undefined);
      subscriptions.insert.mockResolvedValue(subscription());
      outbox.add.mockResolvedValue('event');

      const created = await service.subscribe({ actorUid: READER, publicationId: PUB });

      expect(created.tier).toBe(SubscriptionTier.SUBSCRIPTION_TIER_FREE);
      expect(subscriptions.delete).toHaveBeenCalledWith(TX, PUB, READER);
      expect(subscriptions.insert).toHaveBeenCalledWith(TX, expect.objectContaining({ tier: 'free', uid: READER }));
    });

    it('answers PublicationNotFound for an unknown publication', async () => {
      publications.find.mockResolvedValue(undefined);
      expect(await codeOf(service.subscribe({ actorUid: READER, publicationId: PUB }))).toBe('PublicationNotFound');
    });
  });

  describe('unsubscribe', () => {
    it('deletes a free subscription, with nothing for the provider', async () => {
      subscriptions.lock.mockResolvedValue(subscription());
      subscriptions.delete.mockResolvedValue(undefined);
      outbox.add.mockResolvedValue('event');
      expect(await service.unsubscribe({ actorUid: READER, publicationId: PUB })).toEqual([]);
      expect(subscriptions.lock).toHaveBeenCalledWith(TX, PUB, READER);
      expect(subscriptions.delete).toHaveBeenCalledWith(TX, PUB, READER);
      expect(SubscriptionCancelled.decode(outbox.add.mock.calls[0]![1].payload)).toMatchObject({ paid: false });
    });

    it('stops a paid one renewing, keeping its period, and marks the provider subscription to be told', async () => {
      const periodEnd = new Date(NOW.getTime() + 86_400_000);
      subscriptions.lock.mockResolvedValue(
        subscription({
          tier: 'paid',
          planId: PLAN,
          periodEnd,
          providerSubscriptionId: 'sub_1',
          paymentState: 'active',
        }),
      );
      subscriptions.cancel.mockResolvedValue(undefined);
      outbox.add.mockResolvedValue('event');
      // The provider is told after the commit (PaymentService.stopRenewals), retried while it fails.
      expect(await service.unsubscribe({ actorUid: READER, publicationId: PUB })).toEqual(['sub_1']);
      expect(subscriptions.cancel).toHaveBeenCalledWith(TX, PUB, READER, NOW, true);
      expect(SubscriptionCancelled.decode(outbox.add.mock.calls[0]![1].payload)).toMatchObject({
        paid: true,
        periodEndMs: periodEnd.getTime(),
      });
    });

    it('marks nothing for the provider when it no longer renews the paid subscription (ended, or none there)', async () => {
      const periodEnd = new Date(NOW.getTime() + 86_400_000);
      subscriptions.cancel.mockResolvedValue(undefined);
      outbox.add.mockResolvedValue('event');
      for (const row of [
        subscription({ tier: 'paid', periodEnd, providerSubscriptionId: 'sub_1', paymentState: 'ended' }),
        subscription({ tier: 'paid', periodEnd }),
      ]) {
        subscriptions.lock.mockResolvedValue(row);
        expect(await service.unsubscribe({ actorUid: READER, publicationId: PUB })).toEqual([]);
      }
      expect(subscriptions.cancel.mock.calls).toEqual([
        [TX, PUB, READER, NOW, false],
        [TX, PUB, READER, NOW, false],
      ]);
    });

    it('answers SubscriptionNotFound without one or when already cancelled', async () => {
      subscriptions.lock.mockResolvedValue(undefined);
      expect(await codeOf(service.unsubscribe({ actorUid: READER, publicationId: PUB }))).toBe('SubscriptionNotFound');
      subscriptions.lock.mockResolvedValue(subscription({ tier: 'paid', periodEnd: NOW, cancelledAt: NOW }));
      expect(await codeOf(service.unsubscribe({ actorUid: READER, publicationId: PUB }))).toBe('SubscriptionNotFound');
      expect(await codeOf(service.unsubscribe({ actorUid: READER, publicationId: 'nope' }))).toBe(
        'SubscriptionNotFound',
      );
    });
  });

  describe('subscribers', () => {
    it('pages for the owner', async () => {
      publications.find.mockResolvedValue(publication);
      members.roleOf.mockResolvedValue('owner');
      subscriptions.page.mockResolvedValue({ items: [subscription()], hasMore: false, total: 1 });
      const answer = await service.subscribers({ actorUid: OWNER, publicationId: PUB, page: 2, pageSize: 10 });
      expect(subscriptions.page).toHaveBeenCalledWith(PUB, 10, 10);
      expect(answer.total).toBe(1);
    });

    it('refuses members', async () => {
      publications.find.mockResolvedValue(publication);
      members.roleOf.mockResolvedValue('member');
      expect(await codeOf(service.subscribers({ actorUid: MEMBER, publicationId: PUB, page: 0, pageSize: 0 }))).toBe(
        'ActorNotPublicationOwner',
      );
    });
  });

  describe('createPlan', () => {
    const request = {
      actorUid: OWNER,
      publicationId: PUB,
      interval: PlanInterval.PLAN_INTERVAL_MONTH,
      priceQepik: 500 as number | undefined,
      description: 'Monthly',
    };

    it('adds the plan for the owner', async () => {
      publications.lock.mockResolvedValue(publication);
      members.roleOf.mockResolvedValue('owner');
      plans.byInterval.mockResolvedValue(undefined);
      plans.insert.mockResolvedValue(plan);
      const created = await service.createPlan(request);
      expect(created.interval).toBe(PlanInterval.PLAN_INTERVAL_MONTH);
      expect(plans.insert.mock.calls[0]![1]).toMatchObject({ publicationId: PUB, interval: 'month', priceQepik: 500 });
    });

    it.each([
      [undefined, 'EmptyPlanPrice'],
      [0, 'CannotCreateFreePlan'],
      [PLAN_PRICE_MIN - 1, 'PlanPriceLessThan'],
      [PLAN_PRICE_MAX + 1, 'PlanPriceMoreThan'],
    ])('refuses the price %s with %s', async (priceQepik, code) => {
      expect(await codeOf(service.createPlan({ ...request, priceQepik }))).toBe(code);
    });

    it('refuses an unspecified interval', async () => {
      expect(await codeOf(service.createPlan({ ...request, interval: PlanInterval.PLAN_INTERVAL_UNSPECIFIED }))).toBe(
        'InvalidModel',
      );
    });

    it('refuses a second plan of one interval and a member', async () => {
      publications.lock.mockResolvedValue(publication);
      members.roleOf.mockResolvedValue('owner');
      plans.byInterval.mockResolvedValue(plan);
      expect(await codeOf(service.createPlan(request))).toBe('AlreadyHasPlan');
      members.roleOf.mockResolvedValue('member');
      expect(await codeOf(service.createPlan(request))).toBe('ActorNotPublicationOwner');
    });
  });

  describe('deletePlan', () => {
    it('cancels its subscribers renewal and deletes it', async () => {
      publications.lock.mockResolvedValue(publication);
      members.roleOf.mockResolvedValue('owner');
      plans.find.mockResolvedValue(plan);
      subscriptions.cancelForPlan.mockResolvedValue(['sub_1', 'sub_2']);
      plans.delete.mockResolvedValue(undefined);
      // The provider subscriptions still renewing, for PaymentService.stopRenewals after the commit.
      expect(await service.deletePlan({ actorUid: OWNER, publicationId: PUB, planId: PLAN })).toEqual([
        'sub_1',
        'sub_2',
      ]);
      expect(subscriptions.cancelForPlan).toHaveBeenCalledWith(TX, PLAN, NOW);
      expect(plans.delete).toHaveBeenCalledWith(TX, PLAN);
    });

    it('answers PlanNotFound', async () => {
      publications.lock.mockResolvedValue(publication);
      members.roleOf.mockResolvedValue('owner');
      plans.find.mockResolvedValue(undefined);
      expect(await codeOf(service.deletePlan({ actorUid: OWNER, publicationId: PUB, planId: PLAN }))).toBe(
        'PlanNotFound',
      );
    });
  });

  describe('canReadInFull', () => {
    const ask = (viewerUid: string) =>
      service.canReadInFull({ publicationId: PUB, articleAuthorUid: AUTHOR, viewerUid }).then((a) => a.allowed);

    it('allows the author, the owner and members', async () => {
      expect(await ask(AUTHOR)).toBe(true);
      members.roleOf.mockResolvedValue('owner');
      expect(await ask(OWNER)).toBe(true);
      members.roleOf.mockResolvedValue('member');
      expect(await ask(MEMBER)).toBe(true);
    });

    it('allows a paid subscriber until the period ends, cancelled or not', async () => {
      members.roleOf.mockResolvedValue(undefined);
      subscriptions.find.mockResolvedValue(
        subscription({ tier: 'paid', periodEnd: new Date(NOW.getTime() + 1000), cancelledAt: NOW }),
      );
      expect(await ask(READER)).toBe(true);
      subscriptions.find.mockResolvedValue(subscription({ tier: 'paid', periodEnd: NOW }));
      expect(await ask(READER)).toBe(false);
    });

    it('refuses free subscribers, other readers and visitors', async () => {
      members.roleOf.mockResolvedValue(undefined);
      subscriptions.find.mockResolvedValue(subscription());
      expect(await ask(READER)).toBe(false);
      subscriptions.find.mockResolvedValue(undefined);
      expect(await ask(READER)).toBe(false);
      expect(await ask('')).toBe(false);
    });
  });
});
