import { Inject, Injectable } from '@nestjs/common';
import { DATABASE, type DatabaseHandle } from '@pencraft/kit';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { categoryFollows } from './category-follow.table.js';

@Injectable()
export class CategoryFollowRepository {
  constructor(@Inject(DATABASE) private readonly database: DatabaseHandle) {}

  async follow(uid: string, category: string, at: Date): Promise<void> {
    await this.database.db.insert(categoryFollows).values({ uid, category, createdAt: at }).onConflictDoNothing();
  }

  /** Unfollowing also unpins. */
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

  /** The user's pinned categories, the latest pin first. */
  async pinned(uid: string): Promise<string[]> {
    const rows = await this.database.db
      .select({ category: categoryFollows.category })
      .from(categoryFollows)
      .where(and(eq(categoryFollows.uid, uid), isNotNull(categoryFollows.pinnedAt)))
      .orderBy(sql`${categoryFollows.pinnedAt} desc`, categoryFollows.category);
    return rows.map((row) => row.category);
  }

  /**
   * Pins a category (following it when not yet), keeping at most `max` pins: the oldest others are unpinned, in one
   * transaction under a lock of the user's follows so two pins at once keep the limit.
   */
  async pin(uid: string, category: string, at: Date, max: number): Promise<void> {
    await this.database.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`category-pins:${uid}`}))`);
      await tx
        .insert(categoryFollows)
        .values({ uid, category, createdAt: at, pinnedAt: at })
        .onConflictDoUpdate({ target: [categoryFollows.uid, categoryFollows.category], set: { pinnedAt: at } });
      await tx.execute(sql`
        update ${categoryFollows} set pinned_at = null
         where uid = ${uid} and pinned_at is not null and category not in (
           select category from ${categoryFollows} where uid = ${uid} and pinned_at is not null
            order by pinned_at desc, category limit ${max})`);
    });
  }

  async unpin(uid: string, category: string): Promise<void> {
    await this.database.db
      .update(categoryFollows)
      .set({ pinnedAt: null })
      .where(and(eq(categoryFollows.uid, uid), eq(categoryFollows.category, category)));
  }
}
