import { wrapIndex } from './carousel.js';

describe('wrapIndex', () => {
  it('moves forward and back inside the ring', () => {
    expect(wrapIndex(0, 1, 3)).toBe(1);
    expect(wrapIndex(2, -1, 3)).toBe(1);
  });

  it('wraps around at both ends', () => {
    expect(wrapIndex(2, 1, 3)).toBe(0);
    expect(wrapIndex(0, -1, 3)).toBe(2);
    expect(wrapIndex(1, -7, 3)).toBe(0);
  });

  it('stays on the only image and answers 0 for none', () => {
    expect(wrapIndex(0, 1, 1)).toBe(0);
    expect(wrapIndex(0, -1, 1)).toBe(0);
    expect(wrapIndex(4, 1, 0)).toBe(0);
  });
});
