import { banState, countryName } from './format.js';

describe('country names and ban states', () => {
  it('names a country from its ISO code and nothing for unknown', () => {
    expect(countryName('AZ', 'en')).toBe('Azerbaijan');
    expect(countryName('unknown', 'en')).toBeUndefined();
    expect(countryName('', 'en')).toBeUndefined();
  });

  it('tells a lifted, an ended and a ban in force apart', () => {
    const now = Date.parse('2026-11-26T10:00:00Z');
    expect(banState({ endsAt: null, liftedAt: '2026-11-20T00:00:00Z' }, now)).toBe('lifted');
    expect(banState({ endsAt: '2026-11-25T00:00:00Z', liftedAt: null }, now)).toBe('ended');
    expect(banState({ endsAt: '2026-12-25T00:00:00Z', liftedAt: null }, now)).toBe('active');
    expect(banState({ endsAt: null, liftedAt: null }, now)).toBe('active');
  });
});
