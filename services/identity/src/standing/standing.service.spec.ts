import { beforeEach, describe, expect, it } from '@jest/globals';
import { RatingKind } from '@pencraft/contracts/identity/v1/standing';
import { EVENTS } from '@pencraft/contracts/events';
import { AppError } from '@pencraft/errors';
import type { Clock, Logger, Outbox } from '@pencraft/kit';
import { fakeTransactions, strictMock, TX, type StrictMock } from '@pencraft/testing';
import type { FollowRepository } from '../follows/follow.repository.js';
import type { StandingRepository } from './standing.repository.js';
import { StandingService } from './standing.service.js';

const NOW = new Date('2026-11-28T06:00:00Z');
const AT = Date.parse('2026-11-28T05:00:00Z');
const AUTHOR = '0b9f6a1e-2c3d-4e5f-8a7b-9c0d1e2f3a4b';
const VOTER = '9a8b7c6d-5e4f-4a3b-9c2d-1e0f9a8b7c6d';
const ARTICLE = '1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f';
const COMMENT = '2d3e4f5a-6b7c-4d8e-9f0a-1b2c3d4e5f6a';

async function codeOf(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    if (AppError.is(error)) return error.code;
    throw error;
  }
  throw new Error('expected an AppError');
}

describe('StandingService', () => {
  let repo: StrictMock<StandingRepository>;
  let follows: StrictMock<FollowRepository>;
  let outbox: StrictMock<Outbox>;
  let service: StandingService;

  beforeEach(() => {
    repo = strictMock<StandingRepository>('StandingRepository');
    follows = strictMock<FollowRepository>('FollowRepository');
    outbox = strictMock<Outbox>('Outbox');
    const clock = strictMock<Clock>('Clock');
    clock.now.mockReturnValue(NOW);
    const log = strictMock<Logger>('Logger');
    service = new StandingService(repo, follows, fakeTransactions() as never, outbox, clock, log);
  });

  const articleVote = {
    articleId: ARTICLE,
    authorUid: AUTHOR,
    voterUid: VOTER,
    up: 1,
    down: 0,
    atMs: AT,
    title: 'T',
  };

  function stubTallies(up: number, popular = 0) {
    repo.tally.mockResolvedValue();
    repo.upvoteTotals.mockResolvedValue({ up, popular });
    repo.raise.mockImplementation(async (_tx, _uid, _counter, value) => value);
  }

  it('an article upvote gives its author the articleUpvote points, logged under the event id', async () => {
    repo.addRating.mockResolvedValue(true);
    stubTallies(1);
    await service.articleVoted(TX, { ...articleVote, vote: 'up', previous: '' }, 'ev-1');
    expect(repo.addRating).toHaveBeenCalledWith(TX, {
      uid: AUTHOR,
      kind: 'articleUpvote',
      points: 2,
      sourceId: 'ev-1',
      subjectId: ARTICLE,
      at: new Date(AT),
    });
    expect(repo.tally).toHaveBeenCalledWith(TX, 'article', ARTICLE, AUTHOR, 1, AT);
    expect(repo.raise).toHaveBeenCalledWith(TX, AUTHOR, 'articleUpvotes', 1);
    expect(repo.raise).toHaveBeenCalledWith(TX, AUTHOR, 'articlesWith5Upvotes', 0);
  });

  it('a removed or switched vote takes the old vote back', async () => {
    repo.addRating.mockResolvedValue(true);
    stubTallies(0);
    await service.articleVoted(TX, { ...articleVote, up: 0, vote: '', previous: 'up' }, 'ev-2');
    await service.articleVoted(TX, { ...articleVote, up: 0, down: 1, vote: 'down', previous: 'up' }, 'ev-3');
    expect(repo.addRating.mock.calls.map(([, change]) => [change.kind, change.points])).toEqual([
      ['articleUpvote', -2],
      ['articleDownvote', -4],
    ]);
  });

  it('an own vote moves no rating (but is tallied)', async () => {
    stubTallies(1);
    await service.articleVoted(TX, { ...articleVote, voterUid: AUTHOR, vote: 'up', previous: '' }, 'ev-4');
    expect(repo.addRating).not.toHaveBeenCalled();
  });

  it('ignores an event naming no valid author', async () => {
    await service.articleVoted(TX, { ...articleVote, authorUid: 'x', vote: 'up', previous: '' }, 'ev-5');
    await service.commentVoted(
      TX,
      {
        ...articleVote,
        commentId: 'x',
        voterUsername: '',
        voterFullname: '',
        excerpt: '',
        articleTitle: '',
        vote: 'up',
        previous: '',
      },
      'ev-6',
    );
  });

  it('awards the article-upvotes badge when the tally reaches 100, announcing it once', async () => {
    repo.addRating.mockResolvedValue(true);
    stubTallies(100, 3);
    repo.award.mockResolvedValueOnce(true).mockResolvedValue(false);
    outbox.add.mockResolvedValue('o');
    await service.articleVoted(TX, { ...articleVote, up: 7, vote: 'up', previous: '' }, 'ev-7');
    await service.articleVoted(TX, { ...articleVote, up: 7, vote: 'up', previous: '' }, 'ev-8');
    expect(repo.award).toHaveBeenCalledWith(TX, AUTHOR, 'article-upvotes', new Date(AT), null);
    expect(outbox.add).toHaveBeenCalledTimes(1);
    expect(outbox.add).toHaveBeenCalledWith(TX, expect.objectContaining({ subject: EVENTS.badgeEarned.subject }));
    const payload = EVENTS.badgeEarned.message.decode(outbox.add.mock.calls[0]![1].payload);
    expect(payload).toEqual({ uid: AUTHOR, badge: 'article-upvotes', earnedAtMs: AT, grantedBy: '' });
  });

  it('comment votes count towards comment-upvotes with the comment weights', async () => {
    repo.addRating.mockResolvedValue(true);
    repo.tally.mockResolvedValue();
    repo.upvoteTotals.mockResolvedValue({ up: 50, popular: 0 });
    repo.raise.mockResolvedValue(50);
    repo.award.mockResolvedValue(true);
    outbox.add.mockResolvedValue('o');
    const event = {
      commentId: COMMENT,
      articleId: ARTICLE,
      authorUid: AUTHOR,
      voterUid: VOTER,
      voterUsername: 'v',
      voterFullname: 'V',
      vote: 'up',
      previous: '',
      up: 50,
      down: 0,
      excerpt: '',
      atMs: AT,
      articleTitle: '',
    };
    await service.commentVoted(TX, event, 'ev-9');
    expect(repo.addRating).toHaveBeenCalledWith(TX, expect.objectContaining({ kind: 'commentUpvote', points: 1 }));
    expect(repo.award).toHaveBeenCalledWith(TX, AUTHOR, 'comment-upvotes', new Date(AT), null);
  });

  const reviewed = {
    articleId: ARTICLE,
    originalId: '',
    isTranslation: false,
    authorUids: [AUTHOR],
    title: 'T',
    note: '',
    atMs: AT,
    language: 1,
    isEdit: false,
  };

  it('an approved new article: articleApproved, and the first-article badge once per article', async () => {
    repo.addRating.mockResolvedValue(true);
    repo.countArticle.mockResolvedValueOnce(true).mockResolvedValueOnce(false);
    repo.increment.mockResolvedValue(1);
    repo.award.mockResolvedValue(true);
    outbox.add.mockResolvedValue('o');
    await service.articleReviewed(TX, { ...reviewed, decision: 'approved' }, 'ev-10');
    await service.articleReviewed(TX, { ...reviewed, decision: 'approved' }, 'ev-11');
    expect(repo.addRating).toHaveBeenCalledWith(TX, expect.objectContaining({ kind: 'articleApproved', points: 10 }));
    expect(repo.increment).toHaveBeenCalledTimes(1);
    expect(repo.increment).toHaveBeenCalledWith(TX, AUTHOR, 'articlesPublished', 1);
    expect(repo.award).toHaveBeenCalledWith(TX, AUTHOR, 'first-article', new Date(AT), null);
  });

  it('a rejection costs articleRejected; an edit approved or a revision asked moves nothing', async () => {
    repo.addRating.mockResolvedValue(true);
    await service.articleReviewed(TX, { ...reviewed, decision: 'rejected' }, 'ev-12');
    await service.articleReviewed(TX, { ...reviewed, decision: 'approved', isEdit: true }, 'ev-13');
    await service.articleReviewed(TX, { ...reviewed, decision: 'revisionRequested' }, 'ev-14');
    expect(repo.addRating).toHaveBeenCalledTimes(1);
    expect(repo.addRating).toHaveBeenCalledWith(TX, expect.objectContaining({ kind: 'articleRejected', points: -5 }));
  });

  it('reads earn a point every tenth read of an article, once per step; views count towards the views badge', async () => {
    const counted = { articleId: ARTICLE, authorUid: AUTHOR, viewsTotal: 10_000, readsTotal: 25, atMs: AT };
    repo.userExists.mockResolvedValue(true);
    repo.raiseReach
      .mockResolvedValueOnce({ previousReads: 0, authorViews: 10_000 })
      .mockResolvedValueOnce({ previousReads: 25, authorViews: 10_000 });
    repo.addRating.mockResolvedValue(true);
    repo.raise.mockImplementation(async (_tx, _uid, _counter, value) => value);
    repo.award.mockResolvedValueOnce(true).mockResolvedValue(false);
    outbox.add.mockResolvedValue('o');
    await service.articleCounted(TX, counted);
    await service.articleCounted(TX, counted);
    expect(repo.raiseReach).toHaveBeenCalledWith(TX, ARTICLE, AUTHOR, 10_000, 25);
    expect(repo.addRating).toHaveBeenCalledTimes(1);
    expect(repo.addRating).toHaveBeenCalledWith(TX, {
      uid: AUTHOR,
      kind: 'articleReads',
      points: 2,
      sourceId: `reads:${ARTICLE}:25`,
      subjectId: ARTICLE,
      at: new Date(AT),
    });
    expect(repo.raise).toHaveBeenCalledWith(TX, AUTHOR, 'articleViews', 10_000);
    expect(repo.award).toHaveBeenCalledWith(TX, AUTHOR, 'views', new Date(AT), null);
    expect(outbox.add).toHaveBeenCalledTimes(1);
  });

  const published = {
    commentId: COMMENT,
    articleId: ARTICLE,
    articleTitle: '',
    articleAuthorUids: [],
    authorUid: AUTHOR,
    authorUsername: 'a',
    authorFullname: 'A',
    authorImageUrl: '',
    parentId: '',
    parentAuthorUid: '',
    excerpt: '',
    publishedAtMs: AT,
  };

  it('a published comment: commentPublished, and the commenter count (only when the log row is new)', async () => {
    repo.addRating.mockResolvedValueOnce(true).mockResolvedValueOnce(false);
    repo.increment.mockResolvedValue(10);
    repo.award.mockResolvedValue(true);
    outbox.add.mockResolvedValue('o');
    await service.commentPublished(TX, published);
    await service.commentPublished(TX, published);
    expect(repo.increment).toHaveBeenCalledTimes(1);
    expect(repo.award).toHaveBeenCalledWith(TX, AUTHOR, 'commenter', new Date(AT), null);
  });

  it("moderation's removal of a published comment and a ban cost points; an author's own deletion does not", async () => {
    repo.addRating.mockResolvedValue(true);
    const deleted = { commentId: COMMENT, articleId: ARTICLE, authorUid: AUTHOR, wasPublished: true, atMs: AT };
    await service.commentDeleted(TX, { ...deleted, by: 'author' });
    await service.commentDeleted(TX, { ...deleted, by: 'moderation' });
    await service.userBanned(
      TX,
      { banId: 'b', uid: AUTHOR, reason: 1, startsAtMs: AT, endsAtMs: 0, moderator: 'm', note: '' },
      'ev-18',
    );
    expect(repo.addRating.mock.calls.map(([, change]) => [change.kind, change.points])).toEqual([
      ['commentRemoved', -5],
      ['banned', -50],
    ]);
  });

  it('followers, supporters and support sent raise their counters to what is counted', async () => {
    follows.followerCount.mockResolvedValue(50);
    repo.raise.mockImplementation(async (_tx, _uid, _counter, value) => value);
    repo.award.mockResolvedValue(true);
    repo.userExists.mockResolvedValue(true);
    repo.addSupporter.mockResolvedValue(3);
    outbox.add.mockResolvedValue('o');
    await service.userFollowed(TX, { followerUid: VOTER, followeeUid: AUTHOR, atMs: AT });
    await service.supportReceived(TX, {
      supportId: 's',
      recipientUid: AUTHOR,
      supporterUid: VOTER,
      amountQepik: 500,
      articleId: '',
      atMs: AT,
    });
    await service.supporterTotal(TX, { supporterUid: VOTER, totalQepik: 10_000, atMs: AT });
    expect(repo.raise).toHaveBeenCalledWith(TX, AUTHOR, 'followers', 50);
    expect(repo.raise).toHaveBeenCalledWith(TX, AUTHOR, 'supporters', 3);
    expect(repo.raise).toHaveBeenCalledWith(TX, VOTER, 'supportSentQepik', 10_000);
    expect(repo.award.mock.calls.map(([, uid, badge]) => [uid, badge])).toEqual([
      [AUTHOR, 'followers'],
      [VOTER, 'supporter'],
    ]);
  });

  it('complete-profile is awarded when every part is there', async () => {
    repo.profileFacts
      .mockResolvedValueOnce({ picture: true, cover: true, headline: 'h', bio: 'b', birthdate: '2000-01-01', links: 0 })
      .mockResolvedValueOnce({
        picture: true,
        cover: true,
        headline: 'h',
        bio: 'b',
        birthdate: '2000-01-01',
        links: 1,
      });
    repo.award.mockResolvedValue(true);
    outbox.add.mockResolvedValue('o');
    await service.profileChanged(AUTHOR);
    expect(repo.award).not.toHaveBeenCalled();
    await service.profileChanged(AUTHOR);
    expect(repo.award).toHaveBeenCalledWith(TX, AUTHOR, 'complete-profile', NOW, null);
  });

  it('staff grant only the staff badges, to a known user, once', async () => {
    expect(await codeOf(service.grant('someone', 'commenter', 'mod'))).toBe('InvalidModel');
    repo.uidOfUsername.mockResolvedValueOnce(undefined);
    expect(await codeOf(service.grant('nobody', 'bug-hunter', 'mod'))).toBe('UserNotFound');
    repo.uidOfUsername.mockResolvedValue(AUTHOR);
    repo.award.mockResolvedValueOnce(true).mockResolvedValueOnce(false);
    repo.badges.mockResolvedValue([{ badge: 'bug-hunter', earnedAt: NOW }]);
    outbox.add.mockResolvedValue('o');
    expect(await service.grant('author', 'bug-hunter', 'mod')).toEqual({
      granted: true,
      uid: AUTHOR,
      badge: { id: 'bug-hunter', earnedAtMs: NOW.getTime() },
    });
    expect((await service.grant('author', 'bug-hunter', 'mod')).granted).toBe(false);
    expect(repo.award).toHaveBeenCalledWith(TX, AUTHOR, 'bug-hunter', NOW, 'mod');
    expect(outbox.add).toHaveBeenCalledTimes(1);
  });

  it('the leaderboard refuses an unknown period and a page too far; ranks follow the page', async () => {
    expect(await codeOf(service.leaderboard('year', 1, 20))).toBe('InvalidModel');
    expect(await codeOf(service.leaderboard('all', 100_000, 20))).toBe('InvalidPage');
    const row = { uid: AUTHOR, username: 'a', fullname: 'A', imageUrl: null, rating: 120, points: 12 };
    repo.leadersOfPeriod.mockResolvedValue([row, { ...row, uid: VOTER }]);
    const week = await service.leaderboard('week', 2, 1);
    // NOW is Saturday 2026-11-28 10:00 in Asia/Baku: the calendar week began on Monday the 23rd.
    expect(repo.leadersOfPeriod).toHaveBeenCalledWith('week', '2026-11-23', 1, 2);
    expect(week).toEqual({
      items: [{ rank: 2, uid: AUTHOR, username: 'a', fullname: 'A', imageUrl: '', rating: 120, points: 12 }],
      page: 2,
      pageSize: 1,
      hasMore: true,
    });
    await service.leaderboard('month', 1, 20);
    expect(repo.leadersOfPeriod).toHaveBeenLastCalledWith('month', '2026-11-01', 0, 21);
    repo.leadersAllTime.mockResolvedValue([row]);
    expect((await service.leaderboard('all', 1, 20)).hasMore).toBe(false);
    expect(repo.leadersAllTime).toHaveBeenCalledWith(0, 21);
    expect(repo.leadersOfPeriod).toHaveBeenCalledTimes(2);
  });

  it('week and month turn at midnight in Asia/Baku (20:00 UTC), not in UTC', async () => {
    const clock = strictMock<Clock>('Clock');
    const at = (iso: string) => {
      clock.now.mockReturnValue(new Date(iso));
      return new StandingService(repo, follows, fakeTransactions() as never, outbox, clock, strictMock('Logger'));
    };
    repo.leadersOfPeriod.mockResolvedValue([]);
    // Sunday 23:59 in Baku is still the week of Monday the 23rd; a minute later (Monday in Baku) a new one begins.
    await at('2026-11-29T19:59:00Z').leaderboard('week', 1, 20);
    expect(repo.leadersOfPeriod).toHaveBeenLastCalledWith('week', '2026-11-23', 0, 21);
    await at('2026-11-29T20:00:00Z').leaderboard('week', 1, 20);
    expect(repo.leadersOfPeriod).toHaveBeenLastCalledWith('week', '2026-11-30', 0, 21);
    // The 30th of November 20:00 UTC is the 1st of December in Baku.
    await at('2026-11-30T20:00:00Z').leaderboard('month', 1, 20);
    expect(repo.leadersOfPeriod).toHaveBeenLastCalledWith('month', '2026-12-01', 0, 21);
  });

  it("the rating log is the user's, with the kinds as proto enums", async () => {
    repo.rating.mockResolvedValue(12);
    repo.log.mockResolvedValue([{ id: 'l1', kind: 'articleApproved', points: 10, at: NOW, subjectId: null }]);
    expect(await service.ratingLog(AUTHOR, 1, 20)).toEqual({
      items: [
        { id: 'l1', kind: RatingKind.RATING_KIND_ARTICLE_APPROVED, points: 10, atMs: NOW.getTime(), subjectId: '' },
      ],
      page: 1,
      pageSize: 20,
      hasMore: false,
      rating: 12,
    });
    expect(repo.log).toHaveBeenCalledWith(AUTHOR, 0, 21);
    repo.rating.mockResolvedValue(undefined);
    expect(await codeOf(service.ratingLog(AUTHOR, 1, 20))).toBe('UserNotFound');
  });
});
