import { Inject, Injectable } from '@nestjs/common';
import { EVENTS, outboxEvent } from '@pencraft/contracts/events';
import type * as pb from '@pencraft/contracts/publications/v1/publications';
import { AppError } from '@pencraft/errors';
import { Clock, type Logger, LOGGER, Outbox, TransactionManager, type Queryable } from '@pencraft/kit';
import { isUuid, type PlanInterval } from '@pencraft/rules';
import { MemberRepository } from '../members/member.repository.js';
import { actorOf, publicationFor, publicationOf } from '../publications/publication.access.js';
import { PublicationRepository } from '../publications/publication.repository.js';
import { PlanRepository } from '../subscriptions/plan.repository.js';
import { SubscriptionRepository } from '../subscriptions/subscription.repository.js';
import type { SubscriptionRow } from '../subscriptions/subscription.table.js';
import { IncomeService } from './income.service.js';
import {
  PAYMENT_PROVIDER,
  type PaymentEvent,
  type PaymentProvider,
  type ProviderPayment,
  type SubscriptionRef,
} from './payment-provider.js';
import { PaymentRepository } from './payment.repository.js';

type SubscriptionEvent = Exclude<PaymentEvent, { kind: 'merchantUpdated' } | { kind: 'ignored' }>;

/** The end of a period of the plan begun at `fromMs`: one calendar month or year later (UTC), as the provider bills. */
export function periodEndAfter(fromMs: number, interval: PlanInterval): number {
  const end = new Date(fromMs);
  if (interval === 'year') end.setUTCFullYear(end.getUTCFullYear() + 1);
  else end.setUTCMonth(end.getUTCMonth() + 1);
  return end.getTime();
}

const later = (a: Date | null, bMs: number): Date => new Date(Math.max(a?.getTime() ?? 0, bMs));

/**
 * Paid subscriptions through the payment provider. The owner connects a merchant account; a subscriber starts a
 * hosted checkout; the subscription itself changes only on the provider's signed webhooks, each applied exactly once
 * (its id recorded in the transaction of its effect) and in any order: a period never moves backwards, a state older
 * than the one applied is ignored, an ended subscription stays ended.
 */
@Injectable()
export class PaymentService {
  constructor(
    private readonly transactions: TransactionManager,
    private readonly publications: PublicationRepository,
    private readonly members: MemberRepository,
    private readonly plans: PlanRepository,
    private readonly subscriptions: SubscriptionRepository,
    private readonly payments: PaymentRepository,
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
    private readonly outbox: Outbox,
    private readonly clock: Clock,
    private readonly income: IncomeService,
    @Inject(LOGGER) private readonly log: Pick<Logger, 'warn'>,
  ) {}

  private get repositories() {
    return { publications: this.publications, members: this.members };
  }

  /** The owner's onboarding page; AlreadyIntegrated once the account may take payments. */
  async connectMerchant(request: pb.ConnectMerchantRequest): Promise<pb.ConnectMerchantResponse> {
    const actor = actorOf(request.actorUid);
    const links = { returnUrl: request.returnUrl, refreshUrl: request.refreshUrl };
    const existing = await this.transactions.run(async (tx) => {
      const { publication } = await publicationFor(this.repositories, tx, request.publicationId, actor, 'viewIncome');
      return { publication, merchant: await this.payments.merchant(tx, publication.id) };
    });
    if (existing.merchant?.chargesEnabled) throw new AppError('AlreadyIntegrated');
    if (existing.merchant) {
      // Onboarding not finished: a new page for the same account (the provider's links expire).
      return {
        onboardingUrl: (await this.provider.onboardingLink({ accountId: existing.merchant.accountId, ...links })).url,
      };
    }
    const { accountId } = await this.provider.createMerchantAccount({ publicationId: existing.publication.id });
    const now = this.clock.now();
    const merchant = await this.transactions.run(async (tx) => {
      // The publication is locked so two connects of one publication make one account row; the later one is refused.
      const publication = await publicationOf(this.publications, tx, existing.publication.id, true);
      if (await this.payments.merchant(tx, publication.id)) throw new AppError('AlreadyIntegrated');
      return this.payments.insertMerchant(tx, {
        publicationId: publication.id,
        provider: this.provider.name,
        accountId,
        createdAt: now,
      });
    });
    return { onboardingUrl: (await this.provider.onboardingLink({ accountId: merchant.accountId, ...links })).url };
  }

  /** The provider's hosted checkout for the plan; nothing changes here until the provider's webhook says it was paid. */
  async startCheckout(request: pb.StartCheckoutRequest): Promise<pb.StartCheckoutResponse> {
    const actor = actorOf(request.actorUid);
    const now = this.clock.now();
    const input = await this.transactions.run(async (tx) => {
      const publication = await publicationOf(this.publications, tx, request.publicationId);
      const plan = isUuid(request.planId) ? await this.plans.find(tx, publication.id, request.planId) : undefined;
      if (!plan) throw new AppError('PlanNotFound');
      if (await this.members.roleOf(tx, publication.id, actor)) throw new AppError('CannotSubscribePublication');
      const current = await this.subscriptions.find(tx, publication.id, actor);
      if (current && renewsPaid(current, now.getTime())) throw new AppError('AlreadySubscribed');
      const merchant = await this.payments.merchant(tx, publication.id);
      if (!merchant?.chargesEnabled) throw new AppError('MerchantNotConnected');
      return {
        publicationId: publication.id,
        uid: actor,
        planId: plan.id,
        accountId: merchant.accountId,
        priceQepik: plan.priceQepik,
        interval: plan.interval,
        productName: `${publication.name} (${plan.interval})`,
        successUrl: request.successUrl,
        cancelUrl: request.cancelUrl,
      };
    });
    return { checkoutUrl: (await this.provider.createCheckout(input)).url };
  }

  /** A webhook: verified (InvalidWebhookSignature), then applied once, in the transaction that records its id. */
  async handleWebhook(request: pb.HandlePaymentWebhookRequest): Promise<pb.HandlePaymentWebhookResponse> {
    const event = this.provider.parseWebhook(Buffer.from(request.payload), request.signature);
    return this.transactions.run(async (tx) => {
      if ('subscriptionId' in event) await this.payments.lockSubscription(tx, event.subscriptionId);
      const type = event.kind === 'ignored' ? event.type : event.kind;
      if (!(await this.payments.recordEvent(tx, this.provider.name, event.id, type))) return { duplicate: true };
      if (event.kind === 'merchantUpdated') {
        const at = new Date(event.createdMs);
        await this.payments.updateMerchant(tx, this.provider.name, event.accountId, event.chargesEnabled, at);
      } else if (event.kind !== 'ignored') {
        await this.applyToSubscription(tx, event);
        if ((event.kind === 'checkoutCompleted' || event.kind === 'invoicePaid') && event.payment) {
          await this.recordIncome(tx, event, event.payment);
        }
      }
      return { duplicate: false };
    });
  }

  /**
   * After Unsubscribe's or DeletePlan's commit: each provider subscription they cancelled stops renewing at the
   * provider (cancel at period end, idempotent there), one at a time; a failure leaves it marked pending, logged, and
   * RenewalStopRetrier asks again later. The local state (cancelled, access until period end) is already committed
   * either way. Answers how many are still pending.
   */
  async stopRenewals(providerSubscriptionIds: readonly string[]): Promise<number> {
    let pending = 0;
    for (const id of providerSubscriptionIds) {
      try {
        await this.provider.cancelAtPeriodEnd(id);
        await this.transactions.run((tx) => this.subscriptions.renewalStopped(tx, id));
      } catch (error) {
        pending += 1;
        this.log.warn({ err: error, providerSubscriptionId: id }, 'provider not told to stop renewing; retried later');
      }
    }
    return pending;
  }

  /** The payment goes in the income ledger under the subscription it paid (the row as just changed, else the ref). */
  private async recordIncome(
    tx: Queryable,
    event: Extract<PaymentEvent, { kind: 'checkoutCompleted' | 'invoicePaid' }>,
    payment: ProviderPayment,
  ): Promise<void> {
    const row = await this.subscriptions.lockByProviderId(tx, event.subscriptionId);
    const owner = row ?? (event.ref ? { publicationId: event.ref.publicationId, uid: event.ref.uid } : undefined);
    if (!owner) {
      this.log.warn(
        { eventId: event.id, paymentRef: payment.ref },
        'payment of an unknown subscription not in the ledger',
      );
      return;
    }
    const planId = event.ref?.planId || row?.planId || '';
    const plan = planId ? await this.plans.find(tx, owner.publicationId, planId) : undefined;
    await this.income.record(tx, {
      provider: this.provider.name,
      eventId: event.id,
      payment,
      publicationId: owner.publicationId,
      uid: owner.uid,
      providerSubscriptionId: event.subscriptionId,
      planId: planId || null,
      planInterval: plan?.interval ?? null,
    });
  }

  private async applyToSubscription(tx: Queryable, event: SubscriptionEvent): Promise<void> {
    const row =
      (await this.subscriptions.lockByProviderId(tx, event.subscriptionId)) ??
      (event.ref ? await this.subscriptions.lock(tx, event.ref.publicationId, event.ref.uid) : undefined);
    switch (event.kind) {
      case 'checkoutCompleted':
        await this.begin(tx, row, event.ref, event.subscriptionId, event.createdMs, undefined);
        return;
      case 'invoicePaid':
        // Paid before the checkout's own event arrived: the invoice's metadata names the subscriber.
        if (!isPaidAt(row, event.subscriptionId) && event.ref) {
          await this.begin(tx, row, event.ref, event.subscriptionId, event.createdMs, event.periodEndMs);
          return;
        }
        if (!row || !isPaidAt(row, event.subscriptionId) || row.paymentState === 'ended') return;
        await this.subscriptions.update(tx, row.publicationId, row.uid, {
          periodEnd: later(row.periodEnd, event.periodEndMs),
          ...(newer(row, event.createdMs) ? { paymentState: 'active', stateAt: new Date(event.createdMs) } : {}),
        });
        return;
      case 'invoiceFailed': {
        if (!row || !isPaidAt(row, event.subscriptionId) || row.paymentState === 'ended') return;
        if (!newer(row, event.createdMs)) return;
        await this.subscriptions.update(tx, row.publicationId, row.uid, {
          paymentState: 'pastDue',
          stateAt: new Date(event.createdMs),
        });
        const publication = await this.publications.find(tx, row.publicationId);
        await this.outbox.add(
          tx,
          outboxEvent(EVENTS.subscriptionPaymentFailed, {
            publicationName: publication?.name ?? '',
            publicationId: row.publicationId,
            uid: row.uid,
            planId: row.planId ?? '',
            amountQepik: event.amountQepik,
            periodEndMs: row.periodEnd?.getTime() ?? 0,
            atMs: event.createdMs,
          }),
        );
        return;
      }
      case 'subscriptionUpdated': {
        if (!row || !isPaidAt(row, event.subscriptionId) || row.paymentState === 'ended') return;
        const periodEnd = later(row.periodEnd, event.periodEndMs);
        if (!newer(row, event.createdMs)) {
          await this.subscriptions.update(tx, row.publicationId, row.uid, { periodEnd });
          return;
        }
        // Cancelled here while the provider is not told yet (its plan was deleted): an update saying it renews is
        // what the provider thinks until the retry reaches it, not a resumption.
        const cancel = event.cancelAtPeriodEnd || row.providerCancelPending;
        const cancelledAt = cancel ? (row.cancelledAt ?? new Date(event.createdMs)) : null;
        await this.subscriptions.update(tx, row.publicationId, row.uid, {
          periodEnd,
          cancelledAt,
          paymentState: event.pastDue ? 'pastDue' : 'active',
          stateAt: new Date(event.createdMs),
          ...(row.providerCancelPending && event.cancelAtPeriodEnd ? { providerCancelPending: false } : {}),
        });
        if (cancelledAt && !row.cancelledAt) await this.cancelled(tx, row, periodEnd, event.createdMs);
        return;
      }
      case 'subscriptionDeleted': {
        if (!row || !isPaidAt(row, event.subscriptionId) || row.paymentState === 'ended') return;
        // Ended at the provider: access lasts to the end of the period, or ends now when it ended earlier (an
        // immediate cancellation, unpaid renewals). The one change that may shorten a period.
        const periodEnd = new Date(Math.min(row.periodEnd?.getTime() ?? event.endedAtMs, event.endedAtMs));
        await this.subscriptions.update(tx, row.publicationId, row.uid, {
          periodEnd,
          cancelledAt: row.cancelledAt ?? new Date(event.createdMs),
          paymentState: 'ended',
          stateAt: new Date(Math.max(event.createdMs, row.stateAt?.getTime() ?? 0)),
          providerCancelPending: false,
        });
        if (!row.cancelledAt) await this.cancelled(tx, row, periodEnd, event.createdMs);
        return;
      }
    }
  }

  /**
   * The subscription becomes paid through the plan: a new row, a free one upgraded, or one paid under an earlier
   * provider subscription replaced. The period runs to the paid invoice's end when known, else one interval from the
   * provider's time (the invoice that follows sets it exactly, never backwards).
   */
  private async begin(
    tx: Queryable,
    row: SubscriptionRow | undefined,
    ref: SubscriptionRef,
    subscriptionId: string,
    atMs: number,
    periodEndMs: number | undefined,
  ): Promise<void> {
    if (row && isPaidAt(row, subscriptionId)) {
      // invoice.paid came first and began it: the checkout's event adds nothing but a period never shorter.
      if (periodEndMs) {
        await this.subscriptions.update(tx, row.publicationId, row.uid, {
          periodEnd: later(row.periodEnd, periodEndMs),
        });
      }
      return;
    }
    // Paid under another provider subscription that has not ended: a late event of a subscription it replaced. Unless
    // that one was cancelled (and the provider told) and this began after the last state applied: the subscriber
    // checked out again before the cancelled period ended (they paid; the new subscription replaces the old one, whose
    // later events are ignored). While the provider is not told yet, the pending stop names the old one: the checkout
    // is refused then (startCheckout), so its event here is a late one.
    const resubscribed = !!row?.cancelledAt && !row.providerCancelPending && newer(row, atMs);
    if (row?.tier === 'paid' && row.paymentState !== 'ended' && row.providerSubscriptionId && !resubscribed) return;
    const publication = await this.publications.find(tx, ref.publicationId);
    if (!publication) return; // The publication was deleted meanwhile: nothing to give access to.
    const plan = ref.planId ? await this.plans.find(tx, ref.publicationId, ref.planId) : undefined;
    const end = periodEndMs ?? periodEndAfter(atMs, plan?.interval ?? 'month');
    const paid = {
      tier: 'paid' as const,
      planId: plan?.id ?? null,
      providerSubscriptionId: subscriptionId,
      periodEnd: later(row?.tier === 'paid' ? row.periodEnd : null, end),
      cancelledAt: null,
      paymentState: 'active' as const,
      stateAt: new Date(atMs),
    };
    if (row) await this.subscriptions.update(tx, row.publicationId, row.uid, paid);
    else {
      await this.subscriptions.insert(tx, {
        publicationId: ref.publicationId,
        uid: ref.uid,
        createdAt: new Date(atMs),
        ...paid,
      });
    }
    await this.outbox.add(
      tx,
      outboxEvent(EVENTS.subscriptionCreated, {
        publicationId: ref.publicationId,
        uid: ref.uid,
        paid: true,
        planId: plan?.id ?? '',
        periodEndMs: paid.periodEnd.getTime(),
        atMs,
        ownerUid: publication.ownerUid,
        publicationName: publication.name,
      }),
    );
  }

  private async cancelled(tx: Queryable, row: SubscriptionRow, periodEnd: Date, atMs: number): Promise<void> {
    await this.outbox.add(
      tx,
      outboxEvent(EVENTS.subscriptionCancelled, {
        publicationId: row.publicationId,
        uid: row.uid,
        paid: true,
        periodEndMs: periodEnd.getTime(),
        atMs,
      }),
    );
  }
}

/** Whether the row is the paid subscription the provider knows by this id. */
function isPaidAt(row: SubscriptionRow | undefined, subscriptionId: string): boolean {
  return row?.tier === 'paid' && row.providerSubscriptionId === subscriptionId;
}

/** Whether an event of the provider's time `atMs` is not older than the state already applied. */
function newer(row: SubscriptionRow, atMs: number): boolean {
  return !row.stateAt || row.stateAt.getTime() <= atMs;
}

/**
 * A paid subscription whose period runs and which renews, or whose cancellation the provider has not been told yet (it
 * still renews there): a second checkout would charge twice.
 */
function renewsPaid(row: SubscriptionRow, nowMs: number): boolean {
  if (row.tier !== 'paid' || row.paymentState === 'ended') return false;
  return row.providerCancelPending || ((row.periodEnd?.getTime() ?? 0) > nowMs && !row.cancelledAt);
}
