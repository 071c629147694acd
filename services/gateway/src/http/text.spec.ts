import { text } from './text.js';

describe('text', () => {
  const title = text({ min: 1, max: 3 });

  it('counts code points, as the document does', () => {
    expect(title.safeParse('😀😀😀').success).toBe(true);
    expect(title.safeParse('abcd').success).toBe(false);
    expect(title.safeParse('').success).toBe(false);
  });

  it('refuses a NUL byte, other control characters and unpaired surrogates, but not line breaks', () => {
    expect(title.safeParse('a\u0000').success).toBe(false);
    expect(title.safeParse('a\u001b').success).toBe(false);
    expect(title.safeParse('a\ud800').success).toBe(false);
    expect(title.safeParse('a\r\n').success).toBe(true);
  });
});

describe('the search query pattern', () => {
  it('needs a character that is neither a space nor a control character', async () => {
    const { SearchQuery } = await import('../search/search.dto.js');
    for (const q of ['\u0000', ' \u0000 ', 'a\u0000b', '   ', ''])
      expect(SearchQuery.safeParse({ q }).success).toBe(false);
    for (const q of ['a', ' zanzibar notes ', 'Əli']) expect(SearchQuery.safeParse({ q }).success).toBe(true);
  });
});
