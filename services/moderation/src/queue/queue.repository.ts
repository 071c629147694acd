import { Inject, Injectable } from '@nestjs/common';
import { DATABASE, type DatabaseHandle, type Queryable } from '@pencraft/kit';
import { and, asc, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import { OPEN_QUEUE_STATES, isOpenQueueState } from '@pencraft/rules';
import { queueItems, type QueueItemRow, type QueueKind, type QueueState } from './queue-item.table.js';

export type NewQueueItem = Omit<
  typeof queueItems.$inferInsert,
  'id' | 'state' | 'score' | 'autoDecision' | 'signals' | 'decidedAt' | 'updatedAt'
>;

export interface AuthorCounts {
  articlesSubmitted: number;
  articlesApproved: number;
  articlesRejected: number;
  revisionsRequested: number;
  commentsSubmitted: number;
  commentsRejected: number;
}

@Injectable()
export class QueueRepository {
  constructor(@Inject(DATABASE) private readonly database: DatabaseHandle) {}

  /**
   * Enqueues a submission in initialReview; the same submission again (a redelivered event) is not enqueued twice:
   * undefined then.
   */
  async enqueue(tx: Queryable, item: NewQueueItem): Promise<QueueItemRow | undefined> {
    const [row] = await tx
      .insert(queueItems)
      .values({ ...item, state: 'initialReview', updatedAt: item.submittedAt })
      .onConflictDoNothing()
      .returning();
    return row;
  }

  async find(id: string, tx: Queryable = this.database.db): Promise<QueueItemRow | undefined> {
    const [row] = await tx.select().from(queueItems).where(eq(queueItems.id, id));
    return row;
  }

  async lockForUpdate(tx: Queryable, id: string): Promise<QueueItemRow | undefined> {
    const [row] = await tx.select().from(queueItems).where(eq(queueItems.id, id)).for('update');
    return row;
  }

  async update(tx: Queryable, id: string, patch: Partial<typeof queueItems.$inferInsert>): Promise<QueueItemRow> {
    const [row] = await tx.update(queueItems).set(patch).where(eq(queueItems.id, id)).returning();
    return row!;
  }

  async remove(tx: Queryable, id: string): Promise<void> {
    await tx.delete(queueItems).where(eq(queueItems.id, id));
  }

  /**
   * Takes the open items of a subject away (its author deleted it, so nothing is left to decide). Decided items stay,
   * with their audit entries.
   */
  async withdraw(tx: Queryable, kinds: readonly QueueKind[], subjectId: string): Promise<void> {
    await tx
      .delete(queueItems)
      .where(
        and(
          eq(queueItems.subjectId, subjectId),
          inArray(queueItems.kind, [...kinds]),
          inArray(queueItems.state, [...OPEN_QUEUE_STATES]),
        ),
      );
  }

  /** Open states oldest first (first come, first served); decided ones newest decided first. */
  list(kind: QueueKind | undefined, state: QueueState, offset: number, limit: number): Promise<QueueItemRow[]> {
    const conditions: SQL[] = [eq(queueItems.state, state)];
    if (kind) conditions.push(eq(queueItems.kind, kind));
    const open = isOpenQueueState(state);
    return this.database.db
      .select()
      .from(queueItems)
      .where(and(...conditions))
      .orderBy(
        ...(open
          ? [asc(queueItems.submittedAt), asc(queueItems.id)]
          : [desc(queueItems.decidedAt), desc(queueItems.id)]),
      )
      .offset(offset)
      .limit(limit + 1);
  }

  /** Rejections of the author's earlier submissions (the automatic review's history signal). */
  async rejectionsOf(tx: Queryable, authorUid: string): Promise<number> {
    const [row] = await tx
      .select({ n: count() })
      .from(queueItems)
      .where(and(eq(queueItems.authorUid, authorUid), eq(queueItems.state, 'rejected')));
    return row?.n ?? 0;
  }

  async countsOf(authorUid: string): Promise<AuthorCounts> {
    const rows = await this.database.db
      .select({ kind: queueItems.kind, state: queueItems.state, n: count() })
      .from(queueItems)
      .where(eq(queueItems.authorUid, authorUid))
      .groupBy(queueItems.kind, queueItems.state);
    const counts: AuthorCounts = {
      articlesSubmitted: 0,
      articlesApproved: 0,
      articlesRejected: 0,
      revisionsRequested: 0,
      commentsSubmitted: 0,
      commentsRejected: 0,
    };
    for (const { kind, state, n } of rows) {
      if (kind === 'comment') {
        counts.commentsSubmitted += n;
        if (state === 'rejected') counts.commentsRejected += n;
        continue;
      }
      counts.articlesSubmitted += n;
      if (state === 'approved') counts.articlesApproved += n;
      if (state === 'rejected') counts.articlesRejected += n;
      if (state === 'revisionRequested') counts.revisionsRequested += n;
    }
    return counts;
  }
}
