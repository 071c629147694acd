import { Inject, Injectable } from '@nestjs/common';
import { ReviewDecision } from '@pencraft/contracts/articles/v1/articles';
import { AppError } from '@pencraft/errors';
import { Clock, Outbox, TransactionManager } from '@pencraft/kit';
import { AuditRepository, type Actor } from '../audit/audit.repository.js';
import type { AuditAction } from '../audit/audit.table.js';
import { ARTICLES, COMMENTS, type ArticlesClient, type CommentsClient } from '../upstreams/upstreams.js';
import { DECISION_NOTE_MAX, isOpenQueueState, isStaffDecision, type StaffDecision } from '@pencraft/rules';
import type { QueueItemRow } from './queue-item.table.js';
import { QueueRepository } from './queue.repository.js';
import { reviewDecidedEvent, type FinalState } from './queue.events.js';

const OUTCOME: Record<StaffDecision, { state: FinalState; action: AuditAction; review: ReviewDecision }> = {
  approve: { state: 'approved', action: 'item.approve', review: ReviewDecision.REVIEW_DECISION_APPROVE },
  reject: { state: 'rejected', action: 'item.reject', review: ReviewDecision.REVIEW_DECISION_REJECT },
  requestRevision: {
    state: 'revisionRequested',
    action: 'item.requestRevision',
    review: ReviewDecision.REVIEW_DECISION_REQUEST_REVISION,
  },
};

/**
 * A staff member's decision on a queue item: the owner (articles DecideReview, comments DecideComment) takes it
 * first, then the item, the audit entry and moderation.review.decided are written in one transaction that holds the
 * item's row lock, so two moderators cannot decide one item differently. The same decision again answers the item
 * as it is; the owners' calls are idempotent, so a retry after a lost commit is harmless.
 */
@Injectable()
export class DecisionService {
  constructor(
    private readonly transactions: TransactionManager,
    private readonly queue: QueueRepository,
    private readonly audit: AuditRepository,
    private readonly outbox: Outbox,
    private readonly clock: Clock,
    @Inject(ARTICLES) private readonly articles: ArticlesClient,
    @Inject(COMMENTS) private readonly comments: CommentsClient,
  ) {}

  async decide(itemId: string, decision: string, rawNote: string, staff: Actor): Promise<QueueItemRow> {
    if (!isStaffDecision(decision)) throw new AppError('InvalidModerationDecision');
    const note = (rawNote ?? '').trim().slice(0, DECISION_NOTE_MAX);
    if (decision !== 'approve' && !note) throw new AppError('ModerationNoteRequired');
    const outcome = OUTCOME[decision];
    try {
      return await this.decideIn(itemId, decision, note, outcome, staff);
    } catch (error) {
      if (error instanceof AppError && error.code === 'ModerationItemNotFound') {
        // The article or comment is gone (its author deleted it): nothing is left to decide, the item leaves too.
        await this.transactions.run((tx) => this.queue.remove(tx, itemId));
      }
      throw error;
    }
  }

  private decideIn(
    itemId: string,
    decision: StaffDecision,
    note: string,
    outcome: (typeof OUTCOME)[StaffDecision],
    staff: Actor,
  ): Promise<QueueItemRow> {
    return this.transactions.run(async (tx) => {
      const item = await this.queue.lockForUpdate(tx, itemId);
      if (!item) throw new AppError('ModerationItemNotFound');
      if (item.kind === 'comment' && decision === 'requestRevision') throw new AppError('InvalidModerationDecision');
      if (item.state === outcome.state) return item;
      if (!isOpenQueueState(item.state)) throw new AppError('AlreadyDecided');
      const kept = decision === 'approve' ? '' : note;
      await this.tellOwner(item, decision, kept, staff);
      const now = this.clock.now();
      const decided = await this.queue.update(tx, item.id, {
        state: outcome.state,
        note: kept,
        decidedBySub: staff.sub,
        decidedByUsername: staff.username,
        decidedAt: now,
        updatedAt: now,
      });
      await this.audit.record(tx, {
        actor: staff,
        action: outcome.action,
        subjectKind: item.kind,
        subjectId: item.subjectId,
        itemId: item.id,
        note: kept,
        at: now,
      });
      await this.outbox.add(tx, reviewDecidedEvent(decided, outcome.state, kept, staff, now));
      return decided;
    });
  }

  private async tellOwner(item: QueueItemRow, decision: StaffDecision, note: string, staff: Actor) {
    try {
      if (item.kind === 'comment') {
        await this.comments.decideComment({
          commentId: item.subjectId,
          decision: decision === 'approve' ? 'approve' : 'reject',
          note,
          moderator: staff.username,
        });
      } else {
        await this.articles.decideReview({ articleId: item.subjectId, decision: OUTCOME[decision].review, note });
      }
    } catch (error) {
      if (error instanceof AppError && error.code === 'OperationFailed') throw new AppError('AlreadyDecided');
      if (error instanceof AppError && (error.code === 'ArticleNotFound' || error.code === 'CommentNotFound')) {
        throw new AppError('ModerationItemNotFound', { message: 'the reviewed article or comment is gone' });
      }
      throw error;
    }
  }
}
