import { Inject, Injectable } from '@nestjs/common';
import { DATABASE, type DatabaseHandle, type Queryable } from '@pencraft/kit';
import { and, asc, count, desc, eq, gt, inArray, isNull, max, sql } from 'drizzle-orm';
import { people } from '../people/person.table.js';
import type { NotificationDraft } from './notification-drafts.js';
import { notifications, type ActorSnapshot, type NotificationRow } from './notification.table.js';

/** PostgreSQL delivers a NOTIFY on this channel only when the inserting transaction commits, to every replica. */
export const LIVE_CHANNEL = 'notifications_live';

/** A stored notification with its actor's current names (the people read model's, else the event's). */
export interface NotificationView extends Omit<NotificationRow, 'actor' | 'dedupeKey' | 'mailState' | 'mailAttempts'> {
  actor: ActorSnapshot | null;
}

export const view = {
  id: notifications.id,
  uid: notifications.uid,
  type: notifications.type,
  actorUid: notifications.actorUid,
  snapshot: notifications.actor,
  username: people.username,
  fullname: people.fullname,
  imageUrl: people.imageUrl,
  articleId: notifications.articleId,
  commentId: notifications.commentId,
  title: notifications.title,
  excerpt: notifications.excerpt,
  data: notifications.data,
  readAt: notifications.readAt,
  createdAt: notifications.createdAt,
};

/** A row of `view`: the people columns are null when the actor is unknown there. */
export interface ViewRow extends Omit<NotificationView, 'actor'> {
  snapshot: ActorSnapshot | null;
  username: string | null;
  fullname: string | null;
  imageUrl: string | null;
}

export function toView({ snapshot, username, fullname, imageUrl, ...row }: ViewRow): NotificationView {
  let actor: ActorSnapshot | null = null;
  if (row.actorUid) {
    actor = username
      ? { username, fullname: fullname ?? '', imageUrl: imageUrl ?? snapshot?.imageUrl ?? null }
      : (snapshot ?? { username: '', fullname: '', imageUrl: null });
  }
  return { ...row, actor };
}

@Injectable()
export class NotificationRepository {
  /**
   * What an open stream reads each time it is woken, as a named prepared statement: built once, and planned once per
   * connection.
   */
  private readonly afterStatement;

  constructor(@Inject(DATABASE) private readonly database: DatabaseHandle) {
    this.afterStatement = database.db
      .select(view)
      .from(notifications)
      .leftJoin(people, eq(people.uid, notifications.actorUid))
      .where(and(eq(notifications.uid, sql.placeholder('uid')), gt(notifications.id, sql.placeholder('afterId'))))
      .orderBy(asc(notifications.id))
      .limit(sql.placeholder('limit'))
      .prepare('notifications_after');
  }

  /**
   * Stores one notification unless its dedupe key is known for that user; answers its id when stored. Inserts for
   * one user are serialised by a transaction lock, so a user's ids grow in commit order and a stream that has sent
   * id n never meets a smaller id later.
   */
  async insert(tx: Queryable, draft: NotificationDraft, mail: boolean): Promise<number | undefined> {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${draft.uid}, 7))`);
    const [row] = await tx
      .insert(notifications)
      .values({
        uid: draft.uid,
        type: draft.type,
        actorUid: draft.actorUid,
        actor: draft.actor,
        articleId: draft.articleId,
        commentId: draft.commentId,
        title: draft.title,
        excerpt: draft.excerpt,
        data: draft.data,
        dedupeKey: draft.dedupeKey,
        createdAt: draft.at,
        mailState: mail ? 'pending' : null,
      })
      .onConflictDoNothing({ target: [notifications.uid, notifications.dedupeKey] })
      // The live streams' NOTIFY in the same statement (one round trip less on a vote's way to its author's page):
      // evaluated only for a row actually inserted, delivered when the transaction commits.
      .returning({
        id: notifications.id,
        live: sql<string>`pg_notify(${LIVE_CHANNEL}, ${notifications.uid}::text || ':' || ${notifications.id}::text)`,
      });
    return row?.id;
  }

  async page(uid: string, offset: number, limit: number, unreadOnly: boolean): Promise<NotificationView[]> {
    const rows = await this.database.db
      .select(view)
      .from(notifications)
      .leftJoin(people, eq(people.uid, notifications.actorUid))
      .where(and(eq(notifications.uid, uid), unreadOnly ? isNull(notifications.readAt) : undefined))
      .orderBy(desc(notifications.id))
      .offset(offset)
      .limit(limit);
    return rows.map(toView);
  }

  /** The user's notifications above an id, oldest first (what a stream sends). */
  async after(uid: string, afterId: number, limit: number): Promise<NotificationView[]> {
    const rows = await this.afterStatement.execute({ uid, afterId, limit });
    return rows.map(toView);
  }

  /** Each of these users' newest notification id (users without one are left out): one index probe a user. */
  async newestIds(uids: string[]): Promise<Map<string, number>> {
    if (uids.length === 0) return new Map();
    const rows = await this.database.db
      .select({ uid: notifications.uid, id: max(notifications.id) })
      .from(notifications)
      .where(inArray(notifications.uid, uids))
      .groupBy(notifications.uid);
    return new Map(rows.filter((row) => row.id !== null).map((row) => [row.uid, Number(row.id)]));
  }

  async unreadCount(uid: string): Promise<number> {
    const [row] = await this.database.db
      .select({ n: count() })
      .from(notifications)
      .where(and(eq(notifications.uid, uid), isNull(notifications.readAt)));
    return row?.n ?? 0;
  }

  /** Whether the user has that notification (marked read now unless it was already). */
  async markRead(uid: string, id: number, at: Date): Promise<boolean> {
    const [row] = await this.database.db
      .update(notifications)
      .set({ readAt: sql`coalesce(${notifications.readAt}, ${at.toISOString()}::timestamptz)` })
      .where(and(eq(notifications.uid, uid), eq(notifications.id, id)))
      .returning({ id: notifications.id });
    return row !== undefined;
  }

  async markAllRead(uid: string, at: Date): Promise<void> {
    await this.database.db
      .update(notifications)
      .set({ readAt: at })
      .where(and(eq(notifications.uid, uid), isNull(notifications.readAt)));
  }
}
