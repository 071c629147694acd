import { languages } from '@pencraft/contracts/enums';
import { Inject, Injectable } from '@nestjs/common';
import type { UserSummary } from '@pencraft/contracts/identity/v1/identity';
import { pickLang } from '@pencraft/errors';
import { LANGS, NOTIFICATION_KEYS, type Lang } from '@pencraft/rules';
import type { z } from 'zod';
import { SessionService } from '../accounts/session.service.js';
import { PROFILES, type ProfileClient } from '../profiles/profile.upstream.js';
import { toAccountSummary, toPreferences, type NotificationSettingsBody } from './account-settings.dto.js';
import { countryList, LANGUAGE_NAMES } from './countries.js';

/**
 * The account's settings beyond the profile (phone, theme and language, notification switches, the settings index
 * and account summary, the language and country lists) over identity's ProfileService. The uid is always the
 * session's; nothing in a path or body names whose settings change.
 */
@Injectable()
export class AccountSettingsService {
  constructor(
    @Inject(PROFILES) private readonly profiles: ProfileClient,
    private readonly sessions: SessionService,
  ) {}

  async requestPhone(user: UserSummary, phone: string) {
    const { phoneMasked } = await this.profiles.requestPhoneChange({ uid: user.uid, phone });
    return { phone: phoneMasked, verified: false };
  }

  async verifyPhone(user: UserSummary, code: string) {
    const { phoneMasked } = await this.profiles.verifyPhone({ uid: user.uid, code });
    return { phone: phoneMasked, verified: true };
  }

  async removePhone(user: UserSummary) {
    await this.profiles.removePhone({ uid: user.uid });
  }

  async preferences(user: UserSummary) {
    const { preferences } = await this.profiles.getPreferences({ uid: user.uid });
    return toPreferences(preferences!);
  }

  /** Theme and language are in the session's summary too: the cached one is dropped. */
  async updatePreferences(user: UserSummary, change: { theme?: string; lang?: Lang }, token: string | undefined) {
    const { preferences } = await this.profiles.updatePreferences({
      uid: user.uid,
      notifications: undefined,
      notificationMail: undefined,
      theme: change.theme,
      lang: change.lang && languages.toProto(change.lang),
    });
    await this.sessions.forget(token);
    return toPreferences(preferences!);
  }

  async notifications(user: UserSummary) {
    return (await this.preferences(user)).notifications;
  }

  async setNotifications(user: UserSummary, change: z.infer<typeof NotificationSettingsBody>) {
    const { preferences } = await this.profiles.updatePreferences({
      uid: user.uid,
      notifications: change,
      notificationMail: undefined,
    });
    return toPreferences(preferences!).notifications;
  }

  async notificationMail(user: UserSummary) {
    return (await this.preferences(user)).notificationMail;
  }

  async setNotificationMail(user: UserSummary, change: z.infer<typeof NotificationSettingsBody>) {
    const { preferences } = await this.profiles.updatePreferences({
      uid: user.uid,
      notifications: undefined,
      notificationMail: change,
    });
    return toPreferences(preferences!).notificationMail;
  }

  async settingsIndex(user: UserSummary) {
    const preferences = await this.preferences(user);
    return {
      theme: preferences.theme,
      language: preferences.language,
      languageName: LANGUAGE_NAMES[preferences.language],
      notificationsOn: NOTIFICATION_KEYS.filter((key) => preferences.notifications[key]).length,
      notificationsTotal: NOTIFICATION_KEYS.length,
    };
  }

  languages() {
    return { items: LANGS.map((code) => ({ code, name: LANGUAGE_NAMES[code] })) };
  }

  countries(acceptLanguage: string | undefined) {
    return { items: countryList(pickLang(acceptLanguage)) };
  }

  async accountSummary(user: UserSummary) {
    return toAccountSummary(await this.profiles.getAccountSummary({ uid: user.uid }));
  }
}
