import { isLanguage, LANGUAGE_STORAGE_KEY } from '@pencraft/i18n/runtime';
import { writeStorage } from '@pencraft/ui';
import type { i18n as I18n } from 'i18next';

/** The device keys of the shell (SPEC.md section 9: pc_theme; pc_lang for the language). */
export const THEME_STORAGE_KEY = 'pc_theme';

/**
 * After the account's theme changed here: the device keeps the same choice, and the shell, seeing the account's
 * new value once the session is refreshed, switches the page at once (its theme toggle follows the account when
 * the account changed since it last looked).
 */
export function keepThemeOnDevice(theme: string): void {
  writeStorage(THEME_STORAGE_KEY, theme);
}

/** After the account's language changed here: this page, the shell and the device switch at once. */
export async function keepLanguageOnDevice(i18n: I18n, language: string): Promise<void> {
  if (!isLanguage(language)) return;
  writeStorage(LANGUAGE_STORAGE_KEY, language);
  if (i18n.language !== language) await i18n.changeLanguage(language);
}
