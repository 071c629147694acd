import { beforeEach, describe, expect, it } from '@jest/globals';
import { AppError } from '@pencraft/errors';
import { fakeTransactions, strictMock, TX, type StrictMock } from '@pencraft/testing';
import type { Clock } from '@pencraft/kit';
import type { ReachAnnouncer } from './reach-announcer.js';
import type { StatisticsAccess } from './statistics.access.js';
import { articleField, siteField } from './statistics.batch.js';
import type { StatisticsCounters } from './statistics.counters.js';
import type { StatisticsRepository } from './statistics.repository.js';
import { StatisticsService } from './statistics.service.js';

const NOW = new Date('2026-11-26T10:00:00Z');
const ARTICLE = '6f1c2a4e-8d3b-4c5a-9e7f-0a1b2c3d4e5f';
const UNKNOWN = '11111111-2222-4333-8444-555555555555';
const AUTHOR = '0b9f6a1e-2c3d-4e5f-8a7b-9c0d1e2f3a4b';
const OTHER = '9a8b7c6d-5e4f-4a3b-9c2d-1e0f9a8b7c6d';

async function codeOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    if (AppError.is(error)) return error.code;
    throw error;
  }
  throw new Error('expected an AppError');
}

describe('StatisticsService', () => {
  let counters: StrictMock<StatisticsCounters>;
  let repository: StrictMock<StatisticsRepository>;
  let access: StrictMock<StatisticsAccess>;
  let reach: StrictMock<ReachAnnouncer>;
  let clock: StrictMock<Clock>;
  let transactions: ReturnType<typeof fakeTransactions>;
  let service: StatisticsService;

  beforeEach(() => {
    counters = strictMock<StatisticsCounters>('StatisticsCounters');
    repository = strictMock<StatisticsRepository>('StatisticsRepository');
    access = strictMock<StatisticsAccess>('StatisticsAccess');
    reach = strictMock<ReachAnnouncer>('ReachAnnouncer');
    clock = strictMock<Clock>('Clock');
    clock.now.mockReturnValue(NOW);
    transactions = fakeTransactions();
    service = new StatisticsService(
      counters,
      repository,
      access,
      transactions,
      clock,
      { add: async () => {} } as never,
      reach,
    );
  });

  describe('counting', () => {
    it('counts a view in Redis only, under the day of the request', async () => {
      counters.recordView.mockResolvedValue(undefined);
      await service.recordView({ articleId: ARTICLE.toUpperCase(), visitorKey: 'h:abc', signedIn: false });
      expect(counters.recordView).toHaveBeenCalledWith({
        articleId: ARTICLE,
        visitorKey: 'h:abc',
        signedIn: false,
        day: '2026-11-26',
      });
      expect(transactions.run).not.toHaveBeenCalled();
    });

    it('counts a page that is no article for the site alone', async () => {
      counters.recordView.mockResolvedValue(undefined);
      await service.recordView({ articleId: '', visitorKey: `u:${AUTHOR}`, signedIn: true });
      expect(counters.recordView).toHaveBeenCalledWith({
        visitorKey: `u:${AUTHOR}`,
        signedIn: true,
        day: '2026-11-26',
      });
    });

    it('refuses a malformed visitor key or article id before touching Redis', async () => {
      expect(await codeOf(service.recordView({ articleId: '', visitorKey: 'me@example.com', signedIn: false }))).toBe(
        'InvalidModel',
      );
      expect(await codeOf(service.recordView({ articleId: 'x', visitorKey: 'h:abc', signedIn: false }))).toBe(
        'InvalidIdentifier',
      );
    });

    it('counts a read after 30 seconds or at the end, with its time capped at an hour', async () => {
      counters.recordRead.mockResolvedValue(true);
      expect(await service.recordRead({ articleId: ARTICLE, visitorKey: 'a:v1', seconds: 29, finished: false })).toBe(
        false,
      );
      expect(counters.recordRead).not.toHaveBeenCalled();
      expect(await service.recordRead({ articleId: ARTICLE, visitorKey: 'a:v1', seconds: 12, finished: true })).toBe(
        true,
      );
      expect(
        await service.recordRead({ articleId: ARTICLE, visitorKey: 'a:v1', seconds: 86_400, finished: false }),
      ).toBe(true);
      expect(counters.recordRead.mock.calls.map(([read]) => read.seconds)).toEqual([12, 3_600]);
      expect(counters.recordRead.mock.calls[0]![0]).toEqual({
        articleId: ARTICLE,
        visitorKey: 'a:v1',
        day: '2026-11-26',
        seconds: 12,
      });
    });
  });

  describe('flush', () => {
    const batchFields = {
      [articleField(ARTICLE, '2026-11-26', 'v')]: '3',
      [articleField(ARTICLE, '2026-11-26', 'u')]: '1',
      [articleField(UNKNOWN, '2026-11-26', 'v')]: '2',
      [siteField('2026-11-26', 'v')]: '5',
      [siteField('2026-11-26', 'u')]: '1',
    };

    beforeEach(() => {
      counters.claim.mockResolvedValue(true);
      counters.readBatch.mockResolvedValue(batchFields);
      counters.articleUniques.mockResolvedValue([2, 1]);
      counters.siteUniques.mockResolvedValue([3]);
      counters.forgetBatch.mockResolvedValue(undefined);
      counters.dropUniques.mockResolvedValue(undefined);
      repository.pruneFlushes.mockResolvedValue(undefined);
      reach.announce.mockResolvedValue(undefined);
    });

    it('applies a claimed batch in one transaction with its id, then forgets it in Redis', async () => {
      counters.batches.mockResolvedValue(['b1']);
      repository.markFlushed.mockResolvedValue(true);
      repository.addArticleCounts.mockResolvedValue([ARTICLE]);
      repository.raiseUniques.mockResolvedValue(undefined);
      repository.addSiteCounts.mockResolvedValue(undefined);

      expect(await service.flush()).toEqual({ applied: 1, skipped: 0 });

      expect(counters.claim).toHaveBeenCalledWith(expect.stringMatching(/^\d+-[0-9a-f-]{36}$/));
      expect(repository.markFlushed).toHaveBeenCalledWith(TX, 'b1');
      expect(repository.addArticleCounts).toHaveBeenCalledWith(
        TX,
        expect.arrayContaining([
          { articleId: ARTICLE, day: '2026-11-26', views: 3, userViews: 1, reads: 0, readSeconds: 0 },
          { articleId: UNKNOWN, day: '2026-11-26', views: 2, userViews: 0, reads: 0, readSeconds: 0 },
        ]),
      );
      // Only articles that exist keep a unique count; a made-up id's visitors are dropped from Redis.
      expect(repository.raiseUniques).toHaveBeenCalledWith(TX, [{ articleId: ARTICLE, uniqueViews: 2 }]);
      expect(repository.addSiteCounts).toHaveBeenCalledWith(TX, [
        { day: '2026-11-26', views: 5, userViews: 1, uniqueVisitors: 3 },
      ]);
      expect(transactions.committed).toBe(1);
      expect(counters.forgetBatch).toHaveBeenCalledWith('b1');
      expect(counters.dropUniques).toHaveBeenCalledWith([UNKNOWN]);
      // The totals of the articles counted are announced for the authors' standing (issue #17), in the transaction.
      expect(reach.announce).toHaveBeenCalledWith(TX, [ARTICLE]);
    });

    it('adds nothing twice: a batch already recorded as applied is only forgotten', async () => {
      counters.batches.mockResolvedValue(['b1']);
      repository.markFlushed.mockResolvedValue(false);

      expect(await service.flush()).toEqual({ applied: 0, skipped: 1 });

      expect(repository.addArticleCounts).not.toHaveBeenCalled();
      expect(repository.addSiteCounts).not.toHaveBeenCalled();
      expect(reach.announce).not.toHaveBeenCalled();
      expect(counters.forgetBatch).toHaveBeenCalledWith('b1');
      expect(counters.dropUniques).not.toHaveBeenCalled();
    });

    it('keeps a batch whose transaction failed, so the next flush applies it', async () => {
      counters.batches.mockResolvedValue(['b1']);
      repository.markFlushed.mockResolvedValue(true);
      repository.addArticleCounts.mockRejectedValue(new Error('connection lost'));

      await expect(service.flush()).rejects.toThrow('connection lost');

      expect(transactions.rolledBack).toBe(1);
      expect(counters.forgetBatch).not.toHaveBeenCalled();
    });

    it('also applies batches left behind by an earlier flush, oldest first', async () => {
      counters.batches.mockResolvedValue(['b0', 'b1']);
      repository.markFlushed.mockResolvedValueOnce(false).mockResolvedValueOnce(true);
      repository.addArticleCounts.mockResolvedValue([ARTICLE, UNKNOWN]);
      repository.raiseUniques.mockResolvedValue(undefined);
      repository.addSiteCounts.mockResolvedValue(undefined);

      expect(await service.flush()).toEqual({ applied: 1, skipped: 1 });
      expect(repository.markFlushed.mock.calls.map(([, id]) => id)).toEqual(['b0', 'b1']);
      expect(counters.forgetBatch.mock.calls.map(([id]) => id)).toEqual(['b0', 'b1']);
      expect(counters.dropUniques).toHaveBeenCalledWith([]);
    });
  });

  describe('reading statistics', () => {
    beforeEach(() => {
      repository.authorOf.mockResolvedValue(AUTHOR);
      repository.totals.mockResolvedValue({ views: 10, userViews: 4, reads: 3, readSeconds: 200, uniqueViews: 12 });
      repository.daily.mockResolvedValue([
        { day: '2026-11-24', views: 6, reads: 1 },
        { day: '2026-11-26', views: 4, reads: 2 },
      ]);
      access.engagementOf.mockResolvedValue({ votesUp: 5, votesDown: 1, comments: 0, bookmarks: 2 });
    });

    it('gives the author the totals, the average reading time and a full daily series', async () => {
      const statistics = await service.get(ARTICLE, AUTHOR, 3);
      expect(repository.daily).toHaveBeenCalledWith(ARTICLE, '2026-11-24');
      expect(statistics).toEqual({
        viewsTotal: 10,
        viewsUsers: 4,
        viewsUnique: 10,
        reads: 3,
        averageReadSeconds: 67,
        votesUp: 5,
        votesDown: 1,
        comments: 0,
        bookmarks: 2,
        daily: [
          { date: '2026-11-24', views: 6, reads: 1 },
          { date: '2026-11-25', views: 0, reads: 0 },
          { date: '2026-11-26', views: 4, reads: 2 },
        ],
      });
    });

    it('gives an accepted co-author the same', async () => {
      access.isAcceptedCoAuthor.mockResolvedValue(true);
      expect((await service.get(ARTICLE, OTHER, 30)).daily).toHaveLength(30);
      expect(access.isAcceptedCoAuthor).toHaveBeenCalledWith(ARTICLE, OTHER);
    });

    it('tells anyone else nothing, not even that the article exists', async () => {
      access.isAcceptedCoAuthor.mockResolvedValue(false);
      expect(await codeOf(service.get(ARTICLE, OTHER, 30))).toBe('ArticleNotFound');
      expect(await codeOf(service.get(ARTICLE, '', 30))).toBe('ArticleNotFound');
      repository.authorOf.mockResolvedValue(undefined);
      expect(await codeOf(service.get(UNKNOWN, AUTHOR, 30))).toBe('ArticleNotFound');
      expect(await codeOf(service.get('not-an-id', AUTHOR, 30))).toBe('ArticleNotFound');
      expect(repository.totals).not.toHaveBeenCalled();
    });

    it('keeps the period within a year', async () => {
      expect((await service.get(ARTICLE, AUTHOR, 10_000)).daily).toHaveLength(365);
      expect((await service.get(ARTICLE, AUTHOR, 0)).daily).toHaveLength(30);
    });
  });

  describe("a publication's statistics", () => {
    const PUBLICATION = '3c2b1a09-8f7e-4d6c-8b5a-493827160504';

    it('sums the days of its articles over the period, zeros on days without counts, and its most read', async () => {
      repository.publicationDaily.mockResolvedValue([
        { day: '2026-11-24', views: 9, reads: 3 },
        { day: '2026-11-26', views: 2, reads: 1 },
      ]);
      const top = [{ articleId: ARTICLE, title: 'First', views: 11, reads: 4 }];
      repository.publicationTop.mockResolvedValue(top);
      const answer = await service.publication(PUBLICATION.toUpperCase(), 3, 0);
      expect(repository.publicationDaily).toHaveBeenCalledWith(PUBLICATION, '2026-11-24');
      expect(repository.publicationTop).toHaveBeenCalledWith(PUBLICATION, '2026-11-24', 10);
      expect(answer).toEqual({
        daily: [
          { date: '2026-11-24', views: 9, reads: 3 },
          { date: '2026-11-25', views: 0, reads: 0 },
          { date: '2026-11-26', views: 2, reads: 1 },
        ],
        top,
      });
    });

    it('keeps the period within a year and the top within 50', async () => {
      repository.publicationDaily.mockResolvedValue([]);
      repository.publicationTop.mockResolvedValue([]);
      expect((await service.publication(PUBLICATION, 10_000, 500)).daily).toHaveLength(365);
      expect(repository.publicationTop).toHaveBeenLastCalledWith(PUBLICATION, '2025-11-27', 50);
      expect((await service.publication(PUBLICATION, 0, 5)).daily).toHaveLength(30);
      expect(repository.publicationTop).toHaveBeenLastCalledWith(PUBLICATION, '2026-10-28', 5);
    });

    it('answers zeros for a malformed id without reading', async () => {
      const answer = await service.publication('nope', 2, 0);
      expect(answer).toEqual({
        daily: [
          { date: '2026-11-25', views: 0, reads: 0 },
          { date: '2026-11-26', views: 0, reads: 0 },
        ],
        top: [],
      });
      expect(await service.publicationArticleIds('nope')).toEqual([]);
    });

    it("lists the publication's article ids, at most 1000", async () => {
      repository.publicationArticleIds.mockResolvedValue([ARTICLE]);
      expect(await service.publicationArticleIds(PUBLICATION.toUpperCase())).toEqual([ARTICLE]);
      expect(repository.publicationArticleIds).toHaveBeenCalledWith(PUBLICATION, 1000);
    });
  });
});
