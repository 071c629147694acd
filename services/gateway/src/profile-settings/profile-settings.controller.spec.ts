import type { UserSummary } from '@pencraft/contracts/identity/v1/identity';
import { AppError } from '@pencraft/errors';
import { strictMock } from '@pencraft/testing';
import { ProfileSettingsController } from './profile-settings.controller.js';
import { PROFILE_FIELD_CODES } from './profile-settings.dto.js';
import { FIELD_ROUTES } from './profile-settings.routes.js';
import type { ProfileSettingsService } from './profile-settings.service.js';

const user = { uid: 'u-1', username: 'old_name' } as UserSummary;
const request = (params: unknown, body: unknown) => ({ params, body, cookies: { pc_su: 'tok' } }) as never;

const codeOf = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return AppError.is(error) ? error.code : String(error);
  }
  return 'no error';
};

describe('PUT /api/profile/edit/{v}', () => {
  it('has a one-field route for every profile field', () => {
    expect(Object.keys(FIELD_ROUTES).sort()).toEqual(Object.keys(PROFILE_FIELD_CODES).sort());
  });

  it("saves the body when it is v's one-field body", async () => {
    const service = strictMock<ProfileSettingsService>('profileSettings');
    service.update.mockResolvedValue('saved' as never);
    const controller = new ProfileSettingsController(service);
    await expect(controller.editField(user, request({ v: 'bio' }, { bio: 'Hello' }))).resolves.toBe('saved');
    expect(service.update).toHaveBeenCalledWith(user, { bio: 'Hello' }, 'tok');
  });

  it("refuses another field's body with v's code, and a v of no field as NotFound, before any call", () => {
    const controller = new ProfileSettingsController(strictMock<ProfileSettingsService>('profileSettings'));
    const edit = (v: string, body: unknown) => () => controller.editField(user, request({ v }, body));
    expect(codeOf(edit('bio', { headline: 'not the bio' }))).toBe('InvalidBio');
    expect(codeOf(edit('gender', { gender: 'robot' }))).toBe('InvalidGender');
    expect(codeOf(edit('fullname', { fullname: 'Two Fields', bio: 'x' }))).toBe('InvalidModel');
    expect(codeOf(edit('email', { email: 'a@b.az' }))).toBe('NotFound');
    expect(codeOf(edit('Bio', { bio: 'x' }))).toBe('NotFound');
  });
});
