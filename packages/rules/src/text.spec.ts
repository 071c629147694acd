import { describe, expect, it } from '@jest/globals';
import { codePointLength, collapseWhitespace, hasControlCharacters, plainText, utf8ByteLength } from './index.js';

describe('text', () => {
  it('counts code points, not UTF-16 units', () => {
    expect(codePointLength('ə')).toBe(1);
    expect(codePointLength('😀')).toBe(1);
    expect('😀'.length).toBe(2);
    expect(codePointLength('Salam, dünya')).toBe(12);
    expect(codePointLength('')).toBe(0);
  });

  it.each([
    ['a', 1],
    ['ə', 2],
    ['€', 3],
    ['😀', 4],
    ['\uD800', 3],
  ])('UTF-8 size of %j is %d bytes', (text, bytes) => expect(utf8ByteLength(text)).toBe(bytes));

  it('collapses whitespace', () => expect(collapseWhitespace('  a \n\t b  ')).toBe('a b'));

  it('strips tags and control characters from plain text', () => {
    expect(plainText('<script>alert(1)</script> a < b')).toBe('alert(1) a < b');
    expect(plainText('a\u0000b\u007F')).toBe('ab');
  });

  it('finds control characters', () => {
    expect(hasControlCharacters('a\u0000')).toBe(true);
    expect(hasControlCharacters('line\nbreak')).toBe(true);
    expect(hasControlCharacters('Bakı şəhəri')).toBe(false);
  });
});
