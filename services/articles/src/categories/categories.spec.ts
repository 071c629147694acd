import { CATEGORY_IDS } from '@pencraft/rules';
import { CATEGORIES, isCategory } from './categories.js';

describe('categories', () => {
  it('are the shared ids in their order, each named in az, en and ru', () => {
    expect(CATEGORIES.map((c) => c.id)).toEqual([...CATEGORY_IDS]);
    for (const category of CATEGORIES) {
      expect(category.nameAz && category.nameEn && category.nameRu).toBeTruthy();
    }
    expect(CATEGORIES.find((c) => c.id === 'tech')).toEqual({
      id: 'tech',
      nameAz: 'Texnologiya',
      nameEn: 'Technology',
      nameRu: 'Технологии',
    });
  });

  it('checks ids against the shared list', () => {
    expect(isCategory('literature')).toBe(true);
    expect(isCategory('Literature')).toBe(false);
    expect(isCategory('constructor')).toBe(false);
  });
});
