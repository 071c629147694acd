import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { EVENTS, eventSubscription } from '@pencraft/contracts/events';
import type { ArticleSubmitted, ArticleWithdrawn, TranslationSubmitted } from '@pencraft/contracts/events/v1/articles';
import type { CommentDeleted, CommentSubmitted } from '@pencraft/contracts/events/v1/comments';
import { EventConsumers, type Transaction } from '@pencraft/kit';
import { excerptOf } from './excerpt.js';
import { AutoReviewService } from './auto-review.service.js';
import { QueueRepository, type NewQueueItem } from './queue.repository.js';
import { languages } from '@pencraft/contracts/enums';

/**
 * Every submission enters the queue (articles, translations, edits of published articles, comments) and is reviewed automatically at once, in
 * the event's transaction: a redelivered event finds its item already there and does nothing. A submission its
 * author deletes before a decision (a pending article or translation, a comment) leaves the queue the same way.
 */
@Injectable()
export class IntakeConsumer implements OnApplicationBootstrap {
  constructor(
    private readonly consumers: EventConsumers,
    private readonly queue: QueueRepository,
    private readonly autoReview: AutoReviewService,
  ) {}

  async onApplicationBootstrap() {
    await this.consumers.subscribe(
      eventSubscription(EVENTS.articleSubmitted, 'moderation', (event, tx: Transaction) =>
        this.articleSubmitted(event, tx),
      ),
    );
    await this.consumers.subscribe(
      eventSubscription(EVENTS.translationSubmitted, 'moderation', (event, tx: Transaction) =>
        this.translationSubmitted(event, tx),
      ),
    );
    await this.consumers.subscribe(
      eventSubscription(EVENTS.commentSubmitted, 'moderation', (event, tx: Transaction) =>
        this.commentSubmitted(event, tx),
      ),
    );
    await this.consumers.subscribe(
      eventSubscription(EVENTS.articleWithdrawn, 'moderation', (event, tx: Transaction) =>
        this.articleWithdrawn(event, tx),
      ),
    );
    await this.consumers.subscribe(
      eventSubscription(EVENTS.commentDeleted, 'moderation', (event, tx: Transaction) =>
        this.commentDeleted(event, tx),
      ),
    );
  }

  /** articles.article.withdrawn: the row was an article or a translation; either kind's open items go. */
  articleWithdrawn(event: ArticleWithdrawn, tx: Transaction) {
    return this.queue.withdraw(tx, ['article', 'translation'], event.articleId);
  }

  /** comments.comment.deleted: by its author or by moderation, an open review of it has nothing left to decide. */
  commentDeleted(event: CommentDeleted, tx: Transaction) {
    return this.queue.withdraw(tx, ['comment'], event.commentId);
  }

  /** An original article, or an edit of a published one (decided by the edit's id, both versions kept for staff). */
  articleSubmitted(event: ArticleSubmitted, tx: Transaction) {
    return this.intake(tx, {
      kind: event.editId ? 'edit' : 'article',
      subjectId: event.editId || event.articleId,
      articleId: event.articleId,
      authorUid: event.authorUid,
      authorUsername: event.authorUsername,
      title: event.title,
      description: event.description,
      content: event.bodyText,
      excerpt: excerptOf(event.description || event.bodyText),
      language: languages.fromProto(event.language) ?? '',
      isEdit: event.isEdit,
      previousTitle: event.previousTitle,
      previousDescription: event.previousDescription,
      previousContent: event.previousBodyText,
      submittedAt: new Date(event.submittedAtMs),
    });
  }

  translationSubmitted(event: TranslationSubmitted, tx: Transaction) {
    return this.intake(tx, {
      kind: 'translation',
      subjectId: event.articleId,
      articleId: event.originalId,
      authorUid: event.authorUid,
      authorUsername: event.authorUsername,
      title: event.title,
      description: event.description,
      content: event.bodyText,
      excerpt: excerptOf(event.description || event.bodyText || event.title),
      language: languages.fromProto(event.language) ?? '',
      submittedAt: new Date(event.submittedAtMs),
    });
  }

  commentSubmitted(event: CommentSubmitted, tx: Transaction) {
    return this.intake(tx, {
      kind: 'comment',
      subjectId: event.commentId,
      articleId: event.articleId,
      authorUid: event.authorUid,
      authorUsername: event.authorUsername,
      title: event.articleTitle,
      content: event.content,
      excerpt: excerptOf(event.content),
      isEdit: event.isEdit,
      submittedAt: new Date(event.createdAtMs),
    });
  }

  private async intake(tx: Transaction, item: NewQueueItem) {
    const enqueued = await this.queue.enqueue(tx, item);
    if (enqueued) await this.autoReview.review(tx, enqueued);
  }
}
