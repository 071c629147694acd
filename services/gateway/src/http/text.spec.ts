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
