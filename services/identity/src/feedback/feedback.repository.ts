import { Inject, Injectable } from '@nestjs/common';
import { DATABASE, type DatabaseHandle, type Queryable } from '@pencraft/kit';
import type { FeedbackStatus, FeedbackType } from '@pencraft/rules';
import { and, asc, count, desc, eq, gt, sql, type SQL } from 'drizzle-orm';
import { users } from '../users/user.table.js';
import { feedback, type FeedbackRow, type NewFeedback } from './feedback.table.js';

/** A feedback row with its sender's username (null for a visitor or a deleted account). */
export type FeedbackWithSender = FeedbackRow & { username: string | null };

export interface FeedbackPage {
  rows: FeedbackWithSender[];
  total: number;
}

const withSender = { ...feedbackColumns(), username: users.username };

function feedbackColumns() {
  return {
    id: feedback.id,
    userId: feedback.userId,
    email: feedback.email,
    senderKey: feedback.senderKey,
    lang: feedback.lang,
    type: feedback.type,
    title: feedback.title,
    description: feedback.description,
    status: feedback.status,
    answer: feedback.answer,
    answeredAt: feedback.answeredAt,
    answeredBy: feedback.answeredBy,
    closedAt: feedback.closedAt,
    closedBy: feedback.closedBy,
    createdAt: feedback.createdAt,
  };
}

@Injectable()
export class FeedbackRepository {
  constructor(@Inject(DATABASE) private readonly database: DatabaseHandle) {}

  /** Serializes one sender's sends (a transaction-scoped advisory lock), so the rate limit cannot be raced. */
  async lockSender(senderKey: string, tx: Queryable): Promise<void> {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`feedback:${senderKey}`}))`);
  }

  /** When each of the sender's feedback since `since` was sent, oldest first. */
  async sentSince(senderKey: string, since: Date, tx: Queryable): Promise<Date[]> {
    const rows = await tx
      .select({ at: feedback.createdAt })
      .from(feedback)
      .where(and(eq(feedback.senderKey, senderKey), gt(feedback.createdAt, since)))
      .orderBy(asc(feedback.createdAt));
    return rows.map((row) => row.at);
  }

  async insert(row: NewFeedback, tx: Queryable): Promise<FeedbackRow> {
    const [inserted] = await tx.insert(feedback).values(row).returning();
    return inserted!;
  }

  /** A user's own feedback, newest first. */
  async pageOfUser(userId: string, offset: number, limit: number): Promise<FeedbackPage> {
    return this.page(eq(feedback.userId, userId), offset, limit);
  }

  /** Every feedback, newest first, optionally of one type and one status (staff). */
  async pageOfAll(
    filter: { type?: FeedbackType; status?: FeedbackStatus },
    offset: number,
    limit: number,
  ): Promise<FeedbackPage> {
    const conditions = [
      filter.type ? eq(feedback.type, filter.type) : undefined,
      filter.status ? eq(feedback.status, filter.status) : undefined,
    ].filter((c): c is SQL => c !== undefined);
    return this.page(conditions.length ? and(...conditions) : undefined, offset, limit);
  }

  async findById(id: string, tx: Queryable = this.database.db): Promise<FeedbackWithSender | undefined> {
    const [row] = await tx
      .select(withSender)
      .from(feedback)
      .leftJoin(users, eq(users.id, feedback.userId))
      .where(eq(feedback.id, id))
      .limit(1);
    return row;
  }

  async lockById(id: string, tx: Queryable): Promise<FeedbackRow | undefined> {
    const [row] = await tx.select().from(feedback).where(eq(feedback.id, id)).for('update').limit(1);
    return row;
  }

  async answer(id: string, answer: string, by: string, at: Date, tx: Queryable): Promise<void> {
    await tx
      .update(feedback)
      .set({ answer, answeredBy: by, answeredAt: at, status: 'answered' })
      .where(eq(feedback.id, id));
  }

  async close(id: string, by: string, at: Date, tx: Queryable): Promise<void> {
    await tx.update(feedback).set({ status: 'closed', closedBy: by, closedAt: at }).where(eq(feedback.id, id));
  }

  private async page(where: SQL | undefined, offset: number, limit: number): Promise<FeedbackPage> {
    const db = this.database.db;
    const [rows, [total]] = await Promise.all([
      db
        .select(withSender)
        .from(feedback)
        .leftJoin(users, eq(users.id, feedback.userId))
        .where(where)
        .orderBy(desc(feedback.createdAt), desc(feedback.id))
        .limit(limit)
        .offset(offset),
      db.select({ n: count() }).from(feedback).where(where),
    ]);
    return { rows, total: total?.n ?? 0 };
  }
}
