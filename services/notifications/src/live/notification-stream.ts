import { Injectable } from '@nestjs/common';
import type { Notification } from '@pencraft/contracts/notifications/v1/notifications';
import { Observable } from 'rxjs';
import { NotificationRepository } from '../notifications/notification.repository.js';
import { toMessage } from '../notifications/notification.service.js';
import { LiveHub } from './live-hub.js';

const BATCH = 100;

/**
 * A user's notifications above an id, oldest first, then each new one as it commits, until the caller goes. It reads
 * only when the hub wakes it (LiveHub), never on a timer of its own.
 */
@Injectable()
export class NotificationStream {
  constructor(
    private readonly notifications: NotificationRepository,
    private readonly hub: LiveHub,
  ) {}

  open(uid: string, afterId: number): Observable<Notification> {
    return new Observable<Notification>((subscriber) => {
      let closed = false;
      // Set by a wake-up; a wake-up while a read is running makes the loop read again instead of sleeping.
      let dirty = true;
      let sleeping: (() => void) | undefined;
      let last = afterId;
      const wake = () => {
        dirty = true;
        sleeping?.();
      };
      const remove = this.hub.add(uid, {
        wake,
        end: () => {
          closed = true;
          sleeping?.();
          subscriber.complete();
        },
        last: () => last,
      });
      const run = async () => {
        while (!closed) {
          dirty = false;
          const rows = await this.notifications.after(uid, last, BATCH);
          for (const row of rows) {
            if (closed) return;
            subscriber.next(toMessage(row));
            last = row.id;
          }
          if (rows.length === BATCH || dirty) continue;
          // Until the hub wakes it: a NOTIFY of this user's, a reconnection, or its safety-net poll.
          await new Promise<void>((resolve) => (sleeping = resolve));
          sleeping = undefined;
        }
      };
      run().catch((error: unknown) => {
        if (!closed) subscriber.error(error);
      });
      return () => {
        closed = true;
        remove();
        sleeping?.();
      };
    });
  }
}
