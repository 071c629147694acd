import { catalogueProblems, common, createI18n, detectLanguage, registerNamespaces } from './index.js';

describe('the common catalogue', () => {
  it('has every English key in az and ru, with the same interpolations', () => {
    expect(catalogueProblems(common)).toEqual([]);
  });
});

describe('catalogueProblems', () => {
  it('names missing, extra, empty and mismatched keys', () => {
    expect(
      catalogueProblems({
        en: { a: 'A {{n}}', b: { c: 'C' } },
        az: { a: 'A', b: { c: '' }, d: 'D' },
        ru: { a: 'А {{n}}' },
      }),
    ).toEqual([
      'az: b.c is empty or not text',
      'az: d is not in en',
      'az: a has other interpolations than en',
      'ru: b.c is missing',
    ]);
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

  it('uses the language stored under pc_lang, with common bundled', () => {
    const { i18n } = createI18n({ storage: storage('ru') });
    expect(i18n.language).toBe('ru');
    expect(i18n.t('common:loading')).toBe('Загрузка…');
    expect(i18n.t('readingTime', { count: 5 })).toBe('5 мин чтения');
  });

  it('loads a namespace per language only when it is needed', async () => {
    const loaded: string[] = [];
    const loader = async (language: string) => {
      loaded.push(language);
      return { default: { hello: { en: 'Hello', az: 'Salam', ru: 'Привет' }[language] } };
    };
    const { i18n, ready } = createI18n({ language: 'en', storage: null, namespaces: { own: loader } });
    await ready;
    expect(i18n.t('own:hello')).toBe('Hello');
    registerNamespaces(i18n, { late: loader });
    expect(loaded).toEqual(['en']);
    await i18n.loadNamespaces('late');
    expect(loaded).toEqual(['en', 'en']);
    await i18n.changeLanguage('az');
    expect(i18n.t('own:hello')).toBe('Salam');
    expect(i18n.t('late:hello')).toBe('Salam');
    expect(loaded).toEqual(['en', 'en', 'az', 'az']);
  });

  it('keeps the first loader of a namespace', () => {
    const { i18n } = createI18n({ language: 'en', storage: null });
    const first = async () => ({ default: {} });
    expect(registerNamespaces(i18n, { reader: first, common: first })).toEqual(['reader']);
    expect(registerNamespaces(i18n, { reader: first })).toEqual([]);
  });
});
