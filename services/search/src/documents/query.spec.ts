import { describe, expect, it } from '@jest/globals';
import {
  correctable,
  foldText,
  highlighted,
  MARK_END as E,
  MARK_START as S,
  markedRanges,
  QUERY_WORDS_MAX,
  queryGroups,
  queryWords,
} from './query.js';

describe('foldText', () => {
  it('folds the Azerbaijani letters as the index does (ə ı ö ü ç ş ğ), in either case', () => {
    expect(foldText('Gözəl ŞƏKİ çörəyi, ağ üzüm, qızıl')).toBe('gozel seki coreyi, ag uzum, qizil');
    expect(foldText('Əli İsmayıl')).toBe('eli ismayil');
  });

  it('leaves Cyrillic letters but ё, as unaccent does', () => {
    expect(foldText('Ёлка и йогурт')).toBe('елка и йогурт');
  });

  it('keeps offsets of a word the same length (one character for one)', () => {
    expect(foldText('gözəl').length).toBe('gözəl'.length);
  });
});

describe('queryWords', () => {
  it('cuts a query into folded words, each once, in order', () => {
    expect(queryWords('Gözəl  çay, gözəl ÇAY!')).toEqual(['gozel', 'cay']);
    expect(queryWords('кошки и города')).toEqual(['кошки', 'и', 'города']);
  });

  it('keeps no tsquery syntax: operators, quotes, colons, stars and parentheses are separators', () => {
    expect(queryWords("a&b | !c (d) e:* 'f' <-> g\\h")).toEqual(['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h']);
    expect(queryWords('&|!():*')).toEqual([]);
    expect(queryWords("''' ::: ***")).toEqual([]);
  });

  it(`keeps at most ${QUERY_WORDS_MAX} words of at most 40 characters`, () => {
    expect(queryWords(Array.from({ length: 20 }, (_, i) => `w${i}`).join(' '))).toHaveLength(QUERY_WORDS_MAX);
    expect(queryWords('x'.repeat(200))).toEqual(['x'.repeat(40)]);
  });
});

describe('queryGroups', () => {
  const near = (...words: [string, number][]) => words.map(([word, similarity]) => ({ word, similarity }));

  it('adds the near words of a word no document has (a typo), nearest first, near enough only', () => {
    const groups = queryGroups(
      ['gardns', 'tomato'],
      [
        {
          word: 'gardns',
          known: false,
          near: near(['gardens', 0.5], ['garden', 0.45], ['guards', 0.31], ['gnu', 0.1]),
        },
        { word: 'tomato', known: true, near: near(['tomatoes', 0.6]) },
      ],
      false,
    );
    expect(groups).toEqual([
      { word: 'gardns', alternatives: ['gardens', 'garden', 'guards'], prefix: false },
      { word: 'tomato', alternatives: [], prefix: false },
    ]);
  });

  it('does not correct short words, numbers, or the word still being typed (it is a prefix)', () => {
    const lookups = [
      { word: 'cat', known: false, near: near(['cats', 0.5]) },
      { word: '2026', known: false, near: near(['2025', 0.5]) },
      { word: 'gözə', known: false, near: near(['goze', 0.5]) },
    ];
    expect(queryGroups(['cat', '2026', 'goze'], lookups, true)).toEqual([
      { word: 'cat', alternatives: [], prefix: false },
      { word: '2026', alternatives: [], prefix: false },
      { word: 'goze', alternatives: [], prefix: true },
    ]);
    expect(correctable('gardns')).toBe(true);
    expect(correctable('12345')).toBe(false);
    expect(correctable('zx1234')).toBe(false);
    expect(correctable('küçələri')).toBe(true);
  });
});

describe('highlights', () => {
  it('turns the marks into ranges of the plain text; neighbouring marked words are one range', () => {
    expect(markedRanges(`Growing ${S}tomatoes${E} in ${S}small${E} ${S}gardens${E}`)).toEqual({
      text: 'Growing tomatoes in small gardens',
      ranges: [
        { start: 8, end: 16 },
        { start: 20, end: 33 },
      ],
    });
    expect(markedRanges('no marks')).toEqual({ text: 'no marks', ranges: [] });
  });

  it('shows the text as written (ə) over the folded one at the same offsets', () => {
    const { text, ranges } = highlighted(`${S}Gozel${E} cay medeniyyeti`, 'Gözəl çay mədəniyyəti');
    expect(text).toBe('Gözəl çay mədəniyyəti');
    expect(text.slice(ranges[0]!.start, ranges[0]!.end)).toBe('Gözəl');
    expect(highlighted(`${S}x${E}`, 'longer').text).toBe('x');
  });

  it('never returns markup: an angle bracket in the text is text', () => {
    expect(highlighted(`a <b>${S}tag${E}</b>`, null)).toEqual({ text: 'a <b>tag</b>', ranges: [{ start: 5, end: 8 }] });
  });
});
