import { ratingTier } from './user.js';

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
