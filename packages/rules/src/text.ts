/** Length as a reader counts it: Unicode code points, so "ə" or an emoji is one character on both sides. */
export function codePointLength(text: string): number {
  let length = 0;
  for (const _ of text) length += 1;
  return length;
}

/** Size of the UTF-8 encoding (a lone surrogate counts as the 3 bytes of U+FFFD, as encoders write it). */
export function utf8ByteLength(text: string): number {
  let bytes = 0;
  for (const char of text) {
    const code = char.codePointAt(0)!;
    bytes += code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
  }
  return bytes;
}

/** Runs of whitespace become one space; the ends are trimmed. */
export function collapseWhitespace(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

// eslint-disable-next-line no-control-regex -- control characters are exactly what this finds
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g;
// eslint-disable-next-line no-control-regex -- control characters are exactly what this finds
const ANY_CONTROL = /[\u0000-\u001F\u007F]/;

/** Plain text fields (titles, descriptions, captions of links): anything that looks like a tag is removed, and control characters. */
export function plainText(text: string): string {
  return text
    .replace(/<\/?[a-zA-Z!][^>]*>/g, '')
    .replace(CONTROL, '')
    .trim();
}

/** Whether a one-line value holds a control character (a NUL byte, a line break, DEL). */
export function hasControlCharacters(text: string): boolean {
  return ANY_CONTROL.test(text);
}
