import { beforeEach, describe, expect, it } from '@jest/globals';
import { AppError } from '@pencraft/errors';
import { COLLECTION_ITEMS_MAX, COLLECTIONS_MAX } from '@pencraft/rules';
import { fakeTransactions, strictMock, TX, type StrictMock } from '@pencraft/testing';
import type { Clock } from '@pencraft/kit';
import type { EngagementRepository } from '../feeds/engagement.repository.js';
import type { CollectionRepository, CollectionSummaryRow } from './collection.repository.js';
import { CollectionService } from './collection.service.js';
import type { CollectionRow } from './collection.table.js';

const NOW = new Date('2026-11-26T09:00:00Z');
const OWNER = '0b9f6a1e-2c3d-4e5f-8a7b-9c0d1e2f3a4b';
const OTHER = '9a8b7c6d-5e4f-4a3b-9c2d-1e0f9a8b7c6d';
const ID = '5e4f4a3b-9c2d-4e0f-9a8b-7c6d0b9f6a1e';
const ARTICLE = '6f1c2a4e-8d3b-4c5a-9e7f-0a1b2c3d4e5f';
const TARGET = { articleId: ARTICLE, authorId: OTHER, upVotes: 0, downVotes: 0, bookmarks: 0, title: 'Başlıq' };

const row = (over: Partial<CollectionRow> = {}): CollectionRow => ({
  id: ID,
  ownerUid: OWNER,
  name: 'Oxu',
  private: false,
  createdAt: NOW,
  updatedAt: NOW,
  ...over,
});
const summary = (over: Partial<CollectionSummaryRow> = {}): CollectionSummaryRow => ({
  ...row(),
  ownerUsername: 'nigar',
  ownerFullname: 'Nigar',
  ownerImageUrl: '',
  itemCount: 2,
  saved: false,
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

describe('CollectionService', () => {
  let collections: StrictMock<CollectionRepository>;
  let engagement: StrictMock<EngagementRepository>;
  let clock: StrictMock<Clock>;
  let transactions: ReturnType<typeof fakeTransactions>;
  let service: CollectionService;

  beforeEach(() => {
    collections = strictMock<CollectionRepository>('CollectionRepository');
    engagement = strictMock<EngagementRepository>('EngagementRepository');
    clock = strictMock<Clock>('Clock');
    clock.now.mockReturnValue(NOW);
    transactions = fakeTransactions();
    service = new CollectionService(transactions, collections, engagement, clock);
  });

  describe('create', () => {
    it('stores the cleaned name under the owner, serialized with their other creations', async () => {
      collections.lockOwner.mockResolvedValue(undefined);
      collections.countOwned.mockResolvedValue(COLLECTIONS_MAX - 1);
      collections.insert.mockResolvedValue(ID);
      collections.summary.mockResolvedValue(summary({ private: true, itemCount: 0 }));

      const created = await service.create(OWNER, '  Gizli <i>siyahı</i> ', true);

      expect(collections.lockOwner).toHaveBeenCalledWith(TX, OWNER);
      expect(collections.insert).toHaveBeenCalledWith(TX, {
        ownerUid: OWNER,
        name: 'Gizli siyahı',
        private: true,
        at: NOW,
      });
      expect(created).toMatchObject({ id: ID, own: true, saved: false, private: true, owner: { uid: OWNER } });
    });

    it('refuses the 21st collection and a bad name', async () => {
      collections.lockOwner.mockResolvedValue(undefined);
      collections.countOwned.mockResolvedValue(COLLECTIONS_MAX);
      expect(await codeOf(service.create(OWNER, 'Bir də', false))).toBe('MaximumCollectionsCount');
      expect(await codeOf(service.create(OWNER, ' ', false))).toBe('InvalidName');
      expect(await codeOf(service.create('', 'Ad', false))).toBe('Unauthorized');
    });
  });

  describe('reading', () => {
    it('shows a private collection to its owner only; to others it does not exist', async () => {
      collections.summary.mockResolvedValue(summary({ private: true }));
      collections.itemsPage.mockResolvedValue([]);
      expect((await service.get(ID, OWNER, 1, 20)).collection).toMatchObject({ own: true, private: true });
      expect(await codeOf(service.get(ID, OTHER, 1, 20))).toBe('CollectionNotFound');
      expect(await codeOf(service.get(ID, '', 1, 20))).toBe('CollectionNotFound');
      expect(collections.itemsPage).toHaveBeenCalledTimes(1);
    });

    it('shows a public one to anyone and names nothing for a bad id', async () => {
      collections.summary.mockResolvedValue(summary({ saved: true }));
      collections.itemsPage.mockResolvedValue([]);
      expect((await service.get(ID, OTHER, 1, 20)).collection).toMatchObject({ own: false, saved: true });
      expect(await codeOf(service.get('nope', OTHER, 1, 20))).toBe('CollectionNotFound');
    });

    it("lists an owner's private collections to the owner only", async () => {
      collections.listOwned.mockResolvedValue([]);
      await service.listOf(OWNER, OWNER);
      await service.listOf(OWNER, OTHER);
      expect(collections.listOwned.mock.calls).toEqual([
        [OWNER, OWNER, true],
        [OWNER, OTHER, false],
      ]);
    });
  });

  describe('changes by the owner only', () => {
    it("answers CollectionNotFound for someone else's private one and Forbidden for a public one", async () => {
      collections.lockForUpdate.mockResolvedValueOnce(row({ private: true })).mockResolvedValueOnce(row());
      expect(await codeOf(service.update(ID, OTHER, { name: 'Mənim' }))).toBe('CollectionNotFound');
      expect(await codeOf(service.delete(ID, OTHER))).toBe('Forbidden');
      expect(transactions.rolledBack).toBe(2);
    });

    it('renames and deletes for the owner', async () => {
      collections.lockForUpdate.mockResolvedValue(row());
      collections.update.mockResolvedValue(undefined);
      collections.summary.mockResolvedValue(summary({ name: 'Yeni' }));
      collections.delete.mockResolvedValue(undefined);
      expect((await service.update(ID, OWNER, { name: ' Yeni ', private: true })).name).toBe('Yeni');
      expect(collections.update).toHaveBeenCalledWith(TX, ID, { name: 'Yeni', private: true }, NOW);
      await service.delete(ID, OWNER);
      expect(collections.delete).toHaveBeenCalledWith(TX, ID);
    });

    it('adds a published article once, up to the cap', async () => {
      collections.lockForUpdate.mockResolvedValue(row());
      engagement.lockPublished.mockResolvedValue(TARGET);
      collections.hasItem.mockResolvedValueOnce(false).mockResolvedValueOnce(true).mockResolvedValueOnce(false);
      collections.countItems.mockResolvedValueOnce(3).mockResolvedValueOnce(COLLECTION_ITEMS_MAX);
      collections.addItem.mockResolvedValue(undefined);
      collections.update.mockResolvedValue(undefined);
      collections.summary.mockResolvedValue(summary());

      await service.setItem(ID, OWNER, ARTICLE, true);
      expect(collections.addItem).toHaveBeenCalledWith(TX, ID, ARTICLE, NOW);
      await service.setItem(ID, OWNER, ARTICLE, true);
      expect(collections.addItem).toHaveBeenCalledTimes(1);
      expect(await codeOf(service.setItem(ID, OWNER, ARTICLE, true))).toBe('MaximumCollectionItemsCount');
    });

    it('refuses an article that is not published', async () => {
      collections.lockForUpdate.mockResolvedValue(row());
      engagement.lockPublished.mockResolvedValue(undefined);
      expect(await codeOf(service.setItem(ID, OWNER, ARTICLE, true))).toBe('ArticleNotFound');
      expect(await codeOf(service.setItem(ID, OWNER, 'x', true))).toBe('ArticleNotFound');
    });
  });

  describe('saving', () => {
    it("saves someone else's public collection, never one's own or a private one", async () => {
      collections.find
        .mockResolvedValueOnce(row())
        .mockResolvedValueOnce(row())
        .mockResolvedValueOnce(row({ private: true }));
      collections.save.mockResolvedValue(undefined);
      collections.summary.mockResolvedValue(summary({ saved: true }));
      expect(await service.save(ID, OTHER)).toMatchObject({ saved: true, own: false });
      expect(collections.save).toHaveBeenCalledWith(TX, OTHER, ID, NOW);
      expect(await codeOf(service.save(ID, OWNER))).toBe('CantSaveOwnCollection');
      expect(await codeOf(service.save(ID, OTHER))).toBe('CollectionNotFound');
    });

    it("removes a saved one, never one's own, and confirms nothing private", async () => {
      collections.find
        .mockResolvedValueOnce(row())
        .mockResolvedValueOnce(row())
        .mockResolvedValueOnce(row({ private: true }))
        .mockResolvedValueOnce(undefined);
      collections.unsave.mockResolvedValueOnce(true).mockResolvedValueOnce(false);
      await service.unsave(ID, OTHER);
      expect(await codeOf(service.unsave(ID, OWNER))).toBe('CantRemoveOwnCollection');
      expect(await codeOf(service.unsave(ID, OTHER))).toBe('CollectionNotFound');
      expect(await codeOf(service.unsave(ID, OTHER))).toBe('CollectionNotFound');
    });
  });
});
