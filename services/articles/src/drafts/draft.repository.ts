import { Inject, Injectable } from '@nestjs/common';
import { DATABASE, type DatabaseHandle, type Queryable } from '@pencraft/kit';
import { and, count, desc, eq, getTableColumns, inArray, isNotNull, or, sql } from 'drizzle-orm';
import { articles } from '../articles/article.table.js';
import { authors } from '../authors/author.table.js';
import { drafts, type DraftRow, type NewDraft } from './draft.table.js';
import { isUuid } from '@pencraft/rules';

export type DraftOwner = { uid: string; username: string; fullname: string; imageUrl: string };
export interface DraftWithOwner {
  draft: DraftRow;
  owner: DraftOwner | null;
}

/** The fields a save writes. */
export type DraftChanges = Pick<
  NewDraft,
  'title' | 'description' | 'language' | 'category' | 'subCategories' | 'content' | 'target' | 'audience'
>;

const OWNER_COLUMNS = {
  uid: authors.uid,
  username: authors.username,
  fullname: authors.fullname,
  imageUrl: sql<string>`coalesce(${authors.imageUrl}, '')`,
};
const { content: _content, ...listColumns } = getTableColumns(drafts);

@Injectable()
export class DraftRepository {
  constructor(@Inject(DATABASE) private readonly database: DatabaseHandle) {}

  private q(tx?: Queryable): Queryable {
    return tx ?? this.database.db;
  }

  async insert(tx: Queryable, draft: NewDraft): Promise<DraftRow> {
    const [row] = await tx.insert(drafts).values(draft).returning();
    return row!;
  }

  async find(id: string, tx?: Queryable): Promise<DraftWithOwner | undefined> {
    if (!isUuid(id)) return undefined;
    const [row] = await this.q(tx)
      .select({ draft: drafts, owner: OWNER_COLUMNS })
      .from(drafts)
      .leftJoin(authors, eq(authors.uid, drafts.ownerId))
      .where(eq(drafts.id, id))
      .limit(1);
    return row;
  }

  /** Locks the draft for a change (save, cover, preview, submit). */
  async lockForUpdate(tx: Queryable, id: string): Promise<DraftRow | undefined> {
    if (!isUuid(id)) return undefined;
    const [row] = await tx.select().from(drafts).where(eq(drafts.id, id)).for('update').limit(1);
    return row;
  }

  /** The draft whose preview token hashes to `tokenHash`, with when that token was made. */
  async findByPreviewTokenHash(tokenHash: string): Promise<DraftWithOwner | undefined> {
    const [row] = await this.database.db
      .select({ draft: drafts, owner: OWNER_COLUMNS })
      .from(drafts)
      .leftJoin(authors, eq(authors.uid, drafts.ownerId))
      .where(eq(drafts.previewTokenHash, tokenHash))
      .limit(1);
    return row;
  }

  /** The draft already open to edit this article, if any. */
  async findForArticle(tx: Queryable, articleId: string): Promise<DraftRow | undefined> {
    const [row] = await tx.select().from(drafts).where(eq(drafts.articleId, articleId)).limit(1);
    return row;
  }

  /** The owner's drafts and the given co-authored ones, most recently saved first, without their content. */
  async listFor(ownerId: string, coAuthoredIds: readonly string[]) {
    if (!isUuid(ownerId)) return [];
    const mine = eq(drafts.ownerId, ownerId);
    const ids = coAuthoredIds.filter((id) => isUuid(id));
    return this.database.db
      .select({ draft: { ...listColumns }, owner: OWNER_COLUMNS })
      .from(drafts)
      .leftJoin(authors, eq(authors.uid, drafts.ownerId))
      .where(ids.length > 0 ? or(mine, inArray(drafts.id, ids)) : mine)
      .orderBy(desc(drafts.updatedAt), desc(drafts.id))
      .limit(200);
  }

  /**
   * Serializes one owner's draft creations (the caps: drafts, POST /api/articles and the translate route take this
   * lock before counting), until the transaction ends.
   */
  async lockOwner(tx: Queryable, ownerId: string): Promise<void> {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`articles.drafts:${ownerId}`}))`);
  }

  /**
   * How many drafts the owner holds: originals (with edits of published articles and the articles created by
   * POST /api/articles and never submitted, which are drafts too) and translations.
   */
  async countByOwner(tx: Queryable, ownerId: string): Promise<{ drafts: number; translations: number }> {
    const rows = await tx
      .select({ translation: isNotNull(drafts.translationOf), n: count() })
      .from(drafts)
      .where(eq(drafts.ownerId, ownerId))
      .groupBy(isNotNull(drafts.translationOf));
    const [direct] = await tx
      .select({ n: count() })
      .from(articles)
      .where(and(eq(articles.authorId, ownerId), eq(articles.status, 'draft')));
    return {
      drafts: (rows.find((r) => !r.translation)?.n ?? 0) + (direct?.n ?? 0),
      translations: rows.find((r) => r.translation)?.n ?? 0,
    };
  }

  /** Saves when the version still matches (and bumps it); undefined when it does not (a conflict). */
  async saveIfVersion(
    tx: Queryable,
    id: string,
    version: number,
    changes: DraftChanges,
    at: Date,
  ): Promise<DraftRow | undefined> {
    const [row] = await tx
      .update(drafts)
      .set({ ...changes, version: sql`${drafts.version} + 1`, updatedAt: at })
      .where(and(eq(drafts.id, id), eq(drafts.version, version)))
      .returning();
    return row;
  }

  async setCover(tx: Queryable, id: string, coverKey: string | null, at: Date): Promise<DraftRow> {
    const [row] = await tx
      .update(drafts)
      .set({ coverKey, version: sql`${drafts.version} + 1`, updatedAt: at })
      .where(eq(drafts.id, id))
      .returning();
    return row!;
  }

  /** Where the draft will be published (null: the personal blog); a change like a save (the version grows). */
  async setPublication(tx: Queryable, id: string, publicationId: string | null, at: Date): Promise<DraftRow> {
    const [row] = await tx
      .update(drafts)
      .set({ publicationId, version: sql`${drafts.version} + 1`, updatedAt: at })
      .where(eq(drafts.id, id))
      .returning();
    return row!;
  }

  async setPreviewTokenHash(tx: Queryable, id: string, tokenHash: string, at: Date): Promise<void> {
    await tx.update(drafts).set({ previewTokenHash: tokenHash, previewTokenCreatedAt: at }).where(eq(drafts.id, id));
  }

  async delete(tx: Queryable, id: string): Promise<void> {
    await tx.delete(drafts).where(eq(drafts.id, id));
  }

  /** Every draft of an owner (account deletion); how many there were. */
  async deleteByOwner(tx: Queryable, ownerId: string): Promise<number> {
    const rows = await tx.delete(drafts).where(eq(drafts.ownerId, ownerId)).returning({ id: drafts.id });
    return rows.length;
  }
}
