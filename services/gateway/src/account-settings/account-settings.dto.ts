import { languages } from '@pencraft/contracts/enums';
import type { GetAccountSummaryResponse, Preferences as PreferencesPb } from '@pencraft/contracts/identity/v1/profile';
import { DEFAULT_NOTIFICATION_MAIL, LANGS, NOTIFICATION_KEYS, type NotificationKey, THEMES } from '@pencraft/rules';
import { z } from 'zod';
import { changesSomething, iso } from '../profiles/profiles.dto.js';

export const Theme = z.enum(THEMES).meta({ id: 'Theme' });
export const Language = z.enum(LANGS).meta({ id: 'Language' });

export const PhoneBody = z
  .object({
    phone: z
      .string()
      .max(32)
      .regex(/^\+[0-9 ()-]{7,31}$/)
      .meta({
        // What identity reads (PHONE_E164 once spaces, brackets and dashes are removed): a country code never starts
        // with 0, and 7 to 15 digits in all; whether the number exists in its country's plan no pattern says.
        pattern: '^\\+[ ()-]*[1-9](?:[ ()-]*[0-9]){6,14}[ ()-]*$',
        description:
          'E.164, e.g. +994501234567 (spaces, brackets and dashes are ignored); a number its country does not ' +
          'assign is InvalidPhoneNumber',
      }),
  })
  .strict()
  .meta({ id: 'PhoneBody' });
export const PhoneCodeBody = z
  .object({ code: z.string().regex(/^\d{6}$/) })
  .strict()
  .meta({ id: 'PhoneCodeBody' });
export const PhoneState = z
  .object({
    phone: z.string().meta({ description: 'Masked: the country prefix and the last two digits' }),
    verified: z.boolean(),
  })
  .meta({ id: 'PhoneState' });

export const NotificationSettings = z
  .object(
    Object.fromEntries(NOTIFICATION_KEYS.map((key) => [key, z.boolean()])) as Record<NotificationKey, z.ZodBoolean>,
  )
  .meta({ id: 'NotificationSettings' });
export const NotificationSettingsBody = z
  .object(
    Object.fromEntries(NOTIFICATION_KEYS.map((key) => [key, z.boolean().optional()])) as Record<
      NotificationKey,
      z.ZodOptional<z.ZodBoolean>
    >,
  )
  .strict()
  .refine(changesSomething, 'name at least one switch')
  .meta({ id: 'NotificationSettingsBody', minProperties: 1 });

export const Preferences = z
  .object({
    theme: Theme,
    language: Language,
    notifications: NotificationSettings,
    /** Which of them also go by e-mail. */
    notificationMail: NotificationSettings,
  })
  .meta({ id: 'Preferences' });
export const ThemeBody = z.object({ theme: Theme }).strict().meta({ id: 'ThemeBody' });
export const LanguageBody = z.object({ language: Language }).strict().meta({ id: 'LanguageBody' });

export const LanguageList = z
  .object({ items: z.array(z.object({ code: Language, name: z.string() })) })
  .meta({ id: 'LanguageList' });
export const CountryList = z
  .object({ items: z.array(z.object({ code: z.string(), name: z.string() })) })
  .meta({ id: 'CountryList' });

export const SettingsIndex = z
  .object({
    theme: Theme,
    language: Language,
    languageName: z.string(),
    notificationsOn: z.number().int(),
    notificationsTotal: z.number().int(),
  })
  .meta({ id: 'SettingsIndex' });

export const AccountSummary = z
  .object({
    email: z.string(),
    emailConfirmed: z.boolean(),
    username: z.string(),
    usernameChangeableAt: z.iso.datetime().nullable(),
    phone: z.string().nullable().meta({ description: 'Masked; null when none' }),
    phoneVerified: z.boolean(),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'AccountSummary' });

export function toPreferences(preferences: PreferencesPb): z.infer<typeof Preferences> {
  const saved = preferences.notifications as Partial<Record<NotificationKey, boolean>> | undefined;
  const mail = preferences.notificationMail as Partial<Record<NotificationKey, boolean>> | undefined;
  return {
    theme: preferences.theme as z.infer<typeof Theme>,
    language: languages.require(preferences.lang, 'lang'),
    notifications: Object.fromEntries(NOTIFICATION_KEYS.map((key) => [key, saved?.[key] ?? true])) as Record<
      NotificationKey,
      boolean
    >,
    notificationMail: Object.fromEntries(
      NOTIFICATION_KEYS.map((key) => [key, mail?.[key] ?? DEFAULT_NOTIFICATION_MAIL[key]]),
    ) as Record<NotificationKey, boolean>,
  };
}

export function toAccountSummary(summary: GetAccountSummaryResponse): z.infer<typeof AccountSummary> {
  return {
    email: summary.email,
    emailConfirmed: summary.emailConfirmed,
    username: summary.username,
    usernameChangeableAt: iso(summary.usernameChangeableAtMs),
    phone: summary.phoneMasked || null,
    phoneVerified: summary.phoneVerified,
    createdAt: new Date(summary.createdAtMs).toISOString(),
  };
}
