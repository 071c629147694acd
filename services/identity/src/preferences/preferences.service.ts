import { Injectable } from '@nestjs/common';
import type {
  NotificationSettings,
  Preferences,
  UpdatePreferencesRequest,
} from '@pencraft/contracts/identity/v1/profile';
import { AppError, type ErrorDetail } from '@pencraft/errors';
import { DEFAULT_NOTIFICATIONS, isLang, isTheme, NOTIFICATION_KEYS } from '@pencraft/rules';
import { Clock } from '../clock.js';
import { ProfileRepository, type ProfilePatch } from '../profile/profile.repository.js';
import type { UserRow } from '../users/user.table.js';

/** Theme, language and the notification switches, saved on the account. */
@Injectable()
export class PreferencesService {
  constructor(
    private readonly profiles: ProfileRepository,
    private readonly clock: Clock,
  ) {}

  async get(uid: string): Promise<Preferences> {
    const user = await this.profiles.findById(uid);
    if (!user) throw new AppError('UserNotFound');
    return toPreferences(user);
  }

  async update(uid: string, change: Omit<UpdatePreferencesRequest, 'uid'>): Promise<Preferences> {
    const patch: ProfilePatch = {};
    const details: ErrorDetail[] = [];
    if (change.theme !== undefined) {
      if (isTheme(change.theme)) patch.theme = change.theme;
      else details.push({ field: 'theme', code: 'InvalidTheme' });
    }
    if (change.lang !== undefined) {
      if (isLang(change.lang)) patch.lang = change.lang;
      else details.push({ field: 'lang', code: 'InvalidModel' });
    }
    if (details.length > 0) throw new AppError(details[0]!.code, { details });
    const switches = Object.fromEntries(
      Object.entries(change.notifications ?? {}).filter(
        ([key, value]) => (NOTIFICATION_KEYS as readonly string[]).includes(key) && typeof value === 'boolean',
      ),
    ) as Record<string, boolean>;
    if (Object.keys(patch).length === 0 && Object.keys(switches).length === 0) return this.get(uid);
    return toPreferences(await this.profiles.updatePreferences(uid, patch, switches, this.clock.now()));
  }
}

/** Switches never saved are on (DEFAULT_NOTIFICATIONS); keys no longer known are not shown. */
export function toPreferences(user: Pick<UserRow, 'theme' | 'lang' | 'notifications'>): Preferences {
  const notifications = Object.fromEntries(
    NOTIFICATION_KEYS.map((key) => [key, user.notifications[key] ?? DEFAULT_NOTIFICATIONS[key]]),
  ) as unknown as NotificationSettings;
  return { theme: user.theme, lang: user.lang, notifications };
}
