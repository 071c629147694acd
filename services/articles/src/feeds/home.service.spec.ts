import { beforeEach, describe, expect, it } from '@jest/globals';
import { Language } from '@pencraft/contracts/common/v1/common';
import { AppError } from '@pencraft/errors';
import type { Clock } from '@pencraft/kit';
import { strictMock, type StrictMock } from '@pencraft/testing';
import type { CategoryFollowRepository } from '../categories/category-follow.repository.js';
import type { CardRow } from './article-cards.js';
import type { HomeRepository, HomeRow } from './home.repository.js';
import { HomeService } from './home.service.js';

const NOW = new Date('2026-11-26T09:00:00Z');
const READER = '9a8b7c6d-5e4f-4a3b-9c2d-1e0f9a8b7c6d';
const AUTHOR = '0b9f6a1e-2c3d-4e5f-8a7b-9c0d1e2f3a4b';
const PUBLICATION = '3c2b1a0f-9e8d-4c7b-8a69-5f4e3d2c1b0a';
const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const row = (n: number): HomeRow => ({ id: id(n), at: new Date(NOW.getTime() - n * 60_000) });
const card = (articleId: string): CardRow => ({
  id: articleId,
  title: articleId,
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
const request = (change: Record<string, unknown> = {}) => ({
  uid: '',
  tab: 'all',
  language: Language.LANGUAGE_EN,
  cursor: '',
  pageSize: 3,
  publicationIds: [],
  ...change,
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

describe('HomeService', () => {
  let home: StrictMock<HomeRepository>;
  let follows: StrictMock<CategoryFollowRepository>;
  let clock: StrictMock<Clock>;
  let service: HomeService;

  beforeEach(() => {
    home = strictMock<HomeRepository>('HomeRepository');
    follows = strictMock<CategoryFollowRepository>('CategoryFollowRepository');
    clock = strictMock<Clock>('Clock');
    clock.now.mockReturnValue(NOW);
    home.cards.mockImplementation(async (ids) => ids.map(card));
    service = new HomeService(home, follows, clock);
  });

  it("pages the reader's language, asking one more to know whether more follow", async () => {
    home.ids.mockResolvedValueOnce([row(1), row(2), row(3), row(4)]);
    const page = await service.feed(request());
    expect(page.items.map((c) => c.id)).toEqual([id(1), id(2), id(3)]);
    expect(page.nextCursor).toBe(`l.en.${row(3).at.getTime()}.${id(3)}`);
    expect(home.ids).toHaveBeenCalledWith(
      expect.objectContaining({
        lang: 'en',
        phase: 'l',
        after: undefined,
        limit: 4,
        source: expect.objectContaining({ kind: 'all' }),
      }),
    );
  });

  it('goes on with the other languages when the reader’s runs out within a page, in the cursor’s language', async () => {
    home.ids.mockResolvedValueOnce([row(5)]).mockResolvedValueOnce([row(6), row(7), row(8)]);
    const cursor = `l.ru.${row(4).at.getTime()}.${id(4)}`;
    const page = await service.feed(request({ cursor }));
    expect(page.items.map((c) => c.id)).toEqual([id(5), id(6), id(7)]);
    expect(page.nextCursor).toBe(`o.ru.${row(7).at.getTime()}.${id(7)}`);
    expect(home.ids.mock.calls.map(([q]) => [q.lang, q.phase, q.after?.id, q.limit])).toEqual([
      ['ru', 'l', id(4), 4],
      ['ru', 'o', undefined, 3],
    ]);
  });

  it('ends the list when the other languages run out', async () => {
    home.ids.mockResolvedValueOnce([row(9)]);
    const page = await service.feed(request({ cursor: 'o.az' }));
    expect(page).toEqual({ items: [expect.objectContaining({ id: id(9) })], nextCursor: '' });
  });

  it('refuses cursors it did not write, unknown tabs, and the personal tabs without a reader', async () => {
    for (const cursor of ['o', 'l.az.1.x', 'l.de.1.' + id(1)]) {
      expect(await codeOf(service.feed(request({ cursor })))).toBe('InvalidPage');
    }
    expect(await codeOf(service.feed(request({ tab: 'top' })))).toBe('InvalidModel');
    expect(await codeOf(service.feed(request({ tab: 'following' })))).toBe('Unauthorized');
    expect(await codeOf(service.feed(request({ tab: 'suggestions', uid: 'nope' })))).toBe('Unauthorized');
  });

  it('follows users, categories and the subscribed publications; nothing followed is an empty list', async () => {
    home.followedUsers.mockResolvedValue([AUTHOR]);
    home.followedCategories.mockResolvedValue(['tech']);
    home.ids.mockResolvedValue([]);
    await service.feed(request({ tab: 'following', uid: READER, publicationIds: [PUBLICATION, 'bad'] }));
    expect(home.ids.mock.calls[0]![0].source).toEqual({
      kind: 'sources',
      authors: [AUTHOR],
      categories: ['tech'],
      publications: [PUBLICATION],
      excludeAuthors: [],
      excludePublications: [],
    });
    home.followedUsers.mockResolvedValue([]);
    home.followedCategories.mockResolvedValue([]);
    home.ids.mockClear();
    expect(await service.feed(request({ tab: 'following', uid: READER }))).toEqual({ items: [], nextCursor: '' });
    expect(home.ids).not.toHaveBeenCalled();
  });

  it('suggests from the categories followed and read, leaving out the followed, oneself and subscriptions', async () => {
    home.followedUsers.mockResolvedValue([AUTHOR]);
    home.followedCategories.mockResolvedValue(['tech']);
    home.readCategories.mockResolvedValue(['history']);
    home.ids.mockResolvedValue([]);
    await service.feed(request({ tab: 'suggestions', uid: READER, publicationIds: [PUBLICATION] }));
    expect(home.ids.mock.calls[0]![0].source).toEqual({
      kind: 'sources',
      authors: [],
      categories: ['tech', 'history'],
      publications: [],
      excludeAuthors: [READER, AUTHOR],
      excludePublications: [PUBLICATION],
    });
    // Nothing followed or read yet: everything but oneself.
    home.followedCategories.mockResolvedValue([]);
    home.readCategories.mockResolvedValue([]);
    home.ids.mockClear();
    await service.feed(request({ tab: 'suggestions', uid: READER }));
    expect(home.ids.mock.calls[0]![0].source).toEqual({
      kind: 'all',
      excludeAuthors: [READER, AUTHOR],
      excludePublications: [],
    });
  });

  it('lists trending with each decayed score, over the window', async () => {
    home.trending.mockResolvedValue([{ id: id(1), heat: Math.log(6) + 329 * Math.LN2 }]);
    const { items } = await service.trending(0);
    expect(home.trending).toHaveBeenCalledWith(new Date(NOW.getTime() - 7 * 86_400_000), 6);
    expect(items).toHaveLength(1);
    expect(items[0]!.card!.id).toBe(id(1));
    expect(items[0]!.score).toBeGreaterThan(0);
  });

  it('pins at most five, refusing unknown categories and visitors', async () => {
    follows.pin.mockResolvedValue();
    follows.list.mockResolvedValue(['law']);
    expect(await service.setPin(READER, 'law', true)).toEqual({ pinned: true, following: true });
    expect(follows.pin).toHaveBeenCalledWith(READER, 'law', NOW, 5);
    expect(await codeOf(service.setPin(READER, 'astrology', true))).toBe('InvalidCategory');
    expect(await codeOf(service.setPin('', 'law', true))).toBe('Unauthorized');
  });
});
