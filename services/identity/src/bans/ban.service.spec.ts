import { BanReason, Language } from '@pencraft/contracts/common/v1/common';
import { beforeEach, describe, expect, it } from '@jest/globals';
import { EVENTS } from '@pencraft/contracts/events';
import { AppError } from '@pencraft/errors';
import type { Clock, Outbox } from '@pencraft/kit';
import { BAN_NOTE_MAX } from '@pencraft/rules';
import { fakeTransactions, strictMock, TX, type StrictMock } from '@pencraft/testing';
import type { ProfileRepository } from '../profile/profile.repository.js';
import type { SessionRepository } from '../sessions/session.repository.js';
import type { UserRow } from '../users/user.table.js';
import type { BanRepository } from './ban.repository.js';
import { BanService, isActive } from './ban.service.js';
import type { BanRow } from './ban.table.js';

const NOW = new Date('2026-11-26T12:00:00Z');
const DAY_MS = 86_400_000;
const UID = '0b9f6a1e-2c3d-4e5f-8a7b-9c0d1e2f3a4b';
const BAN_ID = '9a8b7c6d-5e4f-4a3b-9c2d-1e0f9a8b7c6d';
const HASH = Buffer.alloc(32, 7);

async function codeOf(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    if (AppError.is(error)) return error.code;
    throw error;
  }
  throw new Error('expected an AppError');
}

const user = { id: UID, username: 'leyla', fullname: 'Leyla', rating: 12, lang: 'ru' } as UserRow;

function banRow(overrides: Partial<BanRow> = {}): BanRow {
  return {
    id: BAN_ID,
    userId: UID,
    reason: 'spam',
    startsAt: NOW,
    endsAt: new Date(NOW.getTime() + 5 * DAY_MS),
    liftedAt: null,
    createdAt: NOW,
    moderator: 'moderator',
    note: 'links everywhere',
    liftedBy: null,
    requestId: null,
    ...overrides,
  };
}

describe('BanService', () => {
  let bans: StrictMock<BanRepository>;
  let profiles: StrictMock<ProfileRepository>;
  let sessions: StrictMock<SessionRepository>;
  let outbox: StrictMock<Outbox>;
  let service: BanService;

  beforeEach(() => {
    bans = strictMock<BanRepository>('BanRepository');
    profiles = strictMock<ProfileRepository>('ProfileRepository');
    sessions = strictMock<SessionRepository>('SessionRepository');
    outbox = strictMock<Outbox>('Outbox');
    const clock = strictMock<Clock>('Clock');
    clock.now.mockReturnValue(NOW);
    service = new BanService(fakeTransactions() as never, bans, profiles, sessions, outbox, clock);
  });

  it('refuses an unknown reason, an end in the past and an unknown user', async () => {
    expect(
      await codeOf(
        service.issue({
          uid: UID,
          reason: BanReason.BAN_REASON_UNSPECIFIED,
          endsAtMs: 0,
          moderator: '',
          note: '',
          requestId: '',
        }),
      ),
    ).toBe('InvalidModel');
    expect(
      await codeOf(
        service.issue({
          uid: UID,
          reason: BanReason.BAN_REASON_SPAM,
          endsAtMs: NOW.getTime() - 1,
          moderator: '',
          note: '',
          requestId: '',
        }),
      ),
    ).toBe('InvalidModel');
    profiles.findById.mockResolvedValue(undefined);
    expect(
      await codeOf(
        service.issue({
          uid: UID,
          reason: BanReason.BAN_REASON_SPAM,
          endsAtMs: 0,
          moderator: '',
          note: '',
          requestId: '',
        }),
      ),
    ).toBe('UserNotFound');
  });

  it('issues a ban from now, announces it and names the live sessions', async () => {
    const endsAt = new Date(NOW.getTime() + 5 * DAY_MS);
    profiles.findById.mockResolvedValue(user);
    bans.insertOnce.mockResolvedValue(banRow());
    outbox.add.mockResolvedValue('e');
    sessions.liveTokenHashes.mockResolvedValue([HASH]);

    const answer = await service.issue({
      uid: UID,
      reason: BanReason.BAN_REASON_SPAM,
      endsAtMs: endsAt.getTime(),
      moderator: ' moderator ',
      note: ' links everywhere ',
      requestId: '',
    });

    expect(bans.insertOnce).toHaveBeenCalledWith(
      {
        userId: UID,
        reason: 'spam',
        startsAt: NOW,
        endsAt,
        moderator: 'moderator',
        note: 'links everywhere',
        requestId: null,
      },
      TX,
    );
    expect(answer.ban).toMatchObject({ id: BAN_ID, uid: UID, endsAtMs: endsAt.getTime(), active: true, liftedAtMs: 0 });
    expect(answer.tokenHashes).toEqual([HASH]);
    const event = outbox.add.mock.calls[0]![1];
    expect(event.subject).toBe('identity.user.banned');
    expect(EVENTS.userBanned.message.decode(event.payload)).toEqual({
      banId: BAN_ID,
      uid: UID,
      reason: BanReason.BAN_REASON_SPAM,
      startsAtMs: NOW.getTime(),
      endsAtMs: endsAt.getTime(),
      moderator: 'moderator',
      note: 'links everywhere',
    });
  });

  it('keeps a note up to the one ban-note limit of the rules, as the gateway and moderation do', async () => {
    profiles.findById.mockResolvedValue(user);
    bans.insertOnce.mockResolvedValue(banRow());
    outbox.add.mockResolvedValue('e');
    sessions.liveTokenHashes.mockResolvedValue([]);

    await service.issue({
      uid: UID,
      reason: BanReason.BAN_REASON_SPAM,
      endsAtMs: 0,
      moderator: 'm',
      note: 'x'.repeat(BAN_NOTE_MAX + 500),
      requestId: '',
    });

    expect(bans.insertOnce.mock.calls[0]![0].note).toBe('x'.repeat(BAN_NOTE_MAX));
  });

  it('answers the same ban to a retry with the same request id, announcing nothing', async () => {
    profiles.findById.mockResolvedValue(user);
    bans.findByRequestId.mockResolvedValue(banRow({ requestId: 'audit-1' }));
    sessions.liveTokenHashes.mockResolvedValue([]);

    const answer = await service.issue({
      uid: UID,
      reason: BanReason.BAN_REASON_SPAM,
      endsAtMs: 0,
      moderator: 'm',
      note: '',
      requestId: 'audit-1',
    });

    expect(answer.ban.id).toBe(BAN_ID);
    expect(bans.findByRequestId).toHaveBeenCalledWith('audit-1', TX);
    expect(outbox.add).not.toHaveBeenCalled();
  });

  it('lifts a ban once and announces it; lifting again answers it as it is', async () => {
    bans.lockById.mockResolvedValueOnce(banRow()).mockResolvedValueOnce(banRow({ liftedAt: NOW, liftedBy: 'admin' }));
    bans.lift.mockResolvedValue(banRow({ liftedAt: NOW, liftedBy: 'admin' }));
    outbox.add.mockResolvedValue('e');
    sessions.liveTokenHashes.mockResolvedValue([HASH]);

    const first = await service.lift(BAN_ID, 'admin');
    const again = await service.lift(BAN_ID, 'admin');

    expect(first.ban).toMatchObject({ active: false, liftedAtMs: NOW.getTime(), liftedBy: 'admin' });
    expect(again.ban).toEqual(first.ban);
    expect(bans.lift).toHaveBeenCalledTimes(1);
    expect(outbox.add).toHaveBeenCalledTimes(1);
    expect(EVENTS.userUnbanned.message.decode(outbox.add.mock.calls[0]![1].payload)).toEqual({
      banId: BAN_ID,
      uid: UID,
      moderator: 'admin',
      liftedAtMs: NOW.getTime(),
    });
  });

  it('answers NotFound for an unknown or malformed ban id', async () => {
    expect(await codeOf(service.lift('nope', 'admin'))).toBe('NotFound');
    bans.lockById.mockResolvedValue(undefined);
    expect(await codeOf(service.lift(BAN_ID, 'admin'))).toBe('NotFound');
  });

  it('tells the standing of an account by uid or username', async () => {
    const registered = new Date('2026-01-02T03:04:05Z');
    const row = { ...user, createdAt: registered, emailConfirmedAt: registered } as UserRow;
    profiles.findByUsername.mockResolvedValue(row);
    bans.activeFor.mockResolvedValue(banRow());
    bans.countFor.mockResolvedValue(3);

    const profile = await service.moderationProfile('', '@leyla');

    expect(profiles.findByUsername).toHaveBeenCalledWith('leyla');
    expect(profile).toMatchObject({
      uid: UID,
      username: 'leyla',
      registeredAtMs: registered.getTime(),
      rating: 12,
      confirmed: true,
      lang: Language.LANGUAGE_RU,
      bansCount: 3,
      activeBan: { id: BAN_ID, active: true },
    });
    profiles.findById.mockResolvedValue(undefined);
    expect(await codeOf(service.moderationProfile(UID, ''))).toBe('UserNotFound');
  });

  it('knows when a ban is in force', () => {
    expect(isActive(banRow(), NOW)).toBe(true);
    expect(isActive(banRow({ endsAt: null }), NOW)).toBe(true);
    expect(isActive(banRow({ endsAt: NOW }), NOW)).toBe(false);
    expect(isActive(banRow({ liftedAt: NOW }), NOW)).toBe(false);
    expect(isActive(banRow({ startsAt: new Date(NOW.getTime() + 1) }), NOW)).toBe(false);
  });
});
