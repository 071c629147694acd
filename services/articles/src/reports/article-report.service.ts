import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { ReportArticleRequest, ReportArticleResponse } from '@pencraft/contracts/articles/v1/engagement';
import { EVENTS, outboxEvent } from '@pencraft/contracts/events';
import { AppError } from '@pencraft/errors';
import { Clock, Outbox, TransactionManager } from '@pencraft/kit';
import { codePointLength, normalizeReportNote, REPORT_NOTE_MAX, REPORTS_PER_DAY } from '@pencraft/rules';
import { ArticleRepository } from '../articles/article.repository.js';
import { isUuid } from '../feeds/ids.js';
import { ArticleReportRepository } from './article-report.repository.js';
import { reportReasons } from '@pencraft/contracts/enums';

const DAY_MS = 24 * 3_600_000;

/**
 * Readers' reports of published articles, with the rules of comment reports: the same reasons and note, once per
 * reader and article, REPORTS_PER_DAY a day, never one's own. The report and articles.article.reported (moderation
 * triages it) are written in one transaction.
 */
@Injectable()
export class ArticleReportService {
  constructor(
    private readonly transactions: TransactionManager,
    private readonly articles: ArticleRepository,
    private readonly reports: ArticleReportRepository,
    private readonly outbox: Outbox,
    private readonly clock: Clock,
  ) {}

  async report(request: ReportArticleRequest): Promise<ReportArticleResponse> {
    if (!isUuid(request.reporterUid)) throw new AppError('Unauthorized');
    const reason = reportReasons.require(request.reason, 'reason');
    const note = normalizeReportNote(request.note ?? '');
    if (codePointLength(note) > REPORT_NOTE_MAX) throw new AppError('InvalidModel');
    if (!isUuid(request.articleId)) throw new AppError('ArticleNotFound');
    const now = this.clock.now();
    return this.transactions.run(async (tx) => {
      await this.reports.lockReporter(tx, request.reporterUid);
      const found = await this.articles.findWithAuthor(request.articleId, tx);
      if (!found || found.article.status !== 'published') throw new AppError('ArticleNotFound');
      const { article } = found;
      if (article.authorId === request.reporterUid) throw new AppError('ForbiddenSelfReaction');
      const id = randomUUID();
      const added = await this.reports.insert(tx, {
        id,
        articleId: article.id,
        reporterUid: request.reporterUid,
        reason,
        note,
        createdAt: now,
      });
      if (!added) throw new AppError('AlreadyReportedArticle');
      // The new report counts too: the transaction rolls it back when it is one too many.
      if (
        (await this.reports.countSince(tx, request.reporterUid, new Date(now.getTime() - DAY_MS))) > REPORTS_PER_DAY
      ) {
        throw new AppError('ReportsCountExceed');
      }
      await this.outbox.add(
        tx,
        outboxEvent(EVENTS.articleReported, {
          reportId: id,
          articleId: article.id,
          authorUid: article.authorId,
          reporterUid: request.reporterUid,
          reason: request.reason,
          note,
          excerpt: article.title,
          atMs: now.getTime(),
        }),
      );
      return { reportId: id, articleId: article.id, reason: request.reason, createdAtMs: now.getTime() };
    });
  }
}
