import { describe, expect, it } from '@jest/globals';
import type { EventConsumers } from '@pencraft/kit';
import { strictMock, TX } from '@pencraft/testing';
import { ReportConsumer } from './report.consumer.js';
import type { ReportRepository } from './report.repository.js';
import { ReportReason } from '@pencraft/contracts/common/v1/common';

describe('ReportConsumer', () => {
  it("files a reader's report of an article for triage, grouped by the article", async () => {
    const reports = strictMock<ReportRepository>('ReportRepository');
    reports.insert.mockResolvedValue(undefined);
    const consumer = new ReportConsumer(strictMock<EventConsumers>('EventConsumers'), reports);
    await consumer.articleReported(
      {
        reportId: 'r-1',
        articleId: 'a-1',
        authorUid: 'u-1',
        reporterUid: 'u-2',
        reason: ReportReason.REPORT_REASON_SCAM,
        note: 'Phishing link',
        excerpt: 'Köhnə şəhər',
        atMs: Date.parse('2026-11-26T12:00:00Z'),
      },
      TX,
    );
    expect(reports.insert).toHaveBeenCalledWith(TX, {
      id: 'r-1',
      kind: 'article',
      commentId: 'a-1',
      articleId: 'a-1',
      authorUid: 'u-1',
      reporterUid: 'u-2',
      reason: 'scam',
      note: 'Phishing link',
      excerpt: 'Köhnə şəhər',
      state: 'open',
      createdAt: new Date('2026-11-26T12:00:00Z'),
    });
  });
});
