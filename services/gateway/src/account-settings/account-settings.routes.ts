import { defineRoute } from '../http/route.js';
import { PROFILES_TAG as TAG } from '../profiles/profiles.routes.js';
import {
  AccountSummary,
  CountryList,
  LanguageBody,
  LanguageList,
  NotificationSettings,
  NotificationSettingsBody,
  PhoneBody,
  PhoneCodeBody,
  PhoneState,
  Preferences,
  SettingsIndex,
  ThemeBody,
} from './account-settings.dto.js';

/** Lists that are the same for everyone and change with a release at most. */
const STATIC_LIST_CACHE = 'public, max-age=86400';

export const requestPhoneRoute = defineRoute({
  operationId: 'requestPhoneChange',
  method: 'PUT',
  path: '/api/ttin/phone',
  tag: TAG,
  summary: 'Send a 6-digit code by SMS to a new number (it replaces the current one once verified)',
  body: PhoneBody,
  response: PhoneState,
  auth: 'required',
  fieldCodes: { phone: 'InvalidPhoneNumber' },
  errors: ['InvalidPhoneNumber', 'PhoneNumberAlreadyExists', 'NewOldPhoneNumberMatch', 'Flood'],
});

export const verifyPhoneRoute = defineRoute({
  operationId: 'verifyPhone',
  method: 'POST',
  path: '/api/ttin/phone/verify',
  tag: TAG,
  summary: 'Enter the SMS code: the number becomes the verified number of the account',
  body: PhoneCodeBody,
  response: PhoneState,
  auth: 'required',
  fieldCodes: { code: 'WrongCode' },
  errors: ['WrongCode', 'ExpiredOrInvalid', 'Flood', 'PhoneNumberAlreadyExists'],
});

export const removePhoneRoute = defineRoute({
  operationId: 'removePhone',
  method: 'DELETE',
  path: '/api/ttin/phone',
  tag: TAG,
  summary: "Remove the account's phone number",
  status: 204,
  auth: 'required',
});

export const preferencesRoute = defineRoute({
  operationId: 'getPreferences',
  method: 'GET',
  path: '/api/ttin/prefs',
  tag: TAG,
  summary: 'Theme, language and notification settings saved on the account',
  response: Preferences,
  auth: 'required',
});

export const themeRoute = defineRoute({
  operationId: 'setTheme',
  method: 'PUT',
  path: '/api/ttin/prefs/theme',
  tag: TAG,
  summary: 'Save the theme on the account',
  body: ThemeBody,
  response: Preferences,
  auth: 'required',
  fieldCodes: { theme: 'InvalidTheme' },
  errors: ['InvalidTheme'],
});

export const languageRoute = defineRoute({
  operationId: 'setLanguage',
  method: 'PUT',
  path: '/api/ttin/prefs/language',
  tag: TAG,
  summary: 'Save the interface language on the account (mails are sent in it)',
  body: LanguageBody,
  response: Preferences,
  auth: 'required',
});

export const languagesRoute = defineRoute({
  operationId: 'listLanguages',
  method: 'GET',
  path: '/api/ttin/langs',
  tag: TAG,
  summary: 'The interface languages, each named in itself',
  response: LanguageList,
  cacheControl: STATIC_LIST_CACHE,
});

export const countriesRoute = defineRoute({
  operationId: 'listCountries',
  method: 'GET',
  path: '/api/ttin/country',
  tag: TAG,
  summary: 'The countries (ISO 3166-1 alpha-2) named in the request language (Accept-Language), by name',
  response: CountryList,
  cacheControl: STATIC_LIST_CACHE,
  vary: 'Accept-Language',
});

export const notificationsRoute = defineRoute({
  operationId: 'getNotificationSettings',
  method: 'GET',
  path: '/api/ttin/nots',
  tag: TAG,
  summary: 'The notification switches (on unless turned off)',
  response: NotificationSettings,
  auth: 'required',
});

export const setNotificationsRoute = defineRoute({
  operationId: 'setNotificationSettings',
  method: 'PUT',
  path: '/api/ttin/nots',
  tag: TAG,
  summary: 'Turn notification switches on or off (absent keys are kept)',
  body: NotificationSettingsBody,
  response: NotificationSettings,
  auth: 'required',
});

export const notificationMailRoute = defineRoute({
  operationId: 'getNotificationMailSettings',
  method: 'GET',
  path: '/api/ttin/nots/mail',
  tag: TAG,
  summary: 'Which notifications also go by e-mail (default: the review outcomes ara, atra, cra)',
  response: NotificationSettings,
  auth: 'required',
});

export const setNotificationMailRoute = defineRoute({
  operationId: 'setNotificationMailSettings',
  method: 'PUT',
  path: '/api/ttin/nots/mail',
  tag: TAG,
  summary:
    'Choose which notifications also go by e-mail (absent keys are kept; a mail goes only while the switch of ' +
    'the same key is on too)',
  body: NotificationSettingsBody,
  response: NotificationSettings,
  auth: 'required',
});

export const settingsIndexRoute = defineRoute({
  operationId: 'getSettingsIndex',
  method: 'GET',
  path: '/api/ttin/index/prefs',
  tag: TAG,
  summary: 'The summary of the settings index: theme, language and how many notification switches are on',
  response: SettingsIndex,
  auth: 'required',
});

export const accountSummaryRoute = defineRoute({
  operationId: 'getAccountSummary',
  method: 'GET',
  path: '/api/ttin/accs',
  tag: TAG,
  summary:
    'The account summary: email and whether it is confirmed, username and when it may change, the masked phone ' +
    '(MFA is in GET /api/ttin/sec)',
  response: AccountSummary,
  auth: 'required',
});
