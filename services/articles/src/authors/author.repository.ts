import { Injectable } from '@nestjs/common';
import type { Queryable } from '@pencraft/kit';
import { eq, sql } from 'drizzle-orm';
import { authors } from './author.table.js';

export interface AuthorSnapshot {
  uid: string;
  username: string;
  fullname: string;
  /** The picture's URL; empty or null: none; undefined: not known by this source (kept as it is). */
  imageUrl?: string | null;
}

@Injectable()
export class AuthorRepository {
  /** Keeps the newest known name and picture of an author; older snapshots never overwrite newer ones. */
  async upsert(tx: Queryable, author: AuthorSnapshot, at: Date = new Date()) {
    const picture = author.imageUrl === undefined ? {} : { imageUrl: author.imageUrl || null };
    const known = { username: author.username, fullname: author.fullname, ...picture, updatedAt: at };
    await tx
      .insert(authors)
      .values({ uid: author.uid, ...known })
      .onConflictDoUpdate({
        target: authors.uid,
        set: known,
        setWhere: sql`${authors.updatedAt} <= ${at.toISOString()}`,
      });
  }

  async remove(tx: Queryable, uid: string) {
    await tx.delete(authors).where(eq(authors.uid, uid));
  }
}
