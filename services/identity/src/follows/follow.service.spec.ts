import { beforeEach, describe, expect, it } from '@jest/globals';
import { EVENTS } from '@pencraft/contracts/events';
import { AppError } from '@pencraft/errors';
import type { Clock, Outbox } from '@pencraft/kit';
import { fakeTransactions, strictMock, TX, type StrictMock } from '@pencraft/testing';
import type { ProfileRepository } from '../profile/profile.repository.js';
import type { UserRow } from '../users/user.table.js';
import type { FollowRepository } from './follow.repository.js';
import { FollowService } from './follow.service.js';

const NOW = new Date('2026-11-26T06:00:00Z');
const ME = '0b9f6a1e-2c3d-4e5f-8a7b-9c0d1e2f3a4b';
const THEM = '9a8b7c6d-5e4f-4a3b-9c2d-1e0f9a8b7c6d';

async function codeOf(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    if (AppError.is(error)) return error.code;
    throw error;
  }
  throw new Error('expected an AppError');
}

describe('FollowService', () => {
  let follows: StrictMock<FollowRepository>;
  let profiles: StrictMock<ProfileRepository>;
  let outbox: StrictMock<Outbox>;
  let service: FollowService;

  beforeEach(() => {
    follows = strictMock<FollowRepository>('FollowRepository');
    profiles = strictMock<ProfileRepository>('ProfileRepository');
    outbox = strictMock<Outbox>('Outbox');
    const clock = strictMock<Clock>('Clock');
    clock.now.mockReturnValue(NOW);
    service = new FollowService(fakeTransactions() as never, follows, profiles, outbox, clock);
  });

  it('refuses following yourself', async () => {
    expect(await codeOf(service.follow(ME, ME))).toBe('CantFollowYourself');
    expect(await codeOf(service.unfollow(ME, ME))).toBe('CantFollowYourself');
  });

  it('refuses an unknown user', async () => {
    profiles.findById.mockResolvedValue(undefined);
    expect(await codeOf(service.follow(ME, THEM))).toBe('UserNotFound');
  });

  it('announces a new follow once', async () => {
    profiles.findById.mockResolvedValue({ id: THEM } as UserRow);
    follows.add.mockResolvedValueOnce(true).mockResolvedValueOnce(false);
    follows.followerCount.mockResolvedValue(1);
    outbox.add.mockResolvedValue('e');

    expect(await service.follow(ME, THEM)).toEqual({ followers: 1 });
    expect(await service.follow(ME, THEM)).toEqual({ followers: 1 });

    expect(follows.add).toHaveBeenCalledWith(TX, ME, THEM, NOW);
    expect(outbox.add).toHaveBeenCalledTimes(1);
    const event = outbox.add.mock.calls[0]![1];
    expect(event.subject).toBe(EVENTS.userFollowed.subject);
    expect(EVENTS.userFollowed.message.decode(event.payload)).toEqual({
      followerUid: ME,
      followeeUid: THEM,
      atMs: NOW.getTime(),
    });
  });

  it('announces an unfollow only when there was a follow', async () => {
    profiles.findById.mockResolvedValue({ id: THEM } as UserRow);
    follows.remove.mockResolvedValueOnce(false).mockResolvedValueOnce(true);
    follows.followerCount.mockResolvedValue(0);
    outbox.add.mockResolvedValue('e');

    await service.unfollow(ME, THEM);
    expect(outbox.add).not.toHaveBeenCalled();
    await service.unfollow(ME, THEM);
    expect(outbox.add.mock.calls[0]![1].subject).toBe(EVENTS.userUnfollowed.subject);
  });

  it('pages followers with one extra row telling whether more follow', async () => {
    profiles.findById.mockResolvedValue({ id: THEM } as UserRow);
    const row = (n: number) => ({
      uid: `u-${n}`,
      username: `u${n}`,
      fullname: `User ${n}`,
      headline: '',
      imageUrl: null,
      since: NOW,
    });
    follows.followers.mockResolvedValue(Array.from({ length: 21 }, (_, n) => row(n)));
    follows.followerCount.mockResolvedValue(45);

    const page = await service.followers(THEM, 1, 20);

    expect(follows.followers).toHaveBeenCalledWith(THEM, 0, 20);
    expect(page).toMatchObject({ page: 1, pageSize: 20, hasMore: true, total: 45 });
    expect(page.items).toHaveLength(20);
    expect(page.items[0]).toEqual({
      uid: 'u-0',
      username: 'u0',
      fullname: 'User 0',
      headline: '',
      imageUrl: '',
      sinceMs: NOW.getTime(),
    });
  });

  it('refuses a page out of range', async () => {
    expect(await codeOf(service.following(THEM, 501, 20))).toBe('InvalidPage');
  });
});
