import { Inject, Injectable } from '@nestjs/common';
import { eligibilityConditions } from '@pencraft/contracts/enums/donations';
import type * as pb from '@pencraft/contracts/donations/v1/donations';
import { AppError } from '@pencraft/errors';
import { Clock, type Logger, LOGGER, TransactionManager, type Queryable } from '@pencraft/kit';
import {
  bakuMonth,
  eligibilityMissing,
  normalizeThanksMessage,
  PAYOUT_MONTHLY_MAX_QEPIK,
  THANKS_MESSAGE_DEFAULT,
  thanksMessageProblem,
  type EligibilityCondition,
} from '@pencraft/rules';
import { actorOf } from '../access.js';
import { CardRepository } from '../cards/card.repository.js';
import { LedgerRepository } from '../ledger/ledger.repository.js';
import { PayoutRepository } from '../payouts/payout.repository.js';
import { cardOf, payoutOf } from '../presenters.js';
import { Directory } from '../upstreams/directories.js';
import { AccountRepository } from './account.repository.js';
import type { AccountRow } from './account.table.js';

/** The thanks message normalized, or InvalidMessage. */
export function thanksMessageOf(message: string): string {
  const normalized = normalizeThanksMessage(message);
  if (thanksMessageProblem(normalized)) {
    throw new AppError('InvalidMessage', { details: [{ field: 'thanksMessage', code: 'InvalidMessage' }] });
  }
  return normalized;
}

/** Support accounts: eligibility, creation, the active flag, the thanks message, and the account's view. */
@Injectable()
export class AccountService {
  constructor(
    private readonly transactions: TransactionManager,
    private readonly accounts: AccountRepository,
    private readonly cards: CardRepository,
    private readonly payouts: PayoutRepository,
    private readonly ledger: LedgerRepository,
    private readonly directory: Directory,
    private readonly clock: Clock,
    @Inject(LOGGER) private readonly log: Pick<Logger, 'warn'>,
  ) {}

  private async missing(uid: string): Promise<EligibilityCondition[]> {
    const facts = await this.directory.eligibilityFacts(uid);
    return eligibilityMissing({ ...facts, nowMs: this.clock.now().getTime() });
  }

  async eligibility(request: pb.GetEligibilityRequest): Promise<pb.GetEligibilityResponse> {
    const uid = actorOf(request.actorUid);
    const [missing, account] = await Promise.all([
      this.missing(uid),
      this.transactions.run((tx) => this.accounts.find(tx, uid)),
    ]);
    return {
      eligible: missing.length === 0,
      missing: missing.map((condition) => eligibilityConditions.toProto(condition)),
      hasAccount: account !== undefined,
    };
  }

  async create(request: pb.CreateAccountRequest): Promise<pb.Account> {
    const uid = actorOf(request.actorUid);
    const thanksMessage = request.thanksMessage.trim()
      ? thanksMessageOf(request.thanksMessage)
      : THANKS_MESSAGE_DEFAULT;
    if (await this.transactions.run((tx) => this.accounts.find(tx, uid)))
      throw new AppError('AlreadyHasDonationAccount');
    let missing: EligibilityCondition[];
    try {
      missing = await this.missing(uid);
    } catch (error) {
      // identity or articles did not answer: eligibility cannot be decided now.
      this.log.warn({ err: error }, 'eligibility not decided: an upstream did not answer');
      throw new AppError('CantCreateDonationAccount');
    }
    if (missing.length > 0) {
      throw new AppError('DonationAccountNotEligible', {
        details: missing.map((field) => ({ field, code: 'DonationAccountNotEligible' })),
      });
    }
    const now = this.clock.now();
    return this.transactions.run(async (tx) => {
      const row = await this.accounts.insert(tx, { uid, active: true, thanksMessage, createdAt: now, updatedAt: now });
      if (!row) throw new AppError('AlreadyHasDonationAccount');
      return this.view(tx, row);
    });
  }

  async get(request: pb.GetAccountRequest): Promise<pb.Account> {
    const uid = actorOf(request.actorUid);
    return this.transactions.run(async (tx) => this.view(tx, await this.require(tx, uid)));
  }

  async setActive(request: pb.SetAccountActiveRequest): Promise<pb.Account> {
    const uid = actorOf(request.actorUid);
    return this.transactions.run(async (tx) => {
      const row = await this.require(tx, uid, true);
      const changed =
        row.active === request.active
          ? row
          : await this.accounts.update(tx, uid, { active: request.active }, this.clock.now());
      return this.view(tx, changed);
    });
  }

  async setThanksMessage(request: pb.SetThanksMessageRequest): Promise<pb.Account> {
    const uid = actorOf(request.actorUid);
    const thanksMessage = thanksMessageOf(request.thanksMessage);
    return this.transactions.run(async (tx) => {
      await this.require(tx, uid, true);
      return this.view(tx, await this.accounts.update(tx, uid, { thanksMessage }, this.clock.now()));
    });
  }

  private async require(tx: Queryable, uid: string, lock = false): Promise<AccountRow> {
    const row = await this.accounts.find(tx, uid, lock);
    if (!row) throw new AppError('NoDonationAccount');
    return row;
  }

  /** The account as its owner sees it: balances from the ledger, this month's payouts, cards, the active payout. */
  async view(tx: Queryable, row: AccountRow): Promise<pb.Account> {
    const now = this.clock.now();
    const month = bakuMonth(now.getTime());
    const [balances, totals, monthPayouts, cards, active] = await Promise.all([
      this.ledger.balances(tx, row.uid),
      this.ledger.totals(tx, row.uid),
      this.payouts.monthTotal(tx, row.uid, new Date(month.startMs), new Date(month.endMs)),
      this.cards.list(tx, row.uid),
      this.payouts.active(tx, row.uid),
    ]);
    return {
      uid: row.uid,
      active: row.active,
      thanksMessage: row.thanksMessage,
      availableQepik: balances.available,
      reservedQepik: balances.reserved,
      receivedTotalQepik: totals.received,
      paidOutTotalQepik: totals.paidOut,
      monthPayoutsQepik: monthPayouts,
      monthRemainingQepik: Math.max(0, PAYOUT_MONTHLY_MAX_QEPIK - monthPayouts),
      cards: cards.map(cardOf),
      activePayout: active ? payoutOf(active) : undefined,
      createdAtMs: row.createdAt.getTime(),
    };
  }
}
