import { Inject, Injectable } from '@nestjs/common';
import type * as pb from '@pencraft/contracts/donations/v1/donations';
import { EVENTS, outboxEvent } from '@pencraft/contracts/events';
import { Clock, type Logger, LOGGER, Outbox, TransactionManager, type Queryable } from '@pencraft/kit';
import { isUuid } from '@pencraft/rules';
import { randomUUID } from 'node:crypto';
import { AccountRepository } from '../accounts/account.repository.js';
import { LedgerRepository } from '../ledger/ledger.repository.js';
import { reversal, supportReceived } from '../ledger/postings.js';
import {
  DONATION_PAYMENT_PROVIDER,
  type DonationPaymentEvent,
  type DonationPaymentProvider,
  type PaymentRef,
} from '../payments/payment-provider.js';
import { WebhookRepository } from '../payments/webhook.repository.js';
import { SupportRepository } from './support.repository.js';
import { SUPPORT_CURRENCY, type SupportRow, type UnmatchedReason } from './support.table.js';

type Matched = Exclude<DonationPaymentEvent, { kind: 'ignored' }>;

/**
 * The payment provider's webhooks for supports: verified (InvalidWebhookSignature), then applied exactly once in the
 * transaction that records the event id. A support is credited only here, only for its exact amount and currency,
 * and only once (the ledger's credit is referenced by the support's id, so checkout.session.completed and
 * payment_intent.succeeded of one payment credit it once between them). Order does not matter: a failure after the
 * credit changes nothing, a success after a failure still credits, a refund's cumulative total never reverses twice.
 * What cannot be matched is kept in unmatched_webhooks and credits nothing.
 */
@Injectable()
export class PaymentWebhookService {
  constructor(
    private readonly transactions: TransactionManager,
    private readonly webhooks: WebhookRepository,
    private readonly accounts: AccountRepository,
    private readonly supports: SupportRepository,
    private readonly ledger: LedgerRepository,
    @Inject(DONATION_PAYMENT_PROVIDER) private readonly provider: DonationPaymentProvider,
    private readonly outbox: Outbox,
    private readonly clock: Clock,
    @Inject(LOGGER) private readonly log: Pick<Logger, 'warn'>,
  ) {}

  async handle(request: pb.HandlePaymentWebhookRequest): Promise<pb.HandlePaymentWebhookResponse> {
    const payload = Buffer.from(request.payload);
    const event = this.provider.parseWebhook(payload, request.signature);
    return this.transactions.run(async (tx) => {
      if (!(await this.webhooks.recordEvent(tx, this.provider.name, event.id, event.type))) return { duplicate: true };
      if (event.kind === 'ignored') return { duplicate: false };
      const found = await this.match(tx, event);
      if (!found) {
        await this.keep(tx, event, payload, 'unknownSupport');
        return { duplicate: false };
      }
      // The recipient's account, then the support: the order every change of a balance takes them in.
      await this.accounts.find(tx, found.recipientUid, true);
      const support = (await this.supports.find(tx, found.id, true))!;
      const problem = this.mismatch(event, support);
      if (problem) {
        await this.keep(tx, event, payload, problem);
        return { duplicate: false };
      }
      switch (event.kind) {
        case 'paymentSucceeded':
          await this.credit(tx, support, event);
          break;
        case 'paymentFailed':
          if (support.state === 'pending') {
            await this.supports.update(tx, support.id, { state: 'failed', updatedAt: this.clock.now() });
          }
          break;
        case 'refunded': {
          const target = Math.min(event.refundedTotal, support.amountQepik - support.disputedQepik);
          await this.reverse(
            tx,
            support,
            'refund',
            `${event.chargeId}:${event.refundedTotal}`,
            target - support.refundedQepik,
          );
          break;
        }
        case 'disputed': {
          const left = support.amountQepik - support.refundedQepik - support.disputedQepik;
          await this.reverse(tx, support, 'dispute', event.disputeId, Math.min(event.amount, left));
          break;
        }
      }
      return { duplicate: false };
    });
  }

  /** The support the event names: by our id in its metadata, else by the provider's payment or checkout id. */
  private async match(tx: Queryable, ref: PaymentRef): Promise<SupportRow | undefined> {
    if (isUuid(ref.supportRef)) {
      const support = await this.supports.find(tx, ref.supportRef);
      if (support && support.provider === this.provider.name) return support;
    }
    if (ref.paymentId) {
      const support = await this.supports.findByPayment(tx, this.provider.name, ref.paymentId);
      if (support) return support;
    }
    if (ref.checkoutId) return this.supports.findByCheckout(tx, this.provider.name, ref.checkoutId);
    return undefined;
  }

  /** Why a matched event must not touch the support: another amount or currency, a reversal of no credit. */
  private mismatch(event: Matched, support: SupportRow): UnmatchedReason | undefined {
    if (event.kind === 'paymentSucceeded') {
      if (event.currency !== SUPPORT_CURRENCY) return 'currencyMismatch';
      if (event.amount !== support.amountQepik) return 'amountMismatch';
    }
    if (event.kind === 'refunded' || event.kind === 'disputed') {
      if (event.currency !== SUPPORT_CURRENCY) return 'currencyMismatch';
      if (!support.paidAt) return 'notCredited';
      const amount = event.kind === 'refunded' ? event.refundedTotal : event.amount;
      if (!Number.isSafeInteger(amount) || amount < 0) return 'amountMismatch';
    }
    return undefined;
  }

  private async keep(tx: Queryable, event: Matched, payload: Buffer, reason: UnmatchedReason): Promise<void> {
    this.log.warn({ eventId: event.id, type: event.type, reason }, 'payment webhook kept unmatched; nothing credited');
    await this.supports.keepUnmatched(tx, {
      id: randomUUID(),
      provider: this.provider.name,
      eventId: event.id,
      eventType: event.type,
      reason,
      supportRef: event.supportRef,
      payload: JSON.parse(payload.toString('utf8')) as unknown,
      receivedAt: this.clock.now(),
    });
  }

  private async credit(tx: Queryable, support: SupportRow, event: Extract<Matched, { kind: 'paymentSucceeded' }>) {
    const ids = {
      ...(event.paymentId && !support.paymentId ? { paymentId: event.paymentId } : {}),
      ...(event.checkoutId && !support.checkoutId ? { checkoutId: event.checkoutId } : {}),
    };
    const now = this.clock.now();
    if (support.paidAt) {
      // Credited already (the other event of the same payment): only the provider's ids it did not know.
      if (Object.keys(ids).length > 0) await this.supports.update(tx, support.id, { ...ids, updatedAt: now });
      return;
    }
    for (const planned of supportReceived(support)) await this.ledger.post(tx, planned, now);
    const paid = await this.supports.update(tx, support.id, { ...ids, state: 'paid', paidAt: now, updatedAt: now });
    await this.outbox.add(
      tx,
      outboxEvent(EVENTS.supportReceived, {
        supportId: paid.id,
        recipientUid: paid.recipientUid,
        supporterUid: paid.public ? paid.supporterUid : '',
        amountQepik: paid.amountQepik,
        articleId: paid.articleId ?? '',
        atMs: now.getTime(),
      }),
    );
    await this.announceTotal(tx, paid.supporterUid, now);
  }

  /**
   * Reverses part of a credited support (a refund or a dispute): as far as the recipient's available balance reaches,
   * the rest recorded as the platform's shortfall. Nothing when nothing is left to reverse or it was posted already.
   */
  private async reverse(
    tx: Queryable,
    support: SupportRow,
    kind: 'refund' | 'dispute',
    reference: string,
    amount: number,
  ) {
    if (amount <= 0) return;
    const { available } = await this.ledger.balances(tx, support.recipientUid);
    const { transaction, shortfallQepik } = reversal({
      kind,
      reference,
      support,
      amountQepik: amount,
      availableQepik: available,
    });
    if (!(await this.ledger.post(tx, transaction, this.clock.now()))) return;
    const refunded = support.refundedQepik + (kind === 'refund' ? amount : 0);
    const disputed = support.disputedQepik + (kind === 'dispute' ? amount : 0);
    const whole = refunded + disputed >= support.amountQepik;
    const now = this.clock.now();
    await this.supports.update(tx, support.id, {
      refundedQepik: refunded,
      disputedQepik: disputed,
      shortfallQepik: support.shortfallQepik + shortfallQepik,
      ...(whole ? { state: kind === 'refund' ? 'refunded' : 'disputed' } : {}),
      updatedAt: now,
    });
    if (shortfallQepik > 0) {
      this.log.warn({ supportId: support.id, kind, shortfallQepik }, 'reversal beyond the available balance');
    }
    await this.announceTotal(tx, support.supporterUid, now);
  }

  /** The supporter's running total (the badge hook), after a credit or a reversal. */
  private async announceTotal(tx: Queryable, supporterUid: string, at: Date) {
    const total = await this.supports.supporterTotal(tx, supporterUid);
    await this.outbox.add(
      tx,
      outboxEvent(EVENTS.supporterTotal, { supporterUid, totalQepik: total, atMs: at.getTime() }),
    );
  }
}
