import { AppError } from '@pencraft/errors';
import { LANGS } from '@pencraft/rules';
import { DOCUMENT_KINDS, findDocument, versionInForce } from './documents.js';

/** What every language of a document must say (the facts of the product, so a translation cannot drop one). */
const FACTS: Record<(typeof DOCUMENT_KINDS)[number], readonly RegExp[]> = {
  agreement: [/150/, /\b4\b/, /6/, /\b30\b/, /14/, /Baku|Bakı|Баку/, /support@pencraft\.az/, /AZN/],
  privacy: [/pc_su/, /pc_csrf/, /pc_aid/, /pc_as/, /pc_theme/, /pc_consent/, /\b30\b/, /IP/, /privacy@pencraft\.az/],
  payment: [/AZN/, /\b10\b/, /\b100\b/, /1-5/, /\b3\b/],
  gdpr: [/6\(1\)\(a\)/, /6\(1\)\(b\)/, /pc_aid/, /\b30\b/, /privacy@pencraft\.az/],
};

describe('the documents', () => {
  it.each(DOCUMENT_KINDS.flatMap((kind) => LANGS.map((lang) => [kind, lang] as const)))(
    '%s in %s is complete and says the facts',
    (kind, lang) => {
      const document = findDocument(kind, lang);
      expect(document).toMatchObject({ kind, language: lang, current: true });
      expect(document.title.length).toBeGreaterThan(3);
      expect(document.sections.length).toBeGreaterThanOrEqual(6);
      for (const section of document.sections) {
        expect(section.heading).not.toBe('');
        expect(section.paragraphs.length).toBeGreaterThan(0);
        for (const paragraph of section.paragraphs) expect(paragraph).not.toMatch(/[<>]/);
      }
      const text = [document.summary, ...document.sections.flatMap((s) => s.paragraphs)].join('\n');
      for (const fact of FACTS[kind]) expect([kind, lang, fact.test(text)]).toEqual([kind, lang, true]);
    },
  );

  it('has the same parts in every language', () => {
    for (const kind of DOCUMENT_KINDS) {
      const shape = (lang: (typeof LANGS)[number]) => findDocument(kind, lang).sections.map((s) => s.paragraphs.length);
      expect(shape('az')).toEqual(shape('en'));
      expect(shape('ru')).toEqual(shape('en'));
    }
  });

  it('answers a named version, and NotFound for a version that never was', () => {
    const current = findDocument('privacy', 'en');
    expect(findDocument('privacy', 'en', current.uid)).toEqual(current);
    expect(current.versions[0]).toEqual({ uid: current.uid, effectiveFrom: current.effectiveFrom });
    expect(() => findDocument('privacy', 'en', '1999-01-01')).toThrow(AppError);
    try {
      findDocument('agreement', 'az', '1999-01-01');
    } catch (error) {
      expect((error as AppError).code).toBe('NotFound');
    }
  });

  it('tells which version was in force on a day (the one a user accepted when registering)', () => {
    const { uid } = findDocument('agreement', 'en');
    expect(versionInForce('agreement', new Date(`${uid}T12:00:00Z`))).toBe(uid);
    expect(versionInForce('agreement', new Date('2030-01-01T00:00:00Z'))).toBe(uid);
    expect(versionInForce('agreement', new Date('2000-01-01T00:00:00Z'))).toBeUndefined();
  });
});
