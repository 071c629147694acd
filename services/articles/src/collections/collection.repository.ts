import { Inject, Injectable } from '@nestjs/common';
import { DATABASE, type DatabaseHandle, type Queryable } from '@pencraft/kit';
import { and, count, desc, eq, ne, sql } from 'drizzle-orm';
import { articles } from '../articles/article.table.js';
import { authors } from '../authors/author.table.js';
import { CARD_COLUMNS, type CardRow } from '../feeds/article-cards.js';
import { articleEngagement } from '../feeds/article-engagement.table.js';
import { NOBODY } from '../feeds/ids.js';
import { collectionItems, collections, savedCollections, type CollectionRow } from './collection.table.js';

/** A collection as a viewer sees it in a list: its owner (from the authors read model) and its published articles. */
export interface CollectionSummaryRow extends CollectionRow {
  ownerUsername: string;
  ownerFullname: string;
  ownerImageUrl: string;
  itemCount: number;
  /** The viewer saved it. */
  saved: boolean;
}

@Injectable()
export class CollectionRepository {
  constructor(@Inject(DATABASE) private readonly database: DatabaseHandle) {}

  /** Collection rows with what a summary shows, for one viewer (a visitor: empty uid). */
  private summaries(viewerUid: string, q: Queryable = this.database.db) {
    const viewer = viewerUid || NOBODY;
    return q
      .select({
        id: collections.id,
        ownerUid: collections.ownerUid,
        name: collections.name,
        private: collections.private,
        createdAt: collections.createdAt,
        updatedAt: collections.updatedAt,
        ownerUsername: sql<string>`coalesce(${authors.username}, '')`,
        ownerFullname: sql<string>`coalesce(${authors.fullname}, '')`,
        ownerImageUrl: sql<string>`coalesce(${authors.imageUrl}, '')`,
        itemCount: sql<number>`(select count(*) from ${collectionItems} ci
            join ${articles} a on a.id = ci.article_id and a.status = 'published'
            where ci.collection_id = ${collections.id})`.mapWith(Number),
        saved: sql<boolean>`exists(select 1 from ${savedCollections} s
            where s.uid = ${viewer} and s.collection_id = ${collections.id})`,
      })
      .from(collections)
      .leftJoin(authors, eq(authors.uid, collections.ownerUid));
  }

  async summary(id: string, viewerUid: string, tx?: Queryable): Promise<CollectionSummaryRow | undefined> {
    const [row] = await this.summaries(viewerUid, tx).where(eq(collections.id, id));
    return row;
  }

  /** An owner's collections, newest first: all of them, or only the public ones. */
  async listOwned(ownerUid: string, viewerUid: string, includePrivate: boolean): Promise<CollectionSummaryRow[]> {
    return this.summaries(viewerUid)
      .where(
        includePrivate
          ? eq(collections.ownerUid, ownerUid)
          : and(eq(collections.ownerUid, ownerUid), eq(collections.private, false)),
      )
      .orderBy(desc(collections.createdAt), desc(collections.id));
  }

  /** The public collections of others a user saved, the latest saved first (one made private since is left out). */
  async listSaved(uid: string): Promise<CollectionSummaryRow[]> {
    return this.summaries(uid)
      .innerJoin(
        savedCollections,
        and(eq(savedCollections.collectionId, collections.id), eq(savedCollections.uid, uid)),
      )
      .where(and(eq(collections.private, false), ne(collections.ownerUid, uid)))
      .orderBy(desc(savedCollections.savedAt), desc(collections.id));
  }

  async find(tx: Queryable, id: string): Promise<CollectionRow | undefined> {
    const [row] = await tx.select().from(collections).where(eq(collections.id, id));
    return row;
  }

  async lockForUpdate(tx: Queryable, id: string): Promise<CollectionRow | undefined> {
    const [row] = await tx.select().from(collections).where(eq(collections.id, id)).for('update');
    return row;
  }

  /** Serializes the creations of one owner, so two at once cannot both pass the cap. */
  async lockOwner(tx: Queryable, ownerUid: string): Promise<void> {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`collections:${ownerUid}`}, 0))`);
  }

  async countOwned(tx: Queryable, ownerUid: string): Promise<number> {
    const [row] = await tx.select({ n: count() }).from(collections).where(eq(collections.ownerUid, ownerUid));
    return row?.n ?? 0;
  }

  async insert(tx: Queryable, values: { ownerUid: string; name: string; private: boolean; at: Date }) {
    const [row] = await tx
      .insert(collections)
      .values({
        ownerUid: values.ownerUid,
        name: values.name,
        private: values.private,
        createdAt: values.at,
        updatedAt: values.at,
      })
      .returning({ id: collections.id });
    return row!.id;
  }

  async update(tx: Queryable, id: string, change: { name?: string; private?: boolean }, at: Date): Promise<void> {
    await tx
      .update(collections)
      .set({ ...change, updatedAt: at })
      .where(eq(collections.id, id));
  }

  async delete(tx: Queryable, id: string): Promise<void> {
    await tx.delete(collections).where(eq(collections.id, id));
  }

  async countItems(tx: Queryable, id: string): Promise<number> {
    const [row] = await tx.select({ n: count() }).from(collectionItems).where(eq(collectionItems.collectionId, id));
    return row?.n ?? 0;
  }

  async hasItem(tx: Queryable, id: string, articleId: string): Promise<boolean> {
    const [row] = await tx
      .select({ id: collectionItems.collectionId })
      .from(collectionItems)
      .where(and(eq(collectionItems.collectionId, id), eq(collectionItems.articleId, articleId)));
    return !!row;
  }

  async addItem(tx: Queryable, id: string, articleId: string, at: Date): Promise<void> {
    await tx.insert(collectionItems).values({ collectionId: id, articleId, addedAt: at }).onConflictDoNothing();
  }

  async removeItem(tx: Queryable, id: string, articleId: string): Promise<void> {
    await tx
      .delete(collectionItems)
      .where(and(eq(collectionItems.collectionId, id), eq(collectionItems.articleId, articleId)));
  }

  async save(tx: Queryable, uid: string, id: string, at: Date): Promise<void> {
    await tx.insert(savedCollections).values({ uid, collectionId: id, savedAt: at }).onConflictDoNothing();
  }

  /** Whether the user had saved it. */
  async unsave(tx: Queryable, uid: string, id: string): Promise<boolean> {
    const rows = await tx
      .delete(savedCollections)
      .where(and(eq(savedCollections.uid, uid), eq(savedCollections.collectionId, id)))
      .returning({ uid: savedCollections.uid });
    return rows.length > 0;
  }

  /** A page of a collection's published articles, the latest added first (collection_items_added_idx). */
  async itemsPage(id: string, offset: number, limit: number): Promise<CardRow[]> {
    return this.database.db
      .select(CARD_COLUMNS)
      .from(collectionItems)
      .innerJoin(articles, and(eq(articles.id, collectionItems.articleId), sql`${articles.status} = 'published'`))
      .innerJoin(articleEngagement, eq(articleEngagement.articleId, collectionItems.articleId))
      .leftJoin(authors, eq(authors.uid, articles.authorId))
      .where(eq(collectionItems.collectionId, id))
      .orderBy(sql`${collectionItems.addedAt} desc nulls last`, sql`${collectionItems.articleId} desc nulls last`)
      .offset(offset)
      .limit(limit + 1);
  }
}
