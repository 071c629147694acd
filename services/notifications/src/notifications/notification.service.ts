import { Injectable } from '@nestjs/common';
import type { Notification } from '@pencraft/contracts/notifications/v1/notifications';
import { AppError } from '@pencraft/errors';
import { Clock, type Transaction } from '@pencraft/kit';
import { resolvePaging, wantsNotification, wantsNotificationMail } from '@pencraft/rules';
import { PersonRepository } from '../people/person.repository.js';
import type { NotificationDraft } from './notification-drafts.js';
import { NotificationRepository, type NotificationView } from './notification.repository.js';

export const PAGE_SIZE = 20;
export const SUMMARY_SIZE = 5;
const MAX_PAGE = 500;

/** Stores what the events make (honouring each recipient's switches) and answers the user's questions about theirs. */
@Injectable()
export class NotificationService {
  constructor(
    private readonly notifications: NotificationRepository,
    private readonly people: PersonRepository,
    private readonly clock: Clock,
  ) {}

  /** In the consumer's transaction: a draft whose switch is off is dropped; one to mail is marked for the sender. */
  async store(tx: Transaction, drafts: readonly NotificationDraft[]): Promise<number[]> {
    const ids: number[] = [];
    for (const draft of drafts) {
      const person = await this.people.find(tx, draft.uid);
      const settings = person?.settings ?? {};
      if (!wantsNotification(draft.type, settings)) continue;
      const mail = wantsNotificationMail(draft.type, settings, person?.mail ?? {});
      const id = await this.notifications.insert(tx, draft, mail);
      if (id !== undefined) ids.push(id);
    }
    return ids;
  }

  async list(uid: string, page: number, pageSize: number, unreadOnly: boolean) {
    const paging = resolvePaging(page, pageSize || PAGE_SIZE, MAX_PAGE);
    if (!paging) throw new AppError('InvalidPage');
    const [rows, unread] = await Promise.all([
      this.notifications.page(uid, paging.offset, paging.pageSize + 1, unreadOnly),
      this.notifications.unreadCount(uid),
    ]);
    return { items: rows.slice(0, paging.pageSize).map(toMessage), hasMore: rows.length > paging.pageSize, unread };
  }

  async summary(uid: string, limit: number) {
    const size = Math.min(Math.max(limit || SUMMARY_SIZE, 1), 20);
    const [rows, unread] = await Promise.all([
      this.notifications.page(uid, 0, size, false),
      this.notifications.unreadCount(uid),
    ]);
    return { unread, items: rows.map(toMessage) };
  }

  /** Another user's id is not found, like an unknown one. */
  async markRead(uid: string, id: number) {
    if (!Number.isSafeInteger(id) || id <= 0 || !(await this.notifications.markRead(uid, id, this.clock.now()))) {
      throw new AppError('NotificationNotFound');
    }
    return { unread: await this.notifications.unreadCount(uid) };
  }

  async markAllRead(uid: string) {
    await this.notifications.markAllRead(uid, this.clock.now());
    return { unread: 0 };
  }
}

export function toMessage(row: NotificationView): Notification {
  return {
    id: row.id,
    type: row.type,
    ...(row.actorUid && row.actor
      ? {
          actor: {
            uid: row.actorUid,
            username: row.actor.username,
            fullname: row.actor.fullname,
            imageUrl: row.actor.imageUrl ?? '',
          },
        }
      : {}),
    subject: {
      articleId: row.articleId ?? '',
      commentId: row.commentId ?? '',
      title: row.title ?? '',
      excerpt: row.excerpt ?? '',
    },
    dataJson: JSON.stringify(row.data),
    readAtMs: row.readAt?.getTime() ?? 0,
    createdAtMs: row.createdAt.getTime(),
  };
}
