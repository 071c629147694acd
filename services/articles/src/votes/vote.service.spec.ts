import { beforeEach, describe, expect, it } from '@jest/globals';
import { EVENTS } from '@pencraft/contracts/events';
import { ArticleVoted } from '@pencraft/contracts/events/v1/articles';
import { AppError } from '@pencraft/errors';
import type { Clock, Outbox } from '@pencraft/kit';
import { fakeTransactions, strictMock, TX, type StrictMock } from '@pencraft/testing';
import type { EngagementRepository, LockedTarget } from '../feeds/engagement.repository.js';
import type { VoteRepository } from './vote.repository.js';
import { VoteService } from './vote.service.js';

const NOW = new Date('2026-11-26T09:00:00Z');
const ARTICLE = '6f1c2a4e-8d3b-4c5a-9e7f-0a1b2c3d4e5f';
const AUTHOR = '0b9f6a1e-2c3d-4e5f-8a7b-9c0d1e2f3a4b';
const READER = '9a8b7c6d-5e4f-4a3b-9c2d-1e0f9a8b7c6d';
const META = { up: 1, down: 0, myVote: 'up', bookmarked: false, bookmarks: 0, comments: 0, collectionIds: [] };

const target = (over: Partial<LockedTarget> = {}): LockedTarget => ({
  title: 'Başlıq',
  articleId: ARTICLE,
  authorId: AUTHOR,
  upVotes: 0,
  downVotes: 0,
  bookmarks: 0,
  ...over,
});

async function codeOf(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    if (AppError.is(error)) return error.code;
    throw error;
  }
  throw new Error('expected an AppError');
}

describe('VoteService', () => {
  let engagement: StrictMock<EngagementRepository>;
  let votes: StrictMock<VoteRepository>;
  let outbox: StrictMock<Outbox>;
  let clock: StrictMock<Clock>;
  let transactions: ReturnType<typeof fakeTransactions>;
  let service: VoteService;

  beforeEach(() => {
    engagement = strictMock<EngagementRepository>('EngagementRepository');
    votes = strictMock<VoteRepository>('VoteRepository');
    outbox = strictMock<Outbox>('Outbox');
    clock = strictMock<Clock>('Clock');
    clock.now.mockReturnValue(NOW);
    transactions = fakeTransactions();
    service = new VoteService(transactions, engagement, votes, outbox, clock);
  });

  it('casts an upvote on the locked row, counts it and announces it in the same transaction', async () => {
    engagement.lockPublished.mockResolvedValue(target());
    votes.find.mockResolvedValue(null);
    votes.set.mockResolvedValue(undefined);
    engagement.addCounts.mockResolvedValue(target({ upVotes: 1 }));
    outbox.add.mockResolvedValue('event-1');
    engagement.meta.mockResolvedValue(META);

    const meta = await service.vote({ articleId: ARTICLE, voterUid: READER, direction: 'up', voterRating: 0 });

    expect(meta).toBe(META);
    expect(engagement.lockPublished).toHaveBeenCalledWith(TX, ARTICLE);
    expect(votes.set).toHaveBeenCalledWith(TX, ARTICLE, READER, 'up', NOW);
    expect(engagement.addCounts).toHaveBeenCalledWith(TX, ARTICLE, { up: 1, down: 0 });
    const [tx, event] = outbox.add.mock.calls[0]!;
    expect(tx).toBe(TX);
    expect(event.subject).toBe(EVENTS.articleVoted.subject);
    expect(ArticleVoted.decode(event.payload)).toEqual({
      articleId: ARTICLE,
      authorUid: AUTHOR,
      voterUid: READER,
      vote: 'up',
      previous: '',
      up: 1,
      down: 0,
      atMs: NOW.getTime(),
      title: 'Başlıq',
    });
    expect(engagement.meta).toHaveBeenCalledWith(ARTICLE, READER, TX);
    expect(transactions.committed).toBe(1);
  });

  it('removes the vote when the same button is pressed again', async () => {
    engagement.lockPublished.mockResolvedValue(target({ upVotes: 1 }));
    votes.find.mockResolvedValue('up');
    votes.set.mockResolvedValue(undefined);
    engagement.addCounts.mockResolvedValue(target());
    outbox.add.mockResolvedValue('event-2');
    engagement.meta.mockResolvedValue({ ...META, up: 0, myVote: '' });

    await service.vote({ articleId: ARTICLE, voterUid: READER, direction: 'up', voterRating: 0 });

    expect(votes.set).toHaveBeenCalledWith(TX, ARTICLE, READER, null, NOW);
    expect(engagement.addCounts).toHaveBeenCalledWith(TX, ARTICLE, { up: -1, down: 0 });
    expect(ArticleVoted.decode(outbox.add.mock.calls[0]![1].payload)).toMatchObject({ vote: '', previous: 'up' });
  });

  it('switches an upvote to a downvote for a Pro user', async () => {
    engagement.lockPublished.mockResolvedValue(target({ upVotes: 1 }));
    votes.find.mockResolvedValue('up');
    votes.set.mockResolvedValue(undefined);
    engagement.addCounts.mockResolvedValue(target({ downVotes: 1 }));
    outbox.add.mockResolvedValue('event-3');
    engagement.meta.mockResolvedValue({ ...META, up: 0, down: 1, myVote: 'down' });

    await service.vote({ articleId: ARTICLE, voterUid: READER, direction: 'down', voterRating: 100 });

    expect(engagement.addCounts).toHaveBeenCalledWith(TX, ARTICLE, { up: -1, down: 1 });
  });

  it('refuses a downvote below the Pro rating and changes nothing', async () => {
    engagement.lockPublished.mockResolvedValue(target());
    votes.find.mockResolvedValue(null);

    expect(
      await codeOf(service.vote({ articleId: ARTICLE, voterUid: READER, direction: 'down', voterRating: 99 })),
    ).toBe('CannotDownvote');
    expect(transactions.rolledBack).toBe(1);
  });

  it("refuses a vote on one's own article", async () => {
    engagement.lockPublished.mockResolvedValue(target());

    expect(await codeOf(service.vote({ articleId: ARTICLE, voterUid: AUTHOR, direction: 'up', voterRating: 0 }))).toBe(
      'Forbidden',
    );
  });

  it('answers ArticleNotFound for an article that is not published or not an id', async () => {
    engagement.lockPublished.mockResolvedValue(undefined);
    expect(await codeOf(service.vote({ articleId: ARTICLE, voterUid: READER, direction: 'up', voterRating: 0 }))).toBe(
      'ArticleNotFound',
    );
    expect(await codeOf(service.vote({ articleId: 'nope', voterUid: READER, direction: 'up', voterRating: 0 }))).toBe(
      'ArticleNotFound',
    );
  });

  it('refuses a voter without an id and an unknown direction before any I/O', async () => {
    expect(await codeOf(service.vote({ articleId: ARTICLE, voterUid: '', direction: 'up', voterRating: 0 }))).toBe(
      'Unauthorized',
    );
    expect(
      await codeOf(service.vote({ articleId: ARTICLE, voterUid: READER, direction: 'sideways', voterRating: 0 })),
    ).toBe('InvalidModel');
    expect(transactions.run).not.toHaveBeenCalled();
  });
});
