import { describe, expect, it } from '@jest/globals';
import { rankedKey } from './document.repository.js';

describe('rankedKey (which searches a ranked list may serve)', () => {
  it('names one word with its near spellings', () => {
    expect(rankedKey([{ word: 'gardns', alternatives: ['gardens', 'garden'], prefix: false }])).toBe(
      '["gardns","gardens","garden"]',
    );
  });

  it('serves no search of several words, nor a word still being typed', () => {
    const word = { word: 'tomato', alternatives: [], prefix: false };
    expect(rankedKey([word, { ...word, word: 'garden' }])).toBeUndefined();
    expect(rankedKey([{ ...word, prefix: true }])).toBeUndefined();
    expect(rankedKey([])).toBeUndefined();
  });
});
