import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { EVENTS, eventSubscription } from '@pencraft/contracts/events';
import type { CommentReported } from '@pencraft/contracts/events/v1/comments';
import { EventConsumers, type Transaction } from '@pencraft/kit';
import { ReportRepository } from './report.repository.js';

/** Readers' reports of comments (comments.comment.reported) wait for staff triage. */
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
  }

  async reported(event: CommentReported, tx: Transaction) {
    await this.reports.insert(tx, {
      id: event.reportId,
      commentId: event.commentId,
      articleId: event.articleId,
      authorUid: event.authorUid,
      reporterUid: event.reporterUid,
      reason: event.reason,
      note: event.note,
      excerpt: event.excerpt,
      state: 'open',
      createdAt: new Date(event.atMs),
    });
  }
}
