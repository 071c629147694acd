import { Language } from '@pencraft/contracts/common/v1/common';
import { beforeEach, describe, expect, it } from '@jest/globals';
import { EVENTS } from '@pencraft/contracts/events';
import { AppError } from '@pencraft/errors';
import type { Clock, Outbox, TransactionManager } from '@pencraft/kit';
import { strictMock, TX, type StrictMock } from '@pencraft/testing';
import type { ProfileRepository } from '../profile/profile.repository.js';
import type { UserRow } from '../users/user.table.js';
import { PreferencesService } from './preferences.service.js';

const NOW = new Date('2026-11-26T06:00:00Z');
const UID = '0b9f6a1e-2c3d-4e5f-8a7b-9c0d1e2f3a4b';
const user = (notifications: Record<string, boolean> = {}, notificationMail: Record<string, boolean> = {}) =>
  ({ id: UID, theme: 'dark', lang: 'en', notifications, notificationMail }) as UserRow;
const ALL_ON = { ar: true, ac: true, ara: true, at: true, atra: true, cr: true, cc: true, cra: true };
const MAIL_DEFAULT = { ar: false, ac: false, ara: true, at: false, atra: true, cr: false, cc: false, cra: true };

describe('PreferencesService', () => {
  let profiles: StrictMock<ProfileRepository>;
  let outbox: StrictMock<Outbox>;
  let service: PreferencesService;

  beforeEach(() => {
    profiles = strictMock<ProfileRepository>('ProfileRepository');
    outbox = strictMock<Outbox>('Outbox');
    const transactions = strictMock<TransactionManager>('TransactionManager');
    transactions.run.mockImplementation((work) => work(TX));
    const clock = strictMock<Clock>('Clock');
    clock.now.mockReturnValue(NOW);
    service = new PreferencesService(transactions, profiles, outbox, clock);
  });

  it('shows every switch, on unless turned off, the mail switches with their defaults, and ignores unknown keys', async () => {
    profiles.findById.mockResolvedValue(user({ cc: false, retired: false }, { ar: true }));
    expect(await service.get(UID)).toEqual({
      theme: 'dark',
      lang: Language.LANGUAGE_EN,
      notifications: { ...ALL_ON, cc: false },
      notificationMail: { ...MAIL_DEFAULT, ar: true },
    });
  });

  it('refuses an unknown theme with InvalidTheme', async () => {
    await expect(
      service.update(UID, { theme: 'blue', notifications: undefined, notificationMail: undefined }),
    ).rejects.toMatchObject({
      code: 'InvalidTheme',
    });
  });

  it('saves theme, language and only known switches, and announces the new state', async () => {
    profiles.updatePreferences.mockResolvedValue({ ...user({ ar: false }, { cc: true }), lang: 'ru' } as UserRow);
    outbox.add.mockResolvedValue('e-1');
    await service.update(UID, {
      theme: 'light',
      lang: Language.LANGUAGE_RU,
      notifications: { ar: false },
      notificationMail: { cc: true },
    });
    expect(profiles.updatePreferences).toHaveBeenCalledWith(
      TX,
      UID,
      { theme: 'light', lang: 'ru' },
      { switches: { ar: false }, mail: { cc: true } },
      NOW,
    );
    const event = outbox.add.mock.calls[0]![1];
    expect(event.subject).toBe(EVENTS.preferencesUpdated.subject);
    expect(EVENTS.preferencesUpdated.message.decode(event.payload)).toEqual({
      uid: UID,
      notifications: { ...ALL_ON, ar: false },
      notificationMail: { ...MAIL_DEFAULT, cc: true },
      lang: Language.LANGUAGE_RU,
      updatedAtMs: NOW.getTime(),
    });
  });

  it('announces nothing when only the theme changes', async () => {
    profiles.updatePreferences.mockResolvedValue(user());
    await service.update(UID, { theme: 'light', notifications: undefined, notificationMail: undefined });
    expect(profiles.updatePreferences).toHaveBeenCalledWith(
      TX,
      UID,
      { theme: 'light' },
      { switches: {}, mail: {} },
      NOW,
    );
  });

  it('is a read when nothing changes', async () => {
    profiles.findById.mockResolvedValue(user());
    await service.update(UID, { notifications: {}, notificationMail: undefined });
    expect(profiles.updatePreferences).not.toHaveBeenCalled();
  });

  it('answers UserNotFound for a missing account', async () => {
    profiles.findById.mockResolvedValue(undefined);
    await expect(service.get(UID)).rejects.toEqual(new AppError('UserNotFound'));
  });

  it('gives the contact of an account, UserNotFound otherwise', async () => {
    profiles.contact.mockResolvedValueOnce({ email: 'a@b.az', lang: 'az', confirmed: true });
    expect(await service.contact(UID)).toEqual({ email: 'a@b.az', lang: 'az', confirmed: true });
    profiles.contact.mockResolvedValueOnce(undefined);
    await expect(service.contact(UID)).rejects.toEqual(new AppError('UserNotFound'));
  });
});
