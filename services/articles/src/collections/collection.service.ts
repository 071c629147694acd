import { Injectable } from '@nestjs/common';
import type { ArticleCardPage, Collection } from '@pencraft/contracts/articles/v1/engagement';
import { AppError } from '@pencraft/errors';
import { Clock, type Queryable, TransactionManager } from '@pencraft/kit';
import { COLLECTION_ITEMS_MAX, COLLECTIONS_MAX } from '@pencraft/rules';
import { cardPage, pagingOf } from '../feeds/article-cards.js';
import { EngagementRepository } from '../feeds/engagement.repository.js';
import { isUuid } from '../feeds/ids.js';
import { CollectionRepository, type CollectionSummaryRow } from './collection.repository.js';
import { assertOwner, canRead, checkCollectionName } from './collection.rules.js';

export function toCollection(row: CollectionSummaryRow, viewerUid: string): Collection {
  const own = !!viewerUid && row.ownerUid === viewerUid;
  return {
    id: row.id,
    name: row.name,
    private: row.private,
    owner: { uid: row.ownerUid, username: row.ownerUsername, fullname: row.ownerFullname, imageUrl: row.ownerImageUrl },
    itemCount: row.itemCount,
    own,
    saved: !own && row.saved,
    createdAtMs: row.createdAt.getTime(),
    updatedAtMs: row.updatedAt.getTime(),
  };
}

/**
 * Collections: made by a user (MaximumCollectionsCount), private or public, holding published articles; someone
 * else's public collection can be saved. Every call names the acting user; a private collection is never shown,
 * counted or confirmed to anyone else.
 */
@Injectable()
export class CollectionService {
  constructor(
    private readonly transactions: TransactionManager,
    private readonly collections: CollectionRepository,
    private readonly engagement: EngagementRepository,
    private readonly clock: Clock,
  ) {}

  async listMine(uid: string): Promise<Collection[]> {
    requireUser(uid);
    const [own, saved] = await Promise.all([
      this.collections.listOwned(uid, uid, true),
      this.collections.listSaved(uid),
    ]);
    return [...own, ...saved].map((row) => toCollection(row, uid));
  }

  async listOf(ownerUid: string, viewerUid: string): Promise<Collection[]> {
    if (!isUuid(ownerUid)) return [];
    const rows = await this.collections.listOwned(ownerUid, viewerUid, ownerUid === viewerUid);
    return rows.map((row) => toCollection(row, viewerUid));
  }

  async create(uid: string, name: string, isPrivate: boolean): Promise<Collection> {
    requireUser(uid);
    const checked = checkCollectionName(name);
    return this.transactions.run(async (tx) => {
      await this.collections.lockOwner(tx, uid);
      if ((await this.collections.countOwned(tx, uid)) >= COLLECTIONS_MAX) {
        throw new AppError('MaximumCollectionsCount', { params: { max: COLLECTIONS_MAX } });
      }
      const id = await this.collections.insert(tx, {
        ownerUid: uid,
        name: checked,
        private: isPrivate,
        at: this.clock.now(),
      });
      return this.summary(tx, id, uid);
    });
  }

  async get(
    id: string,
    viewerUid: string,
    page: number,
    pageSize: number,
  ): Promise<{ collection: Collection; page: ArticleCardPage }> {
    const paging = pagingOf(page, pageSize);
    if (!isUuid(id)) throw new AppError('CollectionNotFound');
    const row = await this.collections.summary(id, viewerUid);
    if (!canRead(row, viewerUid)) throw new AppError('CollectionNotFound');
    const items = await this.collections.itemsPage(id, paging.offset, paging.pageSize);
    return { collection: toCollection(row as CollectionSummaryRow, viewerUid), page: cardPage(items, paging) };
  }

  async update(id: string, uid: string, change: { name?: string; private?: boolean }): Promise<Collection> {
    requireUser(uid);
    const values = {
      ...(change.name === undefined ? {} : { name: checkCollectionName(change.name) }),
      ...(change.private === undefined ? {} : { private: change.private }),
    };
    return this.owned(id, uid, async (tx) => {
      await this.collections.update(tx, id, values, this.clock.now());
      return this.summary(tx, id, uid);
    });
  }

  async delete(id: string, uid: string): Promise<void> {
    requireUser(uid);
    await this.owned(id, uid, (tx) => this.collections.delete(tx, id));
  }

  /** Adds (a published article only) or removes an article; doing it twice changes nothing. */
  async setItem(id: string, uid: string, articleId: string, on: boolean): Promise<Collection> {
    requireUser(uid);
    return this.owned(id, uid, async (tx) => {
      if (!isUuid(articleId)) throw new AppError('ArticleNotFound');
      const at = this.clock.now();
      if (on) {
        if (!(await this.engagement.lockPublished(tx, articleId))) throw new AppError('ArticleNotFound');
        if (!(await this.collections.hasItem(tx, id, articleId))) {
          if ((await this.collections.countItems(tx, id)) >= COLLECTION_ITEMS_MAX) {
            throw new AppError('MaximumCollectionItemsCount', { params: { max: COLLECTION_ITEMS_MAX } });
          }
          await this.collections.addItem(tx, id, articleId, at);
        }
      } else {
        await this.collections.removeItem(tx, id, articleId);
      }
      await this.collections.update(tx, id, {}, at);
      return this.summary(tx, id, uid);
    });
  }

  async save(id: string, uid: string): Promise<Collection> {
    requireUser(uid);
    if (!isUuid(id)) throw new AppError('CollectionNotFound');
    return this.transactions.run(async (tx) => {
      const row = await this.collections.find(tx, id);
      if (!canRead(row, uid)) throw new AppError('CollectionNotFound');
      if (row.ownerUid === uid) throw new AppError('CantSaveOwnCollection');
      await this.collections.save(tx, uid, id, this.clock.now());
      return this.summary(tx, id, uid);
    });
  }

  async unsave(id: string, uid: string): Promise<void> {
    requireUser(uid);
    if (!isUuid(id)) throw new AppError('CollectionNotFound');
    await this.transactions.run(async (tx) => {
      const row = await this.collections.find(tx, id);
      if (!row) throw new AppError('CollectionNotFound');
      if (row.ownerUid === uid) throw new AppError('CantRemoveOwnCollection');
      const removed = await this.collections.unsave(tx, uid, id);
      // Someone else's private collection they never saved: as if it did not exist.
      if (!removed && row.private) throw new AppError('CollectionNotFound');
    });
  }

  /** Runs a change of a collection its owner makes, on the locked row. */
  private async owned<T>(id: string, uid: string, work: (tx: Queryable) => Promise<T>): Promise<T> {
    if (!isUuid(id)) throw new AppError('CollectionNotFound');
    return this.transactions.run(async (tx) => {
      assertOwner(await this.collections.lockForUpdate(tx, id), uid);
      return work(tx);
    });
  }

  private async summary(tx: Queryable, id: string, uid: string): Promise<Collection> {
    return toCollection((await this.collections.summary(id, uid, tx))!, uid);
  }
}

function requireUser(uid: string) {
  if (!isUuid(uid)) throw new AppError('Unauthorized');
}
