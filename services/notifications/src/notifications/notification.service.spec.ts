import { beforeEach, describe, expect, it } from '@jest/globals';
import { AppError } from '@pencraft/errors';
import { strictMock, TX, type StrictMock } from '@pencraft/testing';
import type { Clock } from '@pencraft/kit';
import type { PersonRepository } from '../people/person.repository.js';
import type { PersonRow } from '../people/person.table.js';
import type { NotificationDraft } from './notification-drafts.js';
import type { NotificationRepository } from './notification.repository.js';
import { NotificationService } from './notification.service.js';

const NOW = new Date('2026-11-26T10:00:00Z');
const draft = (type: NotificationDraft['type'], uid = 'u-1'): NotificationDraft => ({
  uid,
  type,
  actorUid: null,
  actor: null,
  articleId: null,
  commentId: null,
  title: null,
  excerpt: null,
  data: {},
  dedupeKey: `e:${type}`,
  at: NOW,
});
const person = (settings: Record<string, boolean>, mail: Record<string, boolean> = {}) =>
  ({ uid: 'u-1', settings, mail }) as PersonRow;

describe('NotificationService', () => {
  let notifications: StrictMock<NotificationRepository>;
  let people: StrictMock<PersonRepository>;
  let service: NotificationService;

  beforeEach(() => {
    notifications = strictMock<NotificationRepository>('NotificationRepository');
    people = strictMock<PersonRepository>('PersonRepository');
    const clock = strictMock<Clock>('Clock');
    clock.now.mockReturnValue(NOW);
    service = new NotificationService(notifications, people, clock);
  });

  it('drops a type whose switch is off, keeps the always-on ones, and marks for mail what is chosen', async () => {
    people.find.mockResolvedValue(person({ ar: false, ara: true }, { cr: true }));
    notifications.insert.mockResolvedValueOnce(1).mockResolvedValueOnce(2).mockResolvedValueOnce(3);
    expect(await service.store(TX, [draft(0), draft(2), draft(104), draft(50)])).toEqual([1, 2, 3]);
    expect(notifications.insert.mock.calls.map(([, d, mail]) => [d.type, mail])).toEqual([
      [2, true],
      [104, false],
      [50, true],
    ]);
  });

  it('uses the defaults for someone identity has not told about yet (all in the app, reviews by mail)', async () => {
    people.find.mockResolvedValue(undefined);
    notifications.insert.mockResolvedValue(undefined);
    expect(await service.store(TX, [draft(0), draft(52)])).toEqual([]);
    expect(notifications.insert.mock.calls.map(([, d, mail]) => [d.type, mail])).toEqual([
      [0, false],
      [52, true],
    ]);
  });

  it('keeps the publication types whatever the switches: an invitation (400) and a failed payment (301) mailed, a subscriber (300) not', async () => {
    const off = { ar: false, ac: false, ara: false, at: false, atra: false, cr: false, cc: false, cra: false };
    people.find.mockResolvedValue(person(off, off));
    notifications.insert.mockResolvedValueOnce(1).mockResolvedValueOnce(2).mockResolvedValueOnce(3);
    expect(await service.store(TX, [draft(300), draft(301), draft(400)])).toEqual([1, 2, 3]);
    expect(notifications.insert.mock.calls.map(([, d, mail]) => [d.type, mail])).toEqual([
      [300, false],
      [301, true],
      [400, true],
    ]);
  });

  it('mails a support received (200) and a payout update (201) whatever the switches', async () => {
    const off = { ar: false, ac: false, ara: false, at: false, atra: false, cr: false, cc: false, cra: false };
    people.find.mockResolvedValue(person(off, off));
    notifications.insert.mockResolvedValueOnce(1).mockResolvedValueOnce(2);
    expect(await service.store(TX, [draft(200), draft(201)])).toEqual([1, 2]);
    expect(notifications.insert.mock.calls.map(([, d, mail]) => [d.type, mail])).toEqual([
      [200, true],
      [201, true],
    ]);
  });

  it("answers NotificationNotFound for another user's id or a bad one", async () => {
    notifications.markRead.mockResolvedValue(false);
    await expect(service.markRead('u-1', 7)).rejects.toEqual(new AppError('NotificationNotFound'));
    await expect(service.markRead('u-1', 0)).rejects.toEqual(new AppError('NotificationNotFound'));
    expect(notifications.markRead).toHaveBeenCalledTimes(1);
    expect(notifications.markRead).toHaveBeenCalledWith('u-1', 7, NOW);
  });

  it('marks one read and answers the unread count', async () => {
    notifications.markRead.mockResolvedValue(true);
    notifications.unreadCount.mockResolvedValue(4);
    expect(await service.markRead('u-1', 7)).toEqual({ unread: 4 });
  });

  it('refuses a page beyond the last it serves', async () => {
    await expect(service.list('u-1', 501, 20, false)).rejects.toEqual(new AppError('InvalidPage'));
  });
});
