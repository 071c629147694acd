import { beforeEach, describe, expect, it, jest } from '@jest/globals';
import type { Notification } from '@pencraft/contracts/notifications/v1/notifications';
import type { DatabaseHandle, Logger } from '@pencraft/kit';
import { strictMock, type StrictMock } from '@pencraft/testing';
import type { NotificationsConfig } from '../config.js';
import type { NotificationRepository, NotificationView } from '../notifications/notification.repository.js';
import { LiveHub, type Listener } from './live-hub.js';
import { NotificationStream } from './notification-stream.js';

const A = '0b9f6a1e-2c3d-4e5f-8a7b-9c0d1e2f3a4b';
const B = '1c0a7b2f-3d4e-4f60-9b8c-0d1e2f3a4b5c';
const CONFIG = { LIVE_POLL_MS: 15_000 } as NotificationsConfig;

const row = (id: number, uid = A): NotificationView => ({
  id,
  uid,
  type: 0,
  actorUid: null,
  actor: null,
  articleId: null,
  commentId: null,
  title: null,
  excerpt: null,
  data: {},
  readAt: null,
  createdAt: new Date('2026-11-28T10:00:00Z'),
});

const listener = (last: number): Listener & { wake: jest.Mock } => ({
  wake: jest.fn(),
  end: jest.fn(),
  last: () => last,
});

/** Lets the stream's loop run its awaited reads. */
const settle = async () => {
  for (let i = 0; i < 5; i += 1) await new Promise((resolve) => setImmediate(resolve));
};

describe('LiveHub', () => {
  let notifications: StrictMock<NotificationRepository>;
  let hub: LiveHub;

  beforeEach(() => {
    notifications = strictMock<NotificationRepository>('NotificationRepository');
    const log = { warn: jest.fn() } as unknown as Logger;
    hub = new LiveHub({} as DatabaseHandle, log, CONFIG, notifications);
  });

  it("asks once for every open stream's user and wakes only the streams behind their user's newest id", async () => {
    const behind = listener(7);
    const current = listener(9);
    const other = listener(3);
    hub.add(A, behind);
    hub.add(A, current);
    hub.add(B, other);
    notifications.newestIds.mockResolvedValue(new Map([[A, 9]]));
    await hub.poll();
    expect(notifications.newestIds).toHaveBeenCalledTimes(1);
    expect(notifications.newestIds).toHaveBeenCalledWith([A, B]);
    expect(behind.wake).toHaveBeenCalledTimes(1);
    expect(current.wake).not.toHaveBeenCalled();
    // B has no notification at all: nothing to send.
    expect(other.wake).not.toHaveBeenCalled();
  });

  it('asks nothing without open streams, and forgets a stream once it goes', async () => {
    await hub.poll();
    const remove = hub.add(A, listener(1));
    expect(hub.size).toBe(1);
    remove();
    expect(hub.size).toBe(0);
    await hub.poll();
    expect(notifications.newestIds).not.toHaveBeenCalled();
  });

  it('keeps the streams when the safety-net query fails (the next poll or NOTIFY finds the rows)', async () => {
    const waiting = listener(1);
    hub.add(A, waiting);
    notifications.newestIds.mockRejectedValueOnce(new Error('connection lost'));
    await expect(hub.poll()).resolves.toBeUndefined();
    expect(hub.size).toBe(1);
    expect(waiting.wake).not.toHaveBeenCalled();
  });
});

describe('NotificationStream', () => {
  it('reads only when woken, sends each row once in order, and tells the hub the last id it sent', async () => {
    const notifications = strictMock<NotificationRepository>('NotificationRepository');
    const log = { warn: jest.fn() } as unknown as Logger;
    const hub = new LiveHub({} as DatabaseHandle, log, CONFIG, notifications);
    const stream = new NotificationStream(notifications, hub);
    notifications.after.mockResolvedValueOnce([row(5), row(6)]);
    const sent: Notification[] = [];
    const subscription = stream.open(A, 4).subscribe((n) => sent.push(n));
    await settle();
    expect(sent.map((n) => n.id)).toEqual([5, 6]);
    expect(notifications.after).toHaveBeenCalledTimes(1);
    // Asleep until woken: no timer of its own reads again.
    await settle();
    expect(notifications.after).toHaveBeenCalledTimes(1);
    // The hub's safety net sees id 7 for this user, above the 6 the stream sent, and wakes it.
    notifications.newestIds.mockResolvedValueOnce(new Map([[A, 7]]));
    notifications.after.mockResolvedValueOnce([row(7)]);
    await hub.poll();
    await settle();
    expect(notifications.after).toHaveBeenLastCalledWith(A, 6, 100);
    expect(sent.map((n) => n.id)).toEqual([5, 6, 7]);
    // Up to date now: the next poll wakes nobody.
    notifications.newestIds.mockResolvedValueOnce(new Map([[A, 7]]));
    await hub.poll();
    await settle();
    expect(notifications.after).toHaveBeenCalledTimes(2);
    subscription.unsubscribe();
    expect(hub.size).toBe(0);
  });
});
