import { Inject, Injectable } from '@nestjs/common';
import { DATABASE, type DatabaseHandle, type Queryable } from '@pencraft/kit';
import type { PlanInterval } from '@pencraft/rules';
import { and, eq, sql } from 'drizzle-orm';
import { rethrowUnique } from '../unique.js';
import { plans, type PlanRow } from './plan.table.js';

@Injectable()
export class PlanRepository {
  constructor(@Inject(DATABASE) private readonly database: DatabaseHandle) {}

  async find(tx: Queryable, publicationId: string, id: string): Promise<PlanRow | undefined> {
    const [row] = await tx
      .select()
      .from(plans)
      .where(and(eq(plans.publicationId, publicationId), eq(plans.id, id)));
    return row;
  }

  async byInterval(tx: Queryable, publicationId: string, interval: PlanInterval): Promise<PlanRow | undefined> {
    const [row] = await tx
      .select()
      .from(plans)
      .where(and(eq(plans.publicationId, publicationId), eq(plans.interval, interval)));
    return row;
  }

  async insert(tx: Queryable, row: typeof plans.$inferInsert): Promise<PlanRow> {
    try {
      const [inserted] = await tx.insert(plans).values(row).returning();
      return inserted!;
    } catch (error) {
      rethrowUnique(error, { plans_interval_key: 'AlreadyHasPlan' });
    }
  }

  async delete(tx: Queryable, id: string): Promise<void> {
    await tx.delete(plans).where(eq(plans.id, id));
  }

  /** Monthly before yearly. */
  list(publicationId: string): Promise<PlanRow[]> {
    return this.database.db
      .select()
      .from(plans)
      .where(eq(plans.publicationId, publicationId))
      .orderBy(sql`${plans.interval} = 'year'`, plans.createdAt);
  }
}
