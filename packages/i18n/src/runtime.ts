// The small part of the package a remote needs at run time (no catalogues, no i18next).

import { DEFAULT_LANG, LANGS, type Lang } from '@pencraft/rules';

/** The product's languages are the rules' list (the server's and the API's), under the names the pages use. */
export const LANGUAGES = LANGS;
export type Language = Lang;
export const DEFAULT_LANGUAGE: Language = DEFAULT_LANG;
export const LANGUAGE_STORAGE_KEY = 'pc_lang';

export type StorageLike = Pick<Storage, 'getItem'>;

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

export function browserStorage(): StorageLike | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    // Storage can be disabled (privacy settings); the default language applies then.
    return null;
  }
}

/** The language kept under `pc_lang`, else Azerbaijani. */
export function detectLanguage(storage: StorageLike | null = browserStorage()): Language {
  try {
    const stored = storage?.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
  } catch {
    return DEFAULT_LANGUAGE;
  }
}
