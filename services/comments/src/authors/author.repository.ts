import { Injectable } from '@nestjs/common';
import type { Queryable } from '@pencraft/kit';
import { sql } from 'drizzle-orm';
import { authors } from './author.table.js';

export interface AuthorNames {
  uid: string;
  username: string;
  fullname: string;
  imageUrl: string | null;
}

@Injectable()
export class AuthorRepository {
  /** Writes what is known of a person as of `at`; what was learned later stays. */
  async upsert(tx: Queryable, author: AuthorNames, at: Date): Promise<void> {
    await tx
      .insert(authors)
      .values({ ...author, updatedAt: at })
      .onConflictDoUpdate({
        target: authors.uid,
        set: {
          username: sql`excluded.username`,
          fullname: sql`excluded.fullname`,
          imageUrl: sql`excluded.image_url`,
          updatedAt: sql`excluded.updated_at`,
        },
        setWhere: sql`${authors.updatedAt} <= excluded.updated_at`,
      });
  }
}
