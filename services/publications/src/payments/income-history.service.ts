import { Injectable } from '@nestjs/common';
import type * as pb from '@pencraft/contracts/publications/v1/publications';
import { Clock, TransactionManager } from '@pencraft/kit';
import { MemberRepository } from '../members/member.repository.js';
import { actorOf, publicationFor } from '../publications/publication.access.js';
import { PublicationRepository } from '../publications/publication.repository.js';
import { DAY_MS } from '../subscriptions/subscriber-history.repository.js';
import { HISTORY_DAYS_DEFAULT, HISTORY_DAYS_MAX } from '../subscriptions/subscriber-history.service.js';
import { IncomeRepository } from './income.repository.js';
import { exactQepik } from './income.service.js';

/**
 * The studio's revenue over time (the owner's: viewIncome), from the income ledger: each day's exact sum in UTC, the
 * days of the analytics' other series. Sums are PostgreSQL's, read as text; the period's total is added as BigInt and
 * refused rather than rounded past 2^53 - 1, so no amount passes through a fractional float.
 */
@Injectable()
export class IncomeHistoryService {
  constructor(
    private readonly transactions: TransactionManager,
    private readonly publications: PublicationRepository,
    private readonly members: MemberRepository,
    private readonly income: IncomeRepository,
    private readonly clock: Clock,
  ) {}

  async history(request: pb.GetIncomeHistoryRequest): Promise<pb.GetIncomeHistoryResponse> {
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
    const days =
      Number.isInteger(request.days) && request.days > 0
        ? Math.min(request.days, HISTORY_DAYS_MAX)
        : HISTORY_DAYS_DEFAULT;
    const now = this.clock.now();
    const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
    const from = new Date(today - (days - 1) * DAY_MS);
    const rows = await this.income.daily(publication.id, from, days);
    const total = rows.reduce((sum, row) => sum + BigInt(exactQepik(row.amount)), 0n);
    return {
      days: rows.map((row, index) => ({
        date: new Date(from.getTime() + index * DAY_MS).toISOString().slice(0, 10),
        amountQepik: exactQepik(row.amount),
        payments: row.payments,
      })),
      totalQepik: exactQepik(total.toString()),
    };
  }
}
