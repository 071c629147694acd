import { Inject, Injectable } from '@nestjs/common';
import { languages } from '@pencraft/contracts/enums';
import { ReviewDecision } from '@pencraft/contracts/articles/v1/articles';
import { AppError } from '@pencraft/errors';
import { Clock, Outbox, type Queryable } from '@pencraft/kit';
import { AuditRepository, AUTO_REVIEW } from '../audit/audit.repository.js';
import { autoReview, rejectionNote, type AuthorStanding } from '../review/auto-review.rules.js';
import {
  ARTICLES,
  COMMENTS,
  TRUST,
  type ArticlesClient,
  type CommentsClient,
  type TrustClient,
} from '../upstreams/upstreams.js';
import type { QueueItemRow } from './queue-item.table.js';
import { QueueRepository } from './queue.repository.js';
import { reviewDecidedEvent } from './queue.events.js';

/** Answers from the owners that mean the subject is gone or was decided outside the queue (e.g. a deleted draft). */
const GONE = new Set(['ArticleNotFound', 'OperationFailed', 'CommentNotFound', 'UserNotFound']);

interface Standing extends AuthorStanding {
  username: string;
  lang: string;
}

/**
 * The automatic initial review of a queue item (run in the transaction that enqueued it, so a failure leaves the
 * event to be redelivered and reviewed again; the owners' decisions are idempotent). Articles, translations, edits: the
 * initial review starts, then passes on to a human or ends in a rejection with a reason in the author's language.
 * Comments: clear spam is rejected, everything else waits for a human.
 */
@Injectable()
export class AutoReviewService {
  constructor(
    private readonly queue: QueueRepository,
    private readonly audit: AuditRepository,
    private readonly outbox: Outbox,
    private readonly clock: Clock,
    @Inject(ARTICLES) private readonly articles: ArticlesClient,
    @Inject(COMMENTS) private readonly comments: CommentsClient,
    @Inject(TRUST) private readonly trust: TrustClient,
  ) {}

  async review(tx: Queryable, item: QueueItemRow): Promise<void> {
    try {
      await this.run(tx, item);
    } catch (error) {
      if (!(error instanceof AppError) || !GONE.has(error.code)) throw error;
      // Deleted, or decided without the queue: nothing is left to review.
      await this.queue.remove(tx, item.id);
    }
  }

  private async run(tx: Queryable, item: QueueItemRow) {
    const standing = await this.standing(tx, item.authorUid);
    const now = this.clock.now();
    const result = autoReview(
      { kind: item.kind, title: item.title, description: item.description, text: item.content },
      standing,
      now,
    );
    const scored = {
      score: result.score,
      signals: result.signals,
      authorUsername: item.authorUsername || standing.username,
      updatedAt: now,
    };
    const lang = standing.lang || item.language;
    if (item.kind === 'comment') {
      if (result.verdict === 'reject') {
        const note = rejectionNote(result.reasons, lang);
        await this.comments.decideComment({
          commentId: item.subjectId,
          decision: 'reject',
          note,
          moderator: AUTO_REVIEW.username,
        });
        await this.rejected(tx, item, scored, note, now);
      } else {
        await this.queue.update(tx, item.id, { ...scored, state: 'underModeration', autoDecision: 'hold' });
      }
      return;
    }
    await this.articles.decideReview({
      articleId: item.subjectId,
      decision: ReviewDecision.REVIEW_DECISION_START_INITIAL_REVIEW,
      note: '',
    });
    if (result.verdict === 'reject') {
      const note = rejectionNote(result.reasons, lang);
      await this.articles.decideReview({
        articleId: item.subjectId,
        decision: ReviewDecision.REVIEW_DECISION_REJECT,
        note,
      });
      await this.rejected(tx, item, scored, note, now);
      return;
    }
    await this.articles.decideReview({
      articleId: item.subjectId,
      decision: ReviewDecision.REVIEW_DECISION_PASS_INITIAL_REVIEW,
      note: '',
    });
    await this.queue.update(tx, item.id, { ...scored, state: 'underModeration', autoDecision: 'pass' });
    await this.audit.record(tx, {
      actor: AUTO_REVIEW,
      action: 'item.autoPass',
      subjectKind: item.kind,
      subjectId: item.subjectId,
      itemId: item.id,
      note: `score ${result.score}`,
      at: now,
    });
  }

  private async rejected(tx: Queryable, item: QueueItemRow, scored: Partial<QueueItemRow>, note: string, now: Date) {
    const decided = await this.queue.update(tx, item.id, {
      ...scored,
      state: 'rejected',
      autoDecision: 'reject',
      note,
      decidedBySub: AUTO_REVIEW.sub,
      decidedByUsername: AUTO_REVIEW.username,
      decidedAt: now,
    });
    await this.audit.record(tx, {
      actor: AUTO_REVIEW,
      action: 'item.autoReject',
      subjectKind: item.kind,
      subjectId: item.subjectId,
      itemId: item.id,
      note,
      at: now,
    });
    await this.outbox.add(tx, reviewDecidedEvent(decided, 'rejected', note, AUTO_REVIEW, now));
  }

  /** The author's account (identity) and their rejections so far (this service's own history). */
  private async standing(tx: Queryable, uid: string): Promise<Standing> {
    const profile = await this.trust.getModerationProfile({ uid, username: '' });
    return {
      username: profile.username,
      lang: languages.fromProto(profile.lang) ?? '',
      registeredAt: profile.registeredAtMs ? new Date(profile.registeredAtMs) : null,
      rating: profile.rating,
      confirmed: profile.confirmed,
      bansCount: profile.bansCount,
      previousRejections: await this.queue.rejectionsOf(tx, uid),
    };
  }
}
