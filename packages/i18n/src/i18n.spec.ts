import { catalogues, createI18n, detectLanguage, LANGUAGES, NAMESPACES } from './index.js';

function flatten(value: unknown, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  if (value && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) {
      for (const [k, v] of flatten(child, prefix ? `${prefix}.${key}` : key)) out.set(k, v);
    }
  } else {
    out.set(prefix, value);
  }
  return out;
}

const placeholders = (text: string) => [...text.matchAll(/{{\s*(\w+)\s*}}|<(\w+)>/g)].map((m) => m[1] ?? m[2]).sort();

describe('catalogues', () => {
  it('cover the namespaces common, shell, reader and editor', () => {
    expect([...NAMESPACES].sort()).toEqual(['common', 'editor', 'reader', 'shell']);
  });

  describe.each(NAMESPACES)('namespace %s', (ns) => {
    const english = flatten(catalogues[ns].en);

    it.each(LANGUAGES)('%s has exactly the English keys, none empty', (language) => {
      const messages = flatten(catalogues[ns][language]);
      expect([...messages.keys()].sort()).toEqual([...english.keys()].sort());
      for (const [key, value] of messages) {
        expect({ key, type: typeof value }).toEqual({ key, type: 'string' });
        expect({ key, empty: String(value).trim() === '' }).toEqual({ key, empty: false });
      }
    });

    it.each(LANGUAGES)('%s keeps the interpolations and tags of English', (language) => {
      const messages = flatten(catalogues[ns][language]);
      for (const [key, value] of english) {
        expect({ key, found: placeholders(String(messages.get(key))) }).toEqual({
          key,
          found: placeholders(String(value)),
        });
      }
    });
  });
});

describe('createI18n', () => {
  const storage = (value: string | null) => ({ getItem: () => value });

  it('defaults to Azerbaijani', () => {
    expect(detectLanguage(storage(null))).toBe('az');
    expect(detectLanguage(storage('de'))).toBe('az');
    expect(detectLanguage(null)).toBe('az');
    expect(
      detectLanguage({
        getItem: () => {
          throw new Error('denied');
        },
      }),
    ).toBe('az');
  });

  it('uses the language stored under pc_lang', () => {
    const i18n = createI18n({ storage: storage('ru') });
    expect(i18n.language).toBe('ru');
    expect(i18n.t('common:loading')).toBe('Загрузка…');
    expect(i18n.t('shell:nav.signIn')).toBe('Войти');
  });

  it('interpolates values', () => {
    const i18n = createI18n({ language: 'en' });
    expect(i18n.t('readingTime', { count: 5 })).toBe('5 min read');
    expect(createI18n({ language: 'az' }).t('common:dialog.success')).toBe('Əməliyyat uğurla tamamlandı!');
  });
});
