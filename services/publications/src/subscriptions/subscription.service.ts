import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { planIntervals } from '@pencraft/contracts/enums/publications';
import { EVENTS, outboxEvent } from '@pencraft/contracts/events';
import type * as pb from '@pencraft/contracts/publications/v1/publications';
import { AppError } from '@pencraft/errors';
import { Clock, Outbox, TransactionManager } from '@pencraft/kit';
import { isUuid, PAGE_SIZE, PAGE_SIZE_MAX, planDescriptionProblem, planPriceProblem, plainText } from '@pencraft/rules';
import { MemberRepository } from '../members/member.repository.js';
import { actorOf, publicationFor, publicationOf } from '../publications/publication.access.js';
import { presentPlan, presentPublication, presentSubscription } from '../publications/publication.presenter.js';
import { PublicationRepository } from '../publications/publication.repository.js';
import { PlanRepository } from './plan.repository.js';
import { SubscriptionRepository } from './subscription.repository.js';

const PRICE_ERRORS = {
  empty: 'EmptyPlanPrice',
  free: 'CannotCreateFreePlan',
  lessThan: 'PlanPriceLessThan',
  moreThan: 'PlanPriceMoreThan',
} as const;

function paging(page: number, pageSize: number) {
  const size = pageSize > 0 ? Math.min(pageSize, PAGE_SIZE_MAX) : PAGE_SIZE;
  const number = page > 0 ? page : 1;
  return { offset: (number - 1) * size, limit: size };
}

/** A paid subscription that reads nothing any more: its period ended (a cancelled one, or one the provider ended). */
function paidAndOver(row: { tier: string; periodEnd: Date | null }, now: Date): boolean {
  return row.tier === 'paid' && (row.periodEnd?.getTime() ?? 0) <= now.getTime();
}

/**
 * Subscriptions, plans and the paid-access decision. Readers subscribe for free here; paid subscriptions begin
 * when the payment provider's webhook says so (PaymentService), and last until their period ends even when
 * cancelled or when their plan is deleted.
 */
@Injectable()
export class SubscriptionService {
  constructor(
    private readonly transactions: TransactionManager,
    private readonly publications: PublicationRepository,
    private readonly members: MemberRepository,
    private readonly subscriptions: SubscriptionRepository,
    private readonly plans: PlanRepository,
    private readonly outbox: Outbox,
    private readonly clock: Clock,
  ) {}

  private get repositories() {
    return { publications: this.publications, members: this.members };
  }

  /** A free subscription; the owner and the members cannot subscribe to their own publication. */
  async subscribe(request: pb.SubscribeRequest): Promise<pb.Subscription> {
    const actor = actorOf(request.actorUid);
    const now = this.clock.now();
    return this.transactions.run(async (tx) => {
      const publication = await publicationOf(this.publications, tx, request.publicationId);
      if (await this.members.roleOf(tx, publication.id, actor)) throw new AppError('CannotSubscribePublication');
      const existing = await this.subscriptions.find(tx, publication.id, actor);
      if (existing && !paidAndOver(existing, now)) throw new AppError('AlreadySubscribed');
      // A paid subscription whose period is over (cancelled, or ended by the provider) reads nothing more: the
      // reader may follow the publication for free again, in its place.
      if (existing) await this.subscriptions.delete(tx, publication.id, actor);
      const row = await this.subscriptions.insert(tx, {
        publicationId: publication.id,
        uid: actor,
        tier: 'free',
        createdAt: now,
      });
      await this.outbox.add(
        tx,
        outboxEvent(EVENTS.subscriptionCreated, {
          publicationId: publication.id,
          uid: actor,
          paid: false,
          planId: '',
          periodEndMs: 0,
          atMs: now.getTime(),
          ownerUid: publication.ownerUid,
          publicationName: publication.name,
        }),
      );
      return presentSubscription(row);
    });
  }

  /**
   * A free subscription goes; a paid one stops renewing and keeps its access until its period ends. Answers the
   * provider subscription to stop renewing at the provider when the provider still renews it (marked pending here in
   * the same transaction; PaymentService.stopRenewals tells the provider after the commit, and RenewalStopRetrier
   * asks again while it fails), so a provider that is down neither refuses the cancellation nor loses it.
   */
  async unsubscribe(request: pb.UnsubscribeRequest): Promise<string[]> {
    const actor = actorOf(request.actorUid);
    if (!isUuid(request.publicationId)) throw new AppError('SubscriptionNotFound');
    const now = this.clock.now();
    return this.transactions.run(async (tx) => {
      const row = await this.subscriptions.lock(tx, request.publicationId, actor);
      if (!row || row.cancelledAt) throw new AppError('SubscriptionNotFound');
      const paid = row.tier === 'paid';
      const renewing = paid && !!row.providerSubscriptionId && row.paymentState !== 'ended';
      if (paid) await this.subscriptions.cancel(tx, row.publicationId, actor, now, renewing);
      else await this.subscriptions.delete(tx, row.publicationId, actor);
      await this.outbox.add(
        tx,
        outboxEvent(EVENTS.subscriptionCancelled, {
          publicationId: row.publicationId,
          uid: actor,
          paid,
          periodEndMs: row.periodEnd?.getTime() ?? 0,
          atMs: now.getTime(),
        }),
      );
      return renewing ? [row.providerSubscriptionId!] : [];
    });
  }

  async subscribers(request: pb.ListSubscribersRequest): Promise<pb.ListSubscribersResponse> {
    const actor = actorOf(request.actorUid);
    const { publication } = await this.transactions.run((tx) =>
      publicationFor(this.repositories, tx, request.publicationId, actor, 'viewSubscribers'),
    );
    const { offset, limit } = paging(request.page, request.pageSize);
    const page = await this.subscriptions.page(publication.id, offset, limit);
    return { subscribers: page.items.map(presentSubscription), total: page.total, hasMore: page.hasMore };
  }

  async mine(request: pb.ListMySubscriptionsRequest): Promise<pb.ListMySubscriptionsResponse> {
    const actor = actorOf(request.actorUid);
    const rows = await this.subscriptions.ofUser(actor);
    return {
      subscriptions: await this.transactions.run((tx) =>
        Promise.all(
          rows.map(async (row) => ({
            publication: presentPublication(row.publication, await this.publications.counts(tx, row.publication.id)),
            subscription: presentSubscription(row.subscription),
          })),
        ),
      ),
    };
  }

  async createPlan(request: pb.CreatePlanRequest): Promise<pb.Plan> {
    const actor = actorOf(request.actorUid);
    const interval = planIntervals.require(request.interval, 'interval');
    const priceProblem = planPriceProblem(request.priceQepik);
    if (priceProblem) {
      const code = PRICE_ERRORS[priceProblem];
      throw new AppError(code, { details: [{ field: 'price', code }] });
    }
    const description = plainText(request.description);
    if (planDescriptionProblem(description)) {
      throw new AppError('InvalidModel', { details: [{ field: 'description', code: 'InvalidModel' }] });
    }
    const now = this.clock.now();
    return this.transactions.run(async (tx) => {
      const { publication } = await publicationFor(
        this.repositories,
        tx,
        request.publicationId,
        actor,
        'managePlans',
        true,
      );
      if (await this.plans.byInterval(tx, publication.id, interval)) throw new AppError('AlreadyHasPlan');
      const row = await this.plans.insert(tx, {
        id: randomUUID(),
        publicationId: publication.id,
        interval,
        priceQepik: request.priceQepik!,
        description,
        createdAt: now,
      });
      return presentPlan(row);
    });
  }

  async listPlans(request: pb.ListPlansRequest): Promise<pb.ListPlansResponse> {
    const publication = await this.transactions.run((tx) =>
      publicationOf(this.publications, tx, request.publicationId),
    );
    return { plans: (await this.plans.list(publication.id)).map(presentPlan) };
  }

  /**
   * The plan goes; its paid subscribers stop renewing and keep their access until their period ends. Answers the
   * provider subscriptions to stop renewing at the provider (marked pending here; PaymentService.stopRenewals tells
   * the provider after the commit).
   */
  async deletePlan(request: pb.DeletePlanRequest): Promise<string[]> {
    const actor = actorOf(request.actorUid);
    const now = this.clock.now();
    return this.transactions.run(async (tx) => {
      const { publication } = await publicationFor(
        this.repositories,
        tx,
        request.publicationId,
        actor,
        'managePlans',
        true,
      );
      const plan = isUuid(request.planId) ? await this.plans.find(tx, publication.id, request.planId) : undefined;
      if (!plan) throw new AppError('PlanNotFound');
      const renewing = await this.subscriptions.cancelForPlan(tx, plan.id, now);
      await this.plans.delete(tx, plan.id);
      return renewing;
    });
  }

  /**
   * The one place paid access is decided: the article's author, the owner, the members, and subscribers whose paid
   * period has not ended read in full; visitors, free subscribers and everyone else do not.
   */
  async canReadInFull(request: pb.CanReadInFullRequest): Promise<pb.CanReadInFullResponse> {
    if (!isUuid(request.viewerUid) || !isUuid(request.publicationId)) return { allowed: false };
    if (request.viewerUid === request.articleAuthorUid) return { allowed: true };
    const now = this.clock.now();
    return this.transactions.run(async (tx) => {
      if (await this.members.roleOf(tx, request.publicationId, request.viewerUid)) return { allowed: true };
      const subscription = await this.subscriptions.find(tx, request.publicationId, request.viewerUid);
      const paidUntil = subscription?.tier === 'paid' ? subscription.periodEnd : null;
      return { allowed: paidUntil !== null && paidUntil !== undefined && paidUntil.getTime() > now.getTime() };
    });
  }
}
