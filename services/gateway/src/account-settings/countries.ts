import { LANGS, type Lang } from '@pencraft/rules';
import countries from 'i18n-iso-countries';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
for (const lang of LANGS) countries.registerLocale(require(`i18n-iso-countries/langs/${lang}.json`));

const lists = new Map<Lang, { code: string; name: string }[]>();

/** Every ISO 3166-1 alpha-2 country named in one language, ordered by that language's collation. */
export function countryList(lang: Lang): { code: string; name: string }[] {
  let list = lists.get(lang);
  if (!list) {
    const collator = new Intl.Collator(lang);
    list = Object.entries(countries.getNames(lang, { select: 'official' }))
      .map(([code, name]) => ({ code, name }))
      .sort((a, b) => collator.compare(a.name, b.name));
    lists.set(lang, list);
  }
  return list;
}

/** Each interface language named in itself. */
export const LANGUAGE_NAMES: Readonly<Record<Lang, string>> = { az: 'Azərbaycanca', en: 'English', ru: 'Русский' };
