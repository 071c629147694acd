import { describe, expect, it } from '@jest/globals';
import { COLLECTION_NAME_MAX, canDownvote, collectionNameProblem, normalizeCollectionName } from './engagement.js';

describe('collection names', () => {
  it('keeps the visible text of a name', () => {
    expect(normalizeCollectionName('  <b>Oxu</b>   siyahım ')).toBe('Oxu siyahım');
    expect(collectionNameProblem('Oxu siyahım')).toBeUndefined();
  });

  it('refuses an empty, too long or control-character name', () => {
    expect(collectionNameProblem('   ')).toBe('nameRequired');
    expect(collectionNameProblem('<i></i>')).toBe('nameRequired');
    expect(collectionNameProblem('ə'.repeat(COLLECTION_NAME_MAX))).toBeUndefined();
    expect(collectionNameProblem('ə'.repeat(COLLECTION_NAME_MAX + 1))).toBe('nameLength');
    expect(collectionNameProblem('a\u0000b')).toBe('nameChars');
  });
});

describe('downvoting', () => {
  it('needs the Pro rating (100 and above)', () => {
    expect(canDownvote(99.9)).toBe(false);
    expect(canDownvote(100)).toBe(true);
    expect(canDownvote(5000)).toBe(true);
    expect(canDownvote(Number.NaN)).toBe(false);
    expect(canDownvote(-3)).toBe(false);
  });
});
