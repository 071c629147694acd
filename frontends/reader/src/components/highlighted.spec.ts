import { highlightParts } from './Highlighted.js';

describe('highlightParts', () => {
  it('splits a text into marked and plain parts by the ranges', () => {
    expect(
      highlightParts('Gözəl Bakı küçələri', [
        { start: 11, end: 19 },
        { start: 0, end: 5 },
      ]),
    ).toEqual([
      { text: 'Gözəl', marked: true },
      { text: ' Bakı ', marked: false },
      { text: 'küçələri', marked: true },
    ]);
  });

  it('clips and merges ranges that overlap, are empty or run past the text', () => {
    expect(
      highlightParts('abcdef', [
        { start: 1, end: 3 },
        { start: 2, end: 4 },
        { start: 5, end: 5 },
        { start: 5, end: 99 },
        { start: -3, end: 0 },
      ]),
    ).toEqual([
      { text: 'a', marked: false },
      { text: 'bc', marked: true },
      { text: 'd', marked: true },
      { text: 'e', marked: false },
      { text: 'f', marked: true },
    ]);
  });

  it('keeps markup in the text as text', () => {
    expect(highlightParts('<b>x</b>', [])).toEqual([{ text: '<b>x</b>', marked: false }]);
  });
});
