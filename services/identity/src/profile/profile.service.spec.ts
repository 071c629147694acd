import { beforeEach, describe, expect, it } from '@jest/globals';
import { EVENTS } from '@pencraft/contracts/events';
import { AppError } from '@pencraft/errors';
import type { Clock, Outbox } from '@pencraft/kit';
import { fakeTransactions, strictMock, TX, type StrictMock } from '@pencraft/testing';
import type { FollowRepository } from '../follows/follow.repository.js';
import type { UserRow } from '../users/user.table.js';
import type { UserLinkRow } from './link.table.js';
import type { ProfileRepository } from './profile.repository.js';
import { ProfileService } from './profile.service.js';

const NOW = new Date('2026-11-26T06:00:00Z');
const UID = '0b9f6a1e-2c3d-4e5f-8a7b-9c0d1e2f3a4b';
const OTHER = '9a8b7c6d-5e4f-4a3b-9c2d-1e0f9a8b7c6d';

function userRow(overrides: Partial<UserRow> = {}): UserRow {
  return {
    id: UID,
    email: 'leyla@example.az',
    username: 'leyla',
    fullname: 'Leyla Həsənova',
    passwordHash: 'hash',
    theme: 'system',
    lang: 'az',
    rating: 0,
    imageUrl: null,
    emailConfirmedAt: NOW,
    termsAcceptedAt: NOW,
    headline: '',
    bio: '',
    birthdate: null,
    country: null,
    gender: 'notSpecified',
    imageKey: null,
    bannerKey: null,
    bannerUrl: null,
    usernameChangedAt: null,
    phone: null,
    phoneVerifiedAt: null,
    notifications: {},
    notificationMail: {},
    createdAt: NOW,
    updatedAt: NOW,
    ...overrides,
  } as UserRow;
}

function link(overrides: Partial<UserLinkRow> = {}): UserLinkRow {
  return {
    id: 'l-1',
    userId: UID,
    provider: 'github',
    url: 'https://github.com/leyla',
    createdAt: NOW,
    ...overrides,
  };
}

async function codesOf(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    if (AppError.is(error)) return { code: error.code, fields: error.details?.map((d) => `${d.field}:${d.code}`) };
    throw error;
  }
  throw new Error('expected an AppError');
}

describe('ProfileService', () => {
  let profiles: StrictMock<ProfileRepository>;
  let follows: StrictMock<FollowRepository>;
  let outbox: StrictMock<Outbox>;
  let transactions: ReturnType<typeof fakeTransactions>;
  let service: ProfileService;

  beforeEach(() => {
    profiles = strictMock<ProfileRepository>('ProfileRepository');
    follows = strictMock<FollowRepository>('FollowRepository');
    outbox = strictMock<Outbox>('Outbox');
    transactions = fakeTransactions();
    const clock = strictMock<Clock>('Clock');
    clock.now.mockReturnValue(NOW);
    service = new ProfileService(transactions as never, profiles, follows, outbox, clock);
  });

  describe('update', () => {
    it('reports every refused field at once and saves nothing', async () => {
      const result = await codesOf(
        service.update(UID, {
          fullname: 'x',
          headline: '<b>',
          bio: 'a\u0007',
          birthdate: '2020-01-01',
          country: 'XX',
          gender: 'other',
        }),
      );
      expect(result).toEqual({
        code: 'InvalidFullname',
        fields: [
          'fullname:InvalidFullname',
          'headline:InvalidHeadline',
          'bio:InvalidBio',
          'birthdate:InvalidBirthdate',
          'country:InvalidCountry',
          'gender:InvalidGender',
        ],
      });
      expect(transactions.run).not.toHaveBeenCalled();
    });

    it.each(['2030-01-01', '2001-02-29', '2014-01-01'])('refuses the birthdate %s', async (birthdate) => {
      expect((await codesOf(service.update(UID, { birthdate }))).code).toBe('InvalidBirthdate');
    });

    it('saves normalized fields, clears empty ones, and announces a new full name', async () => {
      const before = userRow();
      const after = userRow({ fullname: 'Leyla Məmmədova', headline: 'Backend developer', country: 'AZ' });
      profiles.lock.mockResolvedValue(before);
      profiles.update.mockResolvedValue(after);
      profiles.links.mockResolvedValue([link()]);
      outbox.add.mockResolvedValue('event-1');

      const profile = await service.update(UID, {
        fullname: ' Leyla   Məmmədova ',
        headline: ' Backend  developer ',
        country: 'AZ',
        birthdate: '',
      });

      expect(profiles.update).toHaveBeenCalledWith(
        TX,
        UID,
        { fullname: 'Leyla Məmmədova', headline: 'Backend developer', country: 'AZ', birthdate: null },
        NOW,
      );
      const event = outbox.add.mock.calls[0]![1];
      expect(event.subject).toBe(EVENTS.userUpdated.subject);
      expect(EVENTS.userUpdated.message.decode(event.payload)).toEqual({
        uid: UID,
        username: 'leyla',
        fullname: 'Leyla Məmmədova',
        imageUrl: '',
        updatedAtMs: NOW.getTime(),
      });
      expect(profile).toMatchObject({ fullname: 'Leyla Məmmədova', country: 'AZ', links: [{ provider: 'github' }] });
    });

    it('announces nothing when the shown name stays the same', async () => {
      profiles.lock.mockResolvedValue(userRow());
      profiles.update.mockResolvedValue(userRow({ bio: 'Hi' }));
      profiles.links.mockResolvedValue([]);
      await service.update(UID, { bio: 'Hi' });
      expect(outbox.add).not.toHaveBeenCalled();
    });
  });

  describe('links', () => {
    it.each([
      ['myspace', 'https://myspace.com/a', 'InvalidLinkProvider'],
      ['github', 'https://gitlab.com/a', 'InvalidLinkUrl'],
      ['github', 'http://github.com/a', 'InvalidLinkUrl'],
    ])('refuses %s %s', async (provider, url, code) => {
      expect((await codesOf(service.addLink(UID, provider, url))).code).toBe(code);
    });

    it('allows one link per provider', async () => {
      profiles.lock.mockResolvedValue(userRow());
      profiles.links.mockResolvedValue([link()]);
      expect((await codesOf(service.addLink(UID, 'github', 'https://github.com/other'))).code).toBe(
        'AlreadyHasLinkProvider',
      );
    });

    it('adds a link with its normalized URL', async () => {
      profiles.lock.mockResolvedValue(userRow());
      profiles.links.mockResolvedValue([]);
      profiles.addLink.mockResolvedValue(link({ id: 'l-2', provider: 'x', url: 'https://x.com/leyla' }));
      expect(await service.addLink(UID, 'x', 'https://X.com/leyla')).toEqual({
        id: 'l-2',
        provider: 'x',
        url: 'https://x.com/leyla',
      });
      expect(profiles.addLink).toHaveBeenCalledWith(TX, { userId: UID, provider: 'x', url: 'https://x.com/leyla' });
    });

    it("answers NotFound for a link that is not the user's", async () => {
      profiles.removeLink.mockResolvedValue(false);
      expect((await codesOf(service.removeLink(UID, 'someone-elses'))).code).toBe('NotFound');
      expect(profiles.removeLink).toHaveBeenCalledWith(UID, 'someone-elses');
    });
  });

  describe('changeUsername', () => {
    it('refuses a malformed or reserved name before touching the account', async () => {
      expect((await codesOf(service.changeUsername(UID, '9lives'))).code).toBe('InvalidUsername');
      expect((await codesOf(service.changeUsername(UID, 'Admin'))).code).toBe('UsernameAlreadyExists');
      expect(transactions.run).not.toHaveBeenCalled();
    });

    it('refuses a second change within 14 days and says when it becomes possible', async () => {
      profiles.lock.mockResolvedValue(userRow({ usernameChangedAt: new Date('2026-11-20T06:00:00Z') }));
      try {
        await service.changeUsername(UID, 'leyla_m');
        throw new Error('expected CantUpdateUsername');
      } catch (error) {
        expect(AppError.is(error) && error.code).toBe('CantUpdateUsername');
        expect((error as AppError).params).toEqual({ availableAt: '2026-12-04T06:00:00.000Z' });
      }
    });

    it('changes the name after 14 days and announces it', async () => {
      profiles.lock.mockResolvedValue(userRow({ usernameChangedAt: new Date('2026-11-12T06:00:00Z') }));
      profiles.changeUsername.mockResolvedValue(userRow({ username: 'leyla_m', usernameChangedAt: NOW }));
      outbox.add.mockResolvedValue('e');
      expect(await service.changeUsername(UID, ' leyla_m ')).toEqual({
        username: 'leyla_m',
        usernameChangeableAtMs: Date.parse('2026-12-10T06:00:00Z'),
      });
      expect(profiles.changeUsername).toHaveBeenCalledWith(TX, UID, 'leyla_m', NOW);
      expect(outbox.add.mock.calls[0]![1].subject).toBe(EVENTS.userUpdated.subject);
    });
  });

  describe('publicProfile', () => {
    it('shows no email, phone, birthdate or gender, and whether the viewer follows', async () => {
      profiles.findByUsername.mockResolvedValue(
        userRow({ phone: '+994501234567', birthdate: '2000-01-01', gender: 'female', country: 'AZ' }),
      );
      profiles.links.mockResolvedValue([link()]);
      follows.followerCount.mockResolvedValue(3);
      follows.followingCount.mockResolvedValue(1);
      follows.isFollowing.mockResolvedValue(true);

      const profile = await service.publicProfile('Leyla', OTHER);

      expect(profile).toMatchObject({ uid: UID, country: 'AZ', followers: 3, following: 1, followedByViewer: true });
      expect(JSON.stringify(profile)).not.toMatch(/example\.az|994501234567|2000-01-01|female/);
      expect(follows.isFollowing).toHaveBeenCalledWith(OTHER, UID);
    });

    it('answers UserNotFound for an unknown username', async () => {
      profiles.findByUsername.mockResolvedValue(undefined);
      expect((await codesOf(service.publicProfile('nobody', ''))).code).toBe('UserNotFound');
    });
  });

  it('masks the phone in the account summary', async () => {
    profiles.findById.mockResolvedValue(userRow({ phone: '+994501234567', phoneVerifiedAt: NOW }));
    expect(await service.accountSummary(UID)).toMatchObject({
      email: 'leyla@example.az',
      emailConfirmed: true,
      phoneMasked: '+994•••••••67',
      phoneVerified: true,
      usernameChangeableAtMs: 0,
    });
  });
});
