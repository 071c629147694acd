import { Injectable } from '@nestjs/common';
import { languages } from '@pencraft/contracts/enums';
import { EVENTS, outboxEvent } from '@pencraft/contracts/events';
import type {
  NotificationSettings,
  Preferences,
  UpdatePreferencesRequest,
} from '@pencraft/contracts/identity/v1/profile';
import { AppError, type ErrorDetail } from '@pencraft/errors';
import { Clock, Outbox, TransactionManager } from '@pencraft/kit';
import {
  type Lang,
  DEFAULT_NOTIFICATION_MAIL,
  DEFAULT_NOTIFICATIONS,
  isTheme,
  NOTIFICATION_KEYS,
} from '@pencraft/rules';
import { ProfileRepository, type ProfilePatch } from '../profile/profile.repository.js';
import type { UserRow } from '../users/user.table.js';

type PreferenceColumns = Pick<UserRow, 'theme' | 'lang' | 'notifications' | 'notificationMail'>;

/**
 * Theme, language, the notification switches and which of them also go by e-mail, saved on the account. A change
 * of what the notifications service uses (language, switches) is announced as identity.preferences.updated.
 */
@Injectable()
export class PreferencesService {
  constructor(
    private readonly transactions: TransactionManager,
    private readonly profiles: ProfileRepository,
    private readonly outbox: Outbox,
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
      const lang = languages.fromProto(change.lang);
      if (lang) patch.lang = lang;
      else details.push({ field: 'lang', code: 'InvalidModel' });
    }
    if (details.length > 0) throw new AppError(details[0]!.code, { details });
    const switches = knownSwitches(change.notifications);
    const mail = knownSwitches(change.notificationMail);
    const touchesNotifications =
      patch.lang !== undefined || Object.keys(switches).length + Object.keys(mail).length > 0;
    if (Object.keys(patch).length === 0 && !touchesNotifications) return this.get(uid);
    const at = this.clock.now();
    const user = await this.transactions.run(async (tx) => {
      const row = await this.profiles.updatePreferences(tx, uid, patch, { switches, mail }, at);
      if (touchesNotifications) {
        const preferences = toPreferences(row);
        await this.outbox.add(
          tx,
          outboxEvent(EVENTS.preferencesUpdated, {
            uid,
            notifications: preferences.notifications,
            notificationMail: preferences.notificationMail,
            lang: languages.toProto(row.lang),
            updatedAtMs: at.getTime(),
          }),
        );
      }
      return row;
    });
    return toPreferences(user);
  }

  /** For the notifications service's mails only: the address is never logged. */
  async contact(uid: string): Promise<{ email: string; lang: Lang; confirmed: boolean }> {
    const contact = await this.profiles.contact(uid);
    if (!contact) throw new AppError('UserNotFound');
    return contact;
  }
}

function knownSwitches(change: object | undefined): Record<string, boolean> {
  return Object.fromEntries(
    Object.entries(change ?? {}).filter(
      ([key, value]) => (NOTIFICATION_KEYS as readonly string[]).includes(key) && typeof value === 'boolean',
    ),
  ) as Record<string, boolean>;
}

/** Switches never saved have their defaults (all on in the app; review outcomes by e-mail); unknown keys are not shown. */
export function toPreferences(user: PreferenceColumns): Preferences {
  const notifications = Object.fromEntries(
    NOTIFICATION_KEYS.map((key) => [key, user.notifications[key] ?? DEFAULT_NOTIFICATIONS[key]]),
  ) as unknown as NotificationSettings;
  const notificationMail = Object.fromEntries(
    NOTIFICATION_KEYS.map((key) => [key, user.notificationMail[key] ?? DEFAULT_NOTIFICATION_MAIL[key]]),
  ) as unknown as NotificationSettings;
  return { theme: user.theme, lang: languages.toProto(user.lang), notifications, notificationMail };
}
