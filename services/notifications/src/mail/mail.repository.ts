import { Inject, Injectable } from '@nestjs/common';
import { DATABASE, type DatabaseHandle, type Transaction } from '@pencraft/kit';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import { people } from '../people/person.table.js';
import { notifications, type MailState } from '../notifications/notification.table.js';
import { toView, view, type NotificationView } from '../notifications/notification.repository.js';

export type MailOutcome = Exclude<MailState, 'pending'> | 'retry';

export const MAIL_ATTEMPTS_MAX = 5;

/** The notifications waiting to be mailed, each claimed by one sender at a time (row lock, skip locked). */
@Injectable()
export class MailRepository {
  constructor(@Inject(DATABASE) private readonly database: DatabaseHandle) {}

  run<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
    return this.database.db.transaction(work);
  }

  async claim(tx: Transaction, limit: number): Promise<NotificationView[]> {
    // Lock the rows alone (a lock through the join would need the table's unqualified name), then read them.
    const claimed = await tx
      .select({ id: notifications.id })
      .from(notifications)
      .where(eq(notifications.mailState, 'pending'))
      .orderBy(asc(notifications.id))
      .limit(limit)
      .for('update', { skipLocked: true });
    if (claimed.length === 0) return [];
    const rows = await tx
      .select(view)
      .from(notifications)
      .leftJoin(people, eq(people.uid, notifications.actorUid))
      .where(
        inArray(
          notifications.id,
          claimed.map((row) => row.id),
        ),
      )
      .orderBy(asc(notifications.id));
    return rows.map(toView);
  }

  async record(tx: Transaction, id: number, outcome: MailOutcome) {
    if (outcome === 'retry') {
      await tx
        .update(notifications)
        .set({
          mailAttempts: sql`${notifications.mailAttempts} + 1`,
          mailState: sql`case when ${notifications.mailAttempts} + 1 >= ${MAIL_ATTEMPTS_MAX} then 'failed' else 'pending' end`,
        })
        .where(eq(notifications.id, id));
      return;
    }
    await tx
      .update(notifications)
      .set({ mailState: outcome, mailAttempts: sql`${notifications.mailAttempts} + 1` })
      .where(eq(notifications.id, id));
  }
}
