import { Injectable } from '@nestjs/common';
import type * as pb from '@pencraft/contracts/publications/v1/publications';
import { Clock, TransactionManager } from '@pencraft/kit';
import { MemberRepository } from '../members/member.repository.js';
import { actorOf, publicationFor } from '../publications/publication.access.js';
import { PublicationRepository } from '../publications/publication.repository.js';
import { DAY_MS, SubscriberHistoryRepository } from './subscriber-history.repository.js';

export const HISTORY_DAYS_DEFAULT = 30;
export const HISTORY_DAYS_MAX = 365;

/**
 * The studio's subscribers over time (owner and members: viewStudio). The table keeps subscriptions, not their
 * history: a paid one counts from its creation until its period ended; a free one that was ended is deleted, so it
 * counts on no day (the series shows the subscribers kept, as they came).
 */
@Injectable()
export class SubscriberHistoryService {
  constructor(
    private readonly transactions: TransactionManager,
    private readonly publications: PublicationRepository,
    private readonly members: MemberRepository,
    private readonly repository: SubscriberHistoryRepository,
    private readonly clock: Clock,
  ) {}

  async history(request: pb.GetSubscriberHistoryRequest): Promise<pb.GetSubscriberHistoryResponse> {
    const actor = actorOf(request.actorUid);
    const { publication } = await this.transactions.run((tx) =>
      publicationFor(
        { publications: this.publications, members: this.members },
        tx,
        request.publicationId,
        actor,
        'viewStudio',
      ),
    );
    const days =
      Number.isInteger(request.days) && request.days > 0
        ? Math.min(request.days, HISTORY_DAYS_MAX)
        : HISTORY_DAYS_DEFAULT;
    const now = this.clock.now();
    const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
    const from = new Date(today - (days - 1) * DAY_MS);
    const counts = await this.repository.daily(publication.id, from, days, now);
    return {
      days: counts.map((count, index) => ({
        date: new Date(from.getTime() + index * DAY_MS).toISOString().slice(0, 10),
        subscribers: count.subscribers,
        newSubscribers: count.created,
      })),
    };
  }
}
