import { Inject, Injectable } from '@nestjs/common';
import type * as pb from '@pencraft/contracts/donations/v1/donations';
import { AppError } from '@pencraft/errors';
import { Clock, TransactionManager, type Queryable } from '@pencraft/kit';
import {
  CARDS_MAX,
  cardBrand,
  cardHolderProblem,
  cardLastFour,
  cardNumberProblem,
  isUuid,
  normalizeCardHolder,
  normalizeCardNumber,
} from '@pencraft/rules';
import { randomUUID } from 'node:crypto';
import { actorOf } from '../access.js';
import { AccountRepository } from '../accounts/account.repository.js';
import { DONATION_PAYMENT_PROVIDER, type DonationPaymentProvider } from '../payments/payment-provider.js';
import { PayoutRepository } from '../payouts/payout.repository.js';
import { cardOf } from '../presenters.js';
import { CardRepository } from './card.repository.js';

/** A card's expiry when none is given: payout cards are used at once, so any date ahead of now will do. */
function defaultExpiry(now: Date) {
  return { expMonth: 12, expYear: now.getUTCFullYear() + 3 };
}

/**
 * Payout cards. The number is checked here (Luhn, length), sent to the provider once to be tokenized, and then
 * forgotten: only the token, the last four digits, the brand and the holder are stored. No error, log line or event
 * carries it.
 */
@Injectable()
export class CardService {
  constructor(
    private readonly transactions: TransactionManager,
    private readonly accounts: AccountRepository,
    private readonly cards: CardRepository,
    private readonly payouts: PayoutRepository,
    @Inject(DONATION_PAYMENT_PROVIDER) private readonly provider: DonationPaymentProvider,
    private readonly clock: Clock,
  ) {}

  async add(request: pb.AddCardRequest): Promise<pb.Card> {
    const uid = actorOf(request.actorUid);
    const holder = normalizeCardHolder(request.holder);
    const details: { field: string; code: 'InvalidCardNumber' | 'InvalidCardHolder' }[] = [];
    if (cardNumberProblem(request.number)) details.push({ field: 'number', code: 'InvalidCardNumber' });
    if (cardHolderProblem(holder)) details.push({ field: 'holder', code: 'InvalidCardHolder' });
    if (details.length > 0) throw new AppError(details[0]!.code, { details });
    const number = normalizeCardNumber(request.number);
    const now = this.clock.now();
    const expiry =
      request.expMonth >= 1 && request.expMonth <= 12 && request.expYear >= now.getUTCFullYear()
        ? { expMonth: request.expMonth, expYear: request.expYear }
        : defaultExpiry(now);
    await this.transactions.run(async (tx) => {
      await this.requireAccount(tx, uid);
      if ((await this.cards.count(tx, uid)) >= CARDS_MAX) {
        throw new AppError('InvalidModel', { details: [{ field: 'cards', code: 'InvalidModel' }] });
      }
    });
    const { token } = await this.provider.tokenizeCard({ number, holder, ...expiry });
    return this.transactions.run(async (tx) => {
      await this.requireAccount(tx, uid, true);
      if ((await this.cards.count(tx, uid)) >= CARDS_MAX) {
        throw new AppError('InvalidModel', { details: [{ field: 'cards', code: 'InvalidModel' }] });
      }
      const row = await this.cards.insert(tx, {
        id: randomUUID(),
        uid,
        provider: this.provider.name,
        token,
        last4: cardLastFour(number),
        brand: cardBrand(number) ?? '',
        holder,
        createdAt: now,
      });
      return cardOf(row);
    });
  }

  async list(request: pb.ListCardsRequest): Promise<pb.Card[]> {
    const uid = actorOf(request.actorUid);
    return this.transactions.run(async (tx) => {
      await this.requireAccount(tx, uid);
      return (await this.cards.list(tx, uid)).map(cardOf);
    });
  }

  async delete(request: pb.DeleteCardRequest): Promise<void> {
    const uid = actorOf(request.actorUid);
    await this.transactions.run(async (tx) => {
      // Locked as RequestPayout locks it, so a payout cannot be requested to a card being deleted.
      await this.requireAccount(tx, uid, true);
      if (!isUuid(request.cardId) || !(await this.cards.find(tx, uid, request.cardId))) throw new AppError('NoCard');
      const active = await this.payouts.active(tx, uid);
      if (active?.cardId === request.cardId) throw new AppError('HasActivePayout');
      await this.cards.delete(tx, uid, request.cardId);
    });
  }

  private async requireAccount(tx: Queryable, uid: string, lock = false) {
    const account = await this.accounts.find(tx, uid, lock);
    if (!account) throw new AppError('NoDonationAccount');
    return account;
  }
}
