import { Inject, Injectable } from '@nestjs/common';
import { DATABASE, type DatabaseHandle, type Queryable } from '@pencraft/kit';
import { count, eq, inArray, sql } from 'drizzle-orm';
import { articles } from '../articles/article.table.js';
import { drafts } from '../drafts/draft.table.js';
import { articleEdits } from '../review/review.table.js';
import { folderOf } from './media-keys.js';
import { media, type MediaRow, type NewMedia } from './media.table.js';

/** An image the sweeper may collect: its row and the folder holding every object of it. */
export type SweptImage = {
  id: string;
  folder: string;
};

/** The editor's images: who uploaded which folder of the object store. */
@Injectable()
export class MediaRepository {
  constructor(@Inject(DATABASE) private readonly database: DatabaseHandle) {}

  async insert(row: NewMedia, q: Queryable = this.database.db): Promise<MediaRow> {
    const [inserted] = await q.insert(media).values(row).returning();
    return inserted!;
  }

  /**
   * The image a key belongs to (its main key or any variant's), or undefined. Other areas use it to check that a key
   * a user names (a cover, an image block) is one of their uploads: `row?.ownerUid === uid`.
   */
  async findByKey(key: string, q: Queryable = this.database.db): Promise<MediaRow | undefined> {
    const folder = folderOf(key);
    if (!folder) return undefined;
    const [row] = await q.select().from(media).where(eq(media.folder, folder)).limit(1);
    return row && row.keys.includes(key) ? row : undefined;
  }

  async remove(id: string, q: Queryable = this.database.db): Promise<void> {
    await q.delete(media).where(eq(media.id, id));
  }

  /**
   * Holds the user's uploads for this transaction (an advisory lock, released at commit): the quota is counted and
   * the new row inserted under it, so parallel uploads cannot all pass a count taken before any of them was kept.
   */
  async lockOwner(tx: Queryable, uid: string): Promise<void> {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`articles.media:${uid}`}))`);
  }

  /** How many editor images the user keeps. */
  async countOwner(uid: string, q: Queryable = this.database.db): Promise<number> {
    const [row] = await q.select({ n: count() }).from(media).where(eq(media.ownerUid, uid));
    return row?.n ?? 0;
  }

  /**
   * Images uploaded before `before` that nothing refers to: no draft, article or article edit (waiting for review, or
   * kept for the record) names their folder as its cover or anywhere in its content (an image block's URL is
   * /media/<folder><width>.<format>). Locked for this transaction; rows another replica holds are skipped (FOR UPDATE
   * SKIP LOCKED), so replicas sweeping at once never wait for each other nor collect an image twice.
   */
  async lockUnreferenced(tx: Queryable, before: Date, limit: number): Promise<SweptImage[]> {
    const refers = (table: typeof drafts | typeof articles | typeof articleEdits) => sql`
      exists (select 1 from ${table}
               where starts_with(${table.coverKey}, ${media.folder})
                  or strpos(${table.content}::text, ${media.folder}) > 0)`;
    const result = await tx.execute<SweptImage>(sql`
      select ${media.id} as id, ${media.folder} as folder from ${media}
       where ${media.createdAt} < ${before.toISOString()}
         and not ${refers(drafts)} and not ${refers(articles)} and not ${refers(articleEdits)}
       order by ${media.createdAt}
       limit ${limit}
         for update of media skip locked`);
    return result.rows;
  }

  async removeMany(tx: Queryable, ids: string[]): Promise<void> {
    if (ids.length > 0) await tx.delete(media).where(inArray(media.id, ids));
  }

  /** Forgets every image of a user (account deletion; the objects go with their prefix). */
  async removeOwner(uid: string, q: Queryable = this.database.db): Promise<void> {
    await q.delete(media).where(eq(media.ownerUid, uid));
  }
}
