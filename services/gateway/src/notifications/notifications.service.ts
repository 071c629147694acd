import { Inject, Injectable } from '@nestjs/common';
import type { UserSummary } from '@pencraft/contracts/identity/v1/identity';
import { SessionService } from '../accounts/session.service.js';
import { NOTIFICATIONS, type NotificationsClient } from './notifications.upstream.js';
import { toNotification } from './notifications.dto.js';
import { NotificationStreams } from './notification-stream.js';

export const PAGE_SIZE = 20;

/** The signed-in user's notifications: the uid always comes from the session, never from the request. */
@Injectable()
export class NotificationsService {
  constructor(
    @Inject(NOTIFICATIONS) private readonly notifications: NotificationsClient,
    private readonly streams: NotificationStreams,
    private readonly sessions: SessionService,
  ) {}

  async list(user: UserSummary, page: number, unread: boolean) {
    const answer = await this.notifications.list({ uid: user.uid, page, pageSize: PAGE_SIZE, unreadOnly: unread });
    return {
      items: answer.items.map(toNotification),
      page,
      pageSize: PAGE_SIZE,
      hasMore: answer.hasMore,
      unread: answer.unread,
    };
  }

  async summary(user: UserSummary) {
    const answer = await this.notifications.summary({ uid: user.uid, limit: 5 });
    return { unread: answer.unread, items: answer.items.map(toNotification) };
  }

  markRead(user: UserSummary, id: string) {
    return this.notifications.markRead({ uid: user.uid, id: Number(id) });
  }

  markAllRead(user: UserSummary) {
    return this.notifications.markAllRead({ uid: user.uid });
  }

  /**
   * Without a last id the page wants only what comes next: the stream starts after the newest stored one. The stream
   * lives while the session token that opened it resolves to the same user without a ban (asked at every heartbeat,
   * through the session cache that sign-out, ended sessions, resets and bans update).
   */
  async stream(user: UserSummary, token: string, lastEventId: string | undefined) {
    let after = lastEventId === undefined ? undefined : Number(lastEventId);
    if (after === undefined) {
      const { items } = await this.notifications.summary({ uid: user.uid, limit: 1 });
      after = items[0]?.id ?? 0;
    }
    return this.streams.start(user.uid, after, async () => {
      const session = await this.sessions.resolveSession(token);
      return session?.user.uid === user.uid && !session.ban;
    });
  }
}
