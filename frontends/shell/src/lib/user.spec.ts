import { initials, ratingTier, safeImageUrl } from './user.js';

describe('ratingTier', () => {
  it.each([
    [-5, 'bad'],
    [-0.5, 'bad'],
    [0, 'guest'],
    [9.9, 'guest'],
    [10, 'amateur'],
    [99, 'amateur'],
    [100, 'pro'],
    [1000, 'pro'],
    [1001, 'leader'],
    [Number.NaN, 'guest'],
  ])('%s → %s', (rating, tier) => {
    expect(ratingTier(rating)).toBe(tier);
  });
});

describe('initials', () => {
  it('takes the first letters of up to two words', () => {
    expect(initials('Aysel Məmmədova', 'aysel')).toBe('AM');
    expect(initials('  ilkin  ', 'ilkin')).toBe('I');
    expect(initials('Анна Мария Иванова', 'anna')).toBe('АМ');
    expect(initials('', 'rauf')).toBe('R');
  });
});

describe('safeImageUrl', () => {
  it('accepts https and same-origin paths only', () => {
    expect(safeImageUrl('https://cdn.example/a.png')).toBe('https://cdn.example/a.png');
    expect(safeImageUrl('/img/a.png')).toBe('/img/a.png');
    expect(safeImageUrl('//evil.example/a.png')).toBeNull();
    expect(safeImageUrl('javascript:alert(1)')).toBeNull();
    expect(safeImageUrl('http://example.com/a.png')).toBeNull();
    expect(safeImageUrl(null)).toBeNull();
  });
});
