import { Inject, Injectable } from '@nestjs/common';
import { DATABASE, type DatabaseHandle } from '@pencraft/kit';
import { and, eq } from 'drizzle-orm';
import { categoryFollows } from './category-follow.table.js';

@Injectable()
export class CategoryFollowRepository {
  constructor(@Inject(DATABASE) private readonly database: DatabaseHandle) {}

  async follow(uid: string, category: string, at: Date): Promise<void> {
    await this.database.db.insert(categoryFollows).values({ uid, category, createdAt: at }).onConflictDoNothing();
  }

  async unfollow(uid: string, category: string): Promise<void> {
    await this.database.db
      .delete(categoryFollows)
      .where(and(eq(categoryFollows.uid, uid), eq(categoryFollows.category, category)));
  }

  async list(uid: string): Promise<string[]> {
    const rows = await this.database.db
      .select({ category: categoryFollows.category })
      .from(categoryFollows)
      .where(eq(categoryFollows.uid, uid));
    return rows.map((row) => row.category);
  }
}
