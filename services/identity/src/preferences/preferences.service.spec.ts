import { beforeEach, describe, expect, it } from '@jest/globals';
import { AppError } from '@pencraft/errors';
import { strictMock, type StrictMock } from '@pencraft/testing';
import type { Clock } from '../clock.js';
import type { ProfileRepository } from '../profile/profile.repository.js';
import type { UserRow } from '../users/user.table.js';
import { PreferencesService } from './preferences.service.js';

const NOW = new Date('2026-11-26T06:00:00Z');
const UID = '0b9f6a1e-2c3d-4e5f-8a7b-9c0d1e2f3a4b';
const user = (notifications: Record<string, boolean> = {}) =>
  ({ id: UID, theme: 'dark', lang: 'en', notifications }) as UserRow;

describe('PreferencesService', () => {
  let profiles: StrictMock<ProfileRepository>;
  let service: PreferencesService;

  beforeEach(() => {
    profiles = strictMock<ProfileRepository>('ProfileRepository');
    const clock = strictMock<Clock>('Clock');
    clock.now.mockReturnValue(NOW);
    service = new PreferencesService(profiles, clock);
  });

  it('shows every switch, on unless turned off, and ignores keys no longer known', async () => {
    profiles.findById.mockResolvedValue(user({ cc: false, retired: false }));
    expect(await service.get(UID)).toEqual({
      theme: 'dark',
      lang: 'en',
      notifications: { ar: true, ac: true, ara: true, at: true, atra: true, cr: true, cc: false, cra: true },
    });
  });

  it('refuses an unknown theme with InvalidTheme', async () => {
    await expect(service.update(UID, { theme: 'blue', notifications: undefined })).rejects.toMatchObject({
      code: 'InvalidTheme',
    });
  });

  it('saves theme, language and only known switches', async () => {
    profiles.updatePreferences.mockResolvedValue(user({ ar: false }));
    await service.update(UID, { theme: 'light', lang: 'ru', notifications: { ar: false } });
    expect(profiles.updatePreferences).toHaveBeenCalledWith(UID, { theme: 'light', lang: 'ru' }, { ar: false }, NOW);
  });

  it('is a read when nothing changes', async () => {
    profiles.findById.mockResolvedValue(user());
    await service.update(UID, { notifications: {} });
    expect(profiles.updatePreferences).not.toHaveBeenCalled();
  });

  it('answers UserNotFound for a missing account', async () => {
    profiles.findById.mockResolvedValue(undefined);
    await expect(service.get(UID)).rejects.toEqual(new AppError('UserNotFound'));
  });
});
