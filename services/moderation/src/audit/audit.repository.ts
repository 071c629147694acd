import { Inject, Injectable } from '@nestjs/common';
import { DATABASE, type DatabaseHandle, type Queryable } from '@pencraft/kit';
import { asc, desc, eq } from 'drizzle-orm';
import { auditLog, type AuditAction, type AuditRow, type AuditSubjectKind } from './audit.table.js';

export interface Actor {
  sub: string;
  username: string;
}

/** The automatic initial review, as the audit log and the events name it. */
export const AUTO_REVIEW: Actor = Object.freeze({ sub: 'system', username: 'auto-review' });

export interface NewAuditEntry {
  /** The entry's id when the action has one of its own (a payout move's): written once, a second write is a no-op. */
  id?: string;
  actor: Actor;
  action: AuditAction;
  subjectKind: AuditSubjectKind;
  subjectId: string;
  itemId?: string | null;
  note?: string;
  at: Date;
}

@Injectable()
export class AuditRepository {
  constructor(@Inject(DATABASE) private readonly database: DatabaseHandle) {}

  async record(tx: Queryable, entry: NewAuditEntry): Promise<void> {
    const insert = tx.insert(auditLog).values({
      ...(entry.id ? { id: entry.id } : {}),
      actorSub: entry.actor.sub,
      actorUsername: entry.actor.username,
      action: entry.action,
      subjectKind: entry.subjectKind,
      subjectId: entry.subjectId,
      itemId: entry.itemId ?? null,
      note: entry.note ?? '',
      at: entry.at,
    });
    await (entry.id ? insert.onConflictDoNothing({ target: auditLog.id }) : insert);
  }

  /** Newest first; one row more than asked tells whether there is a next page. */
  list(action: AuditAction | undefined, offset: number, limit: number): Promise<AuditRow[]> {
    const query = this.database.db.select().from(auditLog);
    return (action ? query.where(eq(auditLog.action, action)) : query)
      .orderBy(desc(auditLog.at), desc(auditLog.id))
      .offset(offset)
      .limit(limit + 1);
  }

  forItem(itemId: string): Promise<AuditRow[]> {
    return this.database.db.select().from(auditLog).where(eq(auditLog.itemId, itemId)).orderBy(asc(auditLog.at));
  }
}
