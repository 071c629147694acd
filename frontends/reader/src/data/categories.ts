import { api } from '@pencraft/ui';
import { useEffect, useState } from 'react';
import { useReaderTranslation } from '../i18n.js';
import { loadCategories } from './index.js';

type Names = ReadonlyMap<string, string>;
const byLanguage = new Map<string, Promise<Names>>();

function namesIn(language: string): Promise<Names> {
  let names = byLanguage.get(language);
  if (!names) {
    // The client asks in the page's language (Accept-Language); a failure is forgotten so a later page asks again.
    names = loadCategories(api).then((list) => new Map(list.items.map((c) => [c.id, c.name] as const)));
    names.catch(() => byLanguage.delete(language));
    byLanguage.set(language, names);
  }
  return names;
}

/**
 * A category's name in the page's language. The server renders in the default language, so a name that came with
 * the page's data (`given`) is shown until the names of the visitor's language are there (one request per
 * language and page load); the id is the last resort.
 */
export function useCategoryName(id: string, given?: string | null): string {
  const { i18n } = useReaderTranslation();
  const language = i18n.language;
  const [names, setNames] = useState<{ language: string; names: Names } | null>(null);
  useEffect(() => {
    let live = true;
    namesIn(language).then(
      (found) => live && setNames({ language, names: found }),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [language]);
  return (names?.language === language ? names.names.get(id) : undefined) ?? given ?? id;
}
