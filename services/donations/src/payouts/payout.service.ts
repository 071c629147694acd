import { Inject, Injectable } from '@nestjs/common';
import { payoutStates } from '@pencraft/contracts/enums';
import type * as pb from '@pencraft/contracts/donations/v1/donations';
import { EVENTS, outboxEvent } from '@pencraft/contracts/events';
import { AppError, type ErrorCode } from '@pencraft/errors';
import { Clock, LOGGER, Outbox, TransactionManager, type Logger, type Queryable } from '@pencraft/kit';
import {
  bakuMonth,
  expectedPayoutDate,
  isUuid,
  PAYOUT_NOTE_MAX,
  PAYOUT_REFERENCE_MAX,
  PAYOUT_TRANSITIONS,
  payoutProblem,
  type PayoutProblem,
  type PayoutState,
} from '@pencraft/rules';
import { randomUUID } from 'node:crypto';
import { actorOf, pageOf, windowOf } from '../access.js';
import { AccountRepository } from '../accounts/account.repository.js';
import { CardRepository } from '../cards/card.repository.js';
import { LedgerRepository } from '../ledger/ledger.repository.js';
import { payoutPaid, payoutReleased, payoutReserved, type PlannedTransaction } from '../ledger/postings.js';
import { payoutOf } from '../presenters.js';
import { PAYOUT_PROVIDER, type PayoutOrder, type PayoutProvider } from './payout-provider.js';
import { PayoutRepository } from './payout.repository.js';
import type { PayoutRow } from './payout.table.js';

const REFUSALS: Record<PayoutProblem, ErrorCode> = {
  invalidAmount: 'InvalidAmount',
  hasActivePayout: 'HasActivePayout',
  monthlyLimit: 'MonthlyPayoutLimitReached',
  insufficientFunds: 'InsufficientFunds',
};

const invalid = (field: string) => new AppError('InvalidModel', { details: [{ field, code: 'InvalidModel' }] });

/** What staff is: the Keycloak subject and username the gateway verified. */
function staffOf(staff: pb.Staff | undefined): pb.Staff {
  if (!staff?.sub) throw new AppError('Forbidden');
  return { sub: staff.sub, username: staff.username };
}

/**
 * Payouts: the author's request, checked against every limit inside the transaction that locks their account and
 * reserves the money (so parallel requests are serialized on the account row and cannot overdraw or pass the monthly
 * cap), then handed to the payout provider; and staff's moves (those the provider leaves to staff), each one posted
 * to the ledger, recorded with its actor and announced (the author's notification 201, the staff audit log).
 */
@Injectable()
export class PayoutService {
  constructor(
    private readonly transactions: TransactionManager,
    private readonly accounts: AccountRepository,
    private readonly cards: CardRepository,
    private readonly payouts: PayoutRepository,
    private readonly ledger: LedgerRepository,
    private readonly outbox: Outbox,
    private readonly clock: Clock,
    @Inject(PAYOUT_PROVIDER) private readonly provider: PayoutProvider,
    @Inject(LOGGER) private readonly log: Pick<Logger, 'warn'>,
  ) {}

  async request(request: pb.RequestPayoutRequest): Promise<pb.Payout> {
    const uid = actorOf(request.actorUid);
    // The amount alone first (no database needed); the rest under the account's lock.
    if (
      payoutProblem(request.amountQepik, { availableQepik: Infinity, monthPayoutsQepik: 0, hasActivePayout: false })
    ) {
      throw new AppError('InvalidAmount', { details: [{ field: 'amount', code: 'InvalidAmount' }] });
    }
    const { answer, order } = await this.transactions.run(async (tx) => {
      const account = await this.accounts.find(tx, uid, true);
      if (!account) throw new AppError('NoDonationAccount');
      const card = isUuid(request.cardId) ? await this.cards.find(tx, uid, request.cardId) : undefined;
      if (!card) throw new AppError('NoCard');
      const now = this.clock.now();
      const month = bakuMonth(now.getTime());
      const [active, monthPayoutsQepik, balances] = await Promise.all([
        this.payouts.active(tx, uid),
        this.payouts.monthTotal(tx, uid, new Date(month.startMs), new Date(month.endMs)),
        this.ledger.balances(tx, uid),
      ]);
      const problem = payoutProblem(request.amountQepik, {
        availableQepik: balances.available,
        monthPayoutsQepik,
        hasActivePayout: active !== undefined,
      });
      if (problem) throw new AppError(REFUSALS[problem]);
      const payout = await this.payouts.insert(tx, {
        id: randomUUID(),
        uid,
        cardId: card.id,
        cardLast4: card.last4,
        cardBrand: card.brand,
        amountQepik: request.amountQepik,
        state: 'requested',
        requestedAt: now,
        expectedDate: expectedPayoutDate(now.getTime()),
        updatedAt: now,
      });
      await this.post(tx, payoutReserved(payout), now);
      await this.record(tx, payout, undefined, { sub: '', username: '' }, now);
      const order: PayoutOrder = {
        payoutId: payout.id,
        uid,
        amountQepik: payout.amountQepik,
        cardToken: card.token,
        cardLast4: card.last4,
        expectedDate: payout.expectedDate,
      };
      return { answer: payoutOf(payout), order };
    });
    await this.handOver(order);
    return answer;
  }

  /**
   * The committed request goes to the payout provider (outside the transaction: no provider call holds the account's
   * lock). The manual provider leaves it for staff; if a provider fails, the payout stays requested in the staff
   * queue with its money reserved, and the author's request has still succeeded.
   */
  private async handOver(order: PayoutOrder): Promise<void> {
    try {
      await this.provider.send(order);
    } catch (error) {
      this.log.warn(
        { err: error, payoutId: order.payoutId, provider: this.provider.name },
        'payout not handed to the payout provider; it waits in the staff queue',
      );
    }
  }

  async list(request: pb.ListPayoutsRequest): Promise<pb.ListPayoutsResponse> {
    const uid = actorOf(request.actorUid);
    const window = windowOf(request);
    return this.transactions.run(async (tx) => {
      if (!(await this.accounts.find(tx, uid))) throw new AppError('NoDonationAccount');
      const [rows, total] = await Promise.all([
        this.payouts.list(tx, uid, window.limit, window.offset),
        this.payouts.count(tx, uid),
      ]);
      const page = pageOf(rows.map(payoutOf), total, window);
      return { payouts: page.rows, total: page.total, hasMore: page.hasMore };
    });
  }

  async staffList(request: pb.ListStaffPayoutsRequest): Promise<pb.ListStaffPayoutsResponse> {
    staffOf(request.staff);
    const state = payoutStates.fromProto(request.state);
    const window = windowOf(request);
    return this.transactions.run(async (tx) => {
      const [rows, total] = await Promise.all([
        this.payouts.staffList(tx, state, window.limit, window.offset),
        this.payouts.staffCount(tx, state),
      ]);
      const page = pageOf(rows.map(payoutOf), total, window);
      return { payouts: page.rows, total: page.total, hasMore: page.hasMore };
    });
  }

  async staffGet(request: pb.GetStaffPayoutRequest): Promise<pb.GetStaffPayoutResponse> {
    staffOf(request.staff);
    return this.transactions.run(async (tx) => {
      const payout = isUuid(request.payoutId) ? await this.payouts.find(tx, request.payoutId) : undefined;
      if (!payout) throw new AppError('NotFound');
      const [actions, balances] = await Promise.all([
        this.payouts.actions(tx, payout.id),
        this.ledger.balances(tx, payout.uid),
      ]);
      return {
        payout: payoutOf(payout),
        actions: actions.map((action) => ({
          id: action.id,
          payoutId: action.payoutId,
          fromState: action.fromState ? payoutStates.toProto(action.fromState) : 0,
          toState: payoutStates.toProto(action.toState),
          staff: { sub: action.staffSub, username: action.staffUsername },
          reference: action.reference,
          note: action.note,
          atMs: action.at.getTime(),
        })),
        availableQepik: balances.available,
        reservedQepik: balances.reserved,
      };
    });
  }

  async updateState(request: pb.UpdatePayoutStateRequest): Promise<pb.Payout> {
    const staff = staffOf(request.staff);
    const to = payoutStates.require(request.state, 'state');
    const reference = request.reference.trim();
    const note = request.note.trim();
    if (to === 'requested') throw invalid('state');
    if (to === 'paid' && !reference) throw invalid('reference');
    if (to === 'failed' && !note) throw invalid('note');
    if (reference.length > PAYOUT_REFERENCE_MAX) throw invalid('reference');
    if (note.length > PAYOUT_NOTE_MAX) throw invalid('note');
    if (!isUuid(request.payoutId)) throw new AppError('NotFound');
    return this.transactions.run(async (tx) => {
      const found = await this.payouts.find(tx, request.payoutId);
      if (!found) throw new AppError('NotFound');
      // The author's account first, then the payout: the order RequestPayout takes them in.
      await this.accounts.find(tx, found.uid, true);
      const payout = (await this.payouts.find(tx, found.id, true))!;
      if (payout.state === to) {
        const same =
          (to === 'paid' && payout.reference === reference) ||
          (to === 'failed' && payout.failureNote === note) ||
          to === 'processing';
        if (same) return payoutOf(payout);
        throw new AppError('OperationFailed');
      }
      if (!PAYOUT_TRANSITIONS[payout.state].includes(to)) throw new AppError('OperationFailed');
      // A provider that settles payouts itself keeps those moves from staff.
      if (!this.provider.allowsStaffMove(payout.state, to)) throw new AppError('OperationFailed');
      const now = this.clock.now();
      const changed = await this.payouts.update(tx, payout.id, {
        state: to,
        updatedAt: now,
        ...(to === 'paid' ? { reference } : {}),
        ...(to === 'failed' ? { failureNote: note } : {}),
      });
      if (to === 'paid') await this.post(tx, payoutPaid(payout), now);
      if (to === 'failed') await this.post(tx, payoutReleased(payout), now);
      await this.record(tx, changed, payout.state, staff, now, { reference, note });
      return payoutOf(changed);
    });
  }

  private async post(tx: Queryable, planned: PlannedTransaction, at: Date): Promise<void> {
    // A payout's postings are referenced by its id: posted already would mean its state and the ledger disagree.
    if (!(await this.ledger.post(tx, planned, at))) {
      throw new Error(`ledger ${planned.kind} of payout ${planned.reference} was posted already`);
    }
  }

  /**
   * The move in the payout's history and its event (notification 201; a staff member's move also goes to the staff
   * audit log through it, keyed by the move's id), in the transaction of the change.
   */
  private async record(
    tx: Queryable,
    payout: PayoutRow,
    from: PayoutState | undefined,
    staff: pb.Staff,
    at: Date,
    text: { reference?: string; note?: string } = {},
  ): Promise<void> {
    const actionId = randomUUID();
    await this.payouts.addAction(tx, {
      id: actionId,
      payoutId: payout.id,
      fromState: from ?? null,
      toState: payout.state,
      staffSub: staff.sub,
      staffUsername: staff.username,
      reference: text.reference ?? '',
      note: text.note ?? '',
      at,
    });
    await this.outbox.add(
      tx,
      outboxEvent(EVENTS.payoutUpdated, {
        payoutId: payout.id,
        uid: payout.uid,
        state: payoutStates.toProto(payout.state),
        amountQepik: payout.amountQepik,
        cardLast4: payout.cardLast4,
        expectedDate: payout.expectedDate,
        reference: payout.reference,
        failureNote: payout.failureNote,
        atMs: at.getTime(),
        actionId,
        staffSub: staff.sub,
        staffUsername: staff.username,
        note: text.note ?? '',
      }),
    );
  }
}
