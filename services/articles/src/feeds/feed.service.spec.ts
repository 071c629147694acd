import { beforeEach, describe, expect, it } from '@jest/globals';
import { Audience } from '@pencraft/contracts/common/v1/common';
import { AppError } from '@pencraft/errors';
import { strictMock, type StrictMock } from '@pencraft/testing';
import type { CategoryFollowRepository } from '../categories/category-follow.repository.js';
import type { Clock } from '@pencraft/kit';
import type { CardRow } from './article-cards.js';
import type { FeedRepository } from './feed.repository.js';
import { FeedService } from './feed.service.js';

const NOW = new Date('2026-11-26T09:00:00Z');
const AUTHOR = '0b9f6a1e-2c3d-4e5f-8a7b-9c0d1e2f3a4b';
const READER = '9a8b7c6d-5e4f-4a3b-9c2d-1e0f9a8b7c6d';
const ARTICLE = '6f1c2a4e-8d3b-4c5a-9e7f-0a1b2c3d4e5f';

const card = (id: string): CardRow => ({
  id,
  title: id,
  description: '',
  language: 'az',
  category: 'tech',
  wordCount: 10,
  coverKey: null,
  publicationId: null,
  publishedAt: NOW,
  score: 0,
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

describe('FeedService', () => {
  let feeds: StrictMock<FeedRepository>;
  let follows: StrictMock<CategoryFollowRepository>;
  let clock: StrictMock<Clock>;
  let service: FeedService;

  beforeEach(() => {
    feeds = strictMock<FeedRepository>('FeedRepository');
    follows = strictMock<CategoryFollowRepository>('CategoryFollowRepository');
    clock = strictMock<Clock>('Clock');
    clock.now.mockReturnValue(NOW);
    service = new FeedService(feeds, follows, clock);
  });

  it('pages a category newest first by default or by score, refusing unknown categories, sorts and pages', async () => {
    feeds.category.mockResolvedValue([card('a'), card('b'), card('c')]);
    const page = await service.category('tech', '', 2, 2);
    expect(feeds.category).toHaveBeenCalledWith('tech', 'new', 2, 2);
    expect(page).toMatchObject({ page: 2, pageSize: 2, hasMore: true });
    expect(page.items.map((c) => c.id)).toEqual(['a', 'b']);
    await service.category('tech', 'top', 1, 0);
    expect(feeds.category).toHaveBeenLastCalledWith('tech', 'top', 0, 20);
    expect(await codeOf(service.category('astrology', 'new', 1, 20))).toBe('InvalidCategory');
    expect(await codeOf(service.category('tech', 'old', 1, 20))).toBe('InvalidModel');
    expect(await codeOf(service.category('tech', 'new', 501, 20))).toBe('InvalidPage');
  });

  it('ranks the top of the last 30 days', async () => {
    feeds.top.mockResolvedValue([]);
    await service.top(1, 20);
    expect(feeds.top).toHaveBeenCalledWith(new Date('2026-10-27T09:00:00Z'), 0, 20);
  });

  it("feeds a signed-in user's follows only", async () => {
    feeds.following.mockResolvedValue([card('a')]);
    expect((await service.following(READER, 1, 20)).items).toHaveLength(1);
    expect(feeds.following).toHaveBeenCalledWith(READER, 0, 20);
    expect(await codeOf(service.following('', 1, 20))).toBe('Unauthorized');
  });

  it('finds the next article of a published article of that author only', async () => {
    feeds.publishedAt.mockResolvedValueOnce(NOW).mockResolvedValueOnce(NOW).mockResolvedValueOnce(undefined);
    feeds.next.mockResolvedValueOnce(card('b')).mockResolvedValueOnce(undefined);
    expect((await service.next(AUTHOR, ARTICLE))?.id).toBe('b');
    expect(feeds.next).toHaveBeenCalledWith(AUTHOR, ARTICLE, NOW);
    expect(await service.next(AUTHOR, ARTICLE)).toBeUndefined();
    expect(await codeOf(service.next(READER, ARTICLE))).toBe('ArticleNotFound');
    expect(await codeOf(service.next(AUTHOR, 'x'))).toBe('ArticleNotFound');
  });

  it("gives an unknown author's top list as empty", async () => {
    expect(await service.authorTop('x')).toEqual([]);
    feeds.authorTop.mockResolvedValue([card('a')]);
    expect((await service.authorTop(AUTHOR)).map((c) => c.id)).toEqual(['a']);
    expect(feeds.authorTop).toHaveBeenCalledWith(AUTHOR, 5);
  });

  describe("a publication's list", () => {
    const PUB = '3c2b1a09-8f7e-4d6c-9b5a-4e3d2c1b0a9f';
    const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
    const listed = (n: number, ms: number) => ({ ...card(id(n)), listedAt: new Date(ms) });
    const ids = (answer: { items: { card?: { id: string }; pinned: boolean }[] }) =>
      answer.items.map((item) => `${item.pinned ? 'p' : 'n'}${Number(item.card!.id.slice(-12))}`);

    it("gives the pinned first in their order (skipping what is not the publication's), then the newest", async () => {
      feeds.publicationCards.mockResolvedValue([card(id(2)), card(id(1))]);
      feeds.publicationNewest.mockResolvedValue([listed(5, 5000), listed(4, 4000)]);
      const answer = await service.publication(PUB, [id(1), id(9), id(2), id(1), 'x'], '', 5);
      expect(feeds.publicationCards).toHaveBeenCalledWith(PUB, [id(1), id(9), id(2)]);
      expect(feeds.publicationNewest).toHaveBeenCalledWith(PUB, [id(1), id(9), id(2)], undefined, 4);
      expect(ids(answer)).toEqual(['p1', 'p2', 'n5', 'n4']);
      expect(answer.nextCursor).toBe('');
    });

    it('pages through the pinned, then the newest after the last card, by cursor', async () => {
      const pins = [id(1), id(2), id(3)];
      feeds.publicationCards.mockResolvedValue(pins.map(card));
      // A page of pinned only: the newest are not read.
      const first = await service.publication(PUB, pins, '', 2);
      expect(ids(first)).toEqual(['p1', 'p2']);
      expect(first.nextCursor).toBe(`p.2.${id(2)}`);
      expect(feeds.publicationNewest).not.toHaveBeenCalled();
      // The last pinned and the first of the newest; one more exists.
      feeds.publicationNewest.mockResolvedValueOnce([listed(8, 8000), listed(7, 7000)]);
      const second = await service.publication(PUB, pins, first.nextCursor, 2);
      expect(ids(second)).toEqual(['p3', 'n8']);
      expect(feeds.publicationNewest).toHaveBeenLastCalledWith(PUB, pins, undefined, 2);
      expect(second.nextCursor).toBe(`n.8000.${id(8)}`);
      // After an unpinned card: only the newest after it, the pinned not read again.
      feeds.publicationCards.mockClear();
      feeds.publicationNewest.mockResolvedValueOnce([listed(7, 7000)]);
      const third = await service.publication(PUB, pins, second.nextCursor, 2);
      expect(ids(third)).toEqual(['n7']);
      expect(third.nextCursor).toBe('');
      expect(feeds.publicationCards).not.toHaveBeenCalled();
      expect(feeds.publicationNewest).toHaveBeenLastCalledWith(PUB, pins, { at: new Date(8000), id: id(8) }, 3);
    });

    it('ends a page of exactly the pinned with a cursor when newer ones exist, and goes on from a vanished pin', async () => {
      feeds.publicationCards.mockResolvedValue([card(id(1)), card(id(2))]);
      feeds.publicationNewest.mockResolvedValueOnce([listed(6, 6000)]);
      const first = await service.publication(PUB, [id(1), id(2)], '', 2);
      expect(ids(first)).toEqual(['p1', 'p2']);
      expect(first.nextCursor).toBe(`p.2.${id(2)}`);
      expect(feeds.publicationNewest).toHaveBeenLastCalledWith(PUB, [id(1), id(2)], undefined, 1);
      // id(2) was unpinned since: the page starts after the second pinned card still.
      feeds.publicationCards.mockResolvedValue([card(id(1)), card(id(3))]);
      feeds.publicationNewest.mockResolvedValueOnce([listed(6, 6000)]);
      const second = await service.publication(PUB, [id(1), id(3)], first.nextCursor, 2);
      expect(ids(second)).toEqual(['n6']);
    });

    it("adds each item's audience, views and reads only when asked (the studio's list)", async () => {
      feeds.publicationNewest.mockResolvedValue([listed(5, 5000), listed(4, 4000)]);
      const plain = await service.publication(PUB, [], '', 5);
      expect(plain.items.map((item) => [item.audience, item.views, item.reads])).toEqual([
        [Audience.AUDIENCE_UNSPECIFIED, 0, 0],
        [Audience.AUDIENCE_UNSPECIFIED, 0, 0],
      ]);
      feeds.statistics.mockResolvedValue([
        { id: id(4), audience: 'paid', views: 12, reads: 3 },
        { id: id(5), audience: 'free', views: 0, reads: 0 },
      ]);
      const studio = await service.publication(PUB, [], '', 5, true);
      expect(feeds.statistics).toHaveBeenCalledWith([id(5), id(4)]);
      expect(studio.items.map((item) => [item.card!.id, item.pinned, item.audience, item.views, item.reads])).toEqual([
        [id(5), false, Audience.AUDIENCE_FREE, 0, 0],
        [id(4), false, Audience.AUDIENCE_PAID, 12, 3],
      ]);
    });

    it('refuses a cursor it did not write and answers an id that is no publication with nothing', async () => {
      for (const cursor of [
        'x',
        'n.1.nope',
        `q.1.${id(1)}`,
        `n.-1.${id(1)}`,
        `p.1.${id(1)}.`,
        `n.808807138612532.${id(1)}`,
      ]) {
        expect(await codeOf(service.publication(PUB, [], cursor, 20))).toBe('InvalidPage');
      }
      expect(await service.publication('nope', [], '', 20)).toEqual({ items: [], nextCursor: '' });
    });
  });

  it('follows known categories and lists them in the shared order', async () => {
    follows.follow.mockResolvedValue(undefined);
    follows.unfollow.mockResolvedValue(undefined);
    follows.list.mockResolvedValue(['culture', 'tech']);
    expect(await service.setCategoryFollow(READER, 'tech', true)).toBe(true);
    expect(follows.follow).toHaveBeenCalledWith(READER, 'tech', NOW);
    expect(await service.setCategoryFollow(READER, 'tech', false)).toBe(false);
    expect(await codeOf(service.setCategoryFollow(READER, 'astrology', true))).toBe('InvalidCategory');
    expect(await service.followedCategories(READER)).toEqual(['tech', 'culture']);
  });
});
