import { beforeEach, describe, expect, it } from '@jest/globals';
import { EVENTS } from '@pencraft/contracts/events';
import { ArticleBookmarked } from '@pencraft/contracts/events/v1/articles';
import { AppError } from '@pencraft/errors';
import type { Clock, Outbox } from '@pencraft/kit';
import { fakeTransactions, strictMock, TX, type StrictMock } from '@pencraft/testing';
import type { CardRow } from '../feeds/article-cards.js';
import type { EngagementRepository } from '../feeds/engagement.repository.js';
import type { BookmarkRepository } from './bookmark.repository.js';
import { BookmarkService } from './bookmark.service.js';

const NOW = new Date('2026-11-26T09:00:00Z');
const ARTICLE = '6f1c2a4e-8d3b-4c5a-9e7f-0a1b2c3d4e5f';
const AUTHOR = '0b9f6a1e-2c3d-4e5f-8a7b-9c0d1e2f3a4b';
const READER = '9a8b7c6d-5e4f-4a3b-9c2d-1e0f9a8b7c6d';
const META = { up: 0, down: 0, myVote: '', bookmarked: true, bookmarks: 1, comments: 0, collectionIds: [] };
const TARGET = { articleId: ARTICLE, authorId: AUTHOR, upVotes: 0, downVotes: 0, bookmarks: 0, title: 'Başlıq' };

const card = (i: number): CardRow => ({
  id: `00000000-0000-4000-8000-00000000000${i}`,
  title: `Kart ${i}`,
  description: '',
  language: 'az',
  category: 'tech',
  wordCount: 400,
  coverKey: i === 1 ? 'articles/u/1/cover.jpg' : null,
  publicationId: null,
  publishedAt: NOW,
  score: 3,
  comments: 0,
  authorUid: AUTHOR,
  authorUsername: 'nigar',
  authorFullname: 'Nigar',
  authorImageUrl: '',
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

describe('BookmarkService', () => {
  let engagement: StrictMock<EngagementRepository>;
  let bookmarks: StrictMock<BookmarkRepository>;
  let outbox: StrictMock<Outbox>;
  let clock: StrictMock<Clock>;
  let transactions: ReturnType<typeof fakeTransactions>;
  let service: BookmarkService;

  beforeEach(() => {
    engagement = strictMock<EngagementRepository>('EngagementRepository');
    bookmarks = strictMock<BookmarkRepository>('BookmarkRepository');
    outbox = strictMock<Outbox>('Outbox');
    clock = strictMock<Clock>('Clock');
    clock.now.mockReturnValue(NOW);
    transactions = fakeTransactions();
    service = new BookmarkService(transactions, engagement, bookmarks, outbox, clock);
  });

  it('bookmarks, counts and announces it once', async () => {
    engagement.lockPublished.mockResolvedValue(TARGET);
    bookmarks.add.mockResolvedValue(true);
    engagement.addCounts.mockResolvedValue({ ...TARGET, bookmarks: 1 });
    outbox.add.mockResolvedValue('event-1');
    engagement.meta.mockResolvedValue(META);

    expect(await service.set(ARTICLE, READER, true)).toBe(META);
    expect(bookmarks.add).toHaveBeenCalledWith(TX, READER, ARTICLE, NOW);
    expect(engagement.addCounts).toHaveBeenCalledWith(TX, ARTICLE, { bookmarks: 1 });
    const event = outbox.add.mock.calls[0]![1];
    expect(event.subject).toBe(EVENTS.articleBookmarked.subject);
    expect(ArticleBookmarked.decode(event.payload)).toEqual({
      articleId: ARTICLE,
      authorUid: AUTHOR,
      uid: READER,
      bookmarked: true,
      atMs: NOW.getTime(),
    });
  });

  it('changes no count and sends no event when nothing changed', async () => {
    engagement.lockPublished.mockResolvedValue(TARGET);
    bookmarks.remove.mockResolvedValue(false);
    engagement.meta.mockResolvedValue({ ...META, bookmarked: false, bookmarks: 0 });

    await service.set(ARTICLE, READER, false);
    expect(bookmarks.remove).toHaveBeenCalledWith(TX, READER, ARTICLE);
  });

  it('removes a bookmark with the count', async () => {
    engagement.lockPublished.mockResolvedValue({ ...TARGET, bookmarks: 1 });
    bookmarks.remove.mockResolvedValue(true);
    engagement.addCounts.mockResolvedValue(TARGET);
    outbox.add.mockResolvedValue('event-2');
    engagement.meta.mockResolvedValue({ ...META, bookmarked: false, bookmarks: 0 });

    await service.set(ARTICLE, READER, false);
    expect(engagement.addCounts).toHaveBeenCalledWith(TX, ARTICLE, { bookmarks: -1 });
    expect(ArticleBookmarked.decode(outbox.add.mock.calls[0]![1].payload).bookmarked).toBe(false);
  });

  it('answers ArticleNotFound for an unpublished article', async () => {
    engagement.lockPublished.mockResolvedValue(undefined);
    expect(await codeOf(service.set(ARTICLE, READER, true))).toBe('ArticleNotFound');
    expect(await codeOf(service.set('x', READER, true))).toBe('ArticleNotFound');
    expect(await codeOf(service.set(ARTICLE, '', true))).toBe('Unauthorized');
  });

  it("lists the user's own bookmarks as cards, one extra row telling whether more exist", async () => {
    bookmarks.page.mockResolvedValue([card(1), card(2), card(3)]);

    const page = await service.list(READER, 1, 2);

    expect(bookmarks.page).toHaveBeenCalledWith(READER, 0, 2);
    expect(page.hasMore).toBe(true);
    expect(page.items.map((c) => c.title)).toEqual(['Kart 1', 'Kart 2']);
    expect(page.items[0]).toMatchObject({ coverUrl: '/media/articles/u/1/cover.jpg', votes: 3, readingMinutes: 2 });
    expect(page.items[1]!.coverUrl).toBe('');
    expect(await codeOf(service.list(READER, 501, 20))).toBe('InvalidPage');
  });
});
