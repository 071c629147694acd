import { describe, expect, it } from '@jest/globals';
import { isUuid } from './ids.js';

describe('isUuid', () => {
  it('takes a UUID in either case and nothing else', () => {
    expect(isUuid('0b5c3f9e-2d4a-4c1b-9f7e-1a2b3c4d5e6f')).toBe(true);
    expect(isUuid('0B5C3F9E-2D4A-4C1B-9F7E-1A2B3C4D5E6F')).toBe(true);
    for (const bad of [
      '',
      'x',
      '0b5c3f9e2d4a4c1b9f7e1a2b3c4d5e6f',
      ' 0b5c3f9e-2d4a-4c1b-9f7e-1a2b3c4d5e6f',
      undefined,
      7,
    ]) {
      expect(isUuid(bad)).toBe(false);
    }
  });
});
