import { Inject, Injectable } from '@nestjs/common';
import { DATABASE, type DatabaseHandle, type Queryable } from '@pencraft/kit';
import { eq } from 'drizzle-orm';
import { folderOf } from './media-keys.js';
import { media, type MediaRow, type NewMedia } from './media.table.js';

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

  /** Forgets every image of a user (account deletion; the objects go with their prefix). */
  async removeOwner(uid: string, q: Queryable = this.database.db): Promise<void> {
    await q.delete(media).where(eq(media.ownerUid, uid));
  }
}
