import { Injectable } from '@nestjs/common';
import type { Queryable } from '@pencraft/kit';
import { sql } from 'drizzle-orm';
import { authors } from './author.table.js';

export interface AuthorSnapshot {
  uid: string;
  username: string;
  fullname: string;
}

@Injectable()
export class AuthorRepository {
  /** Keeps the newest known name of an author; older snapshots never overwrite newer ones. */
  async upsert(tx: Queryable, author: AuthorSnapshot, at: Date = new Date()) {
    await tx
      .insert(authors)
      .values({ ...author, updatedAt: at })
      .onConflictDoUpdate({
        target: authors.uid,
        set: { username: author.username, fullname: author.fullname, updatedAt: at },
        setWhere: sql`${authors.updatedAt} <= ${at.toISOString()}`,
      });
  }
}
