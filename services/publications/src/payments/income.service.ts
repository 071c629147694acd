import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { planIntervals } from '@pencraft/contracts/enums/publications';
import type * as pb from '@pencraft/contracts/publications/v1/publications';
import { AppError } from '@pencraft/errors';
import { type Logger, LOGGER, TransactionManager, type Queryable } from '@pencraft/kit';
import { isUuid, PAGE_SIZE, type PaymentProvider, type PlanInterval } from '@pencraft/rules';
import { MemberRepository } from '../members/member.repository.js';
import { actorOf, publicationFor } from '../publications/publication.access.js';
import { PublicationRepository } from '../publications/publication.repository.js';
import type { ProviderPayment } from './payment-provider.js';
import { type IncomeCursor, IncomeRepository } from './income.repository.js';
import { INCOME_CURRENCY, type IncomeEntryRow } from './income.table.js';

/** A payment to put in the ledger: what the provider said, and whose subscription it paid. */
export interface IncomeInput {
  provider: PaymentProvider;
  eventId: string;
  payment: ProviderPayment;
  publicationId: string;
  uid: string;
  providerSubscriptionId: string;
  planId: string | null;
  planInterval: PlanInterval | null;
}

export type IncomeOutcome = 'recorded' | 'duplicate' | 'refused';

/** An amount the ledger takes: an exact integer number of qəpik, more than zero. */
export function isLedgerAmount(amount: number): boolean {
  return Number.isSafeInteger(amount) && amount > 0;
}

/** A sum PostgreSQL answered as text, read exactly (AppError when it would not be an exact JavaScript integer). */
export function exactQepik(text: string): number {
  if (!/^\d+$/.test(text)) throw new AppError('InternalServerError');
  const value = BigInt(text);
  if (value > BigInt(Number.MAX_SAFE_INTEGER)) throw new AppError('InternalServerError');
  return Number(value);
}

/** At most 14 digits: a 15-digit time in ms is past the year 9999, which PostgreSQL cannot read (a 5xx before). */
const CURSOR = /^(\d{1,14})\.([0-9a-f-]{36})$/;

export function encodeIncomeCursor(row: Pick<IncomeEntryRow, 'paidAt' | 'id'>): string {
  return Buffer.from(`${row.paidAt.getTime()}.${row.id}`).toString('base64url');
}

/** The cursor this service wrote (InvalidPage for anything else). */
export function decodeIncomeCursor(cursor: string): IncomeCursor | undefined {
  if (cursor === '') return undefined;
  const match = CURSOR.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (!match || !isUuid(match[2]!)) throw new AppError('InvalidPage');
  return { paidAt: new Date(Number(match[1])), id: match[2]! };
}

function presentEntry(row: IncomeEntryRow): pb.IncomeEntry {
  return {
    id: row.id,
    subscriberUid: row.uid,
    planId: row.planId ?? '',
    planInterval: row.planInterval ? planIntervals.toProto(row.planInterval) : 0,
    amountQepik: row.amountQepik,
    currency: row.currency,
    paidAtMs: row.paidAt.getTime(),
  };
}

/**
 * The income ledger: every subscription payment received, written once per payment by the webhook (in its
 * transaction) and read by the owner. Amounts are integer qəpik from the provider's own integer amounts; nothing here
 * divides, rounds or adds in floating point (the month totals are summed by PostgreSQL and read exactly).
 */
@Injectable()
export class IncomeService {
  constructor(
    private readonly transactions: TransactionManager,
    private readonly publications: PublicationRepository,
    private readonly members: MemberRepository,
    private readonly income: IncomeRepository,
    @Inject(LOGGER) private readonly log: Pick<Logger, 'warn'>,
  ) {}

  /**
   * Puts the payment in the ledger in the webhook's transaction: a payment already there (a replay, or the
   * checkout and the invoice of one first payment) is not added again; an amount that is not an integer > 0, or in
   * another currency than AZN, is refused (logged; the webhook's other effects still apply).
   */
  async record(tx: Queryable, input: IncomeInput): Promise<IncomeOutcome> {
    const { payment } = input;
    if (!isLedgerAmount(payment.amount) || payment.currency !== INCOME_CURRENCY) {
      this.log.warn(
        { eventId: input.eventId, paymentRef: payment.ref, amount: payment.amount, currency: payment.currency },
        'payment not put in the income ledger: not an integer amount > 0 in AZN',
      );
      return 'refused';
    }
    const inserted = await this.income.insert(tx, {
      id: randomUUID(),
      publicationId: input.publicationId,
      uid: input.uid,
      provider: input.provider,
      providerSubscriptionId: input.providerSubscriptionId,
      planId: input.planId,
      planInterval: input.planInterval,
      paymentRef: payment.ref,
      eventId: input.eventId,
      amountQepik: payment.amount,
      currency: payment.currency,
      paidAt: new Date(payment.paidAtMs),
    });
    return inserted ? 'recorded' : 'duplicate';
  }

  /** The owner's ledger: a page of entries newest first, and every month's total. */
  async list(request: pb.ListIncomeRequest): Promise<pb.ListIncomeResponse> {
    const actor = actorOf(request.actorUid);
    const { publication } = await this.transactions.run((tx) =>
      publicationFor(
        { publications: this.publications, members: this.members },
        tx,
        request.publicationId,
        actor,
        'viewIncome',
      ),
    );
    const after = decodeIncomeCursor(request.cursor);
    const [rows, months] = await Promise.all([
      this.income.page(publication.id, after, PAGE_SIZE + 1),
      this.income.months(publication.id),
    ]);
    const entries = rows.slice(0, PAGE_SIZE);
    return {
      entries: entries.map(presentEntry),
      nextCursor: rows.length > PAGE_SIZE ? encodeIncomeCursor(entries.at(-1)!) : '',
      months: months.map((month) => ({
        month: month.month,
        amountQepik: exactQepik(month.amount),
        payments: month.payments,
      })),
    };
  }
}
