import { beforeEach, describe, expect, it } from '@jest/globals';
import { EVENTS } from '@pencraft/contracts/events';
import { AppError } from '@pencraft/errors';
import type { Clock, Outbox } from '@pencraft/kit';
import { fakeTransactions, strictMock, TX, type StrictMock } from '@pencraft/testing';
import type { ArticleRecord, ArticleRepository } from '../articles/article.repository.js';
import type { ArticleReportRepository } from './article-report.repository.js';
import { ArticleReportService } from './article-report.service.js';
import { ReportReason } from '@pencraft/contracts/common/v1/common';

const NOW = new Date('2026-11-26T10:00:00Z');
const AUTHOR = '0b9f6a1e-2c3d-4e5f-8a7b-9c0d1e2f3a4b';
const READER = '9a8b7c6d-5e4f-4a3b-9c2d-1e0f9a8b7c6d';
const ARTICLE_ID = '6f1c2a4e-8d3b-4c5a-9e7f-0a1b2c3d4e5f';

function found(status: ArticleRecord['status'] = 'published') {
  return {
    article: { id: ARTICLE_ID, authorId: AUTHOR, title: 'Payız', status } as ArticleRecord,
    author: null,
  };
}

async function codeOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    if (AppError.is(error)) return error.code;
    throw error;
  }
  throw new Error('expected an AppError');
}

describe('ArticleReportService', () => {
  let articles: StrictMock<ArticleRepository>;
  let reports: StrictMock<ArticleReportRepository>;
  let outbox: StrictMock<Outbox>;
  let service: ArticleReportService;
  const request = {
    articleId: ARTICLE_ID,
    reporterUid: READER,
    reason: ReportReason.REPORT_REASON_SCAM,
    note: '  Phishing <b>link</b> ',
  };

  beforeEach(() => {
    articles = strictMock<ArticleRepository>('ArticleRepository');
    reports = strictMock<ArticleReportRepository>('ArticleReportRepository');
    outbox = strictMock<Outbox>('Outbox');
    const clock = strictMock<Clock>('Clock');
    clock.now.mockReturnValue(NOW);
    reports.lockReporter.mockResolvedValue(undefined);
    articles.findWithAuthor.mockResolvedValue(found());
    reports.insert.mockResolvedValue(true);
    reports.countSince.mockResolvedValue(1);
    outbox.add.mockResolvedValue('event-r');
    service = new ArticleReportService(fakeTransactions(), articles, reports, outbox, clock);
  });

  it('records the report and announces it for moderation in the same transaction', async () => {
    const result = await service.report(request);
    expect(reports.insert).toHaveBeenCalledWith(
      TX,
      expect.objectContaining({ articleId: ARTICLE_ID, reporterUid: READER, reason: 'scam', note: 'Phishing link' }),
    );
    const [tx, event] = outbox.add.mock.calls[0]!;
    expect(tx).toBe(TX);
    expect(event.subject).toBe(EVENTS.articleReported.subject);
    expect(EVENTS.articleReported.message.decode(event.payload)).toEqual({
      reportId: result.reportId,
      articleId: ARTICLE_ID,
      authorUid: AUTHOR,
      reporterUid: READER,
      reason: ReportReason.REPORT_REASON_SCAM,
      note: 'Phishing link',
      excerpt: 'Payız',
      atMs: NOW.getTime(),
    });
    expect(result).toMatchObject({
      articleId: ARTICLE_ID,
      reason: ReportReason.REPORT_REASON_SCAM,
      createdAtMs: NOW.getTime(),
    });
  });

  it('refuses a second report of the same article, and one past the daily limit', async () => {
    reports.insert.mockResolvedValue(false);
    expect(await codeOf(service.report(request))).toBe('AlreadyReportedArticle');
    reports.insert.mockResolvedValue(true);
    reports.countSince.mockResolvedValue(11);
    expect(await codeOf(service.report(request))).toBe('ReportsCountExceed');
    expect(outbox.add).not.toHaveBeenCalled();
  });

  it("refuses one's own article, an unpublished one, an unknown reason and a long note", async () => {
    expect(await codeOf(service.report({ ...request, reporterUid: AUTHOR }))).toBe('ForbiddenSelfReaction');
    articles.findWithAuthor.mockResolvedValue(found('underModeration'));
    expect(await codeOf(service.report(request))).toBe('ArticleNotFound');
    articles.findWithAuthor.mockResolvedValue(undefined);
    expect(await codeOf(service.report(request))).toBe('ArticleNotFound');
    expect(await codeOf(service.report({ ...request, reason: ReportReason.REPORT_REASON_UNSPECIFIED }))).toBe(
      'InvalidModel',
    );
    expect(await codeOf(service.report({ ...request, reason: 99 as ReportReason }))).toBe('InvalidModel');
    expect(await codeOf(service.report({ ...request, note: 'x'.repeat(501) }))).toBe('InvalidModel');
    expect(await codeOf(service.report({ ...request, articleId: 'nope' }))).toBe('ArticleNotFound');
    expect(reports.insert).not.toHaveBeenCalled();
  });
});
