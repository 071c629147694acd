import { isLanguage, LANGUAGE_STORAGE_KEY } from '@pencraft/i18n/runtime';
import { api, readStorage, writeStorage, type UserInfo } from '@pencraft/ui';
import { savedOnAccount } from './device-preferences.js';
import { LANGUAGE_SYNC_KEY, syncMarker, THEME_SYNC_KEY } from './preferences.js';
import { parseThemePreference, THEME_STORAGE_KEY } from './theme.js';

/**
 * A new account takes the theme and language chosen on this device moments before (the person just picked them).
 * The markers are written first, as if the account already had them, so the page keeps the device's values while
 * they are saved; a failed save leaves the account's defaults there, and the device's choice on this device.
 */
export function adoptDevicePreferences(info: UserInfo): void {
  const theme = readStorage(THEME_STORAGE_KEY);
  writeStorage(THEME_SYNC_KEY, syncMarker(info.uid, info.thm));
  if (theme !== null && parseThemePreference(theme) !== info.thm) {
    const value = parseThemePreference(theme);
    void api.put('/api/ttin/prefs/theme', { body: { theme: value } }).then(
      () => savedOnAccount(THEME_SYNC_KEY, info.uid, value),
      () => undefined,
    );
  }
  const language = readStorage(LANGUAGE_STORAGE_KEY);
  writeStorage(LANGUAGE_SYNC_KEY, syncMarker(info.uid, info.lng));
  if (isLanguage(language) && language !== info.lng) {
    void api.put('/api/ttin/prefs/language', { body: { language } }).then(
      () => savedOnAccount(LANGUAGE_SYNC_KEY, info.uid, language),
      () => undefined,
    );
  }
}
