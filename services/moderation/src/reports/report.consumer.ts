import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { EVENTS, eventSubscription } from '@pencraft/contracts/events';
import type { ArticleReported } from '@pencraft/contracts/events/v1/articles';
import type { CommentReported } from '@pencraft/contracts/events/v1/comments';
import { EventConsumers, type Transaction } from '@pencraft/kit';
import { ReportRepository } from './report.repository.js';
import { reportReasons } from '@pencraft/contracts/enums';

/**
 * Readers' reports of comments (comments.comment.reported) and of articles (articles.article.reported) wait for staff
 * triage; a redelivered event finds its report there already.
 */
@Injectable()
export class ReportConsumer implements OnApplicationBootstrap {
  constructor(
    private readonly consumers: EventConsumers,
    private readonly reports: ReportRepository,
  ) {}

  async onApplicationBootstrap() {
    await this.consumers.subscribe(
      eventSubscription(EVENTS.commentReported, 'moderation', (event, tx: Transaction) => this.reported(event, tx)),
    );
    await this.consumers.subscribe(
      eventSubscription(EVENTS.articleReported, 'moderation', (event, tx: Transaction) =>
        this.articleReported(event, tx),
      ),
    );
  }

  /** An article's reports are grouped by the article (in the group's comment column). */
  async articleReported(event: ArticleReported, tx: Transaction) {
    await this.reports.insert(tx, {
      id: event.reportId,
      kind: 'article',
      commentId: event.articleId,
      articleId: event.articleId,
      authorUid: event.authorUid,
      reporterUid: event.reporterUid,
      reason: reportReasons.fromProto(event.reason) ?? '',
      note: event.note,
      excerpt: event.excerpt,
      state: 'open',
      createdAt: new Date(event.atMs),
    });
  }

  async reported(event: CommentReported, tx: Transaction) {
    await this.reports.insert(tx, {
      id: event.reportId,
      commentId: event.commentId,
      articleId: event.articleId,
      authorUid: event.authorUid,
      reporterUid: event.reporterUid,
      reason: reportReasons.fromProto(event.reason) ?? '',
      note: event.note,
      excerpt: event.excerpt,
      state: 'open',
      createdAt: new Date(event.atMs),
    });
  }
}
