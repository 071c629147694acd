import { describe, expect, it } from '@jest/globals';
import { CATEGORY_IDS, isCategoryId } from './categories.js';

describe('category ids', () => {
  it('are distinct lower-case ids', () => {
    expect(new Set(CATEGORY_IDS).size).toBe(CATEGORY_IDS.length);
    for (const id of CATEGORY_IDS) expect(id).toMatch(/^[a-z][a-z0-9-]*$/);
  });

  it('tells ids of the list from anything else', () => {
    expect(isCategoryId('tech')).toBe(true);
    expect(isCategoryId('Tech')).toBe(false);
    expect(isCategoryId('')).toBe(false);
    expect(isCategoryId('__proto__')).toBe(false);
  });
});
