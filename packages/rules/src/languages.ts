/** The languages of the product (SPEC.md): Azerbaijani first and the default, then English and Russian. */
export const LANGS = ['az', 'en', 'ru'] as const;

export type Lang = (typeof LANGS)[number];

export const DEFAULT_LANG: Lang = 'az';

export function isLang(x: unknown): x is Lang {
  return typeof x === 'string' && (LANGS as readonly string[]).includes(x);
}
