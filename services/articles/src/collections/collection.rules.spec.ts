import { describe, expect, it } from '@jest/globals';
import { AppError } from '@pencraft/errors';
import { assertOwner, canRead, checkCollectionName } from './collection.rules.js';

const OWNER = 'owner';
const codeOf = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    if (AppError.is(error)) return error.code;
    throw error;
  }
  return undefined;
};

describe('collection access', () => {
  it('lets anyone read a public collection and only the owner a private one', () => {
    expect(canRead({ ownerUid: OWNER, private: false }, '')).toBe(true);
    expect(canRead({ ownerUid: OWNER, private: true }, OWNER)).toBe(true);
    expect(canRead({ ownerUid: OWNER, private: true }, 'other')).toBe(false);
    expect(canRead({ ownerUid: OWNER, private: true }, '')).toBe(false);
    expect(canRead(undefined, OWNER)).toBe(false);
  });

  it('lets only the owner change one, confirming nothing private to others', () => {
    expect(codeOf(() => assertOwner({ ownerUid: OWNER, private: true }, OWNER))).toBeUndefined();
    expect(codeOf(() => assertOwner({ ownerUid: OWNER, private: true }, 'other'))).toBe('CollectionNotFound');
    expect(codeOf(() => assertOwner(undefined, 'other'))).toBe('CollectionNotFound');
    expect(codeOf(() => assertOwner({ ownerUid: OWNER, private: false }, 'other'))).toBe('Forbidden');
  });

  it('cleans a name or refuses it on the name field', () => {
    expect(checkCollectionName(' <b>Oxu</b>  siyahısı ')).toBe('Oxu siyahısı');
    try {
      checkCollectionName('x'.repeat(65));
      throw new Error('expected InvalidName');
    } catch (error) {
      expect(AppError.is(error) && error.details).toEqual([{ field: 'name', code: 'InvalidName' }]);
    }
  });
});
